import ArgumentParser
import MemoCore

/// The commands people and scripts run most, parsed without argument-parser's reflection.
///
/// Parsing a command with argument-parser costs about 5 ms here (it mirrors every property and
/// looks up protocol conformances across the whole binary), twice what `sqlite3` needs for a
/// whole query (SPEC §6). For `add`, `ask`, `list`, `questions`, `show`, `search`, `star`,
/// `unstar`, `answer`, `unanswer`, `stats`, `export` and `highlights` written plainly — long options, `--name value` or
/// `--name=value`, `-q`, positionals — this builds the same command value directly. Anything
/// else (help, `--`, an unknown or repeated option, a value that does not convert, a failed
/// `validate()`) is declined, and argument-parser parses it as before, with its messages.
/// `FastPathTests` holds the two to the same result for every
/// option each command declares.
enum FastPath {
  /// The command `arguments` (after the program name, global options moved to the end) name,
  /// or nil to let argument-parser parse them.
  static func command(_ arguments: [String]) -> ParsableCommand? {
    guard let name = arguments.first, !Arguments.needsRoot(arguments) else { return nil }
    // A switch, not a table of metatypes: each case is specialized at compile time, with no
    // protocol conformance looked up at run time (a millisecond's worth in this binary).
    let rest = arguments.dropFirst()
    switch name {
    case "add": return parse(Memo.Add.self, rest)
    case "ask": return parse(Memo.Ask.self, rest)
    case "list": return parse(Memo.List.self, rest)
    case "questions": return parse(Memo.Questions.self, rest)
    case "show": return parse(Memo.Show.self, rest)
    case "search": return parse(Memo.Search.self, rest)
    case "star": return parse(Memo.Star.self, rest)
    case "unstar": return parse(Memo.Unstar.self, rest)
    case "answer": return parse(Memo.Answer.self, rest)
    case "unanswer": return parse(Memo.Unanswer.self, rest)
    case "stats": return parse(Memo.Stats.self, rest)
    case "export": return parse(Memo.Export.self, rest)
    case "highlights": return parse(Memo.Highlights.self, rest)
    case "review":
      // `memo review rate` and `review due`: a rating within 10 ms, its journal entry included.
      switch rest.first {
      case "rate": return parse(Memo.Review.Rate.self, rest.dropFirst())
      case "due": return parse(Memo.Review.Due.self, rest.dropFirst())
      default: return nil
      }
    default: return nil
    }
  }

  /// The subcommands `command(_:)` knows, by their group.
  static let nestedNames: [String: Set<String>] = ["review": ["rate", "due"]]

  /// The names `command(_:)` knows.
  static let names: Set<String> = [
    "add", "ask", "list", "questions", "show", "search", "star", "unstar", "answer", "unanswer",
    "stats", "export", "highlights",
  ]

  static func parse<Command: FastParsable & ParsableCommand>(
    _ type: Command.Type, _ arguments: ArraySlice<String>
  ) -> Command? {
    guard var scanned = ScannedArguments(arguments) else { return nil }
    do {
      var command = try Command(scanning: &scanned)
      guard scanned.isEmpty else { return nil }
      try command.validate()
      return command
    } catch {
      return nil
    }
  }
}

/// A command (or option group) that can be built from scanned arguments: its initializer is
/// the one place that names its options for the fast path.
protocol FastParsable: ParsableArguments {
  /// Takes this type's options and positionals out of `arguments`: options first, then
  /// positionals.
  /// - Throws: `FastPath.Declined` when argument-parser should parse instead.
  init(scanning arguments: inout ScannedArguments) throws
}

extension FastPath {
  /// Let argument-parser parse: the arguments are not plain enough to be sure.
  struct Declined: Error {}
}

/// argv as a list of words that the command's initializer takes one option or positional at a
/// time; what is left over was not declared, and the fast path declines.
///
/// Words that start with "-" are options, never values, so which option takes a value need not
/// be known beforehand: the initializer says so when it asks for the option.
struct ScannedArguments {
  private var words: [String]
  private var taken: [Bool]

  /// Nil for anything argument-parser alone should judge: `--`, a short option other than
  /// `-q` (a negative number included).
  init?(_ arguments: ArraySlice<String>) {
    for word in arguments where word.hasPrefix("-") && word != "-" {
      if word == "--" || (!word.hasPrefix("--") && word != "-q") { return nil }
    }
    words = Array(arguments)
    taken = Array(repeating: false, count: words.count)
  }

  /// True once every argument was taken.
  var isEmpty: Bool { !taken.contains(false) }

  private static func isOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" }

  /// Whether the flag was given (once).
  mutating func flag(_ name: String) throws -> Bool {
    let spellings = name == "--quiet" ? ["--quiet", "-q"] : [name]
    let found = words.indices.filter { !taken[$0] && spellings.contains(words[$0]) }
    guard found.count <= 1 else { throw FastPath.Declined() }
    for i in found { taken[i] = true }
    return !found.isEmpty
  }

  /// The value of an option given at most once, as `--name value` or `--name=value`.
  mutating func value(_ name: String) throws -> String? {
    var found: String?
    for i in words.indices where !taken[i] {
      let word = words[i]
      if word == name {
        guard found == nil, i + 1 < words.count, !taken[i + 1], !Self.isOption(words[i + 1])
        else { throw FastPath.Declined() }
        found = words[i + 1]
        taken[i] = true
        taken[i + 1] = true
      } else if word.hasPrefix(name + "=") {
        guard found == nil else { throw FastPath.Declined() }
        found = String(word.dropFirst(name.count + 1))
        taken[i] = true
      }
    }
    return found
  }

  /// The value converted as argument-parser would convert it.
  mutating func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type) throws -> T? {
    guard let text = try value(name) else { return nil }
    guard let converted = T(argument: text) else { throw FastPath.Declined() }
    return converted
  }

  /// Every value of a repeatable option, in order.
  mutating func values(_ name: String) throws -> [String] {
    var result: [String] = []
    while let value = try valueOnce(name) { result.append(value) }
    return result
  }

  private mutating func valueOnce(_ name: String) throws -> String? {
    for i in words.indices where !taken[i] {
      if words[i] == name {
        guard i + 1 < words.count, !taken[i + 1], !Self.isOption(words[i + 1]) else {
          throw FastPath.Declined()
        }
        taken[i] = true
        taken[i + 1] = true
        return words[i + 1]
      } else if words[i].hasPrefix(name + "=") {
        taken[i] = true
        return String(words[i].dropFirst(name.count + 1))
      }
    }
    return nil
  }

  /// The next positional argument. An option not taken yet before it declines: it may be an
  /// option this command does not know, whose value this word would be.
  mutating func positional() throws -> String {
    for i in words.indices where !taken[i] {
      if Self.isOption(words[i]) { throw FastPath.Declined() }
      taken[i] = true
      return words[i]
    }
    throw FastPath.Declined()
  }

  /// The next positional argument, or nil when none is left.
  mutating func optionalPositional() throws -> String? {
    guard words.indices.contains(where: { !taken[$0] }) else { return nil }
    return try positional()
  }

  /// Every positional argument left, converted; at least one.
  mutating func positionals<T: ExpressibleByArgument>(as type: T.Type) throws -> [T] {
    var result = [try positional(as: T.self)]
    while let next = try optionalPositional() {
      guard let converted = T(argument: next) else { throw FastPath.Declined() }
      result.append(converted)
    }
    return result
  }

  /// The next positional argument, converted.
  mutating func positional<T: ExpressibleByArgument>(as type: T.Type) throws -> T {
    guard let converted = T(argument: try positional()) else { throw FastPath.Declined() }
    return converted
  }
}

// MARK: - The option groups

extension CommonOptions: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    db = try arguments.value("--db")
    color = try arguments.value("--color", as: ColorMode.self) ?? .auto
    quiet = try arguments.flag("--quiet")
  }
}

extension GlobalOptions: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    common = try CommonOptions(scanning: &arguments)
    format = try arguments.value("--format", as: OutputFormat.self)
  }
}

extension QuestionFilterFlags: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    starred = try arguments.flag("--starred")
    unstarred = try arguments.flag("--unstarred")
    answered = try arguments.flag("--answered")
    unanswered = try arguments.flag("--unanswered")
    category = try arguments.values("--category")
    try validate()
  }
}

extension QuestionFilterOptions: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    flags = try QuestionFilterFlags(scanning: &arguments)
    savedFilter = try arguments.value("--filter")
    all = try arguments.flag("--all")
    try validate()
  }
}
