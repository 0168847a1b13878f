import MemoCore

/// Reads and writes review: the immutable `review_events` and the schedules derived from them
/// (`review_items`), and the review settings. Callers run writes inside a transaction.
public struct ReviewRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  // MARK: - Reading

  /// The question as review sees it, and its text. - Throws: `MemoError.questionNotFound`.
  public func subject(_ id: QuestionID) throws -> (ReviewSubject, text: String) {
    let statement = try database.cachedStatement(
      sql: """
        SELECT uuid, created_at, answered_at, answer IS NOT NULL, text FROM questions WHERE id = ?
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    guard try statement.step() else { throw MemoError.questionNotFound(id) }
    let subject = ReviewSubject(
      questionID: id, uuid: statement.string(0), createdAt: Self.time(statement, 1),
      answeredAt: statement.isNull(2) ? nil : Self.time(statement, 2),
      isAnswered: statement.bool(3))
    return (subject, statement.string(4))
  }

  /// A question's events, in the order they replay (`ReviewScheduler.replay`): by reviewed_at,
  /// then created_at (made strictly later than the question's last event when recorded), then
  /// uuid — the same order on every device that has the same events.
  public func events(of id: QuestionID) throws -> [ReviewEvent] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, uuid, rating, reviewed_at, device, duration_ms, created_at FROM review_events
        WHERE question_id = ? ORDER BY reviewed_at, created_at, uuid
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    var events: [ReviewEvent] = []
    while try statement.step() {
      guard let rating = ReviewRating(name: statement.string(2)) else { continue }
      events.append(
        ReviewEvent(
          id: statement.int64(0), uuid: statement.string(1), questionID: id, rating: rating,
          reviewedAt: Self.time(statement, 3), device: statement.text(4),
          durationMillis: statement.isNull(5) ? nil : statement.int64(5),
          createdAt: Self.time(statement, 6)))
    }
    return events
  }

  /// The stored schedule, if the question was ever rated.
  public func item(_ id: QuestionID) throws -> ReviewItem? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT kind, state, step, stability, difficulty, due, last_review, reps, lapses,
               open_choice, open_streak
        FROM review_items WHERE question_id = ?
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    guard try statement.step() else { return nil }
    return Self.item(statement, id: id, first: 0)
  }

  /// The question's schedule as its kind now is: the stored one, or (never rated as this
  /// kind: answered since, or the answer taken away) its events replayed.
  public func currentItem(_ subject: ReviewSubject, _ scheduler: ReviewScheduler) throws
    -> ReviewItem
  {
    if let stored = try item(subject.questionID), stored.kind == subject.kind { return stored }
    return scheduler.replay(subject, events: try events(of: subject.questionID))
  }

  // MARK: - Writing

  /// Records a rating and brings the question's schedule up to date: one step from the stored
  /// schedule when the rating is the latest, else a replay of every event.
  /// - Throws: `.usage` (64) when the rating is not of the question's kind.
  /// - Parameter refusingBeforeCreation: a time before the question was asked is refused.
  public func rate(
    _ id: QuestionID, _ rating: ReviewRating, at time: Timestamp, uuid: String,
    now: Timestamp, refusingBeforeCreation: Bool = false
  ) throws -> ReviewItem {
    let (subject, _) = try subject(id)
    guard rating.kind == subject.kind else {
      let what = subject.isAnswered ? "answered: a recall item" : "open (no answer yet)"
      throw MemoError.usage(
        "question \(id) is \(what); rate it \(ReviewRating.choices(of: subject.kind)), not \(rating.name)"
      )
    }
    if refusingBeforeCreation {
      try Self.refuse(time, before: subject.createdAt, now: now, "question \(id) was asked")
    }
    let scheduler = try scheduler()
    let stored = try item(id)
    // Recorded after the question's last event, even on a clock behind the device that made
    // that one: events at the same instant replay in the order they were recorded, everywhere.
    // The device is sync's id for this database (none before `memo sync init`).
    let insert = try database.cachedStatement(
      sql: """
        INSERT INTO review_events (uuid, kind, question_id, rating, reviewed_at, created_at,
          device)
        VALUES (?1, ?2, ?3, ?4, ?5,
          max(?6, coalesce(strftime('%Y-%m-%dT%H:%M:%fZ',
            (SELECT max(created_at) FROM review_events WHERE question_id = ?3), '+0.001 seconds'),
            '')),
          (SELECT value FROM sync_settings WHERE key = 'device_id'))
        """)
    defer { insert.reset() }
    try insert.bind(uuid, at: 1)
    try insert.bind(rating.kind.rawValue, at: 2)
    try insert.bind(id.rawValue, at: 3)
    try insert.bind(rating.name, at: 4)
    try insert.bind(time.rfc3339, at: 5)
    try insert.bind(now.rfc3339, at: 6)
    try insert.execute()
    let next: ReviewItem
    if let stored, stored.kind == subject.kind, stored.lastReview.map({ $0 <= time }) ?? true {
      next = scheduler.applying(rating, at: time, to: stored, uuid: subject.uuid)
    } else {
      // Never rated as this kind, or rated at a time before the last: replay.
      next = scheduler.replay(subject, events: try events(of: id))
    }
    try save(next)
    return next
  }

  /// A rating timed before its item was made would replay before it existed: refused, in the
  /// rating's own transaction (one open of the database, not a second one to look first). An
  /// item made after `now` (by a machine whose clock runs ahead) takes a rating at any time.
  /// - Throws: `MemoError.ratedBeforeCreation`.
  static func refuse(_ time: Timestamp, before created: Timestamp, now: Timestamp, _ what: String)
    throws
  {
    guard time < created, created <= now else { return }
    throw MemoError.ratedBeforeCreation(what, created: created)
  }

  /// Writes a schedule (only the columns that changed fire the journal's update).
  public func save(_ item: ReviewItem) throws { try save(item, with: try saveStatement()) }

  func save(_ item: ReviewItem, with statement: Statement) throws {
    defer { statement.reset() }
    try Self.bind(item, to: statement)
    try statement.execute()
  }

  /// Binds a schedule's columns as ?1 question_id, ?2 kind, ?3 state … ?12 open_streak.
  static func bind(_ item: ReviewItem, to statement: Statement) throws {
    try statement.bind(item.questionID.rawValue, at: 1)
    try statement.bind(item.kind.rawValue, at: 2)
    try statement.bind(item.state, at: 3)
    try statement.bind(item.step.map(Int64.init), at: 4)
    // Text that reads back as the same double: a REAL's journal image keeps only 15 digits.
    // (`description`, the text "\($0)" makes, without interpolation's buffer.)
    try statement.bind(item.stability?.description, at: 5)
    try statement.bind(item.difficulty?.description, at: 6)
    try bind(item.due, to: statement, at: 7)
    try bind(item.lastReview, to: statement, at: 8)
    try statement.bind(item.reps, at: 9)
    try statement.bind(item.lapses, at: 10)
    try statement.bind(item.openChoice?.rawValue, at: 11)
    try statement.bind(item.openStreak, at: 12)
  }

  /// Binds a time as its RFC 3339 text, written on the stack (no string made); nil binds NULL.
  static func bind(_ time: Timestamp?, to statement: Statement, at index: Int32) throws {
    guard let time else { return try statement.bindNull(at: index) }
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { out in
      if time.writeRFC3339(to: out) {
        try statement.bind(utf8: UnsafeBufferPointer(out), at: index)
      } else {
        try statement.bind(time.rfc3339, at: index)
      }
    }
  }

  func saveStatement() throws -> Statement {
    try database.cachedStatement(
      sql: """
        INSERT INTO review_items (question_id, kind, state, step, stability, difficulty, due,
          last_review, reps, lapses, open_choice, open_streak)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        ON CONFLICT (question_id) DO UPDATE SET kind = ?2, state = ?3, step = ?4,
          stability = ?5, difficulty = ?6, due = ?7, last_review = ?8, reps = ?9, lapses = ?10,
          open_choice = ?11, open_streak = ?12
        WHERE (kind, state, step, stability, difficulty, due, last_review, reps, lapses,
          open_choice, open_streak) IS NOT (?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        """)
  }

  /// Replays the schedules of `ids` from their events (after a sync round or an import
  /// brought or took some): a question left with no events of its kind has no schedule row,
  /// as before its first rating; a question gone since (deleted later in the same file) is
  /// skipped.
  public func replay(_ ids: [QuestionID]) throws {
    let scheduler = try scheduler()
    let remove = try database.cachedStatement(sql: "DELETE FROM review_items WHERE question_id = ?")
    defer { remove.reset() }
    let exists = try database.cachedStatement(sql: "SELECT 1 FROM questions WHERE id = ?")
    defer { exists.reset() }
    for id in ids {
      exists.reset()
      try exists.bind(id.rawValue, at: 1)
      guard try exists.step() else { continue }
      exists.reset()
      let (subject, _) = try subject(id)
      let events = try events(of: id)
      if events.contains(where: { $0.rating.kind == subject.kind }) {
        let replayed = scheduler.replay(subject, events: events)
        if try item(id) != replayed { try save(replayed) }
      } else {
        remove.reset()
        try remove.bind(id.rawValue, at: 1)
        try remove.execute()
      }
    }
  }

  /// Replays every rated question's events with the stored settings and saves what changed
  /// (after a setting changes): one pass over the events in question order, beside one over
  /// the stored schedules. The schedules are derived data: after a setting changed they are
  /// written outside the journal (the setting's change is the entry, and undoing or redoing
  /// it replays again: `Journal`), so a change of weights over 200,000 schedules does not
  /// write 200,000 images. - Returns: how many schedules changed.
  @discardableResult
  public func replayAll(journaled: Bool = false) throws -> Int {
    // A page cache of 64 MiB instead of SQLite's 2 MiB for the replay: the pages of the
    // schedules and of their due index, all written at a million ratings (about 45 MiB), stay
    // in memory until the commit instead of being spilled to the WAL and read back (46,000
    // pwrite and 90,000 pread calls became 34,000 and 78,000). Allocated as pages are used.
    // And the file read through a map: the events' index and the questions' rows (about
    // 50,000 pages at a million ratings) without a system call and a copy each (85,000 pread
    // calls became 10,000, the checkpoint's of the WAL). Both until the transaction ends.
    try database.widenCache(toKiB: 65536, mapped: true)
    let scheduler = try scheduler()
    // Two cursors in question order, merged here: the events (from their index alone, in the
    // order every device replays them: ReviewScheduler.replay), and
    // the stored schedules with their questions. (A question with events and no schedule,
    // which sync can bring, is looked up on its own.)
    let events = try database.makeStatement(
      sql: """
        SELECT question_id, rating, reviewed_at FROM review_events
        ORDER BY question_id, reviewed_at, created_at, uuid
        """)
    let stored = try database.makeStatement(
      sql: """
        SELECT i.question_id, i.kind, i.state, i.step, i.stability, i.difficulty, i.due,
          i.last_review, i.reps, i.lapses, i.open_choice, i.open_streak,
          q.uuid, q.created_at, q.answered_at, q.answer IS NOT NULL
        FROM review_items i JOIN questions q ON q.id = i.question_id ORDER BY i.question_id
        """)
    // The changed schedules whose row is there and of the same kind (nearly all), updated in
    // place; the others (no row yet, or of the other kind) upserted as `save` does.
    var changed: [ReviewItem] = []
    var others: [ReviewItem] = []
    var hasStored = try stored.step()
    var hasEvent = try events.step()
    var rows = hasStored ? 1 : 0  // how many schedules are stored
    while hasEvent {
      let id = events.int64(0)
      while hasStored && stored.int64(0) < id {
        hasStored = try stored.step()
        if hasStored { rows += 1 }
      }
      let isStored = hasStored && stored.int64(0) == id
      let subject =
        isStored
        ? ReviewSubject(
          questionID: QuestionID(id), uuid: stored.string(12), createdAt: Self.time(stored, 13),
          answeredAt: stored.isNull(14) ? nil : Self.time(stored, 14),
          isAnswered: stored.bool(15))
        : try self.subject(QuestionID(id)).0
      let item = try replay(subject, events, &hasEvent, with: scheduler)
      if !isStored {
        others.append(item)
      } else if !Self.holds(stored, item) {
        if Self.isOfKind(stored, item.kind) { changed.append(item) } else { others.append(item) }
      }
    }
    while hasStored {  // the schedules after the last event's, counted
      hasStored = try stored.step()
      if hasStored { rows += 1 }
    }
    events.reset()
    stored.reset()
    return try saveReplayed(changed, others, of: rows, journaled: journaled)
  }

  /// The item `subject`'s events make, read from `events` (positioned on its first event,
  /// `hasEvent`) up to the next question's.
  private func replay(
    _ subject: ReviewSubject, _ events: Statement, _ hasEvent: inout Bool,
    with scheduler: ReviewScheduler
  ) throws -> ReviewItem {
    let id = events.int64(0)
    let seed = ReviewFuzz.seed(uuid: subject.uuid)
    var item = scheduler.newItem(subject)
    if subject.kind == .recall {
      // A recall item's grades applied to its card, the item made once at the end (the same
      // item as applying each to the item: `ReviewScheduler.recallCard(of:)`).
      var card = scheduler.recallCard(of: item)
      var lapses = item.lapses
      var applied = false
      while hasEvent && events.int64(0) == id {
        if case .recall(let grade) = Self.rating(events, 1) {
          scheduler.applying(
            grade, at: Self.time(events, 2), to: &card, lapses: &lapses, fuzzSeed: seed)
          applied = true
        }
        hasEvent = try events.step()
      }
      if applied { item = scheduler.item(item, with: card, lapses: lapses) }
    } else {
      while hasEvent && events.int64(0) == id {
        if let rating = Self.rating(events, 1), rating.kind == subject.kind {
          item = scheduler.applying(rating, at: Self.time(events, 2), to: item, fuzzSeed: seed)
        }
        hasEvent = try events.step()
      }
    }
    return item
  }

  /// Writes the replayed schedules: `changed` in place, `others` upserted; outside the journal
  /// unless `journaled`. - Returns: how many changed.
  private func saveReplayed(
    _ changed: [ReviewItem], _ others: [ReviewItem], of rows: Int, journaled: Bool
  ) throws -> Int {
    let entry = try database.int(sql: "SELECT entry_id FROM journal_context")
    if !journaled, entry != nil {
      try database.execute(sql: "UPDATE journal_context SET entry_id = NULL")
    }
    defer {
      if !journaled, let entry {
        try? database.execute(sql: "UPDATE journal_context SET entry_id = \(entry)")
      }
    }
    let save = try saveStatement()
    for item in others { try self.save(item, with: save) }
    return try update(changed, journaled: journaled, of: rows) + others.count
  }
}
