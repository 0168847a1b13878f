import MemoCore

/// Applying other devices' change lines to this database.
extension SyncRepository {
  /// Makes the record what `change` says. `line` holds the row at `$.row`.
  /// - Returns: false when it cannot be applied here (a question or favorite whose post is
  ///   gone), having changed nothing.
  func apply(_ kind: SyncChange.Kind, key: String, line: String?) throws -> Bool {
    if line == nil && kind == .category, try isInUse(category: key) {
      // Questions here still name it (added unseen by the device that removed it): it stays,
      // and goes out again as this device's change, so that every device keeps it.
      try run("DELETE FROM changes WHERE kind = 'category' AND key = ?1", key)
      try run("INSERT INTO changes (kind, key, origin) VALUES ('category', ?1, NULL)", key)
      return true
    }
    guard let line else {
      let sql: String
      switch kind {
      case .post: sql = "DELETE FROM posts WHERE uuid = ?"
      case .question: sql = "DELETE FROM questions WHERE uuid = ?"
      case .highlight:
        try keepChoices(ofDeletedHighlight: key)
        sql = "DELETE FROM highlights WHERE uuid = ?"
      case .category: sql = "DELETE FROM categories WHERE name = ?"
      case .favorite:
        sql = "DELETE FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?)"
      case .savedFilter: sql = "DELETE FROM saved_filters WHERE name = ?"
      case .resolution: return true
      case .reviewEvent:
        try noteReviewed(event: key)
        sql = "DELETE FROM review_events WHERE uuid = ?"
      case .highlightReviewEvent:
        try noteReviewed(highlightEvent: key)
        sql = "DELETE FROM highlight_review_events WHERE uuid = ?"
      }
      let statement = try database.cachedStatement(sql: sql)
      try statement.bind(key, at: 1)
      try statement.execute()
      return true
    }
    // An existence check, then a plain INSERT or UPDATE: an upsert may abort after changing
    // rows, so SQLite gives it a statement journal, a copy of every page it touches
    // (https://sqlite.org/tempfiles.html#stmtjrnl): 16 writes a row at 100,000 rows.
    switch kind {
    case .post:
      if try exists("SELECT 1 FROM posts WHERE uuid = ?", key) {
        try run(
          """
          UPDATE posts SET title = json_extract(?1, '$.row.title'),
            author = json_extract(?1, '$.row.author'), body = json_extract(?1, '$.row.body'),
            source = json_extract(?1, '$.row.source'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at')
          WHERE uuid = json_extract(?1, '$.row.uuid')
          """, line)
      } else {
        try run(
          """
          INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at)
          VALUES (json_extract(?1, '$.row.uuid'), json_extract(?1, '$.row.title'),
            json_extract(?1, '$.row.author'), json_extract(?1, '$.row.body'),
            json_extract(?1, '$.row.source'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.updated_at'))
          """, line)
      }
    case .question:
      // What the row names, read in one statement: SQLite parses the line once a statement
      // (its JSON cache lives in the statement), and this was three statements (a third of a
      // round's instructions went to parsing the same lines again).
      let fields = try database.cachedStatement(
        sql: """
          SELECT (SELECT id FROM posts WHERE uuid = json_extract(?1, '$.row.post_uuid')),
            json_extract(?1, '$.row.category'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.highlight_uuid'),
            (SELECT id FROM highlights WHERE uuid = json_extract(?1, '$.row.highlight_uuid'))
          """)
      try fields.bind(line, at: 1)
      guard try fields.step(), !fields.isNull(0) else {
        fields.reset()
        return false
      }
      let postID = fields.int64(0)
      let categoryName = fields.text(1)
      let categoryTime = Timestamp(rfc3339: fields.string(2)) ?? Timestamp(millis: 0)
      let wantedHighlight = fields.text(3)
      let foundHighlight = fields.isNull(4) ? nil : fields.int64(4)
      fields.reset()
      var categoryID: Int64?
      if let categoryName {
        categoryID = try CategoryRepository(database: database).ensure(
          categoryName, at: categoryTime)
      }
      let statement = try database.cachedStatement(
        sql: try exists("SELECT 1 FROM questions WHERE uuid = ?", key)
          ? """
          UPDATE questions SET post_id = ?2, text = json_extract(?1, '$.row.text'),
            category_id = ?3, starred = json_extract(?1, '$.row.starred'),
            answer = json_extract(?1, '$.row.answer'),
            answered_at = json_extract(?1, '$.row.answered_at'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at'), highlight_id = ?4
          WHERE uuid = json_extract(?1, '$.row.uuid')
          """
          : """
          INSERT INTO questions (uuid, post_id, text, category_id, starred, answer, answered_at,
            created_at, updated_at, highlight_id)
          VALUES (json_extract(?1, '$.row.uuid'), ?2, json_extract(?1, '$.row.text'), ?3,
            json_extract(?1, '$.row.starred'), json_extract(?1, '$.row.answer'),
            json_extract(?1, '$.row.answered_at'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.updated_at'), ?4)
          """)
      try statement.bind(line, at: 1)
      try statement.bind(postID, at: 2)
      try statement.bind(categoryID, at: 3)
      let passage = try highlightLink(
        wanted: wantedHighlight, found: foundHighlight, question: key)
      try statement.bind(passage, at: 4)
      try statement.execute()
    case .highlight:
      guard let postID = try postID(line, path: "$.row.post_uuid") else { return false }
      let statement = try database.cachedStatement(
        sql: try exists("SELECT 1 FROM highlights WHERE uuid = ?", key)
          ? """
          UPDATE highlights SET post_id = ?2, text = json_extract(?1, '$.row.text'),
            note = json_extract(?1, '$.row.note'), chapter = json_extract(?1, '$.row.chapter'),
            page = json_extract(?1, '$.row.page'), location = json_extract(?1, '$.row.location'),
            position = json_extract(?1, '$.row.position'),
            highlighted_at = json_extract(?1, '$.row.highlighted_at'),
            starred = json_extract(?1, '$.row.starred'), source = json_extract(?1, '$.row.source'),
            source_key = json_extract(?1, '$.row.source_key'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at')
          WHERE uuid = json_extract(?1, '$.row.uuid')
          """
          : """
          INSERT INTO highlights (uuid, post_id, text, note, chapter, page, location, position,
            highlighted_at, starred, source, source_key, created_at, updated_at)
          VALUES (json_extract(?1, '$.row.uuid'), ?2, json_extract(?1, '$.row.text'),
            json_extract(?1, '$.row.note'), json_extract(?1, '$.row.chapter'),
            json_extract(?1, '$.row.page'), json_extract(?1, '$.row.location'),
            json_extract(?1, '$.row.position'), json_extract(?1, '$.row.highlighted_at'),
            json_extract(?1, '$.row.starred'), json_extract(?1, '$.row.source'),
            json_extract(?1, '$.row.source_key'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.updated_at'))
          """)
      try statement.bind(line, at: 1)
      try statement.bind(postID, at: 2)
      try statement.execute()
      // Questions that arrived before their passage (a highlight edited after the question
      // was asked goes out after it) find it now.
      try linkWaitingQuestions(to: key)
    case .category:
      if try exists("SELECT 1 FROM categories WHERE name = ?", key) {
        try run(
          """
          UPDATE categories SET created_at = json_extract(?1, '$.row.created_at')
          WHERE name = json_extract(?1, '$.row.name')
          """, line)
      } else {
        try run(
          """
          INSERT INTO categories (name, created_at)
          VALUES (json_extract(?1, '$.row.name'), json_extract(?1, '$.row.created_at'))
          """, line)
      }
    case .favorite:
      guard let postID = try postID(line, path: "$.row.post_uuid") else { return false }
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
    case .resolution:
      let fields = try database.cachedStatement(
        sql: "SELECT json_extract(?1, '$.row.resolution'), json_extract(?1, '$.row.resolved_at')")
      defer { fields.reset() }
      try fields.bind(line, at: 1)
      guard try fields.step() else { return false }
      let resolution = fields.string(0) == "restored" ? "restored" : "dismissed"
      let time = Timestamp(rfc3339: fields.string(1)) ?? Timestamp(millis: 0)
      fields.reset()
      try resolve(key, resolution, at: time, push: false)
    case .reviewEvent:
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
    case .highlightReviewEvent:
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
    case .savedFilter:
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
    try run(
      """
      UPDATE questions SET highlight_id = (SELECT id FROM highlights WHERE uuid = ?1)
      WHERE uuid IN (SELECT question FROM temp.sync_waiting_links WHERE highlight = ?1)
      """, key)
    try run("DELETE FROM temp.sync_waiting_links WHERE highlight = ?1", key)
  }

  /// Remembers, for this connection, the question whose events a round changed: its schedule
  /// is replayed once at the round's end (`replayReviewed`).
  func noteReviewed(question id: Int64) throws {
    let listed = try database.cachedStatement(
      sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_reviewed'")
    defer { listed.reset() }
    if try listed.step(), listed.int(0) == 0 {
      listed.reset()
      try database.execute(
        sql: "CREATE TEMP TABLE sync_reviewed (question_id INTEGER PRIMARY KEY)")
    }
    listed.reset()
    let insert = try database.cachedStatement(
      sql: "INSERT OR IGNORE INTO temp.sync_reviewed (question_id) VALUES (?)")
    try insert.bind(id, at: 1)
    try insert.execute()
  }

  /// The same, for the question of event `uuid` (before the event is deleted).
  func noteReviewed(event uuid: String) throws {
    let statement = try database.cachedStatement(
      sql: "SELECT question_id FROM review_events WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    guard try statement.step() else { return }
    let id = statement.int64(0)
    statement.reset()
    try noteReviewed(question: id)
  }

  /// Remembers, for this connection, a highlight whose choices a round changed (replayed at
  /// the round's end, as questions are).
  func noteReviewed(highlight id: Int64) throws {
    try database.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS sync_reviewed_highlights (
          highlight_id INTEGER PRIMARY KEY)
        """)
    let insert = try database.cachedStatement(
      sql: "INSERT OR IGNORE INTO temp.sync_reviewed_highlights (highlight_id) VALUES (?)")
    try insert.bind(id, at: 1)
    try insert.execute()
  }

  /// The same, for the highlight of choice `uuid` (before the choice is deleted).
  func noteReviewed(highlightEvent uuid: String) throws {
    let statement = try database.cachedStatement(
      sql: "SELECT highlight_id FROM highlight_review_events WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    guard try statement.step() else { return }
    let id = statement.int64(0)
    statement.reset()
    try noteReviewed(highlight: id)
  }

  /// A highlight deleted elsewhere because a join kept its copy (the same `source_key`, the
  /// smaller UUID): its review choices move to that copy, as the join moved them there, rather
  /// than go with it (a device meeting both copies and the deletion in one round).
  func keepChoices(ofDeletedHighlight key: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.id, (SELECT o.id FROM highlights o
                      WHERE o.source_key = h.source_key AND o.id <> h.id ORDER BY o.uuid LIMIT 1)
        FROM highlights h
        WHERE h.uuid = ? AND h.source_key IS NOT NULL
          AND EXISTS (SELECT 1 FROM highlight_review_events e WHERE e.highlight_id = h.id)
        """)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    guard try statement.step(), !statement.isNull(1) else { return }
    let (gone, kept) = (statement.int64(0), statement.int64(1))
    statement.reset()
    let move = try database.cachedStatement(
      sql: "UPDATE highlight_review_events SET highlight_id = ?1 WHERE highlight_id = ?2")
    defer { move.reset() }
    try move.bind(kept, at: 1)
    try move.bind(gone, at: 2)
    try move.execute()
    try noteReviewed(highlight: kept)
  }

  /// Replays the schedule of every question and highlight whose events the round changed (in
  /// the order every device replays them) and forgets them. - Returns: how many.
  @discardableResult
  func replayReviewed() throws -> Int {
    try replayReviewedQuestions() + replayReviewedHighlights()
  }

  /// The highlights' part of `replayReviewed`.
  func replayReviewedHighlights() throws -> Int {
    let listed = try database.cachedStatement(
      sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_reviewed_highlights'")
    defer { listed.reset() }
    guard try listed.step(), listed.int(0) > 0 else { return 0 }
    listed.reset()
    let statement = try database.cachedStatement(
      sql: """
        SELECT highlight_id FROM temp.sync_reviewed_highlights
        WHERE highlight_id IN (SELECT id FROM highlights) ORDER BY 1
        """)
    var ids: [HighlightID] = []
    while try statement.step() { ids.append(HighlightID(statement.int64(0))) }
    statement.reset()
    let review = ReviewRepository(database: database)
    for id in ids { try review.replayHighlight(id) }
    try database.execute(sql: "DELETE FROM temp.sync_reviewed_highlights")
    return ids.count
  }

  /// The questions' part of `replayReviewed`.
  func replayReviewedQuestions() throws -> Int {
    let listed = try database.cachedStatement(
      sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_reviewed'")
    defer { listed.reset() }
    guard try listed.step(), listed.int(0) > 0 else { return 0 }
    listed.reset()
    let statement = try database.cachedStatement(
      sql: """
        SELECT question_id FROM temp.sync_reviewed
        WHERE question_id IN (SELECT id FROM questions) ORDER BY 1
        """)
    var ids: [QuestionID] = []
    while try statement.step() { ids.append(QuestionID(statement.int64(0))) }
    statement.reset()
    try ReviewRepository(database: database).replay(ids)
    try database.execute(sql: "DELETE FROM temp.sync_reviewed")
    return ids.count
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

  /// The shelf in the order the posts were put on it (then by UUID), on every device alike:
  /// after favorites arrived from elsewhere.
  func renumberFavorites() throws {
    try database.execute(sql: "UPDATE favorites SET position = -position")
    try database.execute(
      sql: """
        UPDATE favorites SET position = r.rank
        FROM (SELECT f.post_id, row_number() OVER (ORDER BY f.added_at, p.uuid) AS rank
              FROM favorites f JOIN posts p ON p.id = f.post_id) r
        WHERE favorites.post_id = r.post_id
        """)
  }

  func postID(_ line: String, path: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM posts WHERE uuid = json_extract(?1, ?2)")
    defer { statement.reset() }
    try statement.bind(line, at: 1)
    try statement.bind(path, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Who changes rows now: nil for this device's own changes (pushed by the next round), or
  /// a name for what a round applies (not pushed back).
  func setOrigin(_ origin: String?) throws {
    let statement = try database.cachedStatement(sql: "UPDATE change_context SET origin = ?")
    try statement.bind(origin, at: 1)
    try statement.execute()
  }
}
