import MemoCore

/// What a record restored from a conflict takes back from the journal of the change that
/// deleted it here: the questions about a highlight, the review events of a question or a
/// highlight.
extension SyncRepository {
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
