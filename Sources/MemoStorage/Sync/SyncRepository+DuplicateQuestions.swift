import MemoCore

/// The same reader's file imported on two devices gives each a question for each of its notes
/// asked as a question, under UUIDs of their own. Once their highlights are one
/// (SyncRepository+Duplicates), the two questions ask about the same passage, dated alike by
/// the file: they become one on every device alike, as the highlights do. The one with the
/// smaller UUID stays; it takes the other's star, answer and category where it has none (where
/// both have one and they differ, and for a text edited on either, the later stamp wins and
/// the other is kept as a conflict, `settle`), and its ratings (its schedule replayed from all
/// of them).
extension SyncRepository {
  /// The imported highlights (with a `source_key`) a round touched: those among `keys` (the
  /// highlights and questions it applied), those its questions ask about, and the copies that
  /// stayed of the highlights with source keys `joined` (their questions moved to them).
  func importedHighlights(_ keys: Set<String>, joined: Set<String>) throws -> Set<Int64> {
    var ids: Set<Int64> = []
    let find = try database.cachedStatement(
      sql: """
        SELECT h.id FROM highlights h WHERE h.uuid = ?1 AND h.source_key IS NOT NULL
        UNION ALL
        SELECT h.id FROM questions q JOIN highlights h ON h.id = q.highlight_id
        WHERE q.uuid = ?1 AND h.source_key IS NOT NULL
        UNION ALL
        SELECT h.id FROM highlights h WHERE h.source_key = ?2
        """)
    defer { find.reset() }
    for (key, sourceKey) in keys.map({ ($0, nil as String?) }) + joined.map({ ("", $0) }) {
      find.reset()
      try find.bind(key, at: 1)
      try find.bind(sourceKey, at: 2)
      while try find.step() { ids.insert(find.int64(0)) }
    }
    return ids
  }

  /// Joins the questions about each imported highlight of `highlights` that were asked at the
  /// same time: a note of the file asked them (an import dates a question by its note), so they
  /// are one question, whatever text an edit gave either since (the later text wins and the
  /// other is kept as a conflict, `settle`). Only the highlights a round touched are read, so
  /// that a round costs what it brings, not what the database holds.
  /// - Returns: the conflicts met (values kept from the question that went).
  func joinDuplicateQuestions(about highlights: Set<Int64>, at now: Timestamp) throws -> Int {
    let find = try database.cachedStatement(
      sql: """
        SELECT group_concat(uuid, ' ') FROM (
          SELECT uuid, created_at FROM questions WHERE highlight_id = ? ORDER BY uuid)
        GROUP BY created_at HAVING count(*) > 1
        """)
    var groups: [[String]] = []
    for highlight in highlights.sorted() {
      find.reset()
      try find.bind(highlight, at: 1)
      while try find.step() {
        groups.append(find.string(0).split(separator: " ").map(String.init).sorted())
      }
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

  func questionID(_ uuid: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM questions WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Question `other`'s ratings go to `keep`, then `other` goes.
  func moveRatings(of other: Int64, to keep: Int64) throws {
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
