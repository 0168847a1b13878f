import MemoCore

/// The sections of an export after the posts (the shelf, saved filters, deletions), and the
/// export cursors.
extension Exporter {
  /// The shelf in order, each with its rank; after `afterSeq`, only the places that changed.
  func favorites(afterSeq: Int64? = nil) throws -> [(
    postUUID: String, position: Int64, addedAt: Timestamp
  )] {
    // Positions are written as ranks (1, 2, 3…): gaps left by unfav do not matter.
    let statement = try database.makeStatement(
      sql: """
        SELECT uuid, rank, added_at FROM (
          SELECT p.uuid, row_number() OVER (ORDER BY f.position) AS rank, f.added_at, f.position
          FROM favorites f JOIN posts p ON p.id = f.post_id)
        WHERE ?1 IS NULL OR uuid IN (SELECT key FROM changes WHERE kind = 'favorite' AND seq > ?1)
        ORDER BY position
        """)
    try statement.bind(afterSeq, at: 1)
    var result: [(postUUID: String, position: Int64, addedAt: Timestamp)] = []
    while try statement.step() {
      result.append((statement.string(0), statement.int64(1), time(statement, 2)))
    }
    return result
  }

  /// The saved filters; after `afterSeq`, only those that changed.
  func savedFilters(afterSeq: Int64? = nil) throws -> [(
    name: String, filter: QuestionFilter, createdAt: Timestamp, updatedAt: Timestamp
  )] {
    let statement = try database.makeStatement(
      sql: """
        SELECT name, filter, created_at, updated_at FROM saved_filters
        WHERE ?1 IS NULL OR name IN (SELECT key FROM changes WHERE kind = 'saved_filter' AND seq > ?1)
        ORDER BY name COLLATE NOCASE
        """)
    try statement.bind(afterSeq, at: 1)
    var result:
      [(name: String, filter: QuestionFilter, createdAt: Timestamp, updatedAt: Timestamp)] = []
    while try statement.step() {
      result.append(
        (
          statement.string(0), try QuestionFilter(json: statement.string(1)), time(statement, 2),
          time(statement, 3)
        ))
    }
    return result
  }

  func tombstones(since: String?, afterSeq: Int64? = nil) throws -> [(
    uuid: String, kind: String, deletedAt: Timestamp
  )] {
    let statement = try database.makeStatement(
      sql: """
        SELECT uuid, kind, deleted_at FROM tombstones t WHERE (?1 IS NULL OR deleted_at >= ?1)
          AND (?2 IS NULL OR EXISTS (SELECT 1 FROM changes c
                                     WHERE c.kind = t.kind AND c.key = t.uuid AND c.seq > ?2))
        ORDER BY deleted_at, uuid
        """)
    try statement.bind(since, at: 1)
    try statement.bind(afterSeq, at: 2)
    var result: [(uuid: String, kind: String, deletedAt: Timestamp)] = []
    while try statement.step() {
      result.append((statement.string(0), statement.string(1), time(statement, 2)))
    }
    return result
  }

  /// The review events (issue 25), questions' and highlights' together, streamed, in the order
  /// every device replays them and with the same bytes on each: by reviewed_at, created_at,
  /// uuid. After a cursor's seq, those that arrived since (sync brings older ones); with
  /// `since`, those recorded since.
  func writeReviewEvents(_ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection)
    throws
  {
    guard encoder.format == .json || encoder.format == .jsonl else { return }
    try output.write(encoder.beginReviewEvents())
    let statement = try database.makeStatement(
      sql: """
        SELECT e.uuid, q.uuid, e.rating, e.reviewed_at, e.device, e.duration_ms, e.created_at,
          0 AS highlight
        FROM review_events e JOIN questions q ON q.id = e.question_id
        WHERE (?1 IS NULL OR e.created_at >= ?1)
          AND (?2 IS NULL OR e.uuid IN (SELECT key FROM changes WHERE kind = 'review_event' AND seq > ?2))
        UNION ALL
        SELECT e.uuid, h.uuid, e.rating, e.reviewed_at, e.device, e.duration_ms, e.created_at, 1
        FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
        WHERE (?1 IS NULL OR e.created_at >= ?1)
          AND (?2 IS NULL OR e.uuid IN
            (SELECT key FROM changes WHERE kind = 'highlight_review_event' AND seq > ?2))
        ORDER BY 4, 7, 1
        """)
    try statement.bind(selection.since?.rfc3339, at: 1)
    try statement.bind(selection.afterSeq, at: 2)
    var count = 0
    while try statement.step() {
      if statement.bool(7) {
        guard let choice = HighlightChoice(rawValue: statement.string(2)) else { continue }
        let event = HighlightReviewEventRecord(
          uuid: statement.string(0), highlightUUID: statement.string(1), choice: choice,
          reviewedAt: time(statement, 3), device: statement.text(4),
          durationMillis: statement.isNull(5) ? nil : statement.int64(5),
          createdAt: time(statement, 6))
        try output.write(encoder.highlightReviewEvent(event, index: count))
        count += 1
        continue
      }
      guard let rating = ReviewRating(name: statement.string(2)) else { continue }
      let event = ReviewEventRecord(
        uuid: statement.string(0), questionUUID: statement.string(1), rating: rating,
        reviewedAt: time(statement, 3), device: statement.text(4),
        durationMillis: statement.isNull(5) ? nil : statement.int64(5),
        createdAt: time(statement, 6))
      try output.write(encoder.reviewEvent(event, index: count))
      count += 1
    }
    try output.write(encoder.endReviewEvents(count: count))
  }

  /// A cursor: the time of its last export and the last seq it exported (nil: saved before
  /// the change sequence).
  func cursor(_ name: String) throws -> (time: Timestamp, seq: Int64?)? {
    let statement = try database.cachedStatement(
      sql: "SELECT exported_at, seq FROM export_cursors WHERE name = ?")
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    guard try statement.step() else { return nil }
    return (
      Timestamp(rfc3339: statement.string(0)) ?? Timestamp(millis: 0),
      statement.isNull(1) ? nil : statement.int64(1)
    )
  }

  func saveCursor(_ name: String, at time: Timestamp, seq: Int64) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO export_cursors (name, exported_at, seq) VALUES (?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET exported_at = excluded.exported_at, seq = excluded.seq
        """)
    try statement.bind(name, at: 1)
    try statement.bind(time.rfc3339, at: 2)
    try statement.bind(seq, at: 3)
    try statement.execute()
  }

  func time(_ row: Statement, _ column: Int32) -> Timestamp {
    Timestamp(rfc3339: row.string(column)) ?? Timestamp(millis: 0)
  }
}

extension QuestionFilter {
  /// nil for a filter that keeps everything.
  var nilIfEmpty: QuestionFilter? { isEmpty ? nil : self }
}
