import MemoCore

/// Highlights as review items: their immutable choices (`highlight_review_events`) and the
/// schedules replayed from them (`highlight_review_items`).
extension ReviewRepository {
  /// A highlight's creation time, text, star and whether its book is on the shelf.
  /// - Throws: `MemoError.highlightNotFound`.
  func highlightSubject(_ id: HighlightID) throws -> (
    createdAt: Timestamp, text: String, starred: Bool, onShelf: Bool, uuid: String
  ) {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.created_at, h.text, h.starred,
          EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id), h.uuid
        FROM highlights h WHERE h.id = ?
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    guard try statement.step() else { throw MemoError.highlightNotFound(id) }
    return (
      Self.time(statement, 0), statement.string(1), statement.bool(2), statement.bool(3),
      statement.string(4)
    )
  }

  /// A highlight's choices, in the order they replay (`HighlightReviewItem.replay`): by
  /// reviewed_at, then created_at (made strictly later than the highlight's last choice when
  /// recorded), then uuid — the same order on every device that has the same events.
  public func highlightEvents(of id: HighlightID) throws -> [HighlightReviewEvent] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, uuid, rating, reviewed_at, device, duration_ms, created_at
        FROM highlight_review_events WHERE highlight_id = ?
        ORDER BY reviewed_at, created_at, uuid
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    var events: [HighlightReviewEvent] = []
    while try statement.step() {
      guard let choice = HighlightChoice(rawValue: statement.string(2)) else { continue }
      events.append(
        HighlightReviewEvent(
          id: statement.int64(0), uuid: statement.string(1), highlightID: id, choice: choice,
          reviewedAt: Self.time(statement, 3), device: statement.text(4),
          durationMillis: statement.isNull(5) ? nil : statement.int64(5),
          createdAt: Self.time(statement, 6)))
    }
    return events
  }

  /// The stored schedule, if the highlight was ever reviewed.
  public func highlightItem(_ id: HighlightID) throws -> HighlightReviewItem? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT state, wait_days, due, last_review, reps, last_choice, streak
        FROM highlight_review_items WHERE highlight_id = ?
        """)
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    guard try statement.step() else { return nil }
    return HighlightReviewItem(
      highlightID: id, state: statement.string(0), waitDays: statement.int(1),
      due: statement.isNull(2) ? nil : Self.time(statement, 2),
      lastReview: statement.isNull(3) ? nil : Self.time(statement, 3), reps: statement.int(4),
      lastChoice: statement.text(5).flatMap(HighlightChoice.init(rawValue:)),
      streak: statement.int(6))
  }

  /// Records a choice on a highlight and brings its schedule up to date (one step from the
  /// stored one when the choice is the latest, else a replay of every choice).
  public func rateHighlight(
    _ id: HighlightID, _ choice: HighlightChoice, at time: Timestamp, uuid: String,
    now: Timestamp, refusingBeforeCreation: Bool = false
  ) throws -> HighlightReviewItem {
    let subject = try highlightSubject(id)
    if refusingBeforeCreation {
      try Self.refuse(
        time, before: subject.createdAt, now: now, "highlight h\(id.rawValue) was added")
    }
    let stored = try highlightItem(id)
    // Recorded after the highlight's last choice, even on a clock behind the device that made
    // that one (as a question's rating is): choices at the same instant replay in the order
    // they were recorded, everywhere. The device is sync's id for this database.
    let insert = try database.cachedStatement(
      sql: """
        INSERT INTO highlight_review_events (uuid, highlight_id, rating, reviewed_at, created_at,
          device)
        VALUES (?1, ?2, ?3, ?4,
          max(?5, coalesce(strftime('%Y-%m-%dT%H:%M:%fZ',
            (SELECT max(created_at) FROM highlight_review_events WHERE highlight_id = ?2),
            '+0.001 seconds'), '')),
          (SELECT value FROM sync_settings WHERE key = 'device_id'))
        """)
    defer { insert.reset() }
    try insert.bind(uuid, at: 1)
    try insert.bind(id.rawValue, at: 2)
    try insert.bind(choice.rawValue, at: 3)
    try insert.bind(time.rfc3339, at: 4)
    try insert.bind(now.rfc3339, at: 5)
    try insert.execute()
    let next: HighlightReviewItem
    if let stored, stored.lastReview.map({ $0 <= time }) ?? true {
      next = stored.choosing(choice, at: time)
    } else {
      next = HighlightReviewItem.replay(
        id, createdAt: subject.createdAt, events: try highlightEvents(of: id))
    }
    try saveHighlightItem(next)
    return next
  }

  /// Replays a highlight's schedule from its choices (after sync or an import brought or took
  /// some): one left with none has no schedule row, as before its first choice.
  public func replayHighlight(_ id: HighlightID) throws {
    let events = try highlightEvents(of: id)
    if events.isEmpty {
      let remove = try database.cachedStatement(
        sql: "DELETE FROM highlight_review_items WHERE highlight_id = ?")
      defer { remove.reset() }
      try remove.bind(id.rawValue, at: 1)
      try remove.execute()
      return
    }
    let subject = try highlightSubject(id)
    let replayed = HighlightReviewItem.replay(id, createdAt: subject.createdAt, events: events)
    if try highlightItem(id) != replayed { try saveHighlightItem(replayed) }
  }

  /// Writes a highlight's schedule (only a changed row fires the journal's update).
  public func saveHighlightItem(_ item: HighlightReviewItem) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO highlight_review_items (highlight_id, state, wait_days, due, last_review,
          reps, last_choice, streak)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (highlight_id) DO UPDATE SET state = ?2, wait_days = ?3, due = ?4,
          last_review = ?5, reps = ?6, last_choice = ?7, streak = ?8
        WHERE (state, wait_days, due, last_review, reps, last_choice, streak)
          IS NOT (?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """)
    defer { statement.reset() }
    try statement.bind(item.highlightID.rawValue, at: 1)
    try statement.bind(item.state, at: 2)
    try statement.bind(item.waitDays, at: 3)
    try statement.bind(item.due?.rfc3339, at: 4)
    try statement.bind(item.lastReview?.rfc3339, at: 5)
    try statement.bind(item.reps, at: 6)
    try statement.bind(item.lastChoice?.rawValue, at: 7)
    try statement.bind(item.streak, at: 8)
    try statement.execute()
  }

  /// `memo review show hN`.
  public func highlightDetail(_ id: HighlightID) throws -> HighlightReviewDetail {
    let subject = try highlightSubject(id)
    let item = try highlightItem(id) ?? .new(id, createdAt: subject.createdAt)
    var effectiveDue = item.due
    if let lastReview = item.lastReview, item.due != nil {
      let wait = HighlightReviewItem.effectiveWait(
        days: item.waitDays, starred: subject.starred, onShelf: subject.onShelf)
      effectiveDue = Timestamp(millis: lastReview.millis + Int64(wait) * FSRS.dayMillis)
    }
    return HighlightReviewDetail(
      item: item, history: try highlightEvents(of: id), text: subject.text,
      effectiveDue: effectiveDue, uuid: subject.uuid)
  }

  /// The question's kind's choices, as a usage error: a highlight's choice given to it.
  public func rejectRating(_ id: QuestionID, _ name: String) throws -> Never {
    let (subject, _) = try subject(id)
    let what = subject.isAnswered ? "answered: a recall item" : "open (no answer yet)"
    throw MemoError.usage(
      "question \(id) is \(what); rate it \(ReviewRating.choices(of: subject.kind)), not \(name) (a highlight's choice)"
    )
  }

  // MARK: - The optimizer's review log

  /// Every recall rating as the FSRS optimizer reads a review log (fsrs-optimizer's
  /// `card_id, review_time, review_rating, review_state, review_duration`): the question's id,
  /// the time in milliseconds since 1970, the grade 1–4, the card's state before the rating
  /// (0 new, 1 learning, 2 review, 3 relearning) and how long it took in milliseconds (empty
  /// when unknown), by question then in the order its events replay (`events(of:)`: time,
  /// then created_at, then uuid), so two databases with the same events give the same log and
  /// the same state before each rating. `row` gets each line's five fields.
  /// With `since`, only the questions rated since then (each with its whole history).
  public func reviewLog(
    since: Timestamp? = nil, _ row: (Int64, Int64, Int, Int, Int64?) throws -> Void
  ) throws {
    let scheduler = try scheduler()
    let statement = try database.makeStatement(
      sql: """
        SELECT e.question_id, e.rating, e.reviewed_at, e.duration_ms, q.uuid
        FROM review_events e JOIN questions q ON q.id = e.question_id
        WHERE e.kind = 'recall'
          AND (?1 IS NULL OR e.question_id IN
            (SELECT question_id FROM review_events WHERE reviewed_at >= ?1))
        ORDER BY e.question_id, e.reviewed_at, e.created_at, e.uuid
        """)
    try statement.bind(since?.rfc3339, at: 1)
    var card: RecallCard?
    var current: Int64 = 0
    while try statement.step() {
      let id = statement.int64(0)
      guard let rating = RecallRating(name: statement.string(1)) else { continue }
      let time = Self.time(statement, 2)
      if card == nil || id != current {
        current = id
        card = RecallCard(due: time)
      }
      let before = card!
      let state = before.reviewCount == 0 ? 0 : before.state.rawValue
      try row(
        id, time.millis, rating.rawValue, state,
        statement.isNull(3) ? nil : statement.int64(3))
      let fuzz = ReviewFuzz.value(uuid: statement.string(4), reviewCount: before.reviewCount)
      card = scheduler.fsrs.review(before, rating: rating, at: time, fuzz: fuzz)
    }
    statement.reset()
  }

  // MARK: - Stats

  /// The due time of each highlight under review as `review due` reads it: its wait halved by
  /// a star and again by the shelf (at least a day), from its last review.
  static let highlightDueSQL = """
    SELECT strftime('%Y-%m-%dT%H:%M:%fZ', hi.last_review, '+' || max(1,
        hi.wait_days / (1 + h.starred)
        / (1 + EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id))) || ' days') AS due
    FROM highlight_review_items hi JOIN highlights h ON h.id = hi.highlight_id
    WHERE hi.state = 'active' AND hi.last_review IS NOT NULL
    """

  /// `memo stats`' review section.
  public func stats(_ query: ReviewStatsQuery) throws -> ReviewStats {
    let day = FSRS.dayMillis
    // Due today: what has a schedule due by the day's end; new: questions never rated as
    // what they are now (both counted through indexes).
    let due = try database.cachedStatement(
      sql: """
        SELECT (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
            WHERE i.due < ?1
              AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END)
          + (SELECT count(*) FROM (\(Self.highlightDueSQL)) WHERE due < ?1),
          (SELECT count(*) FROM questions WHERE answer IS NOT NULL)
          - (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
              WHERE i.kind = 'recall' AND q.answer IS NOT NULL)
          + (SELECT count(*) FROM questions WHERE answer IS NULL)
          - (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
              WHERE i.kind = 'open' AND q.answer IS NULL)
        """)
    defer { due.reset() }
    try due.bind(query.dayEnd.rfc3339, at: 1)
    _ = try due.step()
    let dueToday = due.int(0)
    let newItems = due.int(1)

    let since = Timestamp(millis: query.at.millis - 30 * day).rfc3339
    let counts = try database.cachedStatement(
      sql: """
        SELECT (SELECT count(*) FROM review_events WHERE reviewed_at >= ?1 AND reviewed_at <= ?2)
          + (SELECT count(*) FROM highlight_review_events
             WHERE reviewed_at >= ?1 AND reviewed_at <= ?2)
        """)
    defer { counts.reset() }
    try counts.bind(since, at: 1)
    try counts.bind(query.at.rfc3339, at: 2)
    let reviewed = try counts.step() ? counts.int(0) : 0

    // True retention: of the recall ratings in 30 days given to a card in review (not a
    // first rating, not a (re)learning step), the share that were not again.
    var passed = 0
    var total = 0
    try reviewLog(since: Timestamp(millis: query.at.millis - 30 * day)) {
      _, millis, rating, state, _ in
      guard state == RecallState.review.rawValue, millis >= query.at.millis - 30 * day,
        millis <= query.at.millis
      else { return }
      total += 1
      if rating > 1 { passed += 1 }
    }

    let forecast = try forecast(from: query.dayEnd)
    return ReviewStats(
      dueToday: dueToday, newItems: newItems, reviewedIn30Days: reviewed,
      trueRetention: total == 0 ? nil : Double(passed) / Double(total), forecast: forecast)
  }

  /// The forecast: items falling due on each of the next 30 days (the reader's days): every
  /// question with a schedule of what it is now (recall or open), every open question never
  /// rated (a day after it was asked), and every highlight under review (when a star and the
  /// shelf bring it back). Highlights never reviewed are not in it: the day's quota, not their
  /// number, says how many of them come back.
  private func forecast(from dayEnd: Timestamp) throws -> [Int] {
    let day = FSRS.dayMillis
    var forecast = [Int](repeating: 0, count: 30)
    let upcoming = try database.cachedStatement(
      sql: """
        SELECT i.due FROM review_items i JOIN questions q ON q.id = i.question_id
        WHERE i.due >= ?1 AND i.due < ?2
          AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
        UNION ALL
        SELECT strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day') FROM questions q
        WHERE q.answer IS NULL AND q.created_at >= ?3 AND q.created_at < ?4
          AND NOT EXISTS (
            SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'open')
        UNION ALL
        SELECT due FROM (\(Self.highlightDueSQL)) WHERE due >= ?1 AND due < ?2
        """)
    defer { upcoming.reset() }
    try upcoming.bind(dayEnd.rfc3339, at: 1)
    try upcoming.bind(Timestamp(millis: dayEnd.millis + 30 * day).rfc3339, at: 2)
    try upcoming.bind(Timestamp(millis: dayEnd.millis - day).rfc3339, at: 3)
    try upcoming.bind(Timestamp(millis: dayEnd.millis + 29 * day).rfc3339, at: 4)
    while try upcoming.step() {
      let due = Self.time(upcoming, 0)
      let index = FSRS.days(from: dayEnd, to: due)
      if forecast.indices.contains(index) { forecast[index] += 1 }
    }
    return forecast
  }
}
