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
              "review rate", { try review.rate(id, rating, at: time, uuid: makeUUID($0), now: $0) }
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
              history: try review.events(of: id), questionText: text)
          }))
    case .loadDueReviews(let query): return try listDueReviews(query)
    case .setReviewFuzz(let isOn):
      try write(
        "review config",
        { _ in
          try review.setFuzz(isOn)
          try review.replayAll()
        }
      ) { _ in "review config set fuzz \(isOn ? "on" : "off")" }
      return .review(.fuzzSet(isOn))
    default:
      preconditionFailure("performReview got \(effect)")
    }
  }
}
