import ArgumentParser
import MemoCore

/// The commands people and scripts run most, parsed without argument-parser's reflection.
///
/// Parsing a command with argument-parser costs about 5 ms here (it mirrors every property and
/// looks up protocol conformances across the whole binary), twice what `sqlite3` needs for a
/// whole query (SPEC §6). For `add`, `ask`, `list`, `questions`, `show` and `search` written
/// plainly — long options, `--name value` or `--name=value`, `-q`, positionals — this builds the
/// same command value directly. Anything else (help, `--`, an unknown or repeated option, a
/// value that does not convert, a failed `validate()`) is declined, and argument-parser parses
/// it as before, with its messages. `FastPathTests` holds the two to the same result for every
/// option each command declares.
enum FastPath {
  /// The command `arguments` (after the program name, global options moved to the end) name,
  /// or nil to let argument-parser parse them.
  static func command(_ arguments: [String]) -> ParsableCommand? {
    guard let name = arguments.first, !Memo.needsRoot(arguments) else { return nil }
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
    default: return nil
    }
  }

  /// The names `command(_:)` knows.
  static let names: Set<String> = ["add", "ask", "list", "questions", "show", "search"]

  static func parse<Command: FastParsable & ParsableCommand>(
    _ type: Command.Type, _ arguments: ArraySlice<String>
  ) -> Command? {
    guard var scanned = ScannedArguments(arguments, valued: Command.valuedOptions) else {
      return nil
    }
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

/// A command (or option group) that can be built from scanned arguments.
protocol FastParsable: ParsableArguments {
  /// The long options (with their dashes) that take a value.
  static var valuedOptions: Set<String> { get }
  /// Takes this type's options and positionals out of `arguments`.
  /// - Throws: `FastPath.Declined` when argument-parser should parse instead.
  init(scanning arguments: inout ScannedArguments) throws
}

extension FastPath {
  /// Let argument-parser parse: the arguments are not plain enough to be sure.
  struct Declined: Error {}
}

/// argv split into options, flags and positionals, given which options take a value; each is
/// taken out once by the command that declares it, so what is left over was not declared.
struct ScannedArguments {
  private var values: [String: [String]] = [:]
  private var flags: [String: Int] = [:]
  private var positionals: [String] = []

  /// Nil for anything argument-parser alone should judge: `--`, a short option other than
  /// `-q`, an option value that looks like an option, a valued option at the end.
  init?(_ arguments: ArraySlice<String>, valued: Set<String>) {
    var rest = arguments
    while let argument = rest.popFirst() {
      if argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
      } else if argument == "-q" {
        flags["--quiet", default: 0] += 1
      } else if !argument.hasPrefix("--") || argument == "--" {
        return nil
      } else if let equals = argument.firstIndex(of: "=") {
        let name = String(argument[..<equals])
        guard valued.contains(name) else { return nil }
        values[name, default: []].append(String(argument[argument.index(after: equals)...]))
      } else if valued.contains(argument) {
        guard let value = rest.popFirst(), value == "-" || !value.hasPrefix("-") else {
          return nil
        }
        values[argument, default: []].append(value)
      } else {
        flags[argument, default: 0] += 1
      }
    }
  }

  /// True once every argument was taken.
  var isEmpty: Bool { values.isEmpty && flags.isEmpty && positionals.isEmpty }

  /// Whether the flag was given (once).
  mutating func flag(_ name: String) throws -> Bool {
    guard let count = flags.removeValue(forKey: name) else { return false }
    guard count == 1 else { throw FastPath.Declined() }
    return true
  }

  /// The value of an option given at most once.
  mutating func value(_ name: String) throws -> String? {
    guard let given = values.removeValue(forKey: name) else { return nil }
    guard given.count == 1 else { throw FastPath.Declined() }
    return given[0]
  }

  /// The value converted as argument-parser would convert it.
  mutating func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type) throws -> T? {
    guard let text = try value(name) else { return nil }
    guard let converted = T(argument: text) else { throw FastPath.Declined() }
    return converted
  }

  /// Every value of a repeatable option, in order.
  mutating func values(_ name: String) -> [String] {
    values.removeValue(forKey: name) ?? []
  }

  /// The next positional argument.
  mutating func positional() throws -> String {
    guard !positionals.isEmpty else { throw FastPath.Declined() }
    return positionals.removeFirst()
  }

  /// The next positional argument, converted.
  mutating func positional<T: ExpressibleByArgument>(as type: T.Type) throws -> T {
    guard let converted = T(argument: try positional()) else { throw FastPath.Declined() }
    return converted
  }
}

// MARK: - The option groups

extension CommonOptions: FastParsable {
  static let valuedOptions: Set<String> = ["--db", "--color"]

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    db = try arguments.value("--db")
    color = try arguments.value("--color", as: ColorMode.self) ?? .auto
    quiet = try arguments.flag("--quiet")
  }
}

extension GlobalOptions: FastParsable {
  static let valuedOptions = CommonOptions.valuedOptions.union(["--format"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    common = try CommonOptions(scanning: &arguments)
    format = try arguments.value("--format", as: OutputFormat.self)
  }
}

extension QuestionFilterFlags: FastParsable {
  static let valuedOptions: Set<String> = ["--category"]

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    starred = try arguments.flag("--starred")
    unstarred = try arguments.flag("--unstarred")
    answered = try arguments.flag("--answered")
    unanswered = try arguments.flag("--unanswered")
    category = arguments.values("--category")
    try validate()
  }
}

extension QuestionFilterOptions: FastParsable {
  static let valuedOptions = QuestionFilterFlags.valuedOptions.union(["--filter"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    flags = try QuestionFilterFlags(scanning: &arguments)
    savedFilter = try arguments.value("--filter")
    all = try arguments.flag("--all")
  }
}

// MARK: - The commands

extension Memo.Add: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions.union(["--author", "--body", "--source"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    title = try arguments.positional()
    author = try arguments.value("--author")
    body = try arguments.value("--body")
    source = try arguments.value("--source")
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Ask: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions.union(["--category"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    post = try arguments.positional(as: PostID.self)
    text = try arguments.positional()
    category = try arguments.value("--category")
    star = try arguments.flag("--star")
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.List: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions.union(QuestionFilterOptions.valuedOptions)
    .union(["--author", "--sort", "--since", "--until", "--limit", "--offset"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    filters = try QuestionFilterOptions(scanning: &arguments)
    favorites = try arguments.flag("--favorites")
    author = try arguments.value("--author")
    sort = try arguments.value("--sort", as: PostQuery.Sort.self) ?? .created
    reverse = try arguments.flag("--reverse")
    since = try arguments.value("--since")
    until = try arguments.value("--until")
    limit = try arguments.value("--limit", as: Int.self)
    offset = try arguments.value("--offset", as: Int.self) ?? 0
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Questions: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions.union(QuestionFilterOptions.valuedOptions)
    .union(["--since", "--until", "--post", "--limit", "--offset"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    filters = try QuestionFilterOptions(scanning: &arguments)
    since = try arguments.value("--since")
    until = try arguments.value("--until")
    post = try arguments.value("--post", as: PostID.self)
    limit = try arguments.value("--limit", as: Int.self)
    offset = try arguments.value("--offset", as: Int.self) ?? 0
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Show: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    post = try arguments.positional(as: PostID.self)
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Search: FastParsable {
  static let valuedOptions = GlobalOptions.valuedOptions.union(["--limit"])

  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    query = try arguments.positional()
    posts = try arguments.flag("--posts")
    questions = try arguments.flag("--questions")
    limit = try arguments.value("--limit", as: Int.self) ?? 20
    all = try arguments.flag("--all")
    global = try GlobalOptions(scanning: &arguments)
  }
}
