/// The kinds of review item: an answered question is recalled (FSRS), one without an answer is
/// open (soon / later / eventually / drop), a highlight comes back as Readwise's daily review
/// brings passages back (keep / soon / later / discard; see `HighlightReviewItem`).
public enum ReviewKind: String, CaseIterable, Sendable {
  case recall
  case open
  case highlight
}

/// A rating as the reader gives it: a recall grade or an open question's choice.
public enum ReviewRating: Equatable, Sendable {
  case recall(RecallRating)
  case open(OpenChoice)

  /// Every rating's name: the recall grades, then the open choices.
  public static let allNames =
    RecallRating.allCases.map(\.name) + OpenChoice.allCases.map(\.rawValue)

  public init?(name: String) {
    if let rating = RecallRating(name: name) {
      self = .recall(rating)
    } else if let choice = OpenChoice(rawValue: name) {
      self = .open(choice)
    } else {
      return nil
    }
  }

  /// A rating as typed: a name in any letter case, or a recall grade's number as the session
  /// keys and the FSRS review log give it (1 again, 2 hard, 3 good, 4 easy).
  public init?(typed text: String) {
    if let number = Int(text), let rating = RecallRating(rawValue: number),
      text.utf8.count == 1
    {
      self = .recall(rating)
    } else {
      self.init(name: text.lowercased())
    }
  }

  public var name: String {
    switch self {
    case .recall(let rating): rating.name
    case .open(let choice): choice.rawValue
    }
  }

  public var kind: ReviewKind {
    switch self {
    case .recall: .recall
    case .open: .open
    }
  }

  /// The names of a kind's ratings, e.g. `again, hard, good or easy`.
  public static func choices(of kind: ReviewKind) -> String {
    let names: [String]
    switch kind {
    case .recall: names = RecallRating.allCases.map(\.name)
    case .open: names = OpenChoice.allCases.map(\.rawValue)
    case .highlight: names = HighlightChoice.allCases.map(\.rawValue)
    }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}

/// One rating as stored: immutable, named by its UUID.
public struct ReviewEvent: Equatable, Sendable {
  public var id: Int64
  public var uuid: String
  public var questionID: QuestionID
  public var rating: ReviewRating
  public var reviewedAt: Timestamp
  public var device: String?
  public var durationMillis: Int64?
  public var createdAt: Timestamp

  public init(
    id: Int64, uuid: String, questionID: QuestionID, rating: ReviewRating, reviewedAt: Timestamp,
    device: String? = nil, durationMillis: Int64? = nil, createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.questionID = questionID
    self.rating = rating
    self.reviewedAt = reviewedAt
    self.device = device
    self.durationMillis = durationMillis
    self.createdAt = createdAt
  }
}

/// A question's schedule (a `review_items` row): a recall card or an open question's wait.
public struct ReviewItem: Equatable, Sendable {
  public var questionID: QuestionID
  public var kind: ReviewKind
  /// learning / review / relearning for recall; open / dropped for an open question.
  public var state: String
  public var step: Int?
  public var stability: Double?
  public var difficulty: Double?
  /// Nil once an open question is dropped.
  public var due: Timestamp?
  public var lastReview: Timestamp?
  /// How many ratings made it.
  public var reps: Int
  /// How many times a recall card in review was rated again.
  public var lapses: Int
  public var openChoice: OpenChoice?
  public var openStreak: Int

  public init(
    questionID: QuestionID, kind: ReviewKind, state: String, step: Int? = nil,
    stability: Double? = nil, difficulty: Double? = nil, due: Timestamp?,
    lastReview: Timestamp? = nil, reps: Int = 0, lapses: Int = 0, openChoice: OpenChoice? = nil,
    openStreak: Int = 0
  ) {
    self.questionID = questionID
    self.kind = kind
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
    self.reps = reps
    self.lapses = lapses
    self.openChoice = openChoice
    self.openStreak = openStreak
  }

  /// Whole days from the last rating to the due time (0 before any, or once dropped).
  public var scheduledDays: Int {
    guard let lastReview, let due else { return 0 }
    return FSRS.wholeDays(from: lastReview, to: due)
  }

  var recallCard: RecallCard {
    RecallCard(
      state: RecallState(name: state) ?? .learning, step: step, stability: stability,
      difficulty: difficulty, lastReview: lastReview, due: due ?? Timestamp(millis: 0),
      reviewCount: reps)
  }

  var openSchedule: OpenQuestionSchedule {
    var schedule = OpenQuestionSchedule(askedAt: Timestamp(millis: 0))
    schedule.due = due
    schedule.lastChoice = openChoice
    schedule.streak = openStreak
    schedule.reviewCount = reps
    return schedule
  }
}

extension RecallState {
  init?(name: String) {
    switch name {
    case RecallState.learning.name: self = .learning
    case RecallState.review.name: self = .review
    case RecallState.relearning.name: self = .relearning
    default: return nil
    }
  }
}

/// What a question is to review: which kind, when it was asked and answered, and its UUID (the
/// seed of its fuzz).
public struct ReviewSubject: Equatable, Sendable {
  public var questionID: QuestionID
  public var uuid: String
  public var createdAt: Timestamp
  public var answeredAt: Timestamp?
  public var isAnswered: Bool

  public init(
    questionID: QuestionID, uuid: String, createdAt: Timestamp, answeredAt: Timestamp?,
    isAnswered: Bool
  ) {
    self.questionID = questionID
    self.uuid = uuid
    self.createdAt = createdAt
    self.answeredAt = answeredAt
    self.isAnswered = isAnswered
  }

  public var kind: ReviewKind { isAnswered ? .recall : .open }
}

/// Turns ratings into schedules: one at a time (a new rating) or by replaying a question's
/// events in order (reviewed_at, then id). Pure; both give the same item.
public struct ReviewScheduler: Sendable {
  public let fsrs: FSRS

  public init(_ parameters: FSRSParameters = FSRSParameters()) { fsrs = FSRS(parameters) }

  /// The item of a question never rated as its kind: an open question due a day after it was
  /// asked; an answered one a new recall card, due when it was answered.
  public func newItem(_ subject: ReviewSubject) -> ReviewItem {
    switch subject.kind {
    case .recall, .highlight:
      return ReviewItem(
        questionID: subject.questionID, kind: .recall, state: RecallState.learning.name, step: 0,
        due: subject.answeredAt ?? subject.createdAt)
    case .open:
      return ReviewItem(
        questionID: subject.questionID, kind: .open, state: "open",
        due: OpenQuestionSchedule(askedAt: subject.createdAt).due)
    }
  }

  /// The item after one more rating at `time`. The rating must be of the item's kind.
  public func applying(
    _ rating: ReviewRating, at time: Timestamp, to item: ReviewItem, uuid: String
  ) -> ReviewItem {
    applying(rating, at: time, to: item, fuzzSeed: ReviewFuzz.seed(uuid: uuid))
  }

  /// `applying(_:at:to:uuid:)` with the UUID's fuzz seed (`ReviewFuzz.seed(uuid:)`), hashed
  /// once for all of an item's ratings.
  public func applying(
    _ rating: ReviewRating, at time: Timestamp, to item: ReviewItem, fuzzSeed: UInt64
  ) -> ReviewItem {
    var next = item
    switch rating {
    case .recall(let grade):
      var card = item.recallCard
      var lapses = item.lapses
      applying(grade, at: time, to: &card, lapses: &lapses, fuzzSeed: fuzzSeed)
      return self.item(item, with: card, lapses: lapses)
    case .open(let choice):
      let schedule = item.openSchedule.choosing(choice, at: time)
      next.state = schedule.isDropped ? "dropped" : "open"
      next.due = schedule.due
      next.lastReview = time
      next.reps = schedule.reviewCount
      next.openChoice = schedule.lastChoice
      next.openStreak = schedule.streak
    }
    return next
  }

  /// A recall item's card: a replay of many grades applies them to it
  /// (`applying(_:at:to:lapses:fuzzSeed:)`) and makes the item once (`item(_:with:lapses:)`),
  /// the same item as `applying` each grade to the item gives.
  public func recallCard(of item: ReviewItem) -> RecallCard { item.recallCard }

  /// A recall grade at `time` applied to a card, counting a lapse (again in review).
  public func applying(
    _ grade: RecallRating, at time: Timestamp, to card: inout RecallCard, lapses: inout Int,
    fuzzSeed: UInt64
  ) {
    let fuzz = ReviewFuzz.value(seed: fuzzSeed, reviewCount: card.reviewCount)
    if card.state == .review && grade == .again { lapses += 1 }
    card = fsrs.review(card, rating: grade, at: time, fuzz: fuzz)
  }

  /// `item` with the schedule of a recall card and its lapses.
  public func item(_ item: ReviewItem, with card: RecallCard, lapses: Int) -> ReviewItem {
    var next = item
    next.state = card.state.name
    next.step = card.step
    next.stability = card.stability
    next.difficulty = card.difficulty
    next.due = card.due
    next.lastReview = card.lastReview
    next.reps = card.reviewCount
    next.lapses = lapses
    return next
  }

  /// The item its events make: those of the subject's kind, in an order every device agrees
  /// on — reviewed_at, then created_at (storage records an event strictly after the question's
  /// last one, so events at the same instant replay in the order they were recorded), then
  /// uuid (two devices recording at the same millisecond).
  public func replay(_ subject: ReviewSubject, events: [ReviewEvent]) -> ReviewItem {
    events.filter { $0.rating.kind == subject.kind }
      .sorted {
        ($0.reviewedAt, $0.createdAt, $0.uuid) < ($1.reviewedAt, $1.createdAt, $1.uuid)
      }
      .reduce(newItem(subject)) {
        applying($1.rating, at: $1.reviewedAt, to: $0, uuid: subject.uuid)
      }
  }

  /// The probability of recall at `time` (nil for an open question).
  public func retrievability(of item: ReviewItem, at time: Timestamp) -> Double? {
    item.kind == .recall ? fsrs.retrievability(of: item.recallCard, at: time) : nil
  }
}
