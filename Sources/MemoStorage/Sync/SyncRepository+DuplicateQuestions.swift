import MemoCore

/// The same reader's file imported on two devices gives each a question for each of its notes
/// asked as a question, under UUIDs of their own. Once their highlights are one
/// (SyncRepository+Duplicates), the two questions ask the same thing about the same passage,
/// dated alike by the file: they become one on every device alike, as the highlights do. The
/// one with the smaller UUID stays; it takes the other's star, answer and category where it
/// has none (where both have one and they differ, the later stamp wins and the other is kept
/// as a conflict, `settle`), and its ratings (its schedule replayed from all of them).
extension SyncRepository {
  /// Joins the questions about an imported highlight (one with a `source_key`) that share
  /// their text and the time they were asked.
  /// - Returns: the conflicts met (values kept from the question that went).
  func joinDuplicateQuestions(at now: Timestamp) throws -> Int {
    let find = try database.cachedStatement(
      sql: """
        SELECT group_concat(q.uuid, ' ') FROM (
          SELECT q.uuid, q.highlight_id, q.text, q.created_at FROM questions q
          JOIN highlights h ON h.id = q.highlight_id
          WHERE h.source_key IS NOT NULL ORDER BY q.uuid) AS q
        GROUP BY q.highlight_id, q.text, q.created_at HAVING count(*) > 1
        """)
    var groups: [[String]] = []
    while try find.step() {
      groups.append(find.string(0).split(separator: " ").map(String.init).sorted())
    }
    find.reset()
    var conflicts = 0
    var kept: [QuestionID] = []
    for group in groups {
      guard let keep = group.first, let keepID = try questionID(keep) else { continue }
      for other in group.dropFirst() {
        guard let otherID = try questionID(other) else { continue }
        conflicts += try settle(.question, keep: keep, other: other, at: now).conflicts
        try moveRatings(of: otherID, to: keepID)
      }
      kept.append(QuestionID(keepID))
    }
    // The kept questions' schedules, replayed from every rating they now have.
    if !kept.isEmpty { try ReviewRepository(database: database).replay(kept) }
    return conflicts
  }

  private func questionID(_ uuid: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM questions WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Question `other`'s ratings go to `keep`, then `other` goes.
  private func moveRatings(of other: Int64, to keep: Int64) throws {
    for sql in [
      // Its ratings are this device's history of the one question: they stay, and go out
      // again naming the kept one (a device that never had the other question, meeting only
      // its deletion, would drop a rating that names it).
      """
      DELETE FROM changes WHERE kind = 'review_event' AND ?1 IS NOT NULL
        AND key IN (SELECT uuid FROM review_events WHERE question_id = ?2)
      """,
      """
      INSERT INTO changes (kind, key, origin) SELECT 'review_event', uuid, NULL
      FROM review_events WHERE question_id = ?2 AND ?1 IS NOT NULL ORDER BY id
      """,
      "UPDATE review_events SET question_id = ?1 WHERE question_id = ?2",
      "DELETE FROM questions WHERE id = ?2",
    ] {
      let statement = try database.cachedStatement(sql: sql)
      try statement.bind(keep, at: 1)
      try statement.bind(other, at: 2)
      try statement.execute()
    }
  }
}
