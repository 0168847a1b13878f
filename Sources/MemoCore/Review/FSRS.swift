import RealModule

/// How well an answered question was recalled: FSRS's four grades (1–4).
public enum RecallRating: Int, CaseIterable, Sendable, Comparable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  public var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  public init?(name: String) {
    guard let rating = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = rating
  }

  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Where a recall item is in FSRS: short learning steps, long review intervals, or the
/// relearning steps after a lapse. (FSRS-6 as py-fsrs 6 defines it: no separate "new" state;
/// a card never reviewed is in `learning` with no stability yet.)
public enum RecallState: Int, Sendable {
  case learning = 1
  case review = 2
  case relearning = 3

  public var name: String {
    switch self {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }
}

/// The scheduler's settings: FSRS-6's 21 weights, desired retention, the (re)learning steps,
/// the longest interval and whether intervals are fuzzed.
public struct FSRSParameters: Equatable, Sendable {
  /// FSRS-6's default weights (py-fsrs 6, ts-fsrs 5, fsrs-rs).
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// Each weight's allowed range (py-fsrs `LOWER_BOUNDS_PARAMETERS`/`UPPER_BOUNDS_PARAMETERS`).
  public static let weightBounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
    0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4,
    0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
  ]

  public var weights: [Double]
  public var desiredRetention: Double
  /// Learning and relearning steps, in milliseconds.
  public var learningSteps: [Int64]
  public var relearningSteps: [Int64]
  /// The longest interval, in days.
  public var maximumInterval: Int
  public var isFuzzEnabled: Bool

  public init(
    weights: [Double] = FSRSParameters.defaultWeights, desiredRetention: Double = 0.9,
    learningSteps: [Int64] = [60_000, 600_000], relearningSteps: [Int64] = [600_000],
    maximumInterval: Int = 36_500, isFuzzEnabled: Bool = true
  ) {
    self.weights = weights
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.isFuzzEnabled = isFuzzEnabled
  }

  /// Weights as a user may give them: FSRS-6's 21, or an older optimizer's 19 (FSRS-5) or 17
  /// (FSRS-4.5), migrated as ts-fsrs's `migrateParameters` does; each checked against its range.
  public static func weights(from given: [Double]) throws(FSRSWeightError) -> [Double] {
    var w = given
    switch given.count {
    case 21:
      break
    case 19:
      w += [0.0, 0.5]
    case 17:
      w[4] = rounded8(w[5] * 2.0 + w[4])
      w[5] = rounded8(Double.log(w[5] * 3.0 + 1.0) / 3.0)
      w[6] = rounded8(w[6] + 0.5)
      w += [0.0, 0.0, 0.0, 0.5]
    default:
      throw .count(given.count)
    }
    for (index, (value, range)) in zip(w, weightBounds).enumerated() {
      guard value.isFinite, range.contains(value) else {
        throw .outOfRange(index: index, value: value, range: range)
      }
    }
    return w
  }

  private static func rounded8(_ x: Double) -> Double { (x * 1e8).rounded() / 1e8 }
}

/// Why a list of weights cannot be used.
public enum FSRSWeightError: Error, Equatable, Sendable {
  case count(Int)
  case outOfRange(index: Int, value: Double, range: ClosedRange<Double>)
}

/// One recall item's memory state and schedule.
public struct RecallCard: Equatable, Sendable {
  public var state: RecallState
  /// The (re)learning step the card is on; nil in review.
  public var step: Int?
  public var stability: Double?
  public var difficulty: Double?
  public var lastReview: Timestamp?
  public var due: Timestamp
  /// How many ratings the card has had: with the item's UUID, the seed of its fuzz.
  public var reviewCount: Int

  /// A card never reviewed, due at `due`.
  public init(due: Timestamp) {
    self.init(
      state: .learning, step: 0, stability: nil, difficulty: nil, lastReview: nil, due: due,
      reviewCount: 0)
  }

  public init(
    state: RecallState, step: Int?, stability: Double?, difficulty: Double?,
    lastReview: Timestamp?, due: Timestamp, reviewCount: Int
  ) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.lastReview = lastReview
    self.due = due
    self.reviewCount = reviewCount
  }

  /// Whole days from the last rating to the due time (FSRS's `scheduled_days`).
  public var scheduledDays: Int {
    guard let lastReview else { return 0 }
    return Int((due.millis - lastReview.millis).floorDivided(by: FSRS.dayMillis).quotient)
  }
}

/// FSRS-6, exactly as the reference implementations schedule (py-fsrs 6 `Scheduler`; ts-fsrs 5
/// with short-term stability on). Pure: time comes in as arguments; fuzz is a value in [0, 1)
/// that the caller derives from the item (see `ReviewFuzz`), so every machine agrees.
public struct FSRS: Sendable {
  public static let dayMillis: Int64 = 86_400_000
  static let minimumStability = 0.001

  public let parameters: FSRSParameters
  private let w: [Double]
  /// The forgetting curve's exponent (-w20) and factor: R = (1 + factor · t / S) ^ decay.
  public let decay: Double
  public let factor: Double
  /// `nextInterval`'s retention term, R^(1/decay) - 1, and `nextDifficulty`'s mean-reversion
  /// target, the unclamped D0(Easy): the same for every rating, so computed once (the same
  /// operations, so the same doubles, as when each rating computed them).
  private let retentionTerm: Double
  private let easyDifficulty: Double

  public init(_ parameters: FSRSParameters = FSRSParameters()) {
    precondition(parameters.weights.count == 21, "FSRS-6 takes 21 weights")
    self.parameters = parameters
    w = parameters.weights
    decay = -parameters.weights[20]
    factor = Double.pow(0.9, 1 / decay) - 1
    retentionTerm = Double.pow(parameters.desiredRetention, 1 / decay) - 1
    easyDifficulty = w[4] - Double.exp(w[5] * Double(RecallRating.easy.rawValue - 1)) + 1
  }

  /// The probability of recall at `time`: 0 for a card never reviewed. Whole days elapsed,
  /// as the references count them.
  public func retrievability(of card: RecallCard, at time: Timestamp) -> Double {
    guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
    let elapsed = max(0, Self.wholeDays(from: lastReview, to: time))
    return Double.pow(1 + factor * Double(elapsed) / stability, decay)
  }

  /// The card after a rating at `time`. `fuzz` is a number in [0, 1) used only when fuzz is
  /// on and the card lands in review with an interval of 2.5 days or more.
  public func review(
    _ card: RecallCard, rating: RecallRating, at time: Timestamp, fuzz: Double
  ) -> RecallCard {
    var card = card
    let daysSinceLast = card.lastReview.map { Self.wholeDays(from: $0, to: time) }
    let sameDay = daysSinceLast.map { $0 < 1 } ?? false
    var interval: Int64  // milliseconds

    switch card.state {
    case .learning, .relearning:
      let steps = card.state == .learning ? parameters.learningSteps : parameters.relearningSteps
      if let stability = card.stability, let difficulty = card.difficulty {
        card.stability =
          sameDay
          ? shortTermStability(stability, rating)
          : nextStability(
            difficulty: difficulty, stability: stability,
            retrievability: retrievability(of: card, at: time), rating: rating)
        card.difficulty = nextDifficulty(difficulty, rating)
      } else {
        card.stability = initialStability(rating)
        card.difficulty = initialDifficulty(rating, clamp: true)
      }
      interval = stepInterval(&card, rating, steps: steps)
    case .review:
      let stability = card.stability ?? initialStability(rating)
      let difficulty = card.difficulty ?? initialDifficulty(rating, clamp: true)
      card.stability =
        sameDay
        ? shortTermStability(stability, rating)
        : nextStability(
          difficulty: difficulty, stability: stability,
          retrievability: retrievability(of: card, at: time), rating: rating)
      card.difficulty = nextDifficulty(difficulty, rating)
      if rating == .again && !parameters.relearningSteps.isEmpty {
        (card.state, card.step) = (.relearning, 0)
        interval = parameters.relearningSteps[0]
      } else {
        interval = Int64(nextInterval(card.stability!)) * Self.dayMillis
      }
    }

    if parameters.isFuzzEnabled, card.state == .review {
      // py-fsrs fuzzes the interval's whole days whatever produced it.
      let days = Int(interval.floorDivided(by: Self.dayMillis).quotient)
      interval = Int64(fuzzedInterval(days: days, fuzz: fuzz)) * Self.dayMillis
    }
    card.due = Timestamp(millis: time.millis + interval)
    card.lastReview = time
    card.reviewCount += 1
    return card
  }

  /// A card in its learning or relearning `steps` after `rating`: its next step (or review),
  /// and the interval to it in milliseconds.
  private func stepInterval(_ card: inout RecallCard, _ rating: RecallRating, steps: [Int64])
    -> Int64
  {
    let step = card.step ?? 0
    if steps.isEmpty || (step >= steps.count && rating != .again) {
      (card.state, card.step) = (.review, nil)
      return Int64(nextInterval(card.stability!)) * Self.dayMillis
    } else {
      switch rating {
      case .again:
        card.step = 0
        return steps[0]
      case .hard:
        if step == 0 && steps.count == 1 {
          return steps[0] * 3 / 2
        } else if step == 0 {
          return (steps[0] + steps[1]) / 2
        } else {
          return steps[step]
        }
      case .good:
        if step + 1 == steps.count {
          (card.state, card.step) = (.review, nil)
          return Int64(nextInterval(card.stability!)) * Self.dayMillis
        } else {
          card.step = step + 1
          return steps[step + 1]
        }
      case .easy:
        (card.state, card.step) = (.review, nil)
        return Int64(nextInterval(card.stability!)) * Self.dayMillis
      }
    }
  }

  // MARK: - The formulas (py-fsrs 6 `Scheduler`'s private methods)

  func initialStability(_ rating: RecallRating) -> Double {
    max(w[rating.rawValue - 1], Self.minimumStability)
  }

  func initialDifficulty(_ rating: RecallRating, clamp: Bool) -> Double {
    let d = w[4] - Double.exp(w[5] * Double(rating.rawValue - 1)) + 1
    return clamp ? Self.clampDifficulty(d) : d
  }

  func nextInterval(_ stability: Double) -> Int {
    let raw = stability / factor * retentionTerm
    let days = Int(raw.rounded(.toNearestOrEven))  // Python's round()
    return min(max(days, 1), parameters.maximumInterval)
  }

  func shortTermStability(_ stability: Double, _ rating: RecallRating) -> Double {
    var increase =
      Double.exp(w[17] * (Double(rating.rawValue) - 3 + w[18])) * Double.pow(stability, -w[19])
    // A same-day Hard, Good or Easy never lowers stability (py-fsrs 6.3: Hard is clamped too).
    if rating >= .hard { increase = max(increase, 1) }
    return max(stability * increase, Self.minimumStability)
  }

  func nextDifficulty(_ difficulty: Double, _ rating: RecallRating) -> Double {
    let target = easyDifficulty  // mean reversion: unclamped D0(Easy)
    let delta = -(w[6] * (Double(rating.rawValue) - 3))
    let damped = difficulty + (10 - difficulty) * delta / 9
    return Self.clampDifficulty(w[7] * target + (1 - w[7]) * damped)
  }

  func nextStability(
    difficulty: Double, stability: Double, retrievability: Double, rating: RecallRating
  ) -> Double {
    let next: Double
    if rating == .again {
      let longTerm =
        w[11] * Double.pow(difficulty, -w[12]) * (Double.pow(stability + 1, w[13]) - 1)
        * Double.exp((1 - retrievability) * w[14])
      let shortTerm = stability / Double.exp(w[17] * w[18])
      next = min(longTerm, shortTerm)
    } else {
      let hardPenalty = rating == .hard ? w[15] : 1
      let easyBonus = rating == .easy ? w[16] : 1
      next =
        stability
        * (1 + Double.exp(w[8]) * (11 - difficulty) * Double.pow(stability, -w[9])
          * (Double.exp((1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
    }
    return max(next, Self.minimumStability)
  }

  /// The published fuzz: within ±(1 + 15% of days 2.5–7 + 10% of 7–20 + 5% beyond 20), each
  /// day of that range equally likely. (ts-fsrs floors the draw, so it never leaves the range;
  /// py-fsrs rounds it, which can land one day past the top.)
  public func fuzzedInterval(days: Int, fuzz: Double) -> Int {
    guard Double(days) >= 2.5 else { return days }
    let range = fuzzRange(days: days)
    let value = fuzz * Double(range.upperBound - range.lowerBound + 1) + Double(range.lowerBound)
    return min(Int(value.rounded(.down)), range.upperBound)
  }

  /// The days a fuzzed interval of `days` may take.
  public func fuzzRange(days: Int) -> ClosedRange<Int> {
    let d = Double(days)
    var delta = 1.0
    for (start, end, factor) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)]
    {
      delta += factor * max(min(d, end) - start, 0)
    }
    var low = Int((d - delta).rounded(.toNearestOrEven))
    let high = min(Int((d + delta).rounded(.toNearestOrEven)), parameters.maximumInterval)
    low = min(max(2, low), high)
    return low...high
  }

  static func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }

  /// Whole days between two instants, floored (Python's `timedelta.days`).
  static func wholeDays(from a: Timestamp, to b: Timestamp) -> Int {
    Int((b.millis - a.millis).floorDivided(by: dayMillis).quotient)
  }
}
