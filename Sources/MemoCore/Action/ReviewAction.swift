/// What a command asks of review (`memo review`), and what storage answered.
public enum ReviewAction: Equatable, Sendable {
  /// Rate a question by a rating's name, at a time.
  case rate(QuestionID, rating: String, at: Timestamp)
  case rated(ReviewOutcome)
  /// A question's schedule and history, its retrievability at the time given.
  case show(QuestionID, at: Timestamp)
  case shown(ReviewDetail)
  /// What is due, to where `to` says.
  case due(ReviewDueQuery, to: RowDestination = .state)
  case listed([ReviewDueRow])
  /// How many items of each kind are due (the query's limit ignored): `memo review digest`
  /// when its limit cuts the list.
  case countDue(ReviewDueQuery)
  case dueCounted([ReviewKind: Int])
  /// The earliest due time after a time (`Effect.review(.nextDue)`), nil when none.
  case nextDue(Timestamp?)
  case setFuzz(Bool)
  case fuzzSet(Bool)
  /// Rate a highlight by a choice's name (keep, soon, later, discard), at a time.
  case rateHighlight(HighlightID, rating: String, at: Timestamp)
  case highlightRated(HighlightReviewOutcome)
  case showHighlight(HighlightID, at: Timestamp)
  case highlightShown(HighlightReviewDetail)
  /// `memo review config show`.
  case showConfig
  case configShown(ReviewConfig)
  /// `memo review config set weights|retention|highlights`.
  case set(ReviewSetting)
  case settingSet(ReviewConfig)
  /// `memo stats`' review section, at a time (today: the day around it).
  case loadStats(ReviewStatsQuery)
  case statsLoaded(ReviewStats)
  /// `memo review export --format fsrs-csv`.
  case exportLog
}

/// The review settings: the scheduler's parameters and how many highlights a day come back.
public struct ReviewConfig: Equatable, Sendable {
  public static let defaultHighlightsPerDay = 5

  public var parameters: FSRSParameters
  public var highlightsPerDay: Int

  public init(
    parameters: FSRSParameters = FSRSParameters(),
    highlightsPerDay: Int = ReviewConfig.defaultHighlightsPerDay
  ) {
    self.parameters = parameters
    self.highlightsPerDay = highlightsPerDay
  }
}

/// One setting `memo review config set` changes (fuzz has its own action).
public enum ReviewSetting: Equatable, Sendable {
  /// 21 weights (17 or 19 are migrated first, by the reducer).
  case weights([Double])
  case retention(Double)
  case highlightsPerDay(Int)
  /// The learning steps of a new recall item, in milliseconds (none: straight to review).
  case learningSteps([Int64])
  /// The relearning steps after a lapse, in milliseconds.
  case relearningSteps([Int64])
  /// The longest interval, in days.
  case maximumInterval(Int)

  /// The key `memo review config show` prints it under and `set` takes.
  public var key: String {
    switch self {
    case .weights: "weights"
    case .retention: "retention"
    case .highlightsPerDay: "highlights"
    case .learningSteps: "learning_steps"
    case .relearningSteps: "relearning_steps"
    case .maximumInterval: "maximum_interval"
    }
  }
}

/// What `memo stats` asks of review: counts at `at`, the day from `dayStart` to `dayEnd`.
public struct ReviewStatsQuery: Equatable, Sendable {
  public var at: Timestamp
  public var dayStart: Timestamp
  public var dayEnd: Timestamp

  public init(at: Timestamp, dayStart: Timestamp, dayEnd: Timestamp) {
    self.at = at
    self.dayStart = dayStart
    self.dayEnd = dayEnd
  }
}

/// `memo stats`' review section.
public struct ReviewStats: Equatable, Sendable {
  /// Items with a schedule due by the end of today (questions and highlights).
  public var dueToday: Int
  /// Questions never rated as what they are now (answered: new recall items; open).
  public var newItems: Int
  /// Ratings in the 30 days before now (every kind).
  public var reviewedIn30Days: Int
  /// Of the recall ratings in review state in 30 days, the share not rated again; nil
  /// without any.
  public var trueRetention: Double?
  /// How many items fall due on each of the next 30 days (day 1 is tomorrow): questions with a
  /// schedule (recall and open), open questions never rated (a day after they were asked) and
  /// highlights under review (not those never reviewed: the day's quota brings those).
  public var forecast: [Int]

  public init(
    dueToday: Int, newItems: Int, reviewedIn30Days: Int, trueRetention: Double?, forecast: [Int]
  ) {
    self.dueToday = dueToday
    self.newItems = newItems
    self.reviewedIn30Days = reviewedIn30Days
    self.trueRetention = trueRetention
    self.forecast = forecast
  }
}

/// A highlight's choice and its result.
public struct HighlightReviewOutcome: Equatable, Sendable {
  public var item: HighlightReviewItem
  public var choice: HighlightChoice
  /// When it comes back: the item's due once a star and the shelf shorten the wait.
  public var effectiveDue: Timestamp?

  public init(item: HighlightReviewItem, choice: HighlightChoice, effectiveDue: Timestamp? = nil) {
    self.item = item
    self.choice = choice
    self.effectiveDue = effectiveDue ?? item.due
  }

  /// The days until it comes back, counted from its last review.
  public var effectiveDays: Int {
    guard let due = effectiveDue, let last = item.lastReview else { return 0 }
    return Int((due.millis - last.millis) / 86_400_000)
  }
}

/// A rating's result: the item as it now is.
public struct ReviewOutcome: Equatable, Sendable {
  public var item: ReviewItem
  public var rating: ReviewRating

  public init(item: ReviewItem, rating: ReviewRating) {
    self.item = item
    self.rating = rating
  }
}

/// `memo review show`: the item, its retrievability at the time asked, its events in order.
public struct ReviewDetail: Equatable, Sendable {
  public var item: ReviewItem
  public var retrievability: Double?
  public var history: [ReviewEvent]
  public var questionText: String
  /// The question's UUID (the item's key across devices).
  public var uuid: String

  public init(
    item: ReviewItem, retrievability: Double?, history: [ReviewEvent], questionText: String,
    uuid: String = ""
  ) {
    self.item = item
    self.retrievability = retrievability
    self.history = history
    self.questionText = questionText
    self.uuid = uuid
  }
}

/// `memo review due`: what is due at a time, at most `limit` rows, of which at most
/// `newLimit` never rated; only the kinds in `kinds` (all when empty); questions as the filter
/// selects them. Highlights: at most the day's quota less those reviewed since `dayStart`.
public struct ReviewDueQuery: Equatable, Sendable {
  public var at: Timestamp
  public var limit: Int?
  public var newLimit: Int?
  public var kinds: Set<ReviewKind>
  public var selection: FilterSelection?
  /// The start of the day `at` is in (the reader's): highlights reviewed since count against
  /// the day's quota. Nil: the UTC day.
  public var dayStart: Timestamp?
  /// Only this post's questions and highlights.
  public var postID: PostID?

  public init(
    at: Timestamp, limit: Int? = nil, newLimit: Int? = nil, kinds: Set<ReviewKind> = [],
    selection: FilterSelection? = nil, dayStart: Timestamp? = nil, postID: PostID? = nil
  ) {
    self.at = at
    self.limit = limit
    self.newLimit = newLimit
    self.kinds = kinds
    self.selection = selection
    self.dayStart = dayStart
    self.postID = postID
  }

  public func includes(_ kind: ReviewKind) -> Bool { kinds.isEmpty || kinds.contains(kind) }
}

/// One row of `memo review due`. For a highlight, `id` is the highlight's number (its item is
/// `h` and the number) and `question` its passage.
public struct ReviewDueRow: Equatable, Sendable {
  public var id: QuestionID
  public var kind: ReviewKind
  public var due: Timestamp
  public var retrievability: Double?
  public var question: String
  public var postID: PostID
  public var title: String

  public init(
    id: QuestionID, kind: ReviewKind, due: Timestamp, retrievability: Double?, question: String,
    postID: PostID, title: String
  ) {
    self.id = id
    self.kind = kind
    self.due = due
    self.retrievability = retrievability
    self.question = question
    self.postID = postID
    self.title = title
  }
}
