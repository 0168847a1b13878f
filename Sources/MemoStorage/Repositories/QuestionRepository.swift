import MemoCore

/// Reads and writes the `questions` table. Callers run writes inside a transaction.
public struct QuestionRepository {
  let database: Database
  let categories: CategoryRepository

  public init(database: Database) {
    self.database = database
    self.categories = CategoryRepository(database: database)
  }

  /// The columns `question(from:)` reads, and the joins they need; each named by its JSON key,
  /// which is how a listing's writer finds it.
  static let select = """
    SELECT q.id AS id, q.uuid AS uuid, q.post_id AS post_id, p.title AS post_title, q.text AS text,
           c.name AS category, q.starred AS starred, q.answer AS answer,
           q.answered_at AS answered_at, q.created_at AS created_at, q.updated_at AS updated_at,
           q.highlight_id AS highlight_id
    FROM questions q JOIN posts p ON p.id = q.post_id LEFT JOIN categories c ON c.id = q.category_id
    """

  /// Inserts a question, creating its category if new.
  /// - Throws: `MemoError.postNotFound` when the post does not exist.
  public func insert(_ new: NewQuestion, uuid: String, at time: Timestamp) throws -> Question {
    guard try PostRepository(database: database).exists(new.postID) else {
      throw MemoError.postNotFound(new.postID)
    }
    if let highlight = new.highlightID {
      let found = try HighlightRepository(database: database).require(highlight)
      guard found.postID == new.postID else {
        throw MemoError.usage(
          "highlight \(highlight) is on post \(found.postID), not \(new.postID); memo ask --highlight \(highlight) TEXT asks on its own post"
        )
      }
    }
    let categoryID = try new.category.map { try categories.ensure($0, at: time) }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO questions
          (uuid, post_id, text, category_id, starred, created_at, updated_at, highlight_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.bind(uuid, at: 1)
    try statement.bind(new.postID.rawValue, at: 2)
    try statement.bind(new.text, at: 3)
    try statement.bind(categoryID, at: 4)
    try statement.bind(new.isStarred, at: 5)
    try statement.bind(time.rfc3339, at: 6)
    try statement.bind(time.rfc3339, at: 7)
    try statement.bind(new.highlightID?.rawValue, at: 8)
    try statement.execute()
    return try require(QuestionID(database.lastInsertedRowID))
  }

  /// The question with this id, or nil.
  public func question(_ id: QuestionID) throws -> Question? {
    let statement = try database.cachedStatement(sql: Self.select + " WHERE q.id = ?")
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    return try statement.step() ? Self.question(from: statement) : nil
  }

  /// The question with this id. - Throws: `MemoError.questionNotFound`.
  public func require(_ id: QuestionID) throws -> Question {
    guard let question = try question(id) else { throw MemoError.questionNotFound(id) }
    return question
  }

  /// The questions with these ids, in the order given. - Throws: `MemoError.questionsNotFound`
  /// naming every missing id.
  public func require(_ ids: [QuestionID]) throws -> [Question] {
    var found: [Question] = []
    var missing: [QuestionID] = []
    for id in ids {
      if let question = try question(id) { found.append(question) } else { missing.append(id) }
    }
    guard missing.isEmpty else { throw MemoError.questionsNotFound(missing) }
    return found
  }

  /// One page of questions matching `filter`, newest first.
  public func questions(
    matching filter: ResolvedFilter, postID: PostID? = nil, limit: Int?, offset: Int
  )
    throws -> [Question]
  {
    let statement = try listing(matching: filter, postID: postID, limit: limit, offset: offset)
    defer { statement.reset() }
    var questions: [Question] = []
    while try statement.step() { questions.append(Self.question(from: statement)) }
    return questions
  }

  /// The questions matching `filter`, newest first, as a statement bound and ready to step:
  /// a listing streams its rows from it, a page collects them. The caller resets it.
  func listing(matching filter: ResolvedFilter, postID: PostID?, limit: Int?, offset: Int)
    throws -> Statement
  {
    let condition = SQLCondition.questions(filter, postID: postID)
    let statement = try database.cachedStatement(
      sql: Self.select
        + " \(condition.whereClause) ORDER BY q.created_at DESC, q.id DESC LIMIT ? OFFSET ?")
    let next = try condition.bind(to: statement)
    try statement.bind(Int64(limit ?? -1), at: next)
    try statement.bind(Int64(offset), at: next + 1)
    return statement
  }

  /// One post's questions (those matching `filter`, if given), oldest first: the nested rows
  /// of a post listing, one statement for the whole listing, bound anew for each post.
  func nestedRows(matching filter: ResolvedFilter?) throws -> (Statement, SQLCondition) {
    let condition = SQLCondition.questions(filter ?? ResolvedFilter())
    let statement = try database.cachedStatement(
      sql: Self.select
        + " WHERE q.post_id = ? \(condition.andClause) ORDER BY q.created_at, q.id")
    return (statement, condition)
  }

  /// The questions of these posts (those matching `filter`, if given), oldest first, by post:
  /// one query for the whole page, not one per post.
  public func questions(ofPosts ids: [PostID], matching filter: ResolvedFilter?) throws -> [PostID:
    [Question]]
  {
    guard !ids.isEmpty else { return [:] }
    let condition = SQLCondition.questions(filter ?? ResolvedFilter())
    let statement = try database.cachedStatement(
      sql: Self.select
        + " WHERE q.post_id IN (SELECT value FROM json_each(?)) \(condition.andClause) ORDER BY q.post_id, q.created_at, q.id"
    )
    defer { statement.reset() }
    try statement.bind(jsonArray(ids.map(\.rawValue)), at: 1)
    try condition.bind(to: statement, startingAt: 2)
    var result: [PostID: [Question]] = [:]
    while try statement.step() {
      let question = Self.question(from: statement)
      result[question.postID, default: []].append(question)
    }
    return result
  }

  /// The questions asked about highlight `id`, oldest first.
  public func questions(aboutHighlight id: HighlightID) throws -> [Question] {
    let statement = try database.cachedStatement(
      sql: Self.select + " WHERE q.highlight_id = ? ORDER BY q.created_at, q.id")
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    var found: [Question] = []
    while try statement.step() { found.append(Self.question(from: statement)) }
    return found
  }

  /// Applies `patch` and bumps `updated_at`. - Returns: nil when the patch changes nothing
  /// (a category named in another case is the same category).
  public func update(_ id: QuestionID, with patch: QuestionPatch, at time: Timestamp) throws
    -> Question?
  {
    let question = try require(id)
    let text = patch.text ?? question.text
    var category = patch.category ?? question.category
    if category.map(asciiFolded) == question.category.map(asciiFolded) {
      category = question.category
    }
    guard text != question.text || category != question.category else { return nil }
    let categoryID = try category.map { try categories.ensure($0, at: time) }
    let statement = try database.cachedStatement(
      sql: "UPDATE questions SET text = ?, category_id = ?, updated_at = ? WHERE id = ?")
    try statement.bind(text, at: 1)
    try statement.bind(categoryID, at: 2)
    try statement.bind(time.rfc3339, at: 3)
    try statement.bind(id.rawValue, at: 4)
    try statement.execute()
    return try require(id)
  }

  /// Stars or unstars every question, all or none; only changed rows get a new `updated_at`.
  public func setStarred(_ ids: [QuestionID], _ isStarred: Bool, at time: Timestamp) throws
    -> [Question]
  {
    _ = try require(ids)
    let statement = try database.cachedStatement(
      sql: "UPDATE questions SET starred = ?, updated_at = ? WHERE id = ? AND starred != ?")
    for id in ids {
      statement.reset()
      try statement.bind(isStarred, at: 1)
      try statement.bind(time.rfc3339, at: 2)
      try statement.bind(id.rawValue, at: 3)
      try statement.bind(isStarred, at: 4)
      try statement.execute()
    }
    return try require(ids)
  }

  /// Sets the answer (stamping `answered_at`), or removes it with nil.
  public func setAnswer(_ id: QuestionID, _ answer: String?, at time: Timestamp) throws -> Question
  {
    let question = try require(id)
    guard answer != question.answer else { return question }
    let statement = try database.cachedStatement(
      sql: "UPDATE questions SET answer = ?, answered_at = ?, updated_at = ? WHERE id = ?")
    try statement.bind(answer, at: 1)
    try statement.bind(answer == nil ? nil : time.rfc3339, at: 2)
    try statement.bind(time.rfc3339, at: 3)
    try statement.bind(id.rawValue, at: 4)
    try statement.execute()
    return try require(id)
  }

  /// Deletes questions, all or none. - Returns: them as they were.
  public func delete(_ ids: [QuestionID]) throws -> [Question] {
    let found = try require(ids)
    let statement = try database.cachedStatement(sql: "DELETE FROM questions WHERE id = ?")
    for id in ids {
      statement.reset()
      try statement.bind(id.rawValue, at: 1)
      try statement.execute()
    }
    return found
  }

  /// Reads a question from a row of `select`.
  static func question(from row: Statement) -> Question {
    var question = Question(
      id: QuestionID(row.int64(0)), uuid: row.string(1), postID: PostID(row.int64(2)),
      postTitle: row.string(3), text: row.string(4), category: row.text(5), isStarred: row.bool(6),
      answer: row.text(7), answeredAt: row.text(8).flatMap { Timestamp(rfc3339: $0) },
      createdAt: Timestamp(rfc3339: row.string(9)) ?? Timestamp(millis: 0),
      updatedAt: Timestamp(rfc3339: row.string(10)) ?? Timestamp(millis: 0))
    if !row.isNull(11) { question.highlightID = HighlightID(row.int64(11)) }
    return question
  }
}
