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
    try refuseFuture(event.reviewedAt, uuid: event.uuid, name: name)
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
    try refuseFuture(event.reviewedAt, uuid: event.uuid, name: name)
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

  /// Past this much after the clock, a rating is refused: replayed after every real one, it
  /// would hide its item until then (`memo review rate --at` allows five minutes; a backup
  /// made on a machine whose clock ran a few hours ahead still comes in).
  static let futureToleranceMillis: Int64 = 24 * 3_600_000

  func refuseFuture(_ reviewedAt: Timestamp, uuid: String, name: String) throws {
    guard reviewedAt.millis > now.millis + Self.futureToleranceMillis else { return }
    throw MemoError.malformedImport(
      name, place: "review event \(uuid)",
      reason:
        "it was reviewed at \(reviewedAt.rfc3339), more than a day after this machine's clock (\(now.rfc3339)): replayed after every real rating, it would hide its item until then; correct its reviewed_at, or the clock"
    )
  }

  func highlightExists(_ id: Int64) throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM highlights WHERE id = ?")
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    return try statement.step()
  }
}
