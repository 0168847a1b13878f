import MemoCore

/// A backup's review events, question ratings and highlight choices: immutable records, added
/// when missing and replayed into their schedules.
extension Importer {
  /// A review event: immutable, so one already here (by UUID) is the same event.
  func merge(_ event: ReviewEventRecord, into summary: inout ImportSummary, name: String) throws {
    let exists = try database.cachedStatement(sql: "SELECT 1 FROM review_events WHERE uuid = ?")
    try exists.bind(event.uuid, at: 1)
    let isHere = try exists.step()
    exists.reset()
    guard !isHere else {
      summary.unchanged += 1
      return
    }
    guard let questionID = try questionID(event.questionUUID) else {
      throw MemoError.malformedImport(
        name, place: "review event \(event.uuid)",
        reason: "its question \(event.questionUUID) is neither in the file nor in the database")
    }
    try run(
      """
      INSERT INTO review_events (uuid, kind, question_id, rating, reviewed_at, device,
        duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(event.uuid), .text(event.rating.kind.rawValue), .integer(questionID),
        .text(event.rating.name), .text(event.reviewedAt.rfc3339), optional(event.device),
        event.durationMillis.map { .integer($0) } ?? .null, .text(event.createdAt.rfc3339),
      ])
    known.reviewed.insert(questionID)
    summary.added += 1
  }

  /// A choice on a highlight: immutable, so one already here (by UUID) is the same choice.
  func merge(_ event: HighlightReviewEventRecord, into summary: inout ImportSummary, name: String)
    throws
  {
    let exists = try database.cachedStatement(
      sql: "SELECT 1 FROM highlight_review_events WHERE uuid = ?")
    try exists.bind(event.uuid, at: 1)
    let isHere = try exists.step()
    exists.reset()
    guard !isHere else {
      summary.unchanged += 1
      return
    }
    guard let highlightID = try highlightID(event.highlightUUID) else {
      throw MemoError.malformedImport(
        name, place: "review event \(event.uuid)",
        reason: "its highlight \(event.highlightUUID) is neither in the file nor in the database")
    }
    try run(
      """
      INSERT INTO highlight_review_events (uuid, highlight_id, rating, reviewed_at, device,
        duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(event.uuid), .integer(highlightID), .text(event.choice.rawValue),
        .text(event.reviewedAt.rfc3339), optional(event.device),
        event.durationMillis.map { .integer($0) } ?? .null, .text(event.createdAt.rfc3339),
      ])
    known.reviewedHighlights.insert(highlightID)
    summary.added += 1
  }

  func highlightExists(_ id: Int64) throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM highlights WHERE id = ?")
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    return try statement.step()
  }
}
