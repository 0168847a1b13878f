import ArgumentParser
import MemoCore

/// Everything memo does with argv before a command runs, in one place: the global options'
/// names, moving them behind the command, choosing the parser (the fast path, one command type,
/// or the root), and turning a parse error into one line that says what to do.
enum Arguments {
  /// The options every command takes that are followed by a value.
  static let globalValued: Set<String> = ["--db", "--format", "--color"]
  /// The options every command takes that stand alone.
  static let globalFlags: Set<String> = ["--quiet", "-q"]

  /// The command `arguments` name, parsed the cheapest way that gives the same result.
  /// - Throws: argument-parser's error, for `usageError(for:in:)`.
  static func parse(_ arguments: [String]) throws -> ParsableCommand {
    if let fast = FastPath.command(arguments) { return fast }
    if let (type, rest) = directCommand(for: arguments) { return try type.parseAsRoot(rest) }
    return try Memo.parseAsRoot(arguments)
  }

  /// Global options given before the command (`memo --db x list`) move behind its name, where
  /// the command's option group parses them, as `git -C dir log` users expect.
  static func movingGlobalOptions(_ arguments: [String]) -> [String] {
    var (leading, rest) = leadingGlobalOptions(arguments)
    var words = Array(rest)
    // Typed between a group's name and its subcommand's (`memo category --db x list`): taken
    // out too (the group would call the subcommand's name an unexpected argument).
    if let first = words.first, !FastPath.names.contains(first),
      words.dropFirst().contains(where: isGlobalOption)
    {
      var type: ParsableCommand.Type = Memo.self
      var depth = 0
      while depth < words.count {
        if depth > 0 {
          let (between, after) = leadingGlobalOptions(Array(words[depth...]))
          if !between.isEmpty, let next = after.first,
            type.configuration.subcommands.contains(where: { $0._commandName == next })
          {
            leading += between
            words = Array(words[..<depth]) + Array(after)
          }
        }
        guard
          let next = type.configuration.subcommands.first(where: {
            $0._commandName == words[depth]
          })
        else { break }
        type = next
        depth += 1
      }
    }
    guard !leading.isEmpty, !words.isEmpty else { return arguments }
    // Right behind the command's name, before its own arguments: the same option typed again
    // after the command wins, as it would typed twice there (`memo --db a.db add X --db b.db`
    // writes to b.db; at the end, a.db won).
    words.insert(contentsOf: leading, at: commandDepth(words))
    return words
  }

  /// Whether `word` is a global option (`--db`, `--db=x`, `-q`, …).
  static func isGlobalOption(_ word: String) -> Bool {
    let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
    return globalFlags.contains(word) || globalValued.contains(name)
  }

  /// How many of the first words of `arguments` name the command: for a command of the fast
  /// path, from its names (argument-parser's command tree, `commandPath`, takes 4 ms to build:
  /// as much again as the rest of `memo review due`), else from argument-parser's.
  static func commandDepth(_ arguments: [String]) -> Int {
    guard let first = arguments.first else { return 0 }
    if FastPath.names.contains(first) { return 1 }
    if let nested = FastPath.nestedNames[first], arguments.count > 1,
      nested.contains(arguments[1])
    {
      return 2
    }
    return commandPath(arguments).1
  }

  /// `--since=` with nothing after the "=", where the command's option takes a date: its value
  /// is missing, as the parser says of `--limit=` (issue 35), not "'' is not a date". Checked
  /// before either parser runs (the fast path would parse the empty date).
  static func emptyDateValue(_ arguments: [String]) -> String? {
    let words = arguments.prefix { $0 != "--" }
    guard words.contains(where: { $0.hasPrefix("--") && $0.hasSuffix("=") }) else { return nil }
    let (type, depth) = commandPath(arguments)
    let usage = type.helpMessage(columns: 1000)
    for word in words.dropFirst(depth) where word.hasPrefix("--") && word.hasSuffix("=") {
      let name = String(word.dropLast())
      guard usage.contains("\(name) <date>") else { continue }
      let path = (["memo"] + arguments.prefix(depth)).joined(separator: " ")
      return "missing value for '\(name) <date>'; see '\(path) --help'"
    }
    return nil
  }

  /// Global options and nothing else (`memo --db x`): the usage error to report, naming what
  /// is missing (argument-parser would call `--db` an unknown option of the root).
  static func missingCommand(_ arguments: [String]) -> String? {
    let (leading, rest) = leadingGlobalOptions(arguments)
    // `--db=` alone: its missing value is what to say first (the parser does).
    guard !leading.isEmpty, rest.isEmpty, !leading.contains(where: { $0.hasSuffix("=") })
    else { return nil }
    let given = leading.joined(separator: " ")
    return "no command after '\(given)': the global options go before or after a command, "
      + "as in 'memo \(given) list'; see 'memo --help'"
  }

  /// The global options at the start of `arguments` (with their values), and what follows.
  static func leadingGlobalOptions(_ arguments: [String]) -> (
    leading: [String], rest: ArraySlice<String>
  ) {
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first {
      let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
      if globalFlags.contains(first) || (globalValued.contains(name) && first.contains("=")) {
        leading.append(first)
        rest = rest.dropFirst()
      } else if globalValued.contains(first), rest.count >= 2 {
        leading += rest.prefix(2)
        rest = rest.dropFirst(2)
      } else {
        break
      }
    }
    return (leading, rest)
  }

  /// The value of `--db` among `words` (a partly typed command line, for completion), if any.
  static func databaseFlag(in words: [String]) -> String? {
    var flag: String?
    for (i, word) in words.enumerated() {
      if word == "--db", i + 1 < words.count { flag = words[i + 1] }
      if word.hasPrefix("--db=") { flag = String(word.dropFirst(5)) }
    }
    return flag
  }

  /// The leaf command `arguments` name (`memo question show 3` → `Question.Show`, ["3"]),
  /// when parsing with that type alone is the same as parsing from the root: start-up time
  /// goes mostly to argument-parser reflecting over every command type, and this skips all
  /// but one. Help, completion and anything that is not a plain command path take the root.
  static func directCommand(for arguments: [String]) -> (ParsableCommand.Type, [String])? {
    guard !needsRoot(arguments) else { return nil }
    let (type, depth) = commandPath(arguments)
    // A group (category, filter, db…) given without its subcommand uses its default: the root
    // knows how.
    guard type != Memo.self, type.configuration.subcommands.isEmpty else { return nil }
    return (type, Array(arguments.dropFirst(depth)))
  }

  /// Whether the arguments ask for something only the root command knows: help, the version,
  /// completion scripts and argument-parser's own dumps.
  static func needsRoot(_ arguments: [String]) -> Bool {
    let rootOnly: Set<String> = ["-h", "--help", "help", "--version", "--experimental-dump-help"]
    return arguments.contains {
      rootOnly.contains($0) || $0.hasPrefix("---") || $0.hasPrefix("--generate-")
    }
  }

  /// The deepest command the leading arguments name, and how many arguments name it.
  static func commandPath(_ arguments: [String]) -> (ParsableCommand.Type, Int) {
    var type: ParsableCommand.Type = Memo.self
    var depth = 0
    while depth < arguments.count,
      let next = type.configuration.subcommands.first(where: {
        $0._commandName == arguments[depth]
      })
    {
      type = next
      depth += 1
    }
    return (type, depth)
  }

  /// `memo help NAME…` for a NAME that is no command: the usage error to report, if any
  /// (argument-parser would print the root's help and exit 0).
  static func unknownHelpTopic(_ arguments: [String]) -> String? {
    guard arguments.first == "help", arguments.count > 1 else { return nil }
    let names = Array(arguments.dropFirst())
    let (type, depth) = commandPath(names)
    guard depth < names.count, !names[depth].hasPrefix("-") else { return nil }
    let path = (["memo"] + names.prefix(depth)).joined(separator: " ")
    let level = depth == 0 ? "" : " for '\(path)'"
    return "unknown command '\(names[depth])'\(level)"
      + suggestion(for: names[depth], among: subcommandNames(of: type))
      + "; see '\(path) --help'"
  }
}
