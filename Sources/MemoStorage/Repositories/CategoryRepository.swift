import MemoCore

/// Reads and writes the `categories` table (names unique, ignoring ASCII case).
public struct CategoryRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The id of the category named `name` (any case), or nil.
  public func id(named name: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM categories WHERE name = ?")
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The id of the category named `name`, created if it does not exist yet (SPEC §3).
  public func ensure(_ name: String, at time: Timestamp) throws -> Int64 {
    if let id = try id(named: name) { return id }
    let statement = try database.cachedStatement(
      sql: "INSERT INTO categories (name, created_at) VALUES (?, ?)")
    try statement.bind(name, at: 1)
    try statement.bind(time.rfc3339, at: 2)
    try statement.execute()
    return database.lastInsertedRowID
  }

  /// Every category with its question count, by name.
  public func all() throws -> [Category] {
    let statement = try listing()
    defer { statement.reset() }
    var result: [Category] = []
    while try statement.step() { result.append(Self.category(from: statement)) }
    return result
  }

  /// Every category by name, as a statement ready to step. The caller resets it.
  func listing() throws -> Statement {
    try database.cachedStatement(
      sql: """
        SELECT c.name AS name, c.created_at AS created_at,
               (SELECT count(*) FROM questions q WHERE q.category_id = c.id) AS question_count
        FROM categories c ORDER BY c.name COLLATE NOCASE
        """)
  }

  /// The category named `name`. - Throws: `MemoError.categoryNotFound`.
  public func require(_ name: String) throws -> Category {
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.name, c.created_at, (SELECT count(*) FROM questions q WHERE q.category_id = c.id)
        FROM categories c WHERE c.name = ?
        """)
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    guard try statement.step() else { throw MemoError.categoryNotFound(name) }
    return Self.category(from: statement)
  }

  /// Adds a category. - Throws: `.usage` when it exists already.
  public func insert(_ name: String, at time: Timestamp) throws -> Category {
    if let existing = try? require(name) {
      throw MemoError.usage("the category '\(existing.name)' exists already")
    }
    _ = try ensure(name, at: time)
    return try require(name)
  }

  /// Renames a category (its questions follow). - Throws: `.notFound`, or `.usage` when the new
  /// name belongs to another category.
  public func rename(_ old: String, to new: String) throws -> Category {
    guard let id = try id(named: old) else { throw MemoError.categoryNotFound(old) }
    if let other = try self.id(named: new), other != id {
      throw MemoError.usage("the category '\(new)' exists already; pick another name")
    }
    let oldName = try require(old).name
    let statement = try database.cachedStatement(sql: "UPDATE categories SET name = ? WHERE id = ?")
    try statement.bind(new, at: 1)
    try statement.bind(id, at: 2)
    try statement.execute()
    try renameInFilters(oldName, to: new)
    return try require(new)
  }

  /// The current and saved filters follow a renamed category (nil: a deleted one leaves
  /// them), so they never name a category that does not exist.
  func renameInFilters(_ old: String, to new: String?) throws {
    // The same folding as the column's COLLATE NOCASE: ASCII letters only.
    let key = asciiFolded(old)
    func renamed(_ filter: QuestionFilter) -> QuestionFilter? {
      guard filter.categories.contains(where: { asciiFolded($0) == key }) else { return nil }
      var result = filter
      result.categories = filter.categories.compactMap { asciiFolded($0) == key ? new : $0 }
      return result
    }
    let filters = FilterRepository(database: database)
    if let current = renamed(try filters.current()) { try filters.setCurrent(current) }
    let update = try database.cachedStatement(
      sql: "UPDATE saved_filters SET filter = ? WHERE name = ?")
    for saved in try filters.all() {
      guard let filter = renamed(saved.filter) else { continue }
      update.reset()
      try update.bind(filter.json, at: 1)
      try update.bind(saved.name, at: 2)
      try update.execute()
    }
  }

  /// Deletes a category. - Throws: `.notFound`; `.usage` when questions use it and not `force`.
  public func delete(_ name: String, force: Bool) throws -> Category {
    let category = try require(name)
    if category.questionCount > 0 && !force {
      let count = counted(category.questionCount, "question")
      throw MemoError.usage(
        "the category '\(category.name)' is used by \(count); pass --force to delete it anyway (\(category.questionCount == 1 ? "it keeps" : "they keep") no category)"
      )
    }
    let statement = try database.cachedStatement(sql: "DELETE FROM categories WHERE name = ?")
    try statement.bind(name, at: 1)
    try statement.execute()
    try renameInFilters(category.name, to: nil)
    return category
  }

  static func category(from row: Statement) -> Category {
    Category(
      name: row.string(0), questionCount: row.int(2),
      createdAt: Timestamp(rfc3339: row.string(1)) ?? Timestamp(millis: 0))
  }
}

/// Lowercases A–Z only, as SQLite's NOCASE collation does.
func asciiFolded(_ text: String) -> String {
  String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
}
