import MemoCore

/// Reading stored schedules and writing changed ones in bulk (the replay after a change of
/// settings, `replayAll`).
extension ReviewRepository {
  /// Whether a stored row (a schedule from column 1: kind … open_streak) holds `item`: the
  /// counts and the due time first, read without making strings (a change of settings nearly
  /// always moves the due time), the whole row only when those match.
  static func holds(_ statement: Statement, _ item: ReviewItem) -> Bool {
    guard statement.int(8) == item.reps, statement.int(9) == item.lapses,
      statement.int(11) == item.openStreak,
      (statement.isNull(6) ? nil : time(statement, 6)) == item.due
    else { return false }
    return Self.item(statement, id: item.questionID) == item
  }

  /// Whether the stored row's kind (column 1) is `kind`.
  static func isOfKind(_ statement: Statement, _ kind: ReviewKind) -> Bool {
    statement.withUTF8(1) { $0.elementsEqual(kind.rawValue.utf8) }
  }

  /// Writes changed schedules over their rows, each of the same kind as its row (the kind is
  /// not written, so `review_new_from`'s triggers have nothing to do), one prepared UPDATE
  /// each. Outside the journal the journal's update trigger, which would do nothing, is taken
  /// out for them and put back as `sqlite_schema` held it, inside the transaction (no other
  /// process sees it gone; a rollback brings it back): with a trigger each UPDATE paid for a
  /// statement journal, a copy of every page it touched. The UPDATE alone needs none (one row;
  /// no trigger; the foreign key's column unchanged). One upsert of them all from a temporary
  /// table, which did, took 40% more instructions.
  ///
  /// When a quarter or more of the `total` stored schedules change (a change of settings: all
  /// of them), the due index is taken out the same way and built again after them: one sort
  /// instead of a delete and an insert at a random place in it for each schedule (at 100,000
  /// ratings the UPDATEs' own work fell from 312 to 108 million instructions, the build 82
  /// million). Its statistics (`sqlite_stat1`, which DROP INDEX deletes), if ANALYZE made
  /// some, are put back as they were. - Returns: how many.
  func update(_ items: [ReviewItem], journaled: Bool, of total: Int) throws -> Int {
    guard !items.isEmpty else { return 0 }
    let trigger = "review_items_journal_update"
    let definition =
      journaled
      ? nil
      : try database.text(
        sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\(trigger)'")
    if definition != nil { try database.executeScript("DROP TRIGGER \(trigger)") }
    let index = "review_items_by_due"
    let indexDefinition =
      items.count * 4 >= total
      ? try database.text(
        sql: "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = '\(index)'")
      : nil
    var statistics: String?
    if indexDefinition != nil {
      if try database.int(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'")
        != 0
      {
        statistics = try database.text(
          sql: "SELECT stat FROM sqlite_stat1 WHERE tbl = 'review_items' AND idx = '\(index)'")
      }
      try database.executeScript("DROP INDEX \(index)")
    }
    let statement = try database.makeStatement(
      sql: """
        UPDATE review_items SET state = ?3, step = ?4, stability = ?5, difficulty = ?6,
          due = ?7, last_review = ?8, reps = ?9, lapses = ?10, open_choice = ?11,
          open_streak = ?12
        WHERE question_id = ?1 AND ?2 IS NOT NULL
        """)
    // As `save` binds them (the kind, ?2, is the row's already: not written), each parameter
    // bound only when its value differs from the schedule before's (bindings are kept from
    // one row to the next): the state, the counts and often the stability and difficulty
    // repeat. The two times are written into one buffer that outlives the loop and bound
    // without a copy.
    let times = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 48)
    defer {
      statement.reset()  // clears the bindings that point into `times` before it goes
      times.deallocate()
    }
    var previous: ReviewItem?
    for item in items {
      try Self.bind(item, over: previous, to: statement, times: times)
      try statement.execute()
      statement.resetKeepingBindings()
      previous = item
    }
    if let indexDefinition {
      try database.executeScript(indexDefinition)
      if let statistics {
        let insert = try database.makeStatement(
          sql: "INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('review_items', ?1, ?2)")
        try insert.bind(index, at: 1)
        try insert.bind(statistics, at: 2)
        try insert.execute()
      }
    }
    if let definition { try database.executeScript(definition) }
    return items.count
  }

  /// Binds `item` as `bind(_:to:)` does, where `previous` (bound last, its bindings kept)
  /// differs from it: the question and whatever else changed (all of it when there is no
  /// previous). Doubles compare by their bits (0.0 and -0.0 are written differently). The due
  /// time is written into `times[0..<24]` and the last review into `times[24..<48]`, bound
  /// without a copy: `times` must outlive the bindings.
  static func bind(
    _ item: ReviewItem, over previous: ReviewItem?, to statement: Statement,
    times: UnsafeMutableBufferPointer<UInt8>
  ) throws {
    let due = UnsafeMutableBufferPointer(rebasing: times[0..<24])
    let lastReview = UnsafeMutableBufferPointer(rebasing: times[24..<48])
    guard let previous else {
      try bind(item, to: statement)
      try bind(item.due, to: statement, at: 7, into: due)
      return try bind(item.lastReview, to: statement, at: 8, into: lastReview)
    }
    try statement.bind(item.questionID.rawValue, at: 1)
    if previous.kind != item.kind { try statement.bind(item.kind.rawValue, at: 2) }
    if previous.state != item.state { try statement.bind(item.state, at: 3) }
    if previous.step != item.step { try statement.bind(item.step.map(Int64.init), at: 4) }
    if previous.stability?.bitPattern != item.stability?.bitPattern {
      try statement.bind(item.stability?.description, at: 5)
    }
    if previous.difficulty?.bitPattern != item.difficulty?.bitPattern {
      try statement.bind(item.difficulty?.description, at: 6)
    }
    if previous.due != item.due { try bind(item.due, to: statement, at: 7, into: due) }
    if previous.lastReview != item.lastReview {
      try bind(item.lastReview, to: statement, at: 8, into: lastReview)
    }
    if previous.reps != item.reps { try statement.bind(item.reps, at: 9) }
    if previous.lapses != item.lapses { try statement.bind(item.lapses, at: 10) }
    if previous.openChoice != item.openChoice {
      try statement.bind(item.openChoice?.rawValue, at: 11)
    }
    if previous.openStreak != item.openStreak { try statement.bind(item.openStreak, at: 12) }
  }

  /// Binds a time as its RFC 3339 text written into `buffer` (24 bytes), without a copy: the
  /// buffer must outlive the binding. A year outside 0–9999 is bound as `rfc3339` (copied);
  /// nil binds NULL.
  static func bind(
    _ time: Timestamp?, to statement: Statement, at index: Int32,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) throws {
    guard let time else { return try statement.bindNull(at: index) }
    if time.writeRFC3339(to: buffer) {
      try statement.bind(staticUTF8: UnsafeBufferPointer(buffer), at: index)
    } else {
      try statement.bind(time.rfc3339, at: index)
    }
  }

  /// The rating a column names, read from its bytes (no string made for each of a million).
  static func rating(_ statement: Statement, _ column: Int32) -> ReviewRating? {
    statement.withUTF8(column) { bytes in
      for (name, rating) in ratingNames where name.elementsEqual(bytes) { return rating }
      return nil
    }
  }

  static let ratingNames: [([UInt8], ReviewRating)] = ReviewRating.allNames.compactMap { name in
    ReviewRating(name: name).map { (Array(name.utf8), $0) }
  }

  /// A stored schedule from a row of (question_id,) kind … open_streak, from column `first`.
  static func item(_ statement: Statement, id: QuestionID, first: Int32 = 1) -> ReviewItem {
    let c = first
    return ReviewItem(
      questionID: id, kind: ReviewKind(rawValue: statement.string(c)) ?? .recall,
      state: statement.string(c + 1), step: statement.isNull(c + 2) ? nil : statement.int(c + 2),
      stability: statement.text(c + 3).flatMap(Double.init),
      difficulty: statement.text(c + 4).flatMap(Double.init),
      due: statement.isNull(c + 5) ? nil : time(statement, c + 5),
      lastReview: statement.isNull(c + 6) ? nil : time(statement, c + 6),
      reps: statement.int(c + 7), lapses: statement.int(c + 8),
      openChoice: statement.text(c + 9).flatMap(OpenChoice.init(rawValue:)),
      openStreak: statement.int(c + 10))
  }
}
