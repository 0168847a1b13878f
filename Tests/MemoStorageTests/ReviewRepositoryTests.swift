import MemoCore
import Testing

@testable import MemoStorage

@Suite("review: events, the schedules replayed from them, undo")
struct ReviewRepositoryTests {
  static let start = Timestamp(rfc3339: "2022-11-29T12:30:00.000Z")!

  /// A database with one post and a question (answered unless `answered` is false), the
  /// runner over it, and the question's id.
  func library(answered: Bool = true, fuzz: Bool = false) throws -> (
    TemporaryDatabase, EffectRunner, QuestionID
  ) {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: Self.start)
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "What is the spice?"))))
    if answered { _ = runner.run(.questions(.setAnswer(1, "Melange."))) }
    if !fuzz { #expect(runner.run(.review(.setFuzz(false))) == .review(.fuzzSet(false))) }
    return (temp, runner, 1)
  }

  func rate(_ runner: EffectRunner, _ id: QuestionID, _ name: String, at time: Timestamp)
    throws -> ReviewItem
  {
    let action = runner.run(.review(.rate(id, ReviewRating(name: name)!, at: time)))
    guard case .review(.rated(let outcome)) = action else {
      Issue.record("rating failed: \(action)")
      throw MemoError.usage("rating failed")
    }
    return outcome.item
  }

  func replayed(_ temp: TemporaryDatabase, _ id: QuestionID) throws -> ReviewItem {
    let review = ReviewRepository(database: temp.database)
    let (subject, _) = try review.subject(id)
    return try review.scheduler().replay(subject, events: try review.events(of: id))
  }

  @Test("V1 through storage: scheduled days 0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21")
  func referenceVector() throws {
    let (temp, runner, id) = try library()
    var time = Self.start
    var days: [Int] = []
    for name in [
      "good", "good", "good", "good", "good", "good", "again", "again", "good", "good", "good",
      "good", "good",
    ] {
      let item = try rate(runner, id, name, at: time)
      days.append(item.scheduledDays)
      time = item.due!
      // Each rating's stored schedule is what replaying every event gives.
      #expect(try ReviewRepository(database: temp.database).item(id) == replayed(temp, id))
    }
    #expect(days == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    #expect(try temp.rows("SELECT count(*) FROM review_events") == [["13"]])
    #expect(try temp.rows("SELECT lapses, reps FROM review_items") == [["1", "13"]])
  }

  @Test("with fuzz on, one step at a time equals a replay, also after a rating out of order")
  func replayEqualsIncremental() throws {
    let (temp, runner, id) = try library(fuzz: true)
    var time = Self.start
    for name in ["good", "good", "hard", "easy", "good", "again", "good", "good"] {
      time = try rate(runner, id, name, at: time).due!
    }
    let review = ReviewRepository(database: temp.database)
    #expect(try review.item(id) == replayed(temp, id))
    // A rating earlier than the last (from another machine, say) replays them all.
    let late = try rate(runner, id, "again", at: Timestamp(millis: Self.start.millis + 86_400_000))
    #expect(late == (try replayed(temp, id)))
    #expect(try review.item(id) == late)
    // Turning fuzz off replays every schedule; turning it back on gives the same as before.
    _ = runner.run(.review(.setFuzz(false)))
    #expect(try review.item(id) == replayed(temp, id))
    _ = runner.run(.review(.setFuzz(true)))
    #expect(try review.item(id) == late)
  }

  @Test("a replay that changes most schedules builds the due index again, statistics kept")
  func replayRebuildsDueIndex() throws {
    let (temp, runner, id) = try library(fuzz: true)
    var time = Self.start
    for name in ["good", "good", "good", "hard", "good"] {
      time = try rate(runner, id, name, at: time).due!
    }
    try temp.database.execute(sql: "ANALYZE")
    let index = "SELECT sql FROM sqlite_schema WHERE name = 'review_items_by_due'"
    let statistics = "SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx"
    let (indexBefore, statisticsBefore) = (try temp.rows(index), try temp.rows(statistics))
    #expect(statisticsBefore.contains(["review_items", "review_items_by_due", "1 1 1 1 1"]))
    let before = try ReviewRepository(database: temp.database).item(id)
    _ = runner.run(.review(.setFuzz(false)))  // every schedule (the one) changes
    let review = ReviewRepository(database: temp.database)
    #expect(try review.item(id) != before)
    #expect(try review.item(id) == replayed(temp, id))
    #expect(try temp.rows(index) == indexBefore)
    #expect(try temp.rows(statistics) == statisticsBefore)
    #expect(try temp.rows("PRAGMA integrity_check") == [["ok"]])
    // The index finds the schedule by its new due time.
    let due = try #require(try review.item(id)?.due).rfc3339
    #expect(
      try temp.rows(
        "SELECT question_id FROM review_items INDEXED BY review_items_by_due WHERE due = '\(due)'")
        == [["1"]])
  }

  @Test("undo takes a rating out and restores the schedule exactly; redo puts it back")
  func undoRestores() throws {
    let (temp, runner, id) = try library(fuzz: true)
    var time = Self.start
    for name in ["good", "good", "good"] { time = try rate(runner, id, name, at: time).due! }
    let items = "SELECT * FROM review_items"
    let events = "SELECT * FROM review_events ORDER BY id"
    let (itemsBefore, eventsBefore) = (try temp.rows(items), try temp.rows(events))
    let rated = try rate(runner, id, "again", at: time)
    let (itemsAfter, eventsAfter) = (try temp.rows(items), try temp.rows(events))
    #expect(itemsAfter != itemsBefore)
    guard case .journal(.entries(let undone)) = runner.run(.journal(.undo(1))) else {
      Issue.record("undo failed")
      return
    }
    #expect(undone.map(\.action) == ["review rate"])
    #expect(try temp.rows(items) == itemsBefore)
    #expect(try temp.rows(events) == eventsBefore)
    _ = runner.run(.journal(.redo(1)))
    #expect(try temp.rows(items) == itemsAfter)
    #expect(try temp.rows(events) == eventsAfter)
    #expect(try ReviewRepository(database: temp.database).item(id) == rated)
    // Undoing every rating leaves no schedule.
    _ = runner.run(.journal(.undo(4)))
    #expect(try temp.rows("SELECT count(*) FROM review_items, review_events") == [["0"]])
  }

  @Test("an open question: due a day after it was asked, soon / later / soon, then drop")
  func openQuestion() throws {
    let (temp, runner, id) = try library(answered: false)
    let review = ReviewRepository(database: temp.database)
    let dueRows = { (query: ReviewDueQuery) in try review.due(query) }
    #expect(try dueRows(ReviewDueQuery(at: Self.start)).isEmpty)
    let tomorrow = Timestamp(millis: Self.start.millis + 86_400_000)
    #expect(try dueRows(ReviewDueQuery(at: tomorrow)).map(\.kind) == [.open])
    var time = tomorrow
    var days: [Int] = []
    for name in ["soon", "later", "soon", "soon"] {
      let item = try rate(runner, id, name, at: time)
      days.append(item.scheduledDays)
      time = item.due!
    }
    #expect(days == [7, 14, 7, 14])
    #expect(try rate(runner, id, "drop", at: time).due == nil)
    #expect(
      try dueRows(ReviewDueQuery(at: Timestamp(millis: time.millis + 999 * 86_400_000))).isEmpty)
    // A recall rating of an open question is refused, naming its choices.
    let wrong = runner.run(.review(.rate(id, .recall(.good), at: time)))
    #expect(
      wrong
        == .failed(
          .usage(
            "question 1 is open (no answer yet); rate it soon, later, eventually or drop, not good")
        ))
    // Answered, it is a new recall item, due at once, retrievability 0.
    _ = runner.run(.questions(.setAnswer(id, "Melange.")))
    let due = try dueRows(ReviewDueQuery(at: time))
    #expect(due.map(\.kind) == [.recall])
    #expect(due.first?.retrievability == 0)
  }

  @Test("what is due comes lowest retrievability first")
  func dueOrder() throws {
    let (temp, runner, _) = try library()
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Who is Paul?"))))
    _ = runner.run(.questions(.setAnswer(2, "Muad'Dib.")))
    _ = try rate(runner, 1, "good", at: Self.start)
    _ = try rate(runner, 2, "easy", at: Self.start)
    let later = Timestamp(millis: Self.start.millis + 30 * 86_400_000)
    let rows = try ReviewRepository(database: temp.database).due(ReviewDueQuery(at: later))
    #expect(rows.map(\.id) == [1, 2])
    #expect(rows[0].retrievability! < rows[1].retrievability!)
    let scheduler = ReviewScheduler(FSRSParameters(isFuzzEnabled: false))
    let item = try ReviewRepository(database: temp.database).item(1)!
    #expect(abs(rows[0].retrievability! - scheduler.retrievability(of: item, at: later)!) < 1e-12)
  }
  @Test("the review log and true retention follow the replay order, not the order of insertion")
  func logInReplayOrder() throws {
    // Two ratings at the same instant (two machines, say): replayed by created_at then uuid.
    // Two databases holding the same events, inserted in another order, give the same log.
    let events = [
      ("e1", "good", "2022-11-29T12:30:00.000Z", "2022-11-29T12:30:00.000Z"),
      ("e2", "good", "2022-11-29T12:40:00.000Z", "2022-11-29T12:40:00.000Z"),
      ("e3a", "again", "2022-12-10T12:30:00.000Z", "2022-12-10T12:30:00.000Z"),
      ("e3b", "good", "2022-12-10T12:30:00.000Z", "2022-12-10T12:30:00.001Z"),
    ]
    var logs: [[[Int64?]]] = []
    var retention: [Double?] = []
    for order in [events, [events[0], events[1], events[3], events[2]]] {
      let (temp, _, _) = try library()
      for (uuid, rating, reviewed, created) in order {
        try temp.database.executeScript(
          """
          INSERT INTO review_events (uuid, kind, question_id, rating, reviewed_at, created_at)
          VALUES ('\(uuid)', 'recall', 1, '\(rating)', '\(reviewed)', '\(created)')
          """)
      }
      let review = ReviewRepository(database: temp.database)
      var log: [[Int64?]] = []
      try review.reviewLog { card, time, rating, state, duration in
        log.append([card, time, Int64(rating), Int64(state), duration])
      }
      logs.append(log)
      let at = Timestamp(rfc3339: "2022-12-11T12:00:00.000Z")!
      let stats = try review.stats(
        ReviewStatsQuery(
          at: at, dayStart: Timestamp(millis: at.millis - 43_200_000),
          dayEnd: Timestamp(millis: at.millis + 43_200_000)))
      retention.append(stats.trueRetention)
    }
    // Again first (from review: state 2), then good in relearning (state 3).
    #expect(logs[0].map { $0[3] } == [0, 1, 2, 3])
    #expect(logs[0].map { $0[2] } == [3, 3, 1, 3])
    #expect(logs[1] == logs[0])
    #expect(retention == [0, 0])
  }
}
