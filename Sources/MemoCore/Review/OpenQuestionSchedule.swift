/// What the reader chose for a question that has no answer yet.
public enum OpenChoice: String, CaseIterable, Sendable {
  case soon
  case later
  case eventually
  case drop

  /// The first wait of a choice, in days (it doubles while the same choice repeats).
  var baseDays: Int? {
    switch self {
    case .soon: 7
    case .later: 14
    case .eventually: 28
    case .drop: nil
    }
  }
}

/// The schedule of an open question: due a day after it was asked, then as the reader chose —
/// soon / later / eventually wait 7 / 14 / 28 days, doubling each time the same choice repeats,
/// at most 365 days; `drop` takes it out of review (the question stays in the notes).
public struct OpenQuestionSchedule: Equatable, Sendable {
  public static let longestWaitDays = 365

  /// Nil once dropped.
  public var due: Timestamp?
  public var lastChoice: OpenChoice?
  /// How many times in a row `lastChoice` was chosen.
  public var streak: Int
  public var reviewCount: Int

  public var isDropped: Bool { lastChoice == .drop }

  public init(askedAt: Timestamp) {
    due = Timestamp(millis: askedAt.millis + FSRS.dayMillis)
    lastChoice = nil
    streak = 0
    reviewCount = 0
  }

  /// The schedule after `choice` at `time`.
  public func choosing(_ choice: OpenChoice, at time: Timestamp) -> OpenQuestionSchedule {
    var next = self
    next.streak = choice == lastChoice ? streak + 1 : 1
    next.lastChoice = choice
    next.reviewCount += 1
    guard let base = choice.baseDays else {
      next.due = nil
      return next
    }
    // 7, 14, 28, … : doubling stops at the cap (no overflow however long the streak).
    var days = base
    for _ in 1..<next.streak where days < Self.longestWaitDays { days *= 2 }
    next.due = Timestamp(
      millis: time.millis + Int64(min(days, Self.longestWaitDays)) * FSRS.dayMillis)
    return next
  }

  /// The wait in whole days the last choice set (0 before any choice or after `drop`).
  public func waitDays(from time: Timestamp) -> Int {
    guard let due else { return 0 }
    return FSRS.wholeDays(from: time, to: due)
  }
}
