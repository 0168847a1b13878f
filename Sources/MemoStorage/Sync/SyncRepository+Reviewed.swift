import MemoCore

/// The review events a round changed: the questions and highlights whose schedules are
/// replayed once at the round's end, and the choices a join of two copies keeps.
extension SyncRepository {
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

  /// A highlight deleted elsewhere because a join kept its copy: what this machine's import
  /// last gave it (`highlight_imports`) goes to that copy, as the join does where it runs.
  func keepImportRecord(ofDeletedHighlight key: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO highlight_imports (highlight_id, text, note, held)
        SELECT (SELECT o.id FROM highlights o
                WHERE o.source_key = h.source_key AND o.id <> h.id ORDER BY o.uuid LIMIT 1),
          i.text, i.note, i.held
        FROM highlights h JOIN highlight_imports i ON i.highlight_id = h.id
        WHERE h.uuid = ? AND h.source_key IS NOT NULL
          AND EXISTS (SELECT 1 FROM highlights o WHERE o.source_key = h.source_key AND o.id <> h.id)
        """)
    try statement.bind(key, at: 1)
    try statement.execute()
  }
}

/// The ratings that go with an item another device deleted, and come back with it.
extension SyncRepository {
  /// Whether this device rated question or highlight `key` (a rating or a highlight's
  /// choice made here), or one of post `key`'s: its deletion by a round is then kept as a
  /// conflict on this device.
  /// A highlight joined into its duplicate elsewhere is not (its choices follow the copy kept).
  func ratedHere(_ kind: SyncChange.Kind, _ key: String) throws -> Bool {
    let here = "e.device = (SELECT value FROM sync_settings WHERE key = 'device_id')"
    switch kind {
    case .question:
      return try exists(
        """
        SELECT 1 FROM review_events e JOIN questions q ON q.id = e.question_id
        WHERE q.uuid = ? AND \(here)
        """, key)
    case .highlight:
      return try exists(
        """
        SELECT 1 FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
        WHERE h.uuid = ? AND \(here) AND NOT EXISTS (
          SELECT 1 FROM highlights o WHERE o.source_key = h.source_key AND o.id <> h.id)
        """, key)
    case .post:
      // A book whose questions or highlights were rated here (kept as conflicts already, when
      // their deletions came first): restored first, they can be.
      return try exists(
        """
        SELECT 1 FROM posts p WHERE p.uuid = ?1 AND (
          EXISTS (SELECT 1 FROM review_events e JOIN questions q ON q.id = e.question_id
                  WHERE q.post_id = p.id AND \(here))
          OR EXISTS (SELECT 1 FROM highlight_review_events e
                     JOIN highlights h ON h.id = e.highlight_id WHERE h.post_id = p.id AND \(here))
          OR EXISTS (SELECT 1 FROM sync_conflicts c
                     WHERE c.kind IN ('question', 'highlight') AND c.field = 'record'
                       AND json_extract(c.row, '$.post_uuid') = ?1
                       AND c.device = (SELECT value FROM sync_settings WHERE key = 'device_id')))
        """, key)
    default: return false
    }
  }

  /// Forgets the conflicts this device kept of whole records another deleted (rated here,
  /// asked here) once the record is here again (its deletion undone there, or restored from
  /// another device's conflict): nothing is left to bring back (journaled with the round).
  func dropRecordConflictsBack() throws {
    try database.execute(
      sql: """
        DELETE FROM sync_conflicts AS c
        WHERE c.field = 'record'
          AND c.device = (SELECT value FROM sync_settings WHERE key = 'device_id')
          AND CASE c.kind
            WHEN 'post' THEN EXISTS (SELECT 1 FROM posts WHERE uuid = c.key)
            WHEN 'question' THEN EXISTS (SELECT 1 FROM questions WHERE uuid = c.key)
            WHEN 'highlight' THEN EXISTS (SELECT 1 FROM highlights WHERE uuid = c.key)
            ELSE 0 END
        """)
  }

  /// How many review ratings (or highlight choices) the deletion of record `key` takes with
  /// it: a question's, a post's questions' and highlights', a highlight's (not one a join
  /// deletes: its choices move to the copy kept).
  func ratings(ofDeleted kind: SyncChange.Kind, _ key: String) throws -> Int {
    let sql: String
    switch kind {
    case .question:
      sql = """
        SELECT count(*) FROM review_events e JOIN questions q ON q.id = e.question_id
        WHERE q.uuid = ?1
        """
    case .highlight:
      sql = """
        SELECT count(*) FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
        WHERE h.uuid = ?1 AND NOT EXISTS (
          SELECT 1 FROM highlights o WHERE o.source_key = h.source_key AND o.id <> h.id)
        """
    case .post:
      sql = """
        SELECT (SELECT count(*) FROM review_events e JOIN questions q ON q.id = e.question_id
                JOIN posts p ON p.id = q.post_id WHERE p.uuid = ?1)
          + (SELECT count(*) FROM highlight_review_events e
             JOIN highlights h ON h.id = e.highlight_id JOIN posts p ON p.id = h.post_id
             WHERE p.uuid = ?1)
        """
    default: return 0
    }
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() ? statement.int(0) : 0
  }

  /// Remembers, for this connection, a question or highlight that a round made again after
  /// sync had deleted it here (`reviveReviewEvents` brings its ratings back).
  func noteRevived(_ kind: SyncChange.Kind, _ key: String) throws {
    try database.execute(
      sql: "CREATE TEMP TABLE IF NOT EXISTS sync_revived (kind TEXT, key TEXT, PRIMARY KEY (kind, key))")
    let insert = try database.cachedStatement(
      sql: "INSERT OR IGNORE INTO temp.sync_revived (kind, key) VALUES (?, ?)")
    try insert.bind(kind.rawValue, at: 1)
    try insert.bind(key, at: 2)
    try insert.execute()
  }

  /// The ratings of the items the round made again that their deletion here took (the journal
  /// of that deletion holds them): back on the item, as this device's change, so that the
  /// next round sends them to the devices that dropped them (the one that deleted the item
  /// never took them). Their versions are forgotten: sync pushes them again, not as seen.
  func reviveReviewEvents() throws {
    let listed = try database.cachedStatement(
      sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_revived'")
    defer { listed.reset() }
    guard try listed.step(), listed.int(0) > 0 else { return }
    listed.reset()
    let statement = try database.cachedStatement(
      sql: "SELECT kind, key FROM temp.sync_revived ORDER BY kind, key")
    var revived: [(String, String)] = []
    while try statement.step() { revived.append((statement.string(0), statement.string(1))) }
    statement.reset()
    try database.execute(sql: "DELETE FROM temp.sync_revived")
    guard !revived.isEmpty else { return }
    let before = try database.int(sql: "SELECT coalesce(max(seq), 0) FROM changes") ?? 0
    for (kind, key) in revived {
      try restoreReviewEvents(of: key, highlight: kind == SyncChange.Kind.highlight.rawValue)
    }
    try database.execute(
      sql: """
        UPDATE sync_versions SET row = NULL
        WHERE kind IN ('review_event', 'highlight_review_event')
          AND key IN (SELECT key FROM changes WHERE seq > \(before) AND origin IS NULL
                      AND kind IN ('review_event', 'highlight_review_event'))
        """)
  }
}
