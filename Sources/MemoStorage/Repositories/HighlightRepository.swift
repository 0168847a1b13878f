import MemoCore

/// Reads and writes the `highlights` table. Callers run writes inside a transaction.
public struct HighlightRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The columns of a highlight as JSON shows it, each named by its JSON key (how a listing's
  /// writer finds it), then the post's title for `highlight(from:)`.
  static let columns = """
    h.id AS id, h.uuid AS uuid, h.post_id AS post_id, h.text AS text, h.note AS note,
    h.chapter AS chapter, h.page AS page, h.location AS location,
    h.highlighted_at AS highlighted_at, h.starred AS starred, h.source AS source,
    h.created_at AS created_at, h.updated_at AS updated_at
    """

  static let select = """
    SELECT \(columns), p.title AS post_title
    FROM highlights h JOIN posts p ON p.id = h.post_id
    """

  /// Inserts a highlight added by hand (no source).
  /// - Throws: `MemoError.postNotFound` when the post does not exist.
  public func insert(_ new: NewHighlight, uuid: String, at time: Timestamp) throws -> Highlight {
    guard try PostRepository(database: database).exists(new.postID) else {
      throw MemoError.postNotFound(new.postID)
    }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO highlights
          (uuid, post_id, text, note, page, location, position, created_at, updated_at, chapter)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.bind(uuid, at: 1)
    try statement.bind(new.postID.rawValue, at: 2)
    try statement.bind(new.text, at: 3)
    try statement.bind(new.note, at: 4)
    try statement.bind(new.page, at: 5)
    try statement.bind(new.location, at: 6)
    try statement.bind(Self.position(location: new.location, page: new.page), at: 7)
    try statement.bind(time.rfc3339, at: 8)
    try statement.bind(time.rfc3339, at: 9)
    try statement.bind(new.chapter, at: 10)
    try statement.execute()
    return try require(HighlightID(database.lastInsertedRowID))
  }

  /// A number that sorts a hand-added highlight among a book's others (`Highlight.position`).
  static func position(location: String?, page: String?) -> Double? {
    Highlight.position(location: location, page: page)
  }

  /// The highlight with this id, or nil.
  public func highlight(_ id: HighlightID) throws -> Highlight? {
    let statement = try database.cachedStatement(sql: Self.select + " WHERE h.id = ?")
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    return try statement.step() ? Self.highlight(from: statement) : nil
  }

  /// - Throws: `MemoError.highlightNotFound`.
  public func require(_ id: HighlightID) throws -> Highlight {
    guard let highlight = try highlight(id) else { throw MemoError.highlightNotFound(id) }
    return highlight
  }

  /// The highlights with these ids, in the order given. - Throws: `highlightsNotFound` naming
  /// every missing id.
  public func require(_ ids: [HighlightID]) throws -> [Highlight] {
    var found: [Highlight] = []
    var missing: [HighlightID] = []
    for id in ids {
      if let highlight = try highlight(id) { found.append(highlight) } else { missing.append(id) }
    }
    guard missing.isEmpty else { throw MemoError.highlightsNotFound(missing) }
    return found
  }

  /// The highlights `query` selects as a statement bound and ready to step: one post's in
  /// reading order (position, then when added), else every post's newest first: by when it
  /// was highlighted on the reader (when added here where the reader gave no date), as
  /// `since` reads it, not by when an import brought it. The caller resets it.
  func listing(_ query: HighlightQuery) throws -> Statement {
    let order =
      query.postID == nil
      ? "coalesce(h.highlighted_at, h.created_at) DESC, h.id DESC"
      : "h.position IS NULL, h.position, h.created_at, h.id"
    let statement = try database.cachedStatement(
      sql: Self.select + """
         WHERE (?1 IS NULL OR h.post_id = ?1) AND (?2 = 0 OR h.starred = 1)
          AND (?3 IS NULL OR coalesce(h.highlighted_at, h.created_at) >= ?3)
        ORDER BY \(order) LIMIT ?4
        """)
    try statement.bind(query.postID?.rawValue, at: 1)
    try statement.bind(query.starredOnly, at: 2)
    try statement.bind(query.since?.rfc3339, at: 3)
    try statement.bind(Int64(query.limit ?? -1), at: 4)
    return statement
  }

  /// One page of `listing(query)`.
  public func highlights(_ query: HighlightQuery) throws -> [Highlight] {
    let statement = try listing(query)
    defer { statement.reset() }
    var highlights: [Highlight] = []
    while try statement.step() { highlights.append(Self.highlight(from: statement)) }
    return highlights
  }

  /// Applies `patch` and bumps `updated_at`. - Returns: nil when it changes nothing.
  public func update(_ id: HighlightID, with patch: HighlightPatch, at time: Timestamp) throws
    -> Highlight?
  {
    let highlight = try require(id)
    let text = patch.text ?? highlight.text
    let note = patch.note ?? highlight.note
    let chapter = patch.chapter ?? highlight.chapter
    let page = patch.page ?? highlight.page
    let location = patch.location ?? highlight.location
    guard
      text != highlight.text || note != highlight.note || chapter != highlight.chapter
        || page != highlight.page || location != highlight.location
    else { return nil }
    // A new page or location sorts it anew among the book's highlights, as one added by hand;
    // a place without a number clears the position (it sorts after the numbered ones), as an
    // import does when the reader gives none. The position never outlives the place it came from.
    let moved = page != highlight.page || location != highlight.location
    let statement = try database.cachedStatement(
      sql: """
        UPDATE highlights SET text = ?1, note = ?2, chapter = ?3, page = ?4, location = ?5,
          position = CASE WHEN ?7 THEN ?6 ELSE position END, updated_at = ?8
        WHERE id = ?9
        """)
    try statement.bind(text, at: 1)
    try statement.bind(note, at: 2)
    try statement.bind(chapter, at: 3)
    try statement.bind(page, at: 4)
    try statement.bind(location, at: 5)
    try statement.bind(Self.position(location: location, page: page), at: 6)
    try statement.bind(Int64(moved ? 1 : 0), at: 7)
    try statement.bind(time.rfc3339, at: 8)
    try statement.bind(id.rawValue, at: 9)
    try statement.execute()
    return try require(id)
  }

  /// Stars or unstars every highlight, all or none; only changed rows get a new `updated_at`.
  public func setStarred(_ ids: [HighlightID], _ isStarred: Bool, at time: Timestamp) throws
    -> [Highlight]
  {
    _ = try require(ids)
    let statement = try database.cachedStatement(
      sql: "UPDATE highlights SET starred = ?, updated_at = ? WHERE id = ? AND starred != ?")
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

  /// Deletes highlights, all or none (a question asked about one keeps its text and loses
  /// the link). - Returns: them as they were.
  public func delete(_ ids: [HighlightID]) throws -> [Highlight] {
    let found = try require(ids)
    let statement = try database.cachedStatement(sql: "DELETE FROM highlights WHERE id = ?")
    for id in ids {
      statement.reset()
      try statement.bind(id.rawValue, at: 1)
      try statement.execute()
    }
    return found
  }

  /// Reads a highlight from a row of `select`.
  static func highlight(from row: Statement) -> Highlight {
    Highlight(
      id: HighlightID(row.int64(0)), uuid: row.string(1), postID: PostID(row.int64(2)),
      postTitle: row.string(13), text: row.string(3), note: row.text(4), chapter: row.text(5),
      page: row.text(6), location: row.text(7),
      highlightedAt: row.text(8).flatMap { Timestamp(rfc3339: $0) }, isStarred: row.bool(9),
      source: row.text(10), createdAt: Timestamp(rfc3339: row.string(11)) ?? Timestamp(millis: 0),
      updatedAt: Timestamp(rfc3339: row.string(12)) ?? Timestamp(millis: 0))
  }
}
