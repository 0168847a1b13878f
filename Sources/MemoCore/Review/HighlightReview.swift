/// What the reader chose for a highlight that came back (Readwise's daily review): keep it
/// coming back, less often each time; see it again soon; much later; or discard it from review
/// (the highlight stays in the notes).
public enum HighlightChoice: String, CaseIterable, Sendable {
  case keep
  case soon
  case later
  case discard

  /// The first wait of a choice, in days (keep and later double while the same choice
  /// repeats; soon does not).
  var baseDays: Int? {
    switch self {
    case .keep: 14
    case .soon: 7
    case .later: 60
    case .discard: nil
    }
  }

  /// `keep, soon, later or discard`.
  public static let choices = "keep, soon, later or discard"
}

/// How a highlight or the item naming it is addressed on the command line: a question by its
/// number (`12`), a highlight by `h` and its number (`h12`), as `memo highlight show` takes it.
public enum ReviewItemID: Equatable, Hashable, Sendable, CustomStringConvertible {
  case question(QuestionID)
  case highlight(HighlightID)

  /// `12` or `h12` (also `H12`); nil for anything else.
  public init?(_ text: String) {
    if let first = text.first, first == "h" || first == "H" {
      guard let value = parsePositiveID(String(text.dropFirst())) else { return nil }
      self = .highlight(HighlightID(value))
    } else {
      guard let value = parsePositiveID(text) else { return nil }
      self = .question(QuestionID(value))
    }
  }

  public var description: String {
    switch self {
    case .question(let id): "\(id.rawValue)"
    case .highlight(let id): "h\(id.rawValue)"
    }
  }
}

/// A highlight's review schedule (a `highlight_review_items` row). A highlight never reviewed
/// is due a day after it was made; then as the reader chose: keep waits 14 days, doubling
/// while kept again (at most 365); soon 7 days; later 60 days, doubling while repeated (at most
/// 365); discard takes it out. A starred highlight comes back in half the wait, one whose book
/// is on the shelf in half again (at least a day): the wait is stored, the star and the shelf
/// are read when what is due is chosen, so starring takes effect at once.
public struct HighlightReviewItem: Equatable, Sendable {
  public static let longestWaitDays = 365

  public var highlightID: HighlightID
  /// `active`, or `discarded`.
  public var state: String
  /// The wait the last choice set, in days (before the star and shelf shorten it).
  public var waitDays: Int
  /// Nil once discarded; the last review plus the whole wait.
  public var due: Timestamp?
  public var lastReview: Timestamp?
  public var reps: Int
  public var lastChoice: HighlightChoice?
  /// How many times in a row `lastChoice` was chosen.
  public var streak: Int

  public init(
    highlightID: HighlightID, state: String = "active", waitDays: Int = 1, due: Timestamp?,
    lastReview: Timestamp? = nil, reps: Int = 0, lastChoice: HighlightChoice? = nil,
    streak: Int = 0
  ) {
    self.highlightID = highlightID
    self.state = state
    self.waitDays = waitDays
    self.due = due
    self.lastReview = lastReview
    self.reps = reps
    self.lastChoice = lastChoice
    self.streak = streak
  }

  /// A highlight never reviewed: due a day after it was made.
  public static func new(_ id: HighlightID, createdAt: Timestamp) -> HighlightReviewItem {
    HighlightReviewItem(highlightID: id, due: Timestamp(millis: createdAt.millis + FSRS.dayMillis))
  }

  /// The item after `choice` at `time`.
  public func choosing(_ choice: HighlightChoice, at time: Timestamp) -> HighlightReviewItem {
    var next = self
    next.streak = choice == lastChoice ? streak + 1 : 1
    next.lastChoice = choice
    next.reps += 1
    next.lastReview = time
    guard let base = choice.baseDays else {
      next.state = "discarded"
      next.due = nil
      next.waitDays = 0
      return next
    }
    next.state = "active"
    var days = base
    if choice != .soon {
      for _ in 1..<next.streak where days < Self.longestWaitDays { days *= 2 }
    }
    days = min(days, Self.longestWaitDays)
    next.waitDays = days
    next.due = Timestamp(millis: time.millis + Int64(days) * FSRS.dayMillis)
    return next
  }

  /// The wait once a star and the shelf shorten it: half for each, at least a day.
  public static func effectiveWait(days: Int, starred: Bool, onShelf: Bool) -> Int {
    var wait = days
    if starred { wait /= 2 }
    if onShelf { wait /= 2 }
    return max(wait, 1)
  }

  /// The item its events make, in an order every device agrees on (as a question's): by
  /// reviewed_at, then created_at (storage records a choice strictly after the highlight's last
  /// one), then uuid (two devices recording at the same millisecond).
  public static func replay(
    _ id: HighlightID, createdAt: Timestamp, events: [HighlightReviewEvent]
  ) -> HighlightReviewItem {
    events.sorted {
      ($0.reviewedAt, $0.createdAt, $0.uuid) < ($1.reviewedAt, $1.createdAt, $1.uuid)
    }
      .reduce(new(id, createdAt: createdAt)) { $0.choosing($1.choice, at: $1.reviewedAt) }
  }
}

/// One choice on a highlight, as stored: immutable, named by its UUID.
public struct HighlightReviewEvent: Equatable, Sendable {
  public var id: Int64
  public var uuid: String
  public var highlightID: HighlightID
  public var choice: HighlightChoice
  public var reviewedAt: Timestamp
  public var device: String?
  public var durationMillis: Int64?
  public var createdAt: Timestamp

  public init(
    id: Int64, uuid: String, highlightID: HighlightID, choice: HighlightChoice,
    reviewedAt: Timestamp, device: String? = nil, durationMillis: Int64? = nil,
    createdAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.highlightID = highlightID
    self.choice = choice
    self.reviewedAt = reviewedAt
    self.device = device
    self.durationMillis = durationMillis
    self.createdAt = createdAt
  }
}

/// `memo review show hN`: the item, its history, the passage.
public struct HighlightReviewDetail: Equatable, Sendable {
  public var item: HighlightReviewItem
  public var history: [HighlightReviewEvent]
  public var text: String
  /// The due time once the star and the shelf shorten the wait (nil once discarded).
  public var effectiveDue: Timestamp?
  /// The highlight's UUID (the item's key across devices).
  public var uuid: String

  public init(
    item: HighlightReviewItem, history: [HighlightReviewEvent], text: String,
    effectiveDue: Timestamp?, uuid: String = ""
  ) {
    self.item = item
    self.history = history
    self.text = text
    self.effectiveDue = effectiveDue
    self.uuid = uuid
  }
}

extension FSRS {
  /// The start of the reader's day `time` is in (`utcOffsetSeconds` east of UTC).
  public static func dayStart(of time: Timestamp, utcOffsetSeconds: Int) -> Timestamp {
    let offset = Int64(utcOffsetSeconds) * 1000
    return Timestamp(
      millis: (time.millis + offset).floorDivided(by: dayMillis).quotient * dayMillis - offset)
  }

  /// Whole days from `a` to `b`, floored.
  public static func days(from a: Timestamp, to b: Timestamp) -> Int { wholeDays(from: a, to: b) }
}
