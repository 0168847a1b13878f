import MemoCore

/// A WHERE clause built from parts, with its values bound in order (`?` placeholders only).
struct SQLCondition {
  enum Binding {
    case text(String)
    case integer(Int64)
    case null
  }

  private(set) var clauses: [String] = []
  private(set) var bindings: [Binding] = []

  mutating func add(_ clause: String, _ values: Binding...) {
    add(clause, bindings: values)
  }

  mutating func add(_ clause: String, bindings values: [Binding]) {
    clauses.append(clause)
    bindings += values
  }

  /// `WHERE a AND b`, or "" when there is no clause.
  var whereClause: String {
    clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
  }

  /// `AND a AND b`, or "".
  var andClause: String {
    clauses.isEmpty ? "" : "AND " + clauses.joined(separator: " AND ")
  }

  /// Binds the values from parameter `start` on. - Returns: the next free parameter index.
  @discardableResult
  func bind(to statement: Statement, startingAt start: Int32 = 1) throws -> Int32 {
    var index = start
    for binding in bindings {
      switch binding {
      case .text(let text): try statement.bind(text, at: index)
      case .integer(let value): try statement.bind(value, at: index)
      case .null: try statement.bindNull(at: index)
      }
      index += 1
    }
    return index
  }

  /// The conditions a question filter sets on `questions q`.
  static func questions(_ filter: ResolvedFilter, postID: PostID? = nil) -> SQLCondition {
    var condition = SQLCondition()
    if let postID { condition.add("q.post_id = ?", .integer(postID.rawValue)) }
    // Literal 0/1 rather than a parameter, so the planner can use the partial index
    // questions_starred (https://sqlite.org/partialindex.html#queries_using_partial_indexes).
    if let starred = filter.starred { condition.add(starred ? "q.starred = 1" : "q.starred = 0") }
    if let answered = filter.answered {
      condition.add(answered ? "q.answer IS NOT NULL" : "q.answer IS NULL")
    }
    if filter.categories.count == 1 {
      // One category: an equality lets the planner walk questions_by_category in date order
      // and stop at the limit, however rare the category.
      condition.add(
        "q.category_id = (SELECT id FROM categories WHERE name = ?)", .text(filter.categories[0]))
    } else if !filter.categories.isEmpty {
      condition.add(
        "q.category_id IN (SELECT id FROM categories WHERE name IN (SELECT value FROM json_each(?)))",
        .text(jsonArray(filter.categories)))
    }
    if let since = filter.since { condition.add("q.created_at >= ?", .text(since.rfc3339)) }
    if let until = filter.until { condition.add("q.created_at < ?", .text(until.rfc3339)) }
    return condition
  }
}

/// A JSON array of strings, for `json_each(?)`.
func jsonArray(_ items: [String]) -> String {
  var out = "["
  for (i, item) in items.enumerated() {
    if i > 0 { out += "," }
    appendJSONString(item, to: &out)
  }
  return out + "]"
}

/// A JSON array of integers, for `json_each(?)`.
func jsonArray(_ ids: [Int64]) -> String {
  "[" + ids.map(String.init).joined(separator: ",") + "]"
}
