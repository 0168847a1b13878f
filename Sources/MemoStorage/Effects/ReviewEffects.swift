import MemoCore

/// The review effects (issue 25): a rating and a config change are journal entries, worded
/// here; the rest are reads.
extension EffectRunner {
  func perform(_ effect: ReviewEffect) throws -> Action {
    switch effect {
    case .rate(let id, let rating, let time): return try rate(id, rating, at: time)
    case .load(let id, let time): return .review(.shown(try reviewDetail(id, at: time)))
    case .listDue(let query, let destination): return try listDueReviews(query, to: destination)
    case .countDue(let query): return try countDueReviews(query)
    case .nextDue(let after, let until):
      let next = try database.inReadTransaction { try review.nextDue(after: after, until: until) }
      return .review(.nextDue(next))
    case .setFuzz(let isOn):
      try write(
        "review config",
        { _ in
          try review.setFuzz(isOn)
          try review.replayAll()
        }
      ) { _ in "review config set fuzz \(isOn ? "on" : "off")" }
      return .review(.fuzzSet(isOn))
    case .rejectRating(let id, let name):
      try database.inReadTransaction { try review.rejectRating(id, name) }
    case .rateHighlight(let id, let choice, let time):
      return try rateHighlight(id, choice, at: time)
    case .loadHighlight(let id, _):
      return .review(
        .highlightShown(try database.inReadTransaction { try review.highlightDetail(id) }))
    case .loadConfig:
      return .review(.configShown(try database.inReadTransaction { try review.config() }))
    case .setSetting(let setting):
      let config = try write(
        "review config",
        { _ in
          try review.set(setting)
          if case .highlightsPerDay = setting {} else { try review.replayAll() }
          return try review.config()
        }
      ) { _ in Self.summary(of: setting) }
      return .review(.settingSet(config))
    case .loadStats(let query):
      return .review(.statsLoaded(try database.inReadTransaction { try review.stats(query) }))
    case .exportLog:
      let writer = try outputWriter(for: .reviewLog)
      try database.inReadTransaction { try exportReviewLog(into: writer) }
      return .streamed(.reviewLog, filter: nil)
    }
  }

  /// `memo review rate` of a question.
  func rate(_ id: QuestionID, _ rating: ReviewRating, at time: Timestamp) throws -> Action {
    .review(
      .rated(
        ReviewOutcome(
          item: try write(
            "review rate",
            {
              try review.rate(
                id, rating, at: time, uuid: makeUUID($0), now: $0,
                refusingBeforeCreation: refusesRatingBeforeCreation)
            }
          ) { _ in "rate question \(id) \(rating.name) at \(time.rfc3339)" },
          rating: rating)))
  }

  /// `memo review show` of a question: its schedule, retrievability at `time` and history.
  func reviewDetail(_ id: QuestionID, at time: Timestamp) throws -> ReviewDetail {
    try database.inReadTransaction {
      let (subject, text) = try review.subject(id)
      let scheduler = try review.scheduler()
      let item = try review.currentItem(subject, scheduler)
      return ReviewDetail(
        item: item, retrievability: scheduler.retrievability(of: item, at: time),
        history: try review.events(of: id), questionText: text, uuid: subject.uuid)
    }
  }

  /// `memo review rate` of a highlight.
  func rateHighlight(_ id: HighlightID, _ choice: HighlightChoice, at time: Timestamp) throws
    -> Action
  {
    let item = try write(
      "review rate",
      {
        try review.rateHighlight(
          id, choice, at: time, uuid: makeUUID($0), now: $0,
          refusingBeforeCreation: refusesRatingBeforeCreation)
      }
    ) { _ in "rate highlight h\(id.rawValue) \(choice.rawValue) at \(time.rfc3339)" }
    // The due time as `review show` gives it: the star and the shelf shorten the wait.
    let detail = try database.inReadTransaction { try review.highlightDetail(id) }
    return .review(
      .highlightRated(
        HighlightReviewOutcome(item: item, choice: choice, effectiveDue: detail.effectiveDue)))
  }

  /// `memo review due`: what is due, lowest retrievability first.
  func listDueReviews(_ query: ReviewDueQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .reviewDue) : nil
    return try database.inReadTransaction {
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      let filter = try dueFilter(query)
      guard let writer else { return .review(.listed(try review.due(query, filter: filter))) }
      let statement = try review.dueListing(query, config: try review.config(), filter: filter)
      defer { statement.reset() }
      // The filter the listing applies, so that the writer says when the current one narrowed
      // it, as it does for `memo questions`.
      let effective = try query.selection.map { try effectiveFilter($0) }
      try stream(.reviewDue, statement, into: writer, filter: effective)
      return .streamed(.reviewDue, filter: effective)
    }
  }

  /// `memo review digest` when its limit cuts the list: how many of each kind are due.
  func countDueReviews(_ query: ReviewDueQuery) throws -> Action {
    try database.inReadTransaction {
      .review(.dueCounted(try review.dueCounts(query, filter: try dueFilter(query))))
    }
  }

  /// The question filter a due query's selection resolves to, nil when none.
  func dueFilter(_ query: ReviewDueQuery) throws -> ResolvedFilter? {
    guard let selection = query.selection else { return nil }
    let effective = try effectiveFilter(selection)
    guard !effective.isEmpty else { return nil }
    return try effective.resolved(now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
  }

  /// The journal's line for a setting: `review config set retention 0.85`.
  static func summary(of setting: ReviewSetting) -> String {
    switch setting {
    case .weights(let weights):
      "review config set weights \(weights.map { "\($0)" }.joined(separator: ","))"
    case .retention(let value): "review config set retention \(value)"
    case .highlightsPerDay(let count): "review config set highlights \(count)"
    case .learningSteps(let steps), .relearningSteps(let steps):
      "review config set \(setting.key) \(steps.isEmpty ? "none" : steps.map(step).joined(separator: ","))"
    case .maximumInterval(let days): "review config set maximum_interval \(days)"
    }
  }

  /// A step as `config show` prints it: `1m`, `10m`, `1h`, `30s`.
  static func step(_ millis: Int64) -> String {
    millis % 3_600_000 == 0
      ? "\(millis / 3_600_000)h"
      : millis % 60_000 == 0 ? "\(millis / 60_000)m" : "\(millis / 1000)s"
  }

  /// Streams the FSRS optimizer's review log into `writer`: each line's values bound to a
  /// one-row statement, so the writer reads them as it reads any listing's row.
  func exportReviewLog(into writer: RowSink) throws {
    let values = try database.makeStatement(
      sql: """
        SELECT ?1 AS card_id, ?2 AS review_time, ?3 AS review_rating, ?4 AS review_state,
          ?5 AS review_duration
        """)
    try writer.begin(.reviewLog, filter: nil, columns: Row(values), nested: nil)
    try review.reviewLog { card, time, rating, state, duration in
      try values.bind(card, at: 1)
      try values.bind(time, at: 2)
      try values.bind(rating, at: 3)
      try values.bind(state, at: 4)
      try values.bind(duration, at: 5)
      _ = try values.step()
      try writer.row(Row(values), nested: nil)
      values.reset()
    }
    try writer.end()
  }
}
