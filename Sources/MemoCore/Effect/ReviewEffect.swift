/// The storage work of spaced review (`Effect.review`).
public enum ReviewEffect: Equatable, Sendable {
  /// Record a rating of a question and its new schedule; answers `.review(.rated)`.
  case rate(QuestionID, ReviewRating, at: Timestamp)
  /// Answers `.review(.shown)`.
  case load(QuestionID, at: Timestamp)
  /// What is due, lowest retrievability first: into the state, answering `.review(.listed)`,
  /// or streamed to the output, answering `.streamed(.reviewDue)`.
  case listDue(ReviewDueQuery, to: RowDestination = .state)
  /// How many items of each kind are due, whatever the query's limit: one count in the
  /// database, no rows read; answers `.review(.dueCounted)`.
  case countDue(ReviewDueQuery)
  /// Answers `.review(.nextDue)`: the earliest due time after `after`, up to `until`, of a
  /// question (rated or never rated), nil when none.
  case nextDue(after: Timestamp, until: Timestamp)
  /// Turn fuzz on or off and replay every schedule with it; answers `.review(.fuzzSet)`.
  case setFuzz(Bool)
  /// Fail with a usage error naming the question's choices (a highlight's rating given to a
  /// question).
  case rejectRating(QuestionID, rating: String)
  /// Record a choice on a highlight; answers `.review(.highlightRated)`.
  case rateHighlight(HighlightID, HighlightChoice, at: Timestamp)
  /// Answers `.review(.highlightShown)`.
  case loadHighlight(HighlightID, at: Timestamp)
  /// Answers `.review(.configShown)`.
  case loadConfig
  /// Store a setting and replay every schedule with it; answers `.review(.settingSet)`.
  case setSetting(ReviewSetting)
  /// Answers `.review(.statsLoaded)`.
  case loadStats(ReviewStatsQuery)
  /// Streams every recall rating as the FSRS optimizer's review log to the output (it has no
  /// page in the state: its destination is always `.output`); answers `.streamed(.reviewLog)`.
  case exportLog

  /// Whether the effect only reads (`Effect.onlyReads`): rejecting a rating and exporting
  /// the log read too.
  public var onlyReads: Bool {
    switch self {
    case .load, .listDue, .countDue, .nextDue, .rejectRating, .loadHighlight, .loadConfig,
      .loadStats, .exportLog:
      true
    case .rate, .setFuzz, .rateHighlight, .setSetting: false
    }
  }
}
