import MemoCore

/// Reads and writes the persisted current filter (`settings`) and the saved filters.
public struct FilterRepository {
  let database: Database
  static let currentKey = "current_filter"

  public init(database: Database) { self.database = database }

  /// The current filter; empty when none is set.
  public func current() throws -> QuestionFilter {
    let statement = try database.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(Self.currentKey, at: 1)
    guard try statement.step() else { return QuestionFilter() }
    return try QuestionFilter(json: statement.string(0))
  }

  /// Replaces the current filter (an empty one removes it).
  public func setCurrent(_ filter: QuestionFilter) throws {
    if filter.isEmpty {
      let statement = try database.cachedStatement(sql: "DELETE FROM settings WHERE key = ?")
      try statement.bind(Self.currentKey, at: 1)
      try statement.execute()
      return
    }
    let statement = try database.cachedStatement(
      sql:
        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
    )
    try statement.bind(Self.currentKey, at: 1)
    try statement.bind(filter.json, at: 2)
    try statement.execute()
  }

  /// The saved filter named `name` (any case). - Throws: `MemoError.filterNotFound`.
  public func saved(_ name: String) throws -> SavedFilter {
    let statement = try database.cachedStatement(
      sql: "SELECT name, filter FROM saved_filters WHERE name = ?")
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    guard try statement.step() else { throw MemoError.filterNotFound(name) }
    return SavedFilter(
      name: statement.string(0), filter: try QuestionFilter(json: statement.string(1)))
  }

  /// Every saved filter, by name.
  public func all() throws -> [SavedFilter] {
    let statement = try database.cachedStatement(
      sql: "SELECT name, filter FROM saved_filters ORDER BY name COLLATE NOCASE")
    defer { statement.reset() }
    var result: [SavedFilter] = []
    while try statement.step() {
      result.append(
        SavedFilter(
          name: statement.string(0), filter: try QuestionFilter(json: statement.string(1))))
    }
    return result
  }

  /// Saves `filter` under `name`. - Throws: `.usage` when the name is taken and not `replacing`.
  public func save(_ name: String, _ filter: QuestionFilter, replacing: Bool, at time: Timestamp)
    throws
    -> SavedFilter
  {
    if !replacing, let existing = try? saved(name) {
      throw MemoError.usage(
        "a filter named '\(existing.name)' exists already; pass --force to replace it")
    }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO saved_filters (name, filter, created_at, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET filter = excluded.filter, updated_at = excluded.updated_at
        """)
    try statement.bind(name, at: 1)
    try statement.bind(filter.json, at: 2)
    try statement.bind(time.rfc3339, at: 3)
    try statement.bind(time.rfc3339, at: 4)
    try statement.execute()
    return try saved(name)
  }

  /// Deletes a saved filter. - Throws: `MemoError.filterNotFound`.
  public func delete(_ name: String) throws -> SavedFilter {
    let filter = try saved(name)
    let statement = try database.cachedStatement(sql: "DELETE FROM saved_filters WHERE name = ?")
    try statement.bind(name, at: 1)
    try statement.execute()
    return filter
  }
}
