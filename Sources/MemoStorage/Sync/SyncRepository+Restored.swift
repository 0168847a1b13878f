import MemoCore

/// What a record restored from a conflict takes back from the journal of the change that
/// deleted it here: the questions about a highlight, the review events of a question or a
/// highlight.
extension SyncRepository {
  static let goneBookPrefix = "gone:post:"

  /// A book deleted by a round (`mergeDeletion`), as it was here: kept as a conflict at the
  /// end of the round if edits of its questions or highlights made here were
  /// (`keepGoneBooks`). `device`: the device whose version it is kept as (nil: this one).
  func noteGoneBook(
    _ key: String, row: String, time: HybridTime, winner: String, device: String? = nil
  ) throws {
    let statement = try database.cachedStatement(
      sql: "SELECT json_object('row', json(?1), 'hlc', ?2, 'winner', ?3, 'device', ?4)")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(time.value, at: 2)
    try statement.bind(winner, at: 3)
    try statement.bind(device, at: 4)
    if try statement.step() { try setSetting(Self.goneBookPrefix + key, statement.string(0)) }
  }

  /// A book another device deleted while this one added to it or edited its questions or
  /// highlights: those are kept as conflicts, and restoring one needs the book, which a plain
  /// deletion keeps nowhere ('re-add' makes a new book). It is kept as a conflict too (as
  /// this device's, as a rated item's is), so that restoring it, then them, brings them all
  /// back on every device. Only when no conflict of the book's own holds it already.
  /// - Returns: the conflicts kept.
  func keepGoneBooks(at now: Timestamp) throws -> Int {
    let pending = try database.cachedStatement(
      sql: """
        SELECT substr(key, length(?1) + 1), json(json_extract(value, '$.row')),
          json_extract(value, '$.hlc'), json_extract(value, '$.winner'),
          json_extract(value, '$.device')
        FROM sync_settings WHERE key LIKE ?1 || '%' ORDER BY key
        """)
    try pending.bind(Self.goneBookPrefix, at: 1)
    var found: [(key: String, row: String, time: Int64, winner: String, device: String?)] = []
    while try pending.step() {
      found.append(
        (
          pending.string(0), pending.string(1), pending.int64(2), pending.string(3),
          pending.text(4)
        ))
    }
    pending.reset()
    guard !found.isEmpty else { return 0 }
    try run("DELETE FROM sync_settings WHERE key LIKE ?1 || '%'", Self.goneBookPrefix)
    guard let device = try setting("device_id") else { return 0 }
    var conflicts = 0
    for book in found {
      guard try image(.post, book.key) == nil,
        try exists(
          """
          SELECT 1 FROM sync_conflicts WHERE kind IN ('question', 'highlight')
            AND json_extract(row, '$.post_uuid') = ?
          """, book.key),
        try !exists("SELECT 1 FROM sync_conflicts WHERE kind = 'post' AND key = ?", book.key),
        try keep(
          .post, key: book.key, field: "record", row: book.row,
          version: SyncVersion(time: HybridTime(value: book.time), device: book.device ?? device),
          winner: book.winner, at: now)
      else { continue }
      conflicts += 1
    }
    return conflicts
  }

  /// A record made again after its deletion (an undone `rm` or round, a restore), here or on
  /// another device, `by` that device's change: the values kept from its fields' conflicts
  /// now stand against the record as it came back, met then, its value from that device the
  /// one they lost to. Restoring one replaces the value the listing shows as kept, as any
  /// restore does; it used to be refused as over a value set after the conflict was met,
  /// since making the record again stamps every field, and the kept value (the answer given
  /// while the other device deleted the book) was out of reach (issue 35). A conflict whose
  /// value the record holds again is gone: nothing is left to bring back.
  /// - Parameter time: when this device met it (nil: when that change was made).
  func meetAgain(
    _ kind: SyncChange.Kind, _ key: String, by version: SyncVersion, at time: Timestamp? = nil
  ) throws {
    let met = Timestamp(millis: max(time?.millis ?? 0, version.time.millis)).rfc3339
    let update = try database.cachedStatement(
      sql: """
        UPDATE sync_conflicts SET detected_at = ?3, winner = ?4
        WHERE kind = ?1 AND key = ?2 AND field != 'record' AND detected_at <= ?3
        """)
    try update.bind(kind.rawValue, at: 1)
    try update.bind(key, at: 2)
    try update.bind(met, at: 3)
    try update.bind(version.device, at: 4)
    try update.execute()
    let held = try database.cachedStatement(
      sql: """
        DELETE FROM sync_conflicts WHERE id IN (
          SELECT id FROM (\(Self.conflictColumns))
          WHERE kind = ?1 AND uuid = ?2 AND field != 'record' AND kept IS lost)
        """)
    try held.bind(kind.rawValue, at: 1)
    try held.bind(key, at: 2)
    try held.execute()
  }

  /// A highlight's deletion unlinked the questions about it (`ON DELETE SET NULL`), and sync
  /// carried that; only the journal of the change that deleted it here still knows which
  /// they were. A highlight restored from a conflict asks them again: those of its post
  /// still asking about nothing.
  func relinkQuestions(toRestoredHighlight key: String) throws {
    try run(
      """
      \(Self.gone("highlights"))
      UPDATE questions SET highlight_id = (SELECT id FROM highlights WHERE uuid = ?1)
      WHERE highlight_id IS NULL
        AND post_id = (SELECT post_id FROM highlights WHERE uuid = ?1)
        AND uuid IN (
          SELECT json_extract(j.old_row, '$.uuid') FROM journal_changes j, gone
          WHERE j.entry_id = gone.entry_id AND j.table_name = 'questions'
            AND json_extract(j.old_row, '$.highlight_id') = gone.id
            AND json_extract(j.new_row, '$.highlight_id') IS NULL)
      """, key)
    // Every device unlinked them when the highlight went, but the version sync holds of each
    // still names it (as its device made it): as of the last round they name none, so the
    // next round sends them relinked, and every device asks them about it again.
    try run(
      """
      UPDATE sync_versions SET row = json_set(row, '$.highlight_uuid', NULL)
      WHERE kind = 'question' AND row IS NOT NULL AND key IN (
        SELECT q.uuid FROM questions q JOIN highlights h ON h.id = q.highlight_id
        WHERE h.uuid = ?1)
      """, key)
  }

  /// A question's or highlight's deletion took its review events with it (`ON DELETE CASCADE`),
  /// and only the journal of the change that deleted it here still holds them; the ratings
  /// other devices made of it that rounds brought in since were set aside (`sync_set_aside`).
  /// Restored from a conflict (or made again by a round), it gets them all back (those not
  /// here again by UUID), under its new id, as this device's change (the next round sends them
  /// to the devices that lost them too), and its schedule is replayed from them. Those set
  /// aside leave the table (journaled: undoing the restore sets them aside again).
  func restoreReviewEvents(of key: String, highlight: Bool) throws {
    let (records, events, column) =
      highlight
      ? ("highlights", "highlight_review_events", "highlight_id")
      : ("questions", "review_events", "question_id")
    let columns =
      highlight
      ? ["uuid", "rating", "reviewed_at", "device", "duration_ms", "created_at"]
      : ["uuid", "kind", "rating", "reviewed_at", "device", "duration_ms", "created_at"]
    let values = columns.map { "json_extract(j.old_row, '$.\($0)')" }.joined(separator: ", ")
    try run(
      """
      \(Self.gone(records))
      INSERT INTO \(events) (\(column), \(columns.joined(separator: ", ")))
      SELECT (SELECT id FROM \(records) WHERE uuid = ?1), \(values)
      FROM journal_changes j, gone
      WHERE j.entry_id = gone.entry_id AND j.table_name = '\(events)' AND j.new_row IS NULL
        AND json_extract(j.old_row, '$.\(column)') = gone.id
        AND json_extract(j.old_row, '$.uuid') NOT IN (SELECT uuid FROM \(events))
      ORDER BY j.id
      """, key)
    let kind = highlight ? "highlight_review_event" : "review_event"
    let asideValues = columns.map { "json_extract(s.row, '$.\($0)')" }.joined(separator: ", ")
    try run(
      """
      INSERT INTO \(events) (\(column), \(columns.joined(separator: ", ")))
      SELECT (SELECT id FROM \(records) WHERE uuid = ?1), \(asideValues)
      FROM sync_set_aside s
      WHERE s.item = ?1 AND s.kind = '\(kind)' AND s.uuid NOT IN (SELECT uuid FROM \(events))
      ORDER BY json_extract(s.row, '$.reviewed_at'), json_extract(s.row, '$.created_at'), s.uuid
      """, key)
    try run("DELETE FROM sync_set_aside WHERE item = ?1 AND kind = '\(kind)'", key)
    // The deletion this device applied took the events with it unseen by sync (a cascade), so
    // sync may still hold one as it was before: the round would find it back unchanged and
    // not send it, and a device that never had it (one made here while the record was deleted
    // there) would never get it. Those back now (this device's changes) are held as deleted,
    // so the round sends them all (an event a device has already is the same event there).
    try run(
      """
      UPDATE sync_versions SET row = NULL
      WHERE kind = '\(kind)'
        AND key IN (SELECT e.uuid FROM \(events) e
                    JOIN changes c ON c.kind = '\(kind)' AND c.key = e.uuid AND c.origin IS NULL
                    WHERE e.\(column) = (SELECT id FROM \(records) WHERE uuid = ?1))
      """, key)
    let review = ReviewRepository(database: database)
    if highlight {
      let id = try database.cachedStatement(sql: "SELECT id FROM highlights WHERE uuid = ?")
      defer { id.reset() }
      try id.bind(key, at: 1)
      if try id.step() { try review.replayHighlight(HighlightID(id.int64(0))) }
    } else {
      let id = try database.cachedStatement(sql: "SELECT id FROM questions WHERE uuid = ?")
      defer { id.reset() }
      try id.bind(key, at: 1)
      if try id.step() { try review.replay([QuestionID(id.int64(0))]) }
    }
  }

  /// `gone`: the journal entry that deleted the record of `table` with UUID ?1 here (the
  /// latest), and the id the record had.
  static func gone(_ table: String) -> String {
    """
    WITH gone AS (
      SELECT entry_id, json_extract(old_row, '$.id') AS id FROM journal_changes
      WHERE table_name = '\(table)' AND new_row IS NULL
        AND json_extract(old_row, '$.uuid') = ?1
      ORDER BY id DESC LIMIT 1)
    """
  }
}

extension SyncRepository {
  /// Sets aside a rating (or highlight choice) a round brought in for an item deleted here:
  /// `row` is the event as the change carried it. Kept until the item comes back
  /// (`restoreReviewEvents`) or the device that made it takes it back.
  func setAside(_ kind: SyncChange.Kind, key: String, row: String) throws {
    let item = kind == .highlightReviewEvent ? "highlight_uuid" : "question_uuid"
    let statement = try database.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO sync_set_aside (uuid, kind, item, row)
        SELECT ?1, ?2, json_extract(?3, '$.\(item)'), json(?3)
        WHERE json_extract(?3, '$.\(item)') IS NOT NULL
        """)
    try statement.bind(key, at: 1)
    try statement.bind(kind.rawValue, at: 2)
    try statement.bind(row, at: 3)
    try statement.execute()
  }

  /// Forgets the ratings set aside that are here again (by UUID).
  func dropSetAsideHeld() throws {
    try database.execute(
      sql: """
        DELETE FROM sync_set_aside AS s
        WHERE EXISTS (SELECT 1 FROM review_events e WHERE e.uuid = s.uuid)
          OR EXISTS (SELECT 1 FROM highlight_review_events e WHERE e.uuid = s.uuid)
        """)
  }
}

extension SyncRepository {
  /// A record deleted after the round that met its conflict (a field conflict of a record that
  /// was there then) cannot be restored from it: the conflict's row is the record as it was
  /// when the conflict was met, not as it was deleted (a book without its questions). The
  /// deletion's journal entry comes after the conflict's (or, the round that met it having
  /// left no entry, after the time it was met); one that met the conflict (an edit against a
  /// deletion) deleted it in the same entry or before. - Returns: the deletion's
  /// entry, whether a round brought it, and the name of the device that made it (nil: one
  /// sync cannot name), or nil when it is not such a deletion.
  func deletionAfterConflict(
    _ kind: SyncChange.Kind, key: String, identity: String, detected: Timestamp
  ) throws
    -> (entry: Int64, round: Bool, device: String?)?
  {
    let tables: [SyncChange.Kind: String] = [
      .post: "posts", .question: "questions", .highlight: "highlights",
    ]
    guard let table = tables[kind] else { return nil }
    let statement = try database.cachedStatement(
      sql: """
        WITH gone AS (
          SELECT entry_id FROM journal_changes
          WHERE table_name = ?1 AND new_row IS NULL AND json_extract(old_row, '$.uuid') = ?2
          ORDER BY id DESC LIMIT 1),
        met AS (
          SELECT entry_id FROM journal_changes
          WHERE table_name = 'sync_conflicts' AND old_row IS NULL
            AND json_extract(new_row, '$.kind') || ':' || json_extract(new_row, '$.field') || ':'
              || json_extract(new_row, '$.hlc') || ':' || json_extract(new_row, '$.device') || ':'
              || json_extract(new_row, '$.key') = ?3
          ORDER BY id DESC LIMIT 1)
        SELECT e.id, CASE WHEN e.action = 'sync' THEN
            (SELECT coalesce(p.name, v.device) FROM sync_versions v
             LEFT JOIN sync_peers p ON p.device = v.device
             WHERE v.kind = ?4 AND v.key = ?2 AND v.row IS NULL)
          ELSE (SELECT value FROM sync_settings WHERE key = 'device_name') END,
          e.action = 'sync'
        FROM gone JOIN journal_entries e ON e.id = gone.entry_id
        WHERE e.undone = 0 AND CASE WHEN EXISTS (SELECT 1 FROM met)
          THEN gone.entry_id > (SELECT entry_id FROM met) ELSE e.created_at > ?5 END
        """)
    defer { statement.reset() }
    try statement.bind(table, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(identity, at: 3)
    try statement.bind(kind.rawValue, at: 4)
    try statement.bind(detected.rfc3339, at: 5)
    guard try statement.step() else { return nil }
    return (statement.int64(0), statement.bool(2), statement.text(1))
  }
}
