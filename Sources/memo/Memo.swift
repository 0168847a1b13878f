import ArgumentParser
import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `memo`: reading notes in a local SQLite database.
@main
struct Memo: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "memo",
    abstract: "Keep reading notes: one memo per book, and the questions that come up as you read.",
    discussion: Help.text(
      """
      Everything lives in one SQLite file: --db PATH, else $MEMO_DB, else
      $XDG_DATA_HOME/memo/memo.db (~/.local/share/memo/memo.db).

      Global options (every command takes them, before or after its name):
        --db <path>         the database file
        --format <format>   table, plain, json, jsonl, csv or tsv (default: table on
                            a terminal, plain when piped)
        --color <when>      auto, always or never (auto honours NO_COLOR)
        -q, --quiet         print only what scripts need (ids, data); no messages

      Examples:
        id=$(memo add "Dune" --author "Frank Herbert")
        memo list
        memo show $id --format json | jq .
      """),
    version: "memo \(version)",
    subcommands: [
      Add.self, List.self, Show.self, Edit.self, Rm.self, Ask.self, Questions.self, Question.self,
      Highlights.self, Highlight.self, Merge.self,
      Star.self, Unstar.self, Answer.self, Unanswer.self, Fav.self, Unfav.self, Favorites.self,
      Category.self, Filter.self, Export.self, Import.self, Search.self, Stats.self, Review.self,
      Undo.self, Redo.self, Log.self, Db.self, Sync.self, Browse.self,
    ]
  )

  /// Parses argv, runs the command, and turns every error into one stderr line and the exit
  /// status SPEC §4 names.
  static func main() {
    // A closed pipe shows as EPIPE from write(2), which the writer turns into a quiet exit 0,
    // instead of SIGPIPE killing the process (status 141 fails `set -o pipefail` scripts).
    signal(SIGPIPE, SIG_IGN)
    // The cheapest answer first: no command tree to build for the version, and argv read as
    // C strings (`CommandLine.arguments` makes an array of Strings: a third of the rest).
    if CommandLine.argc == 2, let argument = CommandLine.unsafeArgv[1],
      strcmp(argument, "--version") == 0
    {
      Output.line("memo \(version)")
      Output.flush()
      Glibc.exit(0)
    }
    // A bad argument is a usage error (64), as a bad value is; 65 is for input files and stdin.
    if let bad = firstInvalidUTF8Argument() {
      let hex = String(bad.byte, radix: 16, uppercase: true)
      fail(
        printing:
          "memo: error: argument \(bad.position), '\(bad.shown)', is not valid UTF-8 (byte \(bad.offset) is 0x\(hex)); pass text as UTF-8",
        status: MemoError.Code.usage.rawValue)
    }
    if let missing = Arguments.missingCommand(Array(CommandLine.arguments.dropFirst())) {
      fail(printing: "memo: error: \(missing)", status: MemoError.Code.usage.rawValue)
    }
    let arguments = Arguments.movingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
    if let topic = Arguments.unknownHelpTopic(arguments) {
      fail(printing: "memo: error: \(topic)", status: MemoError.Code.usage.rawValue)
    }
    if let missing = Arguments.emptyDateValue(arguments) {
      fail(printing: "memo: error: \(missing)", status: MemoError.Code.usage.rawValue)
    }
    do {
      var command = try Arguments.parse(arguments)
      try command.run()
      Output.flush()
    } catch let declined as Declined {
      Output.flush()
      fail(printing: "memo: \(declined.message)", status: 1)
    } catch let error as MemoError {
      // The reader of stdout went away (`memo … | head`): its choice, not an error (SPEC §4).
      if error.code == .readerGone { Glibc.exit(0) }
      Output.flush()
      fail(printing: "memo: error: \(error.message)", status: error.code.rawValue)
    } catch {
      Output.flush()
      let status = exitCode(for: error)
      if status.isSuccess {
        print(Help.wrappingUsage(fullMessage(for: error), columns: Terminal.width() ?? 80))
        Glibc.exit(0)
      }
      // The parser's own errors (unknown option, bad value, missing argument) are usage errors.
      let code = status == .failure ? MemoError.Code.usage.rawValue : status.rawValue
      fail(
        printing: "memo: error: \(Arguments.usageError(for: error, in: arguments))", status: code)
    }
  }

  static func fail(printing line: String, status: Int32) -> Never {
    Diagnostics.line(line)
    Glibc.exit(status)
  }

  /// The first argument whose bytes are not valid UTF-8: its 1-based position, the 1-based
  /// offset of its first bad byte and that byte, and the argument as a terminal can show it
  /// (`shownArgument`).
  static func firstInvalidUTF8Argument() -> (
    position: Int, offset: Int, byte: UInt8, shown: String
  )? {
    let argv = CommandLine.unsafeArgv
    for i in 1..<Int(CommandLine.argc) {
      guard let arg = argv[i] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(arg).assumingMemoryBound(to: UInt8.self), count: strlen(arg))
      if String(validating: bytes, as: UTF8.self) == nil {
        let (shown, offset) = shownArgument(bytes)
        return (i, offset + 1, bytes[offset], shown)
      }
    }
    return nil
  }

  /// Bytes as a terminal can show them, and the offset of the first that is not UTF-8: the
  /// text in them made visible (control characters as a table shows them), every byte that is
  /// not UTF-8 as `\xFF`; at most 30 characters either side of that first bad byte.
  static func shownArgument(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, offset: Int) {
    var units: [String] = []
    var firstBad: (unit: Int, offset: Int)?
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        units.append(visible(String(Character(Unicode.UTF8.decode(encoded)))))
        offset += encoded.count
      case .error(let length):
        if firstBad == nil { firstBad = (units.count, offset) }
        for byte in bytes[offset..<offset + length] {
          let hex = String(byte, radix: 16, uppercase: true)
          units.append("\\x" + (hex.count < 2 ? "0" : "") + hex)
        }
        offset += length
      case .emptyInput: break loop
      }
    }
    let bad = firstBad ?? (units.count, offset)
    let from = max(0, bad.unit - 30)
    let to = min(units.count, bad.unit + 30)
    let shown =
      (from > 0 ? "…" : "") + units[from..<to].joined() + (to < units.count ? "…" : "")
    return (shown, bad.offset)
  }
}
