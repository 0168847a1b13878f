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
    discussion: """
      Everything lives in one SQLite file: --db PATH, else $MEMO_DB, else
      $XDG_DATA_HOME/memo/memo.db (~/.local/share/memo/memo.db).

      Examples:
        id=$(memo add "Dune" --author "Frank Herbert")
        memo list
        memo show $id --format json | jq .
      """,
    version: "memo \(version)",
    subcommands: [
      Add.self, List.self, Show.self, Edit.self, Rm.self, Ask.self, Questions.self, Question.self,
      Star.self, Unstar.self, Answer.self, Unanswer.self, Fav.self, Unfav.self, Favorites.self,
      Category.self, Filter.self, Export.self, Import.self, Search.self, Stats.self, Undo.self,
      Redo.self, Log.self, Db.self, Sync.self, Browse.self,
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
    do {
      let arguments = movingGlobalOptions(Array(CommandLine.arguments.dropFirst()))
      var command: ParsableCommand
      if let fast = FastPath.command(arguments) {
        command = fast
      } else if let (type, rest) = directCommand(for: arguments) {
        command = try type.parseAsRoot(rest)
      } else {
        command = try parseAsRoot(arguments)
      }
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
        print(fullMessage(for: error))
        Glibc.exit(0)
      }
      // The parser's own errors (unknown option, bad value, missing argument) are usage errors.
      let code = status == .failure ? MemoError.Code.usage.rawValue : status.rawValue
      let text = oneLine(message(for: error))
      fail(printing: "memo: error: \(lowercasedFirst(text)); see 'memo --help'", status: code)
    }
  }

  /// The leaf command `arguments` name (`memo question show 3` → `Question.Show`, ["3"]),
  /// when parsing with that type alone is the same as parsing from the root: start-up time
  /// goes mostly to argument-parser reflecting over every command type, and this skips all
  /// but one. Help, completion and anything that is not a plain command path take the root.
  static func directCommand(for arguments: [String]) -> (ParsableCommand.Type, [String])? {
    guard !needsRoot(arguments) else { return nil }
    var type: ParsableCommand.Type = Memo.self
    var rest = arguments[...]
    while let name = rest.first,
      let next = type.configuration.subcommands.first(where: { $0._commandName == name })
    {
      type = next
      rest = rest.dropFirst()
    }
    // A group (category, filter, db…) given without its subcommand uses its default: the root
    // knows how.
    guard type != Memo.self, type.configuration.subcommands.isEmpty else { return nil }
    return (type, Array(rest))
  }

  /// Whether the arguments ask for something only the root command knows: help, the version,
  /// completion scripts and argument-parser's own dumps.
  static func needsRoot(_ arguments: [String]) -> Bool {
    let rootOnly: Set<String> = ["-h", "--help", "help", "--version", "--experimental-dump-help"]
    return arguments.contains {
      rootOnly.contains($0) || $0.hasPrefix("---") || $0.hasPrefix("--generate-")
    }
  }

  /// Global options given before the command (`memo --db x list`) move to its end, where the
  /// command's option group parses them, as `git -C dir log` users expect.
  static func movingGlobalOptions(_ arguments: [String]) -> [String] {
    let withValue: Set<String> = ["--db", "--format", "--color"]
    let flags: Set<String> = ["--quiet", "-q"]
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first {
      let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
      if flags.contains(first) || (withValue.contains(name) && first.contains("=")) {
        leading.append(first)
        rest = rest.dropFirst()
      } else if withValue.contains(first), rest.count >= 2 {
        leading += rest.prefix(2)
        rest = rest.dropFirst(2)
      } else {
        break
      }
    }
    guard !leading.isEmpty, !rest.isEmpty else { return arguments }
    var result = Array(rest)
    result.insert(contentsOf: leading, at: result.firstIndex(of: "--") ?? result.endIndex)
    return result
  }

  static func fail(printing line: String, status: Int32) -> Never {
    Diagnostics.line(line)
    Glibc.exit(status)
  }

  /// The parser's message on one line: its first line, with a following list of choices
  /// ("- table", "- plain", …) folded in; usage lines dropped.
  static func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n").map(String.init)
    guard let first = lines.first else { return message }
    let items = lines.dropFirst().map { $0.trimmingWhitespace() }
    let choices = items.filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    return choices.isEmpty ? first : first + " " + choices.joined(separator: ", ")
  }

  static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true
    else { return text }
    return first.lowercased() + text.dropFirst()
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
