/// Computes the new state and the storage work for a review action. Pure.
public func reviewReducer(_ state: inout AppState, _ action: ReviewAction) -> [Effect] {
  switch action {
  case .rate(let id, let name, let time):
    guard let rating = ReviewRating(typed: name) else {
      if HighlightChoice(rawValue: name.lowercased()) != nil {
        return [.review(.rejectRating(id, rating: name.lowercased()))]
      }
      return fail(
        &state,
        .usage(
          "unknown rating '\(name)': rate an answered question again, hard, good or easy (1-4), an open one soon, later, eventually or drop"
        ))
    }
    return [.review(.rate(id, rating, at: time))]
  case .show(let id, let time):
    return [.review(.load(id, at: time))]
  case .due(let query, let destination):
    if let limit = query.limit, limit < 0 {
      return fail(&state, .usage("--limit must be 0 or more"))
    }
    if let limit = query.newLimit, limit < 0 {
      return fail(&state, .usage("--new must be 0 or more"))
    }
    return [.review(.listDue(query, to: destination))]
  case .rateHighlight(let id, let name, let time):
    guard let choice = HighlightChoice(rawValue: name.lowercased()) else {
      let known = ReviewRating(typed: name)
      return fail(
        &state,
        .usage(
          known.map {
            "'\(name.lowercased())'\(name.lowercased() == $0.name ? "" : " (\($0.name))") rates a question; h\(id.rawValue) is a highlight: rate it \(HighlightChoice.choices)"
          } ?? "unknown rating '\(name)': rate a highlight \(HighlightChoice.choices)"))
    }
    return [.review(.rateHighlight(id, choice, at: time))]
  case .showHighlight(let id, let time):
    return [.review(.loadHighlight(id, at: time))]
  case .showConfig:
    return [.review(.loadConfig)]
  case .set(let setting):
    return settingEffects(&state, setting)
  case .loadStats(let query):
    return [.review(.loadStats(query))]
  case .exportLog:
    return [.review(.exportLog)]
  case .highlightRated(let outcome):
    state.highlightReviewOutcome = outcome
    return []
  case .highlightShown(let detail):
    state.highlightReviewDetail = detail
    return []
  case .configShown(let config), .settingSet(let config):
    state.reviewConfig = config
    return []
  case .statsLoaded(let stats):
    state.reviewStats = stats
    return []
  case .setFuzz(let isOn):
    return [.review(.setFuzz(isOn))]
  case .rated(let outcome):
    state.reviewOutcome = outcome
    return []
  case .shown(let detail):
    state.reviewDetail = detail
    return []
  case .listed(let rows):
    state.reviewDue = rows
    return []
  case .countDue(let query):
    return [.review(.countDue(query))]
  case .dueCounted(let counts):
    state.reviewDueCounts = counts
    return []
  case .nextDue:
    return []
  case .fuzzSet(let isOn):
    state.reviewFuzz = isOn
    return []
  }
}

/// The effect of a setting `memo review config set` asks for, or the refusal of a value out of
/// its range (64, nothing changed).
func settingEffects(_ state: inout AppState, _ setting: ReviewSetting) -> [Effect] {
  switch setting {
  case .weights(let given):
    do {
      return [.review(.setSetting(.weights(try FSRSParameters.weights(from: given))))]
    } catch {
      switch error {
      case .count(let count):
        return fail(
          &state,
          .usage(
            "weights are 21 numbers (or an older optimizer's 17 or 19), separated by commas or spaces; got \(count)"
          ))
      case .outOfRange(let index, let value, let range):
        return fail(
          &state,
          .usage(
            "weight \(index) (w\(index)) is \(value): it must be within \(range.lowerBound)–\(range.upperBound)"
          ))
      }
    }
  case .retention(let value):
    guard value.isFinite, value >= 0.7, value <= 0.99 else {
      return fail(
        &state, .usage("retention is a number from 0.7 to 0.99 (e.g. 0.9), not \(value)"))
    }
    return [.review(.setSetting(setting))]
  case .highlightsPerDay(let count):
    guard count >= 0, count <= 1000 else {
      return fail(
        &state, .usage("highlights is a number of highlights a day, 0 to 1000, not \(count)"))
    }
    return [.review(.setSetting(setting))]
  case .learningSteps(let steps), .relearningSteps(let steps):
    // Steps are the same day's: a wait of days is what FSRS schedules.
    guard steps.count <= 10, steps.allSatisfy({ (1000...86_400_000).contains($0) }) else {
      return fail(
        &state,
        .usage(
          "\(setting.key) are at most 10 waits of 1s to 1d each (e.g. 1m,10m; none for no step)"
        ))
    }
    return [.review(.setSetting(setting))]
  case .maximumInterval(let days):
    guard (1...36_500).contains(days) else {
      return fail(
        &state, .usage("maximum_interval is a number of days from 1 to 36500, not \(days)"))
    }
    return [.review(.setSetting(setting))]
  }
}
