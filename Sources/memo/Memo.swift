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
    if let bad = firstInvalidUTF8Argument() {
      fail(
        printing: "memo: error: argument \(bad) is not valid UTF-8; pass text as UTF-8",
        status: MemoError.Code.badData.rawValue)
    }
    // The cheapest answer first: no command tree to build for the version.
    if CommandLine.arguments.dropFirst() == ["--version"] {
      Output.line("memo \(version)")
      Output.flush()
      Glibc.exit(0)
    }
    if let missing = Arguments.missingCommand(Array(CommandLine.arguments.dropFirst())) {
      fail(printing: "memo: error: \(missing)", status: MemoError.Code.usage.rawValue)
    }
    let arguments = Arguments.movingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
    if let topic = Arguments.unknownHelpTopic(arguments) {
      fail(printing: "memo: error: \(topic)", status: MemoError.Code.usage.rawValue)
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

  /// The 1-based position of the first argument whose bytes are not valid UTF-8.
  static func firstInvalidUTF8Argument() -> Int? {
    let argv = CommandLine.unsafeArgv
    for i in 1..<Int(CommandLine.argc) {
      guard let arg = argv[i] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(arg).assumingMemoryBound(to: UInt8.self), count: strlen(arg))
      if String(validating: bytes, as: UTF8.self) == nil { return i }
    }
    return nil
  }
}
