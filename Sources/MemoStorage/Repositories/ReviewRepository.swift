import MemoCore

/// Reads and writes review: the immutable `review_events` and the schedules derived from them
/// (`review_items`), and the review settings. Callers run writes inside a transaction.
public struct ReviewRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The settings key of fuzz ('on' or 'off'; on when absent).
  static let fuzzKey = "review_fuzz"

  // MARK: - Settings

  public func isFuzzOn() throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(Self.fuzzKey, at: 1)
    return try statement.step() ? statement.string(0) != "off" : true
  }

  public func setFuzz(_ isOn: Bool) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO settings (key, value) VALUES (?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = ?2 WHERE value IS NOT ?2
        """)
    defer { statement.reset() }
    try statement.bind(Self.fuzzKey, at: 1)
    try statement.bind(isOn ? "on" : "off", at: 2)
    try statement.execute()
  }

  /// The scheduler with the stored settings.
  public func scheduler() throws -> ReviewScheduler {
    ReviewScheduler(FSRSParameters(isFuzzEnabled: try isFuzzOn()))
  }

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
    return ReviewItem(
      questionID: id, kind: ReviewKind(rawValue: statement.string(0)) ?? .recall,
      state: statement.string(1), step: statement.isNull(2) ? nil : statement.int(2),
      stability: statement.text(3).flatMap(Double.init),
      difficulty: statement.text(4).flatMap(Double.init),
      due: statement.isNull(5) ? nil : Self.time(statement, 5),
      lastReview: statement.isNull(6) ? nil : Self.time(statement, 6), reps: statement.int(7),
      lapses: statement.int(8), openChoice: statement.text(9).flatMap(OpenChoice.init(rawValue:)),
      openStreak: statement.int(10))
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
  public func rate(
    _ id: QuestionID, _ rating: ReviewRating, at time: Timestamp, uuid: String,
    now: Timestamp
  ) throws -> ReviewItem {
    let (subject, _) = try subject(id)
    guard rating.kind == subject.kind else {
      let what = subject.isAnswered ? "answered: a recall item" : "open (no answer yet)"
      throw MemoError.usage(
        "question \(id) is \(what); rate it \(ReviewRating.choices(of: subject.kind)), not \(rating.name)"
      )
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

  /// Writes a schedule (only the columns that changed fire the journal's update).
  public func save(_ item: ReviewItem) throws {
    let statement = try database.cachedStatement(
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
    defer { statement.reset() }
    try statement.bind(item.questionID.rawValue, at: 1)
    try statement.bind(item.kind.rawValue, at: 2)
    try statement.bind(item.state, at: 3)
    try statement.bind(item.step.map(Int64.init), at: 4)
    // Text that reads back as the same double: a REAL's journal image keeps only 15 digits.
    try statement.bind(item.stability.map { "\($0)" }, at: 5)
    try statement.bind(item.difficulty.map { "\($0)" }, at: 6)
    try statement.bind(item.due?.rfc3339, at: 7)
    try statement.bind(item.lastReview?.rfc3339, at: 8)
    try statement.bind(item.reps, at: 9)
    try statement.bind(item.lapses, at: 10)
    try statement.bind(item.openChoice?.rawValue, at: 11)
    try statement.bind(item.openStreak, at: 12)
    try statement.execute()
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
  /// (after a setting changes). - Returns: how many schedules changed.
  @discardableResult
  public func replayAll() throws -> Int {
    let scheduler = try scheduler()
    let ids = try database.cachedStatement(sql: "SELECT question_id FROM review_items ORDER BY 1")
    var all: [QuestionID] = []
    while try ids.step() { all.append(QuestionID(ids.int64(0))) }
    ids.reset()
    var changed = 0
    for id in all {
      let (subject, _) = try subject(id)
      let replayed = scheduler.replay(subject, events: try events(of: id))
      if try item(id) != replayed {
        try save(replayed)
        changed += 1
      }
    }
    return changed
  }

  // MARK: - What is due

  /// What is due at `query.at`, lowest retrievability first (new recall items, 0, first; open
  /// questions, which have none, after the recall items), then by due time. Columns: `id, kind,
  /// due, retrievability, question, post_id, title`.
  func dueListing(_ query: ReviewDueQuery, scheduler: ReviewScheduler) throws -> Statement {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, kind, due, retrievability, question, post_id, title FROM (
          SELECT q.id AS id, i.kind AS kind, i.due AS due,
            CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
              pow(1 + ?3 * max(0, CAST(round((julianday(?1) - julianday(i.last_review))
                * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), ?4)
            WHEN i.kind = 'recall' THEN 0.0 END AS retrievability,
            q.text AS question, q.post_id AS post_id, p.title AS title
          FROM review_items i JOIN questions q ON q.id = i.question_id
          JOIN posts p ON p.id = q.post_id
          WHERE i.due <= ?1
            AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
          UNION ALL
          SELECT * FROM (
            SELECT q.id AS id, CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END AS kind,
              CASE WHEN q.answer IS NULL
                THEN strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day')
                ELSE coalesce(q.answered_at, q.created_at) END AS due,
              CASE WHEN q.answer IS NULL THEN NULL ELSE 0.0 END AS retrievability,
              q.text AS question, q.post_id AS post_id, p.title AS title
            FROM questions q JOIN posts p ON p.id = q.post_id
            WHERE NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
              AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END)
          ) WHERE due <= ?1
        )
        ORDER BY retrievability IS NULL, retrievability, due, id
        LIMIT ?2
        """)
    try statement.bind(query.at.rfc3339, at: 1)
    try statement.bind(Int64(query.limit ?? -1), at: 2)
    try statement.bind(scheduler.fsrs.factor, at: 3)
    try statement.bind(scheduler.fsrs.decay, at: 4)
    return statement
  }

  /// One page of `dueListing`.
  public func due(_ query: ReviewDueQuery) throws -> [ReviewDueRow] {
    let statement = try dueListing(query, scheduler: try scheduler())
    defer { statement.reset() }
    var rows: [ReviewDueRow] = []
    while try statement.step() {
      rows.append(
        ReviewDueRow(
          id: QuestionID(statement.int64(0)),
          kind: ReviewKind(rawValue: statement.string(1)) ?? .recall,
          due: Self.time(statement, 2),
          retrievability: statement.isNull(3) ? nil : statement.double(3),
          question: statement.string(4), postID: PostID(statement.int64(5)),
          title: statement.string(6)))
    }
    return rows
  }

  static func time(_ statement: Statement, _ column: Int32) -> Timestamp {
    Timestamp(rfc3339: statement.string(column)) ?? Timestamp(millis: 0)
  }
}
