/// Computes the new state and the storage work for a review action. Pure.
public func reviewReducer(_ state: inout AppState, _ action: ReviewAction) -> [Effect] {
  switch action {
  case .rate(let id, let name, let time):
    guard let rating = ReviewRating(name: name.lowercased()) else {
      return fail(
        &state,
        .usage(
          "unknown rating '\(name)': rate an answered question again, hard, good or easy, an open one soon, later, eventually or drop"
        ))
    }
    return [.rateReview(id, rating, at: time)]
  case .show(let id, let time):
    return [.loadReview(id, at: time)]
  case .due(let query):
    if let limit = query.limit, limit < 0 {
      return fail(&state, .usage("--limit must be 0 or more"))
    }
    return [.loadDueReviews(query)]
  case .setFuzz(let isOn):
    return [.setReviewFuzz(isOn)]
  case .rated(let outcome):
    state.reviewOutcome = outcome
    return []
  case .shown(let detail):
    state.reviewDetail = detail
    return []
  case .listed(let rows):
    state.reviewDue = rows
    return []
  case .fuzzSet(let isOn):
    state.reviewFuzz = isOn
    return []
  }
}
