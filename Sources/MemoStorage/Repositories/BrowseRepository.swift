import MemoCore

/// The pages `memo browse` reads: a screenful of posts or questions at a time, found by the
/// key of the row before (keyset pagination), so a page deep in a million rows costs what the
/// first one does (no OFFSET, never a whole table). Where the page stands in its list (for
/// the header's `3/16`) is counted up to `countLimit` rows, no further.
public struct BrowseRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// `PostRepository.columns` without the body (NULL in its place): no screen shows it, and a
  /// page of books stays small however long their memos are.
  static let postColumns = """
    p.id, p.uuid, p.title, p.author, NULL, p.source, p.created_at, p.updated_at,
    EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = p.id),
    (SELECT count(*) FROM questions q WHERE q.post_id = p.id)
    """

  /// One page of `request.list`, in the anchor's order (`.bottom` and `.before`: nearest
  /// first). - Throws: `MemoError` `.usage` for a filter date that does not parse.
  public func page(_ request: PageRequest, now: Timestamp) throws -> [BrowseRow] {
    try pageWithPosition(request, now: now).rows
  }

  /// Rows counted at most, for the position in a list: past it the header says `10,000+`.
  public static let countLimit = 10_000

  /// One page as `page(_:now:)` reads it, with where it stands in the list: the rows before
  /// its first row in the list's order, and the rows in all (each at most `countLimit + 1`).
  public func pageWithPosition(_ request: PageRequest, now: Timestamp) throws -> Page {
    var position: (before: Int, total: Int)?
    let rows = try rows(request, now: now, position: &position)
    return Page(
      request: request, rows: rows, before: position?.before, total: position?.total)
  }

  func rows(
    _ request: PageRequest, now: Timestamp, position: inout (before: Int, total: Int)?
  ) throws -> [BrowseRow] {
    let resolved = try request.filter.resolved(
      now: now, utcOffsetSeconds: request.utcOffsetSeconds)
    switch request.list {
    case .books:
      var condition = SQLCondition()
      if !resolved.isEmpty {
        let questions = SQLCondition.questions(resolved)
        condition.add(
          "EXISTS (SELECT 1 FROM questions q WHERE q.post_id = p.id \(questions.andClause))",
          bindings: questions.bindings)
      }
      return try rows(
        "SELECT \(Self.postColumns) ", from: "FROM posts p", condition,
        keys: ("p.created_at", "p.id"), descending: true, request, position: &position
      ) { BrowseRow.post(PostRepository.post(from: $0)) }
    case .favorites:
      return try rows(
        "SELECT \(Self.postColumns), f.position ",
        from: "FROM favorites f JOIN posts p ON p.id = f.post_id", SQLCondition(),
        keys: (nil, "f.position"), descending: false, request, position: &position
      ) { row in
        BrowseRow(
          key: PageKey(order: "", id: row.int64(10)), item: .post(PostRepository.post(from: row)))
      }
    case .questions:
      return try rows(
        Self.questionColumns, from: Self.questionsFrom, SQLCondition.questions(resolved),
        keys: ("q.created_at", "q.id"), descending: true, request, position: &position
      ) { BrowseRow.question(QuestionRepository.question(from: $0)) }
    case .bookQuestions(let post):
      return try rows(
        Self.questionColumns, from: Self.questionsFrom,
        SQLCondition.questions(resolved, postID: post), keys: ("q.created_at", "q.id"),
        descending: false, request, position: &position
      ) { BrowseRow.question(QuestionRepository.question(from: $0)) }
    }
  }

  /// `QuestionRepository.select` cut before its FROM, and the FROM: the count of a page's
  /// position reads the same rows without their columns.
  static let questionColumns = String(
    QuestionRepository.select[..<QuestionRepository.select.firstRange(of: "FROM questions")!.lowerBound])
  static let questionsFrom = String(
    QuestionRepository.select[QuestionRepository.select.firstRange(of: "FROM questions")!.lowerBound...])

  /// Runs `select` with `condition`, the anchor's keyset condition, order and limit.
  /// - Parameters:
  ///   - keys: the sort columns: an optional text one, then an integer one.
  ///   - descending: the list's own order.
  ///   - position: set to the rows before the page's first (in the list's order) and the
  ///     rows in all, each counted up to `countLimit + 1`.
  func rows(
    _ columns: String, from: String, _ condition: SQLCondition,
    keys: (order: String?, id: String), descending: Bool, _ request: PageRequest,
    position: inout (before: Int, total: Int)?, _ make: (Statement) -> BrowseRow
  ) throws -> [BrowseRow] {
    let select = columns + from
    let listCondition = condition
    var condition = condition
    var reversed = false
    let comparison: String?
    let key: PageKey?
    switch request.anchor {
    case .top: (comparison, key) = (nil, nil)
    case .bottom: (comparison, key, reversed) = (nil, nil, true)
    case .after(let k): (comparison, key) = (descending ? "<" : ">", k)
    case .from(let k): (comparison, key) = (descending ? "<=" : ">=", k)
    case .before(let k): (comparison, key, reversed) = (descending ? ">" : "<", k, true)
    }
    if let comparison, let key {
      // A row value compares (created_at, id) as one key, and SQLite walks the index from it
      // (https://sqlite.org/rowvalue.html#scrolling_window_queries).
      if let order = keys.order {
        condition.add(
          "(\(order), \(keys.id)) \(comparison) (?, ?)", .text(key.order), .integer(key.id))
      } else {
        condition.add("\(keys.id) \(comparison) ?", .integer(key.id))
      }
    }
    let direction = descending != reversed ? "DESC" : "ASC"
    let order = [keys.order, keys.id].compactMap { $0 }.map { "\($0) \(direction)" }
    let statement = try database.cachedStatement(
      sql:
        "\(select) \(condition.whereClause) ORDER BY \(order.joined(separator: ", ")) LIMIT ?")
    defer { statement.reset() }
    let next = try condition.bind(to: statement)
    try statement.bind(Int64(request.limit), at: next)
    var result: [BrowseRow] = []
    while try statement.step() { result.append(make(statement)) }
    statement.reset()
    let total = try count(from, listCondition)
    // The page's first row in the list's order: the last read when read backwards.
    if let first = reversed ? result.last?.key : result.first?.key {
      var earlier = listCondition
      let comparison = descending ? ">" : "<"
      if let order = keys.order {
        earlier.add(
          "(\(order), \(keys.id)) \(comparison) (?, ?)", .text(first.order), .integer(first.id))
      } else {
        earlier.add("\(keys.id) \(comparison) ?", .integer(first.id))
      }
      position = (try count(from, earlier), total)
    } else {
      position = (0, total)
    }
    return result
  }

  /// The rows `from` and `condition` select, counted up to `countLimit + 1`.
  func count(_ from: String, _ condition: SQLCondition) throws -> Int {
    let statement = try database.cachedStatement(
      sql: "SELECT count(*) FROM (SELECT 1 \(from) \(condition.whereClause) LIMIT ?)")
    defer { statement.reset() }
    let next = try condition.bind(to: statement)
    try statement.bind(Int64(Self.countLimit + 1), at: next)
    _ = try statement.step()
    return Int(statement.int64(0))
  }

  /// Every category's name, by name (no question counts: those would read every question).
  public func categoryNames() throws -> [String] {
    let statement = try database.cachedStatement(
      sql: "SELECT name FROM categories ORDER BY name COLLATE NOCASE")
    defer { statement.reset() }
    var names: [String] = []
    while try statement.step() { names.append(statement.string(0)) }
    return names
  }

  /// Takes a post off the shelf. - Returns: the post (off the shelf now) and where it stood.
  /// - Throws: `.notFound` for a post that does not exist or is not on the shelf.
  public func takeOffShelf(_ id: PostID) throws -> (Post, Int64) {
    _ = try PostRepository(database: database).require([id])
    let find = try database.cachedStatement(sql: "SELECT position FROM favorites WHERE post_id = ?")
    defer { find.reset() }
    try find.bind(id.rawValue, at: 1)
    guard try find.step() else {
      throw MemoError(code: .notFound, message: "post \(id) is not on the shelf")
    }
    let position = find.int64(0)
    find.reset()
    let delete = try database.cachedStatement(sql: "DELETE FROM favorites WHERE post_id = ?")
    defer { delete.reset() }
    try delete.bind(id.rawValue, at: 1)
    try delete.execute()
    return (try PostRepository(database: database).require([id])[0], position)
  }

  /// Puts a post on the shelf at `position` when that place is free (where `v` took it off),
  /// else at the end; a post already there stays where it is. - Returns: the post.
  public func putOnShelf(_ id: PostID, position: Int64?, at time: Timestamp) throws -> Post {
    _ = try PostRepository(database: database).require([id])
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO favorites (post_id, position, added_at)
        VALUES (?1, CASE WHEN ?2 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM favorites WHERE position = ?2)
          THEN ?2 ELSE (SELECT coalesce(max(position), 0) + 1 FROM favorites) END, ?3)
        ON CONFLICT (post_id) DO NOTHING
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    try statement.bind(position, at: 2)
    try statement.bind(time.rfc3339, at: 3)
    try statement.execute()
    return try PostRepository(database: database).require([id])[0]
  }
}
