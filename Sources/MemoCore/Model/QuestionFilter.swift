/// Which questions to keep (SPEC §3 FILTERS): the current filter, a saved one, or the flags of
/// one command. Dates are kept as typed (`7d`), so a saved filter stays relative.
public struct QuestionFilter: Equatable, Sendable {
  /// true: only starred; false: only unstarred; nil: either.
  public var starred: Bool?
  /// true: only answered; false: only unanswered; nil: either.
  public var answered: Bool?
  /// Any of these categories (OR); empty: any category or none.
  public var categories: [String]
  /// A DATE expression: questions created at or after it.
  public var since: String?
  /// A DATE expression: questions created up to it.
  public var until: String?

  public init(
    starred: Bool? = nil, answered: Bool? = nil, categories: [String] = [], since: String? = nil,
    until: String? = nil
  ) {
    self.starred = starred
    self.answered = answered
    self.categories = categories
    self.since = since
    self.until = until
  }

  /// Whether the filter keeps every question.
  public var isEmpty: Bool {
    starred == nil && answered == nil && categories.isEmpty && since == nil && until == nil
  }

  /// This filter with each field that `flags` sets replaced by the flag's value: flags given
  /// on a command line win, field by field, over the current or saved filter.
  public func overridden(by flags: QuestionFilter) -> QuestionFilter {
    QuestionFilter(
      starred: flags.starred ?? starred, answered: flags.answered ?? answered,
      categories: flags.categories.isEmpty ? categories : flags.categories,
      since: flags.since ?? since, until: flags.until ?? until)
  }

  /// The filter as the command-line flags that give it, e.g. `--starred --category physics`.
  public var arguments: [String] {
    var out: [String] = []
    if let starred { out.append(starred ? "--starred" : "--unstarred") }
    if let answered { out.append(answered ? "--answered" : "--unanswered") }
    for category in categories { out += ["--category", category] }
    if let since { out += ["--since", since] }
    if let until { out += ["--until", until] }
    return out
  }

  /// `arguments`, quoted for a shell where needed.
  public var summary: String {
    arguments.map(Self.shellQuoted).joined(separator: " ")
  }

  /// An argument as a shell reads it back: in single quotes when it holds what a shell would
  /// split or expand (or is empty), as it is otherwise.
  public static func shellQuoted(_ argument: String) -> String {
    argument.isEmpty || argument.contains(where: { " \t\n'\"$\\`;&|<>()*?![]{}#~".contains($0) })
      ? "'" + argument.replacingQuotes() + "'" : argument
  }

  /// The filter as a JSON object (how it is stored and exported).
  public var json: String {
    var out = "{\"starred\":"
    out += starred.map { $0 ? "true" : "false" } ?? "null"
    out += ",\"answered\":"
    out += answered.map { $0 ? "true" : "false" } ?? "null"
    out += ",\"categories\":["
    for (i, category) in categories.enumerated() {
      if i > 0 { out += "," }
      appendJSONString(category, to: &out)
    }
    out += "],\"since\":"
    if let since { appendJSONString(since, to: &out) } else { out += "null" }
    out += ",\"until\":"
    if let until { appendJSONString(until, to: &out) } else { out += "null" }
    return out + "}"
  }

  /// Reads a filter written by `json`. - Throws: `MemoError` `.badData` (65).
  public init(json text: String) throws {
    let value: JSONValue
    do { value = try JSONParser.parse(text) } catch {
      throw MemoError(code: .badData, message: "a stored filter is not valid JSON (\(error))")
    }
    guard case .object = value else {
      throw MemoError(code: .badData, message: "a stored filter is not a JSON object")
    }
    func flag(_ key: String) throws -> Bool? {
      guard let field = value[key], !field.isNull else { return nil }
      guard let flag = field.boolValue else {
        throw MemoError(
          code: .badData, message: "a stored filter's \(key) is not true, false or null")
      }
      return flag
    }
    func string(_ key: String) throws -> String? {
      guard let field = value[key], !field.isNull else { return nil }
      guard let text = field.stringValue else {
        throw MemoError(code: .badData, message: "a stored filter's \(key) is not a string or null")
      }
      return text
    }
    var categories: [String] = []
    if let list = value["categories"], !list.isNull {
      guard let items = list.arrayValue else {
        throw MemoError(code: .badData, message: "a stored filter's categories is not an array")
      }
      for item in items {
        guard let name = item.stringValue else {
          throw MemoError(
            code: .badData, message: "a stored filter's categories holds a non-string")
        }
        categories.append(name)
      }
    }
    self.init(
      starred: try flag("starred"), answered: try flag("answered"), categories: categories,
      since: try string("since"), until: try string("until"))
  }

  /// The filter with its dates resolved against `now`.
  /// - Throws: `MemoError` `.usage` for a date that does not parse.
  public func resolved(now: Timestamp, utcOffsetSeconds: Int) throws -> ResolvedFilter {
    ResolvedFilter(
      starred: starred, answered: answered, categories: categories,
      since: try since.map {
        try DateExpression.parse($0, now: now, utcOffsetSeconds: utcOffsetSeconds).start
      },
      until: try until.map {
        try DateExpression.parse($0, now: now, utcOffsetSeconds: utcOffsetSeconds).end
      })
  }
}

/// A filter whose dates are instants: what storage queries with.
public struct ResolvedFilter: Equatable, Sendable {
  public var starred: Bool?
  public var answered: Bool?
  public var categories: [String]
  /// Keeps questions created at or after this instant.
  public var since: Timestamp?
  /// Keeps questions created before this instant.
  public var until: Timestamp?

  public init(
    starred: Bool? = nil, answered: Bool? = nil, categories: [String] = [],
    since: Timestamp? = nil, until: Timestamp? = nil
  ) {
    self.starred = starred
    self.answered = answered
    self.categories = categories
    self.since = since
    self.until = until
  }

  public var isEmpty: Bool {
    starred == nil && answered == nil && categories.isEmpty && since == nil && until == nil
  }
}

/// Which question filter a listing applies: the persisted current one (the default), none
/// (`--all`), or a saved one (`--filter NAME`), with the command's own flags on top.
public struct FilterSelection: Equatable, Sendable {
  public enum Base: Equatable, Sendable {
    case current
    case none
    case saved(String)
  }

  public var base: Base
  public var flags: QuestionFilter
  /// The time relative dates (`7d`, `today`) count from.
  public var now: Timestamp
  public var utcOffsetSeconds: Int

  public init(
    base: Base = .current, flags: QuestionFilter = QuestionFilter(), now: Timestamp,
    utcOffsetSeconds: Int = 0
  ) {
    self.base = base
    self.flags = flags
    self.now = now
    self.utcOffsetSeconds = utcOffsetSeconds
  }
}

/// A saved, named filter.
public struct SavedFilter: Equatable, Sendable {
  public var name: String
  public var filter: QuestionFilter

  public init(name: String, filter: QuestionFilter) {
    self.name = name
    self.filter = filter
  }
}

/// What `memo questions` lists.
public struct QuestionQuery: Equatable, Sendable {
  public var selection: FilterSelection
  /// Only this post's questions.
  public var postID: PostID?
  public var limit: Int?
  public var offset: Int

  public init(selection: FilterSelection, postID: PostID? = nil, limit: Int? = nil, offset: Int = 0)
  {
    self.selection = selection
    self.postID = postID
    self.limit = limit
    self.offset = offset
  }
}

extension String {
  /// For single-quoted shell words: `'` becomes `'\''`.
  func replacingQuotes() -> String {
    var out = ""
    for c in self {
      if c == "'" { out += "'\\''" } else { out.append(c) }
    }
    return out
  }
}
