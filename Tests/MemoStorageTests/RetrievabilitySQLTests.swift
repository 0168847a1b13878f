import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// The forgetting curve twice: in Swift (`FSRS.retrievability`, which `review show` and the
/// scheduler use) and in SQL (`ReviewRepository.retrievability`, which orders `review due`).
/// Held to each other over many (stability, elapsed) pairs, edge values included, evaluated
/// through SQLite as the due listing evaluates it: stability stored as its text, times as
/// stored, the factor and decay bound.
@Suite("review: the forgetting curve in SQL is the Swift one")
struct RetrievabilitySQLTests {
  static let day = FSRS.dayMillis
  static let base = Timestamp(rfc3339: "2024-03-10T07:30:00.000Z")!.millis

  /// Stabilities from FSRS's floor (0.001 day) to a century, round and not.
  static let stabilities: [Double] = [
    0.001, 0.0011, 0.01, 0.1, 0.2172, 0.5, 1, 1.0000000000000002, 1.2931, 2.3065, 3, 8.2956,
    9.999999, 10, 33.3333333333, 100, 365.25, 1234.5678, 36500, 0.0123456789012345,
  ]

  /// Elapsed milliseconds: none, a moment, one either side of whole days, a rating in the
  /// future (a clock behind), years.
  static let elapsed: [Int64] = [
    0, 1, 999, 60_000, day - 1, day, day + 1, 2 * day - 1, 2 * day, 2 * day + 1,
    7 * day + 3_600_000,
    30 * day, 365 * day, 3650 * day + 12_345, 36500 * day, -1, -day, -day - 1, -400 * day,
  ]

  /// Parameters whose curve differs: FSRS-6's defaults, and a flatter and a steeper decay.
  static func parameters() -> [FSRSParameters] {
    [0.1542, 0.1, 0.8].map { decay in
      var weights = FSRSParameters.defaultWeights
      weights[20] = decay
      return FSRSParameters(weights: weights, isFuzzEnabled: false)
    }
  }

  /// The edge pairs, and a few hundred more from a fixed seed (the same every run).
  static func pairs() -> [(Double, Int64)] {
    var pairs = stabilities.flatMap { s in elapsed.map { (s, $0) } }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 11
    }
    for _ in 0..<400 {
      // Stability log-uniform over 0.001…100,000 days; elapsed over -2…20,000 days, to the ms.
      let stability = exp(Double(next() % 1_000_000) / 1_000_000 * 18.42) * 0.001
      let elapsed = Int64(next() % UInt64(20_002 * day)) - 2 * day
      pairs.append((stability, elapsed))
    }
    return pairs
  }

  @Test(
    "a few hundred (stability, elapsed) pairs, edges included, under three decays: within 1e-12")
  func sameCurve() throws {
    let temp = try TemporaryDatabase()
    let statement = try temp.database.makeStatement(
      sql: """
        SELECT \(ReviewRepository.retrievability)
        FROM (SELECT 'recall' AS kind, ?5 AS stability, ?6 AS last_review) i
        """)
    var checked = 0
    for parameters in Self.parameters() {
      let fsrs = FSRS(parameters)
      for (stability, elapsed) in Self.pairs() {
        let last = Timestamp(millis: Self.base)
        let at = Timestamp(millis: Self.base + elapsed)
        let card = RecallCard(
          state: .review, step: nil, stability: stability, difficulty: 5, lastReview: last,
          due: at, reviewCount: 3)
        let swift = fsrs.retrievability(of: card, at: at)
        statement.reset()
        try statement.bind(at.rfc3339, at: 1)
        try statement.bind(fsrs.factor, at: 3)
        try statement.bind(fsrs.decay, at: 4)
        // Stored as the repository stores it: the shortest text that reads back as the double.
        try statement.bind(stability.description, at: 5)
        try statement.bind(last.rfc3339, at: 6)
        #expect(try statement.step())
        #expect(!statement.isNull(0), "stability \(stability), elapsed \(elapsed) ms")
        let sql = statement.double(0)
        #expect(
          abs(sql - swift) <= 1e-12,
          "stability \(stability), elapsed \(elapsed) ms: SQL \(sql), Swift \(swift)")
        #expect(sql >= 0 && sql <= 1)
        checked += 1
      }
    }
    #expect(checked > 1000)
  }
}
