import MemoCore
import Testing

@testable import MemoStorage

/// The due listing's order (README "Review": lowest retrievability first, open questions after,
/// then by due time and id), held to the order written out in full over stored schedules of
/// every shape: ties, a recall item with no stability (retrievability 0), one whose stability
/// is 0 (no retrievability), open questions.
@Suite("review due: the listing's order")
struct ReviewDueOrderTests {
  @Test("the ranked listing is the full ORDER BY's, whole and cut at any limit")
  func order() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: Timestamp(rfc3339: "2024-01-01T00:00:00.000Z")!)
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    let at = Timestamp(rfc3339: "2024-06-01T00:00:00.000Z")!
    var script = ""
    for i in 1...90 {
      let recall = i % 3 != 0
      let answer = recall ? "'A\(i)'" : "NULL"
      let answered = recall ? "'2024-01-02T00:00:00.000Z'" : "NULL"
      script += """
        INSERT INTO questions (id, uuid, post_id, text, answer, answered_at, created_at, updated_at)
        VALUES (\(i), 'q\(i)', 1, 'Q\(i)', \(answer), \(answered), '2024-01-01T00:00:00.000Z',
          '2024-01-01T00:00:00.000Z');\n
        """
      // Pairs share stability, last review and due (ties broken by id); a few share only the
      // retrievability (broken by due).
      let pair = (i + 1) / 2
      let stability =
        !recall
        ? "NULL" : i % 7 == 0 ? "NULL" : i % 11 == 0 ? "'0'" : "'\(Double(pair % 9) * 1.7 + 0.5)'"
      let lastDay = 1 + pair % 20
      let dueDay = 1 + (i % 4 == 0 ? pair % 5 : pair % 13)
      let last = "'2024-03-\(lastDay < 10 ? "0" : "")\(lastDay)T08:00:00.000Z'"
      let due = "'2024-05-\(dueDay < 10 ? "0" : "")\(dueDay)T09:00:00.000Z'"
      script += """
        INSERT INTO review_items (question_id, kind, state, stability, difficulty, due, last_review,
          reps, lapses)
        VALUES (\(i), '\(recall ? "recall" : "open")', \(recall ? 2 : 0), \(stability),
          \(recall ? "'5.0'" : "NULL"), \(due), \(recall ? last : "NULL"), 3, 0);\n
        """
    }
    try temp.database.executeScript(script)
    let review = ReviewRepository(database: temp.database)
    let scheduler = try review.scheduler()
    let reference = try temp.database.makeStatement(
      sql: """
        SELECT i.question_id, \(ReviewRepository.retrievability) FROM review_items i
        WHERE i.due <= ?1
        ORDER BY retrievability IS NULL, retrievability, i.due, i.question_id
        """)
    try reference.bind(at.rfc3339, at: 1)
    try reference.bind(scheduler.fsrs.factor, at: 3)
    try reference.bind(scheduler.fsrs.decay, at: 4)
    var expected: [Int64] = []
    var nulls = 0
    var zeros = 0
    while try reference.step() {
      expected.append(reference.int64(0))
      if reference.isNull(1) { nulls += 1 } else if reference.double(1) == 0 { zeros += 1 }
    }
    // Every shape is there: open questions and stability 0 (no retrievability), no stability (0).
    #expect(expected.count == 90)
    #expect(nulls > 30 && zeros > 5)
    for limit in [nil, 1, 5, 17, 40, 89, 90, 200] {
      let rows = try review.due(ReviewDueQuery(at: at, limit: limit, kinds: [.recall, .open]))
      #expect(rows.map(\.id.rawValue) == Array(expected.prefix(limit ?? 90)), "limit \(limit ?? 0)")
    }
  }
}
