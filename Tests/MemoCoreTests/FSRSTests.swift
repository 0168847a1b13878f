import MemoCore
import Testing

/// FSRS-6 held to the reference implementations' published vectors (py-fsrs `tests/test_basic.py`,
/// ts-fsrs `__tests__/FSRS-6.test.ts`, fsrs-rs `src/inference.rs`), fuzz off.
@Suite struct FSRSTests {
  let scheduler = FSRS(FSRSParameters(isFuzzEnabled: false))
  let start = Timestamp(rfc3339: "2022-11-29T12:30:00Z")!

  @Test func v1ScheduledDaysOfThirteenRatings() {
    let ratings: [RecallRating] = [
      .good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good,
    ]
    var card = RecallCard(due: start)
    var time = start
    var days: [Int] = []
    for rating in ratings {
      card = scheduler.review(card, rating: rating, at: time, fuzz: 0.5)
      days.append(card.scheduledDays)
      time = card.due
    }
    #expect(days == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    #expect(card.reviewCount == 13)
    #expect(card.state == .review)
  }

  @Test func v2MemoryStateAfterAgainThenFiveGoods() throws {
    let ratings: [RecallRating] = [.again, .good, .good, .good, .good, .good]
    let gaps = [0, 0, 1, 3, 8, 21]
    var card = RecallCard(due: start)
    var time = start
    for (rating, gap) in zip(ratings, gaps) {
      time = Timestamp(millis: time.millis + Int64(gap) * FSRS.dayMillis)
      card = scheduler.review(card, rating: rating, at: time, fuzz: 0.5)
    }
    let stability = try #require(card.stability)
    let difficulty = try #require(card.difficulty)
    #expect(abs(stability - 53.62691) < 1e-4)
    #expect(abs(difficulty - 6.3574867) < 1e-4)
  }

  @Test(arguments: [
    (RecallRating.again, 0.212, 0), (.hard, 1.2931, 0), (.good, 2.3065, 0), (.easy, 8.2956, 8),
  ])
  func v3FirstRating(rating: RecallRating, stability: Double, days: Int) {
    let card = scheduler.review(RecallCard(due: start), rating: rating, at: start, fuzz: 0.5)
    #expect(card.stability == stability)
    #expect(card.scheduledDays == days)
    #expect(card.state == (rating == .easy ? .review : .learning))
  }

  /// py-fsrs 6.3.2, fuzz off, each rating at the previous due: a same-day Hard keeps the
  /// stability where it was (found by a newcomer comparing 25 random histories with py-fsrs).
  @Test func sameDayHardNeverLowersStability() {
    let ratings: [RecallRating] = [.good, .hard, .hard, .good, .hard, .again, .hard]
    let expected: [(Double, Double, String)] = [
      (2.3065, 2.118104, "2022-11-29T12:40:00Z"), (2.3065, 4.752858, "2022-11-29T12:50:00Z"),
      (2.3065, 6.501931, "2022-11-29T13:00:00Z"), (2.3065, 6.490658, "2022-12-01T13:00:00Z"),
      (4.950005, 7.655563, "2022-12-06T13:00:00Z"), (0.924506, 9.214628, "2022-12-06T13:10:00Z"),
      (0.924506, 9.463862, "2022-12-06T13:25:00Z"),
    ]
    var card = RecallCard(due: start)
    var time = start
    for (rating, (stability, difficulty, due)) in zip(ratings, expected) {
      card = scheduler.review(card, rating: rating, at: time, fuzz: 0.5)
      #expect(abs((card.stability ?? 0) - stability) < 1e-5, "\(rating) at \(time)")
      #expect(abs((card.difficulty ?? 0) - difficulty) < 1e-5, "\(rating) at \(time)")
      #expect(card.due == Timestamp(rfc3339: due)!, "\(rating) at \(time)")
      time = card.due
    }
  }

  @Test func learningStepsAreOneAndTenMinutes() {
    let again = scheduler.review(RecallCard(due: start), rating: .again, at: start, fuzz: 0)
    #expect(again.due.millis - start.millis == 60_000)
    let hard = scheduler.review(RecallCard(due: start), rating: .hard, at: start, fuzz: 0)
    #expect(hard.due.millis - start.millis == 330_000)  // halfway between the two steps
    let good = scheduler.review(RecallCard(due: start), rating: .good, at: start, fuzz: 0)
    #expect(good.due.millis - start.millis == 600_000)
    #expect(good.step == 1)
  }

  @Test func aLapseRelearnsForTenMinutes() {
    var card = RecallCard(due: start)
    card = scheduler.review(card, rating: .easy, at: start, fuzz: 0)
    #expect(card.state == .review)
    card = scheduler.review(card, rating: .again, at: card.due, fuzz: 0)
    #expect(card.state == .relearning)
    #expect(card.due.millis - card.lastReview!.millis == 600_000)
  }

  @Test func repeatedEasyDrivesDifficultyToItsFloor() {
    var card = RecallCard(due: start)
    for i in 0..<10 {
      card = scheduler.review(card, rating: .easy, at: Timestamp(millis: start.millis + Int64(i)), fuzz: 0)
    }
    #expect(card.difficulty == 1.0)
  }

  @Test func retrievabilityIsZeroBeforeAnyRatingAndFallsWithTime() {
    let new = RecallCard(due: start)
    #expect(scheduler.retrievability(of: new, at: start) == 0)
    let card = scheduler.review(new, rating: .easy, at: start, fuzz: 0)
    let atDue = scheduler.retrievability(of: card, at: card.due)
    let later = scheduler.retrievability(of: card, at: Timestamp(millis: card.due.millis + 30 * FSRS.dayMillis))
    #expect(abs(atDue - 0.9) < 0.01)
    #expect(later < atDue)
  }

  @Test func intervalsNeverPassTheMaximum() {
    let capped = FSRS(FSRSParameters(maximumInterval: 30, isFuzzEnabled: false))
    var card = RecallCard(due: start)
    var time = start
    for _ in 0..<12 {
      card = capped.review(card, rating: .easy, at: time, fuzz: 0)
      time = card.due
    }
    #expect(card.scheduledDays == 30)
  }
}

@Suite struct FSRSFuzzTests {
  let fuzzed = FSRS(FSRSParameters(isFuzzEnabled: true))
  let start = Timestamp(rfc3339: "2022-11-29T12:30:00Z")!

  @Test(arguments: [(3, 2...4), (10, 8...12), (50, 46...54), (100, 93...107)])
  func rangesAreThePublishedOnes(days: Int, range: ClosedRange<Int>) {
    #expect(fuzzed.fuzzRange(days: days) == range)
  }

  @Test func shortIntervalsAreNotFuzzed() {
    #expect(fuzzed.fuzzedInterval(days: 2, fuzz: 0.99) == 2)
  }

  @Test func theSameItemAndCountGiveTheSameFuzzEverywhere() {
    let a = ReviewFuzz.value(uuid: "0190a1b2-0000-7000-8000-000000000001", reviewCount: 3)
    let b = ReviewFuzz.value(uuid: "0190a1b2-0000-7000-8000-000000000001", reviewCount: 3)
    let c = ReviewFuzz.value(uuid: "0190a1b2-0000-7000-8000-000000000001", reviewCount: 4)
    #expect(a == b)
    #expect(a != c)
    #expect((0..<1).contains(a))
  }

  @Test func fuzzSpreadsWithinTheRange() {
    var seen = Set<Int>()
    for count in 0..<400 {
      let value = ReviewFuzz.value(uuid: "item", reviewCount: count)
      let days = fuzzed.fuzzedInterval(days: 50, fuzz: value)
      #expect((46...54).contains(days))
      seen.insert(days)
    }
    #expect(seen.count == 9)  // every day of the range is reached
  }

  @Test func aFuzzedScheduleStaysWithinTheRangeOfTheUnfuzzedOne() {
    let plain = FSRS(FSRSParameters(isFuzzEnabled: false))
    var card = plain.review(RecallCard(due: start), rating: .easy, at: start, fuzz: 0)
    card = plain.review(card, rating: .good, at: card.due, fuzz: 0)
    let unfuzzedDays = card.scheduledDays
    var fuzzedCard = fuzzed.review(RecallCard(due: start), rating: .easy, at: start, fuzz: 0.5)
    fuzzedCard.due = plain.review(RecallCard(due: start), rating: .easy, at: start, fuzz: 0).due
    fuzzedCard = fuzzed.review(fuzzedCard, rating: .good, at: fuzzedCard.due, fuzz: 0.999)
    #expect(fuzzed.fuzzRange(days: unfuzzedDays).contains(fuzzedCard.scheduledDays))
    #expect(fuzzedCard.scheduledDays == fuzzed.fuzzRange(days: unfuzzedDays).upperBound)
  }
}

@Suite struct FSRSWeightTests {
  @Test func twentyOneWeightsAreTakenAsGiven() throws {
    #expect(try FSRSParameters.weights(from: FSRSParameters.defaultWeights) == FSRSParameters.defaultWeights)
  }

  @Test func nineteenWeightsGetFSRS5sDecay() throws {
    let w = try FSRSParameters.weights(from: Array(FSRSParameters.defaultWeights.prefix(19)))
    #expect(w.count == 21)
    #expect(w[19] == 0 && w[20] == 0.5)
  }

  @Test func seventeenWeightsAreMigratedAsTsFsrsDoes() throws {
    let old = [0.4, 0.6, 2.4, 5.8, 4.93, 0.94, 0.86, 0.01, 1.49, 0.14, 0.94, 2.18, 0.05, 0.34, 1.26, 0.29, 2.61]
    let w = try FSRSParameters.weights(from: old)
    #expect(w.count == 21)
    #expect(w[4] == 6.81)
    #expect(abs(w[5] - 0.44675014) < 1e-12)
    #expect(w[6] == 1.36)
    #expect(Array(w.suffix(4)) == [0, 0, 0, 0.5])
  }

  @Test func otherCountsAndOutOfRangeWeightsAreRefused() {
    #expect(throws: FSRSWeightError.count(20)) {
      try FSRSParameters.weights(from: Array(repeating: 1, count: 20))
    }
    var w = FSRSParameters.defaultWeights
    w[20] = 2
    #expect(throws: FSRSWeightError.outOfRange(index: 20, value: 2, range: 0.1...0.8)) {
      try FSRSParameters.weights(from: w)
    }
  }
}

@Suite struct OpenQuestionScheduleTests {
  let asked = Timestamp(rfc3339: "2026-03-01T08:00:00Z")!

  @Test func comesBackADayAfterItWasAsked() {
    #expect(OpenQuestionSchedule(askedAt: asked).due?.millis == asked.millis + FSRS.dayMillis)
  }

  @Test(arguments: [
    (OpenChoice.soon, [7, 14, 28, 56, 112, 224, 365, 365]),
    (.later, [14, 28, 56, 112, 224, 365]),
    (.eventually, [28, 56, 112, 224, 365, 365]),
  ])
  func aRepeatedChoiceDoublesUpToAYear(choice: OpenChoice, waits: [Int]) {
    var schedule = OpenQuestionSchedule(askedAt: asked)
    var time = asked
    var seen: [Int] = []
    for _ in waits {
      schedule = schedule.choosing(choice, at: time)
      seen.append(schedule.waitDays(from: time))
      time = schedule.due!
    }
    #expect(seen == waits)
  }

  @Test func anotherChoiceStartsAgainFromItsOwnWait() {
    var schedule = OpenQuestionSchedule(askedAt: asked)
    schedule = schedule.choosing(.soon, at: asked)
    schedule = schedule.choosing(.soon, at: asked)
    #expect(schedule.waitDays(from: asked) == 14)
    schedule = schedule.choosing(.later, at: asked)
    #expect(schedule.waitDays(from: asked) == 14)
    schedule = schedule.choosing(.soon, at: asked)
    #expect(schedule.waitDays(from: asked) == 7)
    #expect(schedule.reviewCount == 4)
  }

  @Test func dropTakesItOutOfReview() {
    let dropped = OpenQuestionSchedule(askedAt: asked).choosing(.drop, at: asked)
    #expect(dropped.isDropped)
    #expect(dropped.due == nil)
  }
}

@Suite("Highlight review schedule and item names")
struct HighlightReviewTests {
  let start = Timestamp(rfc3339: "2030-01-01T00:00:00Z")!

  @Test func waits() {
    var item = HighlightReviewItem.new(HighlightID(1), createdAt: start)
    #expect(item.due == Timestamp(millis: start.millis + FSRS.dayMillis))
    var days: [Int] = []
    for choice in [HighlightChoice.keep, .keep, .keep, .soon, .soon, .later, .later, .keep] {
      item = item.choosing(choice, at: start)
      days.append(item.waitDays)
    }
    #expect(days == [14, 28, 56, 7, 7, 60, 120, 14])
    for _ in 0..<10 { item = item.choosing(.later, at: start) }
    #expect(item.waitDays == 365)
    item = item.choosing(.discard, at: start)
    #expect(item.due == nil && item.state == "discarded")
  }

  @Test func starAndShelfShorten() {
    #expect(HighlightReviewItem.effectiveWait(days: 14, starred: true, onShelf: false) == 7)
    #expect(HighlightReviewItem.effectiveWait(days: 14, starred: true, onShelf: true) == 3)
    #expect(HighlightReviewItem.effectiveWait(days: 1, starred: true, onShelf: true) == 1)
  }

  @Test func replayEqualsStepping() {
    let events = [HighlightChoice.keep, .soon, .later].enumerated().map {
      HighlightReviewEvent(
        id: Int64($0), uuid: "u\($0)", highlightID: HighlightID(1), choice: $1,
        reviewedAt: Timestamp(millis: start.millis + Int64($0) * FSRS.dayMillis), createdAt: start)
    }
    var stepped = HighlightReviewItem.new(HighlightID(1), createdAt: start)
    for event in events { stepped = stepped.choosing(event.choice, at: event.reviewedAt) }
    #expect(
      HighlightReviewItem.replay(HighlightID(1), createdAt: start, events: events.reversed())
        == stepped)
  }

  @Test func itemNames() {
    #expect(ReviewItemID("12") == .question(QuestionID(12)))
    #expect(ReviewItemID("h12") == .highlight(HighlightID(12)))
    #expect(ReviewItemID("H3") == .highlight(HighlightID(3)))
    #expect(ReviewItemID("h") == nil)
    #expect(ReviewItemID("h0") == nil)
    #expect(ReviewItemID("x1") == nil)
    #expect(ReviewItemID("h12").map(\.description) == "h12")
  }
}
