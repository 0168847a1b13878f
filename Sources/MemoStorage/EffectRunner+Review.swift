import MemoCore

extension EffectRunner {
  /// The review effects (issue 25): a rating and a config change are journal entries; the
  /// rest are reads.
  func performReview(_ effect: Effect) throws -> Action {
    switch effect {
    case .rateReview(let id, let rating, let time):
      return .review(
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
    case .loadReview(let id, let time):
      return .review(
        .shown(
          try database.inReadTransaction {
            let (subject, text) = try review.subject(id)
            let scheduler = try review.scheduler()
            let item = try review.currentItem(subject, scheduler)
            return ReviewDetail(
              item: item, retrievability: scheduler.retrievability(of: item, at: time),
              history: try review.events(of: id), questionText: text, uuid: subject.uuid)
          }))
    case .loadDueReviews(let query, let destination):
      return try listDueReviews(query, to: destination)
    case .countDueReviews(let query):
      return try countDueReviews(query)
    case .loadNextDue(let after, let until):
      let next = try database.inReadTransaction { try review.nextDue(after: after, until: until) }
      return .review(.nextDue(next))
    case .setReviewFuzz(let isOn):
      try write(
        "review config",
        { _ in
          try review.setFuzz(isOn)
          try review.replayAll()
        }
      ) { _ in "review config set fuzz \(isOn ? "on" : "off")" }
      return .review(.fuzzSet(isOn))
    case .rejectReviewRating(let id, let name):
      try database.inReadTransaction { try review.rejectRating(id, name) }
    case .rateHighlightReview(let id, let choice, let time):
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
    case .loadHighlightReview(let id, _):
      return .review(
        .highlightShown(try database.inReadTransaction { try review.highlightDetail(id) }))
    case .loadReviewConfig:
      return .review(.configShown(try database.inReadTransaction { try review.config() }))
    case .setReviewSetting(let setting):
      let config = try write(
        "review config",
        { _ in
          try review.set(setting)
          if case .highlightsPerDay = setting {} else { try review.replayAll() }
          return try review.config()
        }
      ) { _ in Self.summary(of: setting) }
      return .review(.settingSet(config))
    case .loadReviewStats(let query):
      return .review(.statsLoaded(try database.inReadTransaction { try review.stats(query) }))
    case .exportReviewLog:
      let writer = try outputWriter(for: .reviewLog)
      try database.inReadTransaction { try exportReviewLog(into: writer) }
      return .streamed(.reviewLog, filter: nil)
    default:
      preconditionFailure("performReview got \(effect)")
    }
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
