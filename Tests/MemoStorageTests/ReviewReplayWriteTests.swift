import MemoCore
import Testing

@testable import MemoStorage

/// The replay's bulk write (`ReviewRepository.update(_:journaled:of:)`): each schedule binds
/// only what differs from the one before it, and its times from one buffer, so what it writes
/// is checked against `save`, row for row, byte for byte.
@Suite("review replay: schedules written in bulk as save writes them")
struct ReviewReplayWriteTests {
  static let start = Timestamp(rfc3339: "2022-11-29T12:30:00.000Z")!

  /// A database with `count` questions (answered but the last when `open`), each with a
  /// stored schedule (`save`) of its kind.
  func library(_ count: Int, open: Bool = false) throws -> TemporaryDatabase {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: Self.start)
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    let review = ReviewRepository(database: temp.database)
    for index in 1...max(count, 1) {
      _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Question \(index)?"))))
      let id = QuestionID(Int64(index))
      let isOpen = open && index == count
      if !isOpen { _ = runner.run(.questions(.setAnswer(id, "Answer \(index)."))) }
      try review.save(
        ReviewItem(
          questionID: id, kind: isOpen ? .open : .recall, state: isOpen ? "open" : "learning",
          step: 0, due: Self.start))
    }
    return temp
  }

  /// Varied schedules for questions 1…count: repeated and changed values side by side, nil
  /// and not, 0.0 and -0.0, a time past the year 9999 (written as `rfc3339` writes it).
  func schedules(_ count: Int, open: Bool = false) -> [ReviewItem] {
    let day: Int64 = 86_400_000
    return (1...max(count, 1)).prefix(count).map { index in
      let id = QuestionID(Int64(index))
      if open && index == count {
        return ReviewItem(
          questionID: id, kind: .open, state: index % 2 == 0 ? "dropped" : "open",
          due: index % 2 == 0 ? nil : Timestamp(millis: Self.start.millis + day),
          lastReview: Self.start, reps: 2, openChoice: .later, openStreak: 2)
      }
      let stabilities: [Double?] = [1.5, 1.5, 0.0, -0.0, nil, 81.33727353296335, 1e-7]
      return ReviewItem(
        questionID: id, kind: .recall, state: index % 3 == 0 ? "review" : "learning",
        step: index % 4 == 0 ? nil : index % 2,
        stability: stabilities[index % stabilities.count],
        difficulty: index % 5 == 0 ? nil : 4.734200262071979 + Double(index / 2),
        due: index == 7
          ? Timestamp(millis: 253_402_300_800_000 + day)  // 10000-01-02
          : Timestamp(millis: Self.start.millis + Int64(index / 2) * day),
        lastReview: index % 6 == 0 ? nil : Timestamp(millis: Self.start.millis + Int64(index)),
        reps: index / 2, lapses: index % 3, openStreak: 0)
    }
  }

  @Test(
    "update writes the rows save writes: none, one, two, several and more",
    arguments: [0, 1, 2, 3, 8, 21])
  func updateMatchesSave(count: Int) throws {
    for open in [false, true] where count > 0 || !open {
      let items = schedules(count, open: open)
      let bulk = try library(count, open: open)
      let reference = try library(count, open: open)
      let written = try ReviewRepository(database: bulk.database).update(
        items, journaled: false, of: max(count, 1))
      #expect(written == count)
      for item in items { try ReviewRepository(database: reference.database).save(item) }
      let rows = "SELECT * FROM review_items ORDER BY question_id"
      #expect(try bulk.rows(rows) == reference.rows(rows))
      let hex = "SELECT question_id, hex(stability), hex(difficulty), hex(due) FROM review_items"
      #expect(try bulk.rows(hex + " ORDER BY 1") == reference.rows(hex + " ORDER BY 1"))
      #expect(try bulk.rows("PRAGMA integrity_check") == [["ok"]])
      // The due index (built again when a quarter or more changed) finds every due time.
      #expect(
        try bulk.rows(
          "SELECT question_id FROM review_items INDEXED BY review_items_by_due WHERE due IS NOT NULL ORDER BY 1"
        )
          == reference.rows(
            "SELECT question_id FROM review_items WHERE due IS NOT NULL ORDER BY 1"))
    }
  }

  @Test("a change of settings replays every schedule as its events give; undo puts them back")
  func replayOfVariedHistories() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: Self.start)
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    let histories = [
      ["good", "good", "hard"], ["good", "good", "hard"], ["again"], ["easy", "again", "good"],
      ["good", "good", "hard"], ["hard"],
    ]
    for (index, history) in histories.enumerated() {
      let id = QuestionID(Int64(index + 1))
      _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Question \(index)?"))))
      _ = runner.run(.questions(.setAnswer(id, "Answer.")))
      var time = Self.start
      for name in history {
        let action = runner.run(.review(.rate(id, ReviewRating(name: name)!, at: time)))
        guard case .review(.rated(let outcome)) = action else {
          Issue.record("rating failed: \(action)")
          return
        }
        time = outcome.item.due!
      }
    }
    let rows = "SELECT * FROM review_items ORDER BY question_id"
    let before = try temp.rows(rows)
    _ = runner.run(.review(.setSetting(.retention(0.8))))
    let review = ReviewRepository(database: temp.database)
    #expect(try temp.rows(rows) != before)
    for index in histories.indices {
      let id = QuestionID(Int64(index + 1))
      let (subject, _) = try review.subject(id)
      let replayed = try review.scheduler().replay(subject, events: try review.events(of: id))
      #expect(try review.item(id) == replayed)
    }
    _ = runner.run(.journal(.undo(1)))
    #expect(try temp.rows(rows) == before)
    #expect(try temp.rows("PRAGMA cache_size") == [["-2000"]])
    #expect(try temp.rows("PRAGMA mmap_size") == [["0"]])
  }
}
