import MemoCore

/// Applying other devices' change lines to this database.
extension SyncRepository {
  /// Makes the record what `change` says. `line` holds the row at `$.row`.
  /// - Returns: false when it cannot be applied here (a question or favorite whose post is
  ///   gone), having changed nothing.
  /// - Parameter row: the row `line` holds at `$.row`, parsed (nil: parsed here if needed):
  ///   posts, questions, highlights and categories bind its fields (what `json_extract` of the
  ///   line gives) instead of SQLite parsing the line again for each statement.
  func apply(
    _ kind: SyncChange.Kind, key: String, line: String?, row: JSONValue? = nil
  ) throws -> Bool {
    if line == nil && kind == .category, try isInUse(category: key) {
      // Questions here still name it (added unseen by the device that removed it): it stays,
      // and goes out again as this device's change, so that every device keeps it.
      try run("DELETE FROM changes WHERE kind = 'category' AND key = ?1", key)
      try run("INSERT INTO changes (kind, key, origin) VALUES ('category', ?1, NULL)", key)
      return true
    }
    guard let line else {
      try applyDeletion(kind, key: key)
      return true
    }
    // Each kind as an existence check, then a plain INSERT or UPDATE: an upsert may abort
    // after changing rows, so SQLite gives it a statement journal, a copy of every page it
    // touches (https://sqlite.org/tempfiles.html#stmtjrnl): 16 writes a row at 100,000 rows.
    switch kind {
    case .post: return try applyPost(key, values: try rowValues(line, row))
    case .question: return try applyQuestion(key, values: try rowValues(line, row))
    case .highlight: return try applyHighlight(key, values: try rowValues(line, row))
    case .category: return try applyCategory(key, values: try rowValues(line, row))
    case .favorite: return try applyFavorite(key, line: line)
    case .resolution: return try applyResolution(key, line: line)
    case .reviewEvent: return try applyReviewEvent(key, line: line)
    case .highlightReviewEvent: return try applyHighlightReviewEvent(key, line: line)
    case .savedFilter: return try applySavedFilter(key, line: line)
    }
  }

  /// The deletion of a record: its row goes (a highlight's choices and import record kept,
  /// a rating noted as taken back).
  private func applyDeletion(_ kind: SyncChange.Kind, key: String) throws {
    let sql: String
    switch kind {
    case .post: sql = "DELETE FROM posts WHERE uuid = ?"
    case .question: sql = "DELETE FROM questions WHERE uuid = ?"
    case .highlight:
      try keepChoices(ofDeletedHighlight: key)
      try keepImportRecord(ofDeletedHighlight: key)
      sql = "DELETE FROM highlights WHERE uuid = ?"
    case .category: sql = "DELETE FROM categories WHERE name = ?"
    case .favorite:
      sql = "DELETE FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?)"
    case .savedFilter: sql = "DELETE FROM saved_filters WHERE name = ?"
    case .resolution: return
    case .reviewEvent:
      try noteReviewed(event: key)
      // Taken back where it was made (undone there): not to come back with its item.
      try run("DELETE FROM sync_set_aside WHERE uuid = ?1", key)
      sql = "DELETE FROM review_events WHERE uuid = ?"
    case .highlightReviewEvent:
      try noteReviewed(highlightEvent: key)
      try run("DELETE FROM sync_set_aside WHERE uuid = ?1", key)
      sql = "DELETE FROM highlight_review_events WHERE uuid = ?"
    }
    let statement = try database.cachedStatement(sql: sql)
    try statement.bind(key, at: 1)
    try statement.execute()
  }

  /// The row a record's line holds at `$.row`: `row` when the caller parsed it.
  private func rowValues(_ line: String, _ row: JSONValue?) throws -> JSONValue {
    if let row, !row.isNull { return row }
    do { return try JSONParser.parse(line)["row"] ?? .null } catch {
      throw MemoError(code: .badData, message: "a sync change is not JSON (\(error)): \(line)")
    }
  }

  /// A post as its line has it.
  private func applyPost(_ key: String, values: JSONValue) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: try exists("SELECT 1 FROM posts WHERE uuid = ?", key)
        ? """
        UPDATE posts SET title = ?2, author = ?3, body = ?4, source = ?5, created_at = ?6,
          updated_at = ?7
        WHERE uuid = ?1
        """
        : """
        INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """)
    try bind(
      statement, values,
      ["uuid", "title", "author", "body", "source", "created_at", "updated_at"])
    try statement.execute()
    return true
  }

  /// A question, with its post, passage and category looked up here (a category it names and
  /// this database lacks is made); false when its post is not here.
  private func applyQuestion(_ key: String, values: JSONValue) throws -> Bool {
    // Everything the question needs looked up, in one statement (one for each was three
    // statements more for each question of a round).
    let fields = try database.cachedStatement(
      sql: """
        SELECT \(Self.postIDSQL), (SELECT id FROM highlights WHERE uuid = ?2),
          (SELECT id FROM categories WHERE name = ?3),
          EXISTS (SELECT 1 FROM questions WHERE uuid = ?4)
        """)
    let wantedHighlight = try bind(fields, values["highlight_uuid"], at: 2)
    try bind(fields, values["post_uuid"], at: 1)
    let categoryName = try text(values["category"])
    try fields.bind(categoryName, at: 3)
    try fields.bind(key, at: 4)
    guard try fields.step(), !fields.isNull(0) else {
      fields.reset()
      return false
    }
    let postID = fields.int64(0)
    let foundHighlight = fields.isNull(1) ? nil : fields.int64(1)
    var categoryID = fields.isNull(2) ? nil : fields.int64(2)
    let isHere = fields.bool(3)
    fields.reset()
    if let categoryName, categoryID == nil {
      let categoryTime =
        (try text(values["created_at"])).flatMap { Timestamp(rfc3339: $0) }
        ?? Timestamp(millis: 0)
      categoryID = try CategoryRepository(database: database).ensure(
        categoryName, at: categoryTime)
    }
    let statement = try database.cachedStatement(
      sql: isHere
        ? """
        UPDATE questions SET post_id = ?2, text = ?5, category_id = ?3, starred = ?6,
          answer = ?7, answered_at = ?8, created_at = ?9, updated_at = ?10, highlight_id = ?4
        WHERE uuid = ?1
        """
        : """
        INSERT INTO questions (uuid, post_id, text, category_id, starred, answer, answered_at,
          created_at, updated_at, highlight_id)
        VALUES (?1, ?2, ?5, ?3, ?6, ?7, ?8, ?9, ?10, ?4)
        """)
    try bind(statement, values["uuid"], at: 1)
    try statement.bind(postID, at: 2)
    try statement.bind(categoryID, at: 3)
    let passage = try highlightLink(
      wanted: wantedHighlight, found: foundHighlight, question: key)
    try statement.bind(passage, at: 4)
    try bind(
      statement, values,
      ["text", "starred", "answer", "answered_at", "created_at", "updated_at"], from: 5)
    try statement.execute()
    return true
  }

  /// A highlight; false when its post is not here. Questions waiting for it find it.
  private func applyHighlight(_ key: String, values: JSONValue) throws -> Bool {
    guard let postID = try postID(of: values["post_uuid"]) else { return false }
    let statement = try database.cachedStatement(
      sql: try exists("SELECT 1 FROM highlights WHERE uuid = ?", key)
        ? """
        UPDATE highlights SET post_id = ?2, text = ?3, note = ?4, chapter = ?5, page = ?6,
          location = ?7, position = ?8, highlighted_at = ?9, starred = ?10, source = ?11,
          source_key = ?12, created_at = ?13, updated_at = ?14
        WHERE uuid = ?1
        """
        : """
        INSERT INTO highlights (uuid, post_id, text, note, chapter, page, location, position,
          highlighted_at, starred, source, source_key, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
        """)
    try bind(statement, values["uuid"], at: 1)
    try statement.bind(postID, at: 2)
    try bind(
      statement, values,
      [
        "text", "note", "chapter", "page", "location", "position", "highlighted_at", "starred",
        "source", "source_key", "created_at", "updated_at",
      ], from: 3)
    try statement.execute()
    // Questions that arrived before their passage (a highlight edited after the question
    // was asked goes out after it) find it now.
    try linkWaitingQuestions(to: key)
    return true
  }

  /// A category, as its line has it.
  private func applyCategory(_ key: String, values: JSONValue) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: try exists("SELECT 1 FROM categories WHERE name = ?", key)
        ? "UPDATE categories SET created_at = ?2 WHERE name = ?1"
        : "INSERT INTO categories (name, created_at) VALUES (?1, ?2)")
    try bind(statement, values, ["name", "created_at"])
    try statement.execute()
    return true
  }

  /// A favorite, placed last on the shelf here; one whose post is not here follows the shelf
  /// (`applyFollowedShelf`).
  private func applyFavorite(_ key: String, line: String) throws -> Bool {
    guard let postID = try postID(line, path: "$.row.post_uuid") else {
      return try applyFollowedShelf(key: key, line: line)
    }
    let statement = try database.cachedStatement(
      sql: try exists(
        "SELECT 1 FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?)", key)
        ? "UPDATE favorites SET added_at = json_extract(?1, '$.row.added_at') WHERE post_id = ?2"
        : """
        INSERT INTO favorites (post_id, position, added_at)
        VALUES (?2, (SELECT coalesce(max(position), 0) + 1 FROM favorites),
          json_extract(?1, '$.row.added_at'))
        """)
    try statement.bind(line, at: 1)
    try statement.bind(postID, at: 2)
    try statement.execute()
    return true
  }

  /// A conflict restored or dismissed on another device: the same here.
  private func applyResolution(_ key: String, line: String) throws -> Bool {
    let fields = try database.cachedStatement(
      sql: "SELECT json_extract(?1, '$.row.resolution'), json_extract(?1, '$.row.resolved_at')")
    defer { fields.reset() }
    try fields.bind(line, at: 1)
    guard try fields.step() else { return false }
    let resolution = fields.string(0) == "restored" ? "restored" : "dismissed"
    let time = Timestamp(rfc3339: fields.string(1)) ?? Timestamp(millis: 0)
    fields.reset()
    try resolve(key, resolution, at: time, push: false)
    return true
  }

  /// A rating of a question (immutable: one already here is the same); false when its
  /// question is not here.
  private func applyReviewEvent(_ key: String, line: String) throws -> Bool {
    // Immutable: one already here is the same event.
    if try exists("SELECT 1 FROM review_events WHERE uuid = ?", key) { return true }
    guard let questionID = try questionID(line, path: "$.row.question_uuid") else {
      return false
    }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO review_events (uuid, kind, question_id, rating, reviewed_at, device,
          duration_ms, created_at)
        VALUES (json_extract(?1, '$.row.uuid'), json_extract(?1, '$.row.kind'), ?2,
          json_extract(?1, '$.row.rating'), json_extract(?1, '$.row.reviewed_at'),
          json_extract(?1, '$.row.device'), json_extract(?1, '$.row.duration_ms'),
          json_extract(?1, '$.row.created_at'))
        """)
    try statement.bind(line, at: 1)
    try statement.bind(questionID, at: 2)
    try statement.execute()
    try noteReviewed(question: questionID)
    return true
  }

  /// A rating of a highlight (immutable, as a question's); false when its highlight is not here.
  private func applyHighlightReviewEvent(_ key: String, line: String) throws -> Bool {
    if try exists("SELECT 1 FROM highlight_review_events WHERE uuid = ?", key) { return true }
    let highlight = try database.cachedStatement(
      sql: "SELECT id FROM highlights WHERE uuid = json_extract(?1, '$.row.highlight_uuid')")
    defer { highlight.reset() }
    try highlight.bind(line, at: 1)
    guard try highlight.step() else { return false }
    let highlightID = highlight.int64(0)
    highlight.reset()
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO highlight_review_events (uuid, highlight_id, rating, reviewed_at, device,
          duration_ms, created_at)
        VALUES (json_extract(?1, '$.row.uuid'), ?2, json_extract(?1, '$.row.rating'),
          json_extract(?1, '$.row.reviewed_at'), json_extract(?1, '$.row.device'),
          json_extract(?1, '$.row.duration_ms'), json_extract(?1, '$.row.created_at'))
        """)
    try statement.bind(line, at: 1)
    try statement.bind(highlightID, at: 2)
    try statement.execute()
    try noteReviewed(highlight: highlightID)
    return true
  }

  /// A saved filter, as its line has it.
  private func applySavedFilter(_ key: String, line: String) throws -> Bool {
    if try exists("SELECT 1 FROM saved_filters WHERE name = ?", key) {
      try run(
        """
        UPDATE saved_filters SET filter = json_extract(?1, '$.row.filter'),
          created_at = json_extract(?1, '$.row.created_at'),
          updated_at = json_extract(?1, '$.row.updated_at')
        WHERE name = json_extract(?1, '$.row.name')
        """, line)
    } else {
      try run(
        """
        INSERT INTO saved_filters (name, filter, created_at, updated_at)
        VALUES (json_extract(?1, '$.row.name'), json_extract(?1, '$.row.filter'),
          json_extract(?1, '$.row.created_at'), json_extract(?1, '$.row.updated_at'))
        """, line)
    }
    return true
  }

  /// The id of the highlight a question's line names (nil: none, or not here). A highlight
  /// not here yet is remembered for this connection: `linkWaitingQuestions` links the question
  /// when it arrives, later in the same round or in a later one.
  /// - Parameters: wanted: the line's `highlight_uuid`; found: that highlight's id here.
  func highlightLink(wanted: String?, found: Int64?, question: String) throws -> Int64? {
    guard let wanted else { return nil }
    if let found { return found }
    try database.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS sync_waiting_links (
          question TEXT PRIMARY KEY, highlight TEXT NOT NULL)
        """)
    // Looked up by highlight as each one arrives (`linkWaitingQuestions`): without an index
    // every highlight a round applied read the whole table, twice (the gate's round of 10,000
    // highlights, their 500 questions first: half the round's instructions).
    try database.execute(
      sql: """
        CREATE INDEX IF NOT EXISTS temp.sync_waiting_links_by_highlight
          ON sync_waiting_links (highlight)
        """)
    let insert = try database.cachedStatement(
      sql: "INSERT OR REPLACE INTO temp.sync_waiting_links (question, highlight) VALUES (?, ?)")
    try insert.bind(question, at: 1)
    try insert.bind(wanted, at: 2)
    try insert.execute()
    return nil
  }

  /// Links the questions waiting for highlight `key` (see `highlightLink`).
  func linkWaitingQuestions(to key: String) throws {
    let waiting = try database.cachedStatement(
      sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_waiting_links'")
    defer { waiting.reset() }
    guard try waiting.step(), waiting.int(0) > 0 else { return }
    waiting.reset()
    guard try exists("SELECT 1 FROM temp.sync_waiting_links WHERE highlight = ?", key) else {
      return
    }
    try run(
      """
      UPDATE questions SET highlight_id = (SELECT id FROM highlights WHERE uuid = ?1)
      WHERE uuid IN (SELECT question FROM temp.sync_waiting_links WHERE highlight = ?1)
      """, key)
    try run("DELETE FROM temp.sync_waiting_links WHERE highlight = ?1", key)
  }

  func questionID(_ line: String, path: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM questions WHERE uuid = json_extract(?1, ?2)")
    defer { statement.reset() }
    try statement.bind(line, at: 1)
    try statement.bind(path, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  func isInUse(category name: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: """
        SELECT EXISTS (SELECT 1 FROM questions WHERE category_id =
                       (SELECT id FROM categories WHERE name = ?))
        """)
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    return try statement.step() && statement.bool(0)
  }

  /// The shelf in the order the posts were put on it (then by UUID), on every device alike.
  /// Every round asks (a shelf place changes with a favorite arriving, and with a merge
  /// followed, `followShelf`); nothing when the shelf is in that order already.
  func renumberFavorites() throws {
    let rank = """
      SELECT f.post_id, f.position,
        row_number() OVER (ORDER BY f.added_at, p.uuid) AS rank
      FROM favorites f JOIN posts p ON p.id = f.post_id
      """
    let unordered = try database.cachedStatement(
      sql: "SELECT EXISTS (SELECT 1 FROM (\(rank)) WHERE position <> rank)")
    defer { unordered.reset() }
    guard try unordered.step(), unordered.bool(0) else { return }
    unordered.reset()
    try database.execute(sql: "UPDATE favorites SET position = -position")
    try database.execute(
      sql: """
        UPDATE favorites SET position = r.rank
        FROM (SELECT f.post_id, row_number() OVER (ORDER BY f.added_at, p.uuid) AS rank
              FROM favorites f JOIN posts p ON p.id = f.post_id) r
        WHERE favorites.post_id = r.post_id
        """)
  }

}
