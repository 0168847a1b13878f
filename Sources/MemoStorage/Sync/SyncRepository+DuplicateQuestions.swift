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
  /// The imported highlights (with a `source_key`) a round touched besides those it applied
  /// (`joinDuplicates` reads those): those its questions `questions` ask about, and the copies
  /// that stayed of the highlights with source keys `joined` (their questions moved to them).
  func importedHighlights(_ questions: Set<String>, joined: Set<String>) throws -> Set<Int64> {
    var ids: Set<Int64> = []
    let asked = try database.cachedStatement(
      sql: """
        SELECT h.id FROM questions q JOIN highlights h ON h.id = q.highlight_id
        WHERE q.uuid = ? AND h.source_key IS NOT NULL
        """)
    defer { asked.reset() }
    for key in questions {
      asked.reset()
      try asked.bind(key, at: 1)
      while try asked.step() { ids.insert(asked.int64(0)) }
    }
    let copies = try database.cachedStatement(sql: "SELECT id FROM highlights WHERE source_key = ?")
    defer { copies.reset() }
    for sourceKey in joined {
      copies.reset()
      try copies.bind(sourceKey, at: 1)
      while try copies.step() { ids.insert(copies.int64(0)) }
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
    var groups: [[String]] = []
    for highlight in highlights.sorted() { groups += try askedAlike(about: highlight) }
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

  /// The questions about `highlight` asked at the same time, in groups of two or more (each
  /// by UUID, in order), the groups in the order of that time. Read as rows and grouped here:
  /// most highlights have no question, and a grouping statement sorts even for none (a round
  /// runs it for every imported highlight it touched).
  private func askedAlike(about highlight: Int64) throws -> [[String]] {
    let find = try database.cachedStatement(
      sql: "SELECT created_at, uuid FROM questions WHERE highlight_id = ?")
    defer { find.reset() }
    try find.bind(highlight, at: 1)
    var asked: [(at: [UInt8], uuid: String)] = []
    while try find.step() { asked.append((Array(find.string(0).utf8), find.string(1))) }
    guard asked.count > 1 else { return [] }
    // Byte order, as SQLite's GROUP BY gave them.
    asked.sort { $0.at.lexicographicallyPrecedes($1.at) }
    var groups: [[String]] = []
    var start = 0
    for end in 1...asked.count where end == asked.count || asked[end].at != asked[start].at {
      if end - start > 1 { groups.append(asked[start..<end].map(\.uuid).sorted()) }
      start = end
    }
    return groups
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
