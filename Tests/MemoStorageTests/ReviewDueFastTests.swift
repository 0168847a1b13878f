import MemoCore
import Testing

@testable import MemoStorage

/// The due listing's shortcuts (schema 19): `review_new_from`, where the walks for questions
/// never rated start, and the rated items ranked before their questions are read. Neither may
/// change a row: each listing is held to the same listing walked from the very start.
@Suite("review due: the shortcuts list exactly what the full walks list")
struct ReviewDueFastTests {
  static let start = Timestamp(rfc3339: "2022-01-01T00:00:00.000Z")!
  static let day: Int64 = 86_400_000

  static func time(_ days: Double) -> String {
    Timestamp(millis: start.millis + Int64(days * Double(day))).rfc3339
  }

  /// 60 questions over two posts and three categories, asked a day apart (in an order unlike
  /// their ids), two in three answered, a few starred; fuzz off.
  func library() throws -> (TemporaryDatabase, EffectRunner) {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: Self.start)
    _ = runner.run(.review(.setFuzz(false)))
    var sql = """
      INSERT INTO posts (id, uuid, title, created_at, updated_at) VALUES
        (1, 'p1', 'Dune', '2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z'),
        (2, 'p2', '吾輩は猫である', '2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z');
      INSERT INTO categories (id, name, created_at) VALUES (1, 'a', '2021-01-01T00:00:00.000Z'),
        (2, 'b', '2021-01-01T00:00:00.000Z'), (3, 'c', '2021-01-01T00:00:00.000Z');

      """
    for id in 1...60 {
      let asked = Self.time(Double((id * 37) % 60))
      let answered = id % 3 != 0
      let answeredAt = id % 5 == 0 ? "NULL" : "'\(Self.time(Double((id * 37) % 60) + 0.5))'"
      sql += """
        INSERT INTO questions (id, uuid, post_id, text, category_id, starred, answer,
          answered_at, created_at, updated_at)
        VALUES (\(id), 'q\(id)', \(id % 2 + 1), 'Question \(id)?', \(id % 4 == 0 ? "NULL" : "\(id % 3 + 1)"),
          \(id % 7 == 0 ? 1 : 0), \(answered ? "'Answer \(id).'" : "NULL"),
          \(answered ? answeredAt : "NULL"), '\(asked)', '\(asked)');

        """
    }
    try temp.database.executeScript(sql)
    return (temp, runner)
  }

  func rate(_ runner: EffectRunner, _ id: QuestionID, _ name: String, days: Double) {
    let action = runner.run(
      .review(.rate(id, ReviewRating(name: name)!, at: Timestamp(rfc3339: Self.time(days))!)))
    guard case .review(.rated) = action else {
      Issue.record("rating \(id) \(name) failed: \(action)")
      return
    }
  }

  /// `review_new_from` names, for each kind, the first question never rated as that kind in
  /// the walk's order ('~' and 0 when there is none) — found here the slow way.
  func expectTight(_ temp: TemporaryDatabase, _ label: String) throws {
    let first = try temp.rows(
      """
      SELECT 'open', coalesce(max(k), '~'), coalesce(max(id), 0) FROM (
        SELECT created_at AS k, id FROM questions q WHERE answer IS NULL
          AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'open')
        ORDER BY 1, 2 LIMIT 1)
      UNION ALL
      SELECT 'recall', coalesce(max(k), '~'), coalesce(max(id), 0) FROM (
        SELECT coalesce(answered_at, created_at) AS k, id FROM questions q WHERE answer IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'recall')
        ORDER BY 1, 2 LIMIT 1)
      """)
    #expect(try temp.rows("SELECT * FROM review_new_from ORDER BY kind") == first, "\(label)")
  }

  /// Every query below lists the same rows as the listing with no shortcut: walked from the
  /// first question, every rated item's question read, the limit taken at the end.
  func expectSameListings(_ temp: TemporaryDatabase, _ label: String) throws {
    let review = ReviewRepository(database: temp.database)
    var queries: [(ReviewDueQuery, ResolvedFilter?)] = []
    for days in [-1.0, 20, 45.3, 70, 400] {
      let at = Timestamp(rfc3339: Self.time(days))!
      for limit in [nil, 0, 1, 3, 7, 100] as [Int?] {
        queries.append((ReviewDueQuery(at: at, limit: limit), nil))
        queries.append((ReviewDueQuery(at: at, limit: limit, kinds: [.recall]), nil))
        queries.append((ReviewDueQuery(at: at, limit: limit, kinds: [.open]), nil))
        queries.append((ReviewDueQuery(at: at, limit: limit, newLimit: 2), nil))
        queries.append((ReviewDueQuery(at: at, limit: limit), ResolvedFilter(categories: ["b"])))
        queries.append(
          (ReviewDueQuery(at: at, limit: limit, kinds: [.recall]), ResolvedFilter(starred: false)))
        queries.append(
          (ReviewDueQuery(at: at, limit: limit, newLimit: 1), ResolvedFilter(answered: true)))
      }
    }
    let fast = try queries.map { try review.due($0.0, filter: $0.1) }
    // The walks from the first question; the full listing cut at the limit. (In a savepoint
    // rolled back after: the advancing triggers out, the walks' start at the very first.)
    try temp.database.executeScript(
      """
      SAVEPOINT slow;
      DROP TRIGGER review_new_from_advance_recall;
      DROP TRIGGER review_new_from_advance_open;
      UPDATE review_new_from SET at = '', question_id = 0;
      """)
    for (index, (query, filter)) in queries.enumerated() {
      var full = query
      full.limit = nil
      var slow = try review.due(full, filter: filter)
      if let limit = query.limit { slow = Array(slow.prefix(limit)) }
      #expect(fast[index] == slow, "\(query) \(String(describing: filter)) \(label)")
    }
    try temp.database.executeScript("ROLLBACK TO slow; RELEASE slow;")
  }

  @Test("rated first, in and out of order; undone; answered and unanswered; deleted; added")
  func shortcutsKeepTheRows() throws {
    let (temp, runner) = try library()
    try expectTight(temp, "new")
    try expectSameListings(temp, "new")
    // The oldest answered ones rated first, as a reader does; then some out of order.
    let answered = try temp.rows(
      "SELECT id FROM questions WHERE answer IS NOT NULL ORDER BY coalesce(answered_at, created_at), id"
    ).map { QuestionID(Int64($0[0])!) }
    for (n, id) in answered.prefix(12).enumerated() {
      rate(runner, id, n % 4 == 0 ? "again" : "good", days: 60 + Double(n))
      try expectTight(temp, "rated \(id)")
    }
    for id in answered.suffix(5) { rate(runner, id, "hard", days: 61) }
    let open = try temp.rows(
      "SELECT id FROM questions WHERE answer IS NULL ORDER BY created_at, id"
    ).map { QuestionID(Int64($0[0])!) }
    for id in open.prefix(4) { rate(runner, id, "soon", days: 60) }
    rate(runner, open[6], "later", days: 61)
    try expectTight(temp, "rated")
    try expectSameListings(temp, "rated")
    // Undone: the schedules taken away bring their questions back as never rated.
    _ = runner.run(.journal(.undo(3)))
    try expectTight(temp, "undone")
    _ = runner.run(.journal(.redo(2)))
    try expectTight(temp, "redone")
    // The answer taken from a rated question (its schedule stays, of the other kind), and
    // given to an open one rated as open; an answer time moved before everything.
    _ = runner.run(.questions(.setAnswer(answered[0], nil)))
    _ = runner.run(.questions(.setAnswer(answered[1], nil)))
    _ = runner.run(.questions(.setAnswer(open[0], "Now known.")))
    try temp.database.execute(
      sql:
        "UPDATE questions SET answered_at = '2020-01-01T00:00:00.000Z' WHERE id = \(answered[20].rawValue)"
    )
    try expectTight(temp, "answers changed")
    try expectSameListings(temp, "answers changed")
    rate(runner, answered[0], "drop", days: 70)
    rate(runner, answered[20], "easy", days: 70)
    try expectTight(temp, "rated again")
    // Deleted (the question the walk starts at among them), and added before the others.
    let firsts = try temp.rows("SELECT question_id FROM review_new_from").map { Int64($0[0])! }
    let doomed: [QuestionID] = firsts.filter { $0 > 0 }.map { QuestionID($0) }
    _ = runner.run(.questions(.delete(doomed)))
    try expectTight(temp, "deleted")
    try temp.database.executeScript(
      """
      INSERT INTO questions (id, uuid, post_id, text, answer, answered_at, created_at, updated_at)
      VALUES (100, 'q100', 1, 'Old?', 'Yes.', '2019-06-01T00:00:00.000Z', '2019-01-01T00:00:00.000Z',
        '2019-01-01T00:00:00.000Z'),
        (101, 'q101', 2, 'Older?', NULL, NULL, '2018-01-01T00:00:00.000Z', '2018-01-01T00:00:00.000Z');
      """)
    try expectTight(temp, "added")
    try expectSameListings(temp, "added")
    _ = runner.run(.journal(.undo(1)))
    try expectTight(temp, "deletion undone")
    try expectSameListings(temp, "end")
  }

  @Test("an import's questions, loaded without the per-row triggers, move the start back")
  func bulkLoadMovesTheStart() throws {
    let (temp, runner) = try library()
    let answered = try temp.rows(
      "SELECT id FROM questions WHERE answer IS NOT NULL ORDER BY coalesce(answered_at, created_at), id"
    ).map { QuestionID(Int64($0[0])!) }
    for id in answered.prefix(10) { rate(runner, id, "good", days: 60) }
    try expectTight(temp, "rated")
    try temp.database.inTransaction {
      let load = try BulkLoad(database: temp.database)
      try temp.database.executeScript(
        """
        INSERT INTO questions (id, uuid, post_id, text, answer, answered_at, created_at, updated_at)
        VALUES (200, 'q200', 1, 'Imported?', 'Yes.', '2021-12-31T00:00:00.000Z',
          '2021-06-01T00:00:00.000Z', '2021-06-01T00:00:00.000Z'),
          (201, 'q201', 1, 'Imported, open?', NULL, NULL, '2021-06-02T00:00:00.000Z',
          '2021-06-02T00:00:00.000Z'),
          (202, 'q202', 1, 'Imported late?', 'Yes.', '2030-01-01T00:00:00.000Z',
          '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z');
        """)
      try load.finish()
    }
    #expect(
      try temp.rows("SELECT question_id FROM review_new_from ORDER BY kind") == [["201"], ["200"]])
    try expectTight(temp, "imported")
    try expectSameListings(temp, "imported")
  }

  @Test("the next due after a time is the earliest the listing a year on holds after it")
  func nextDue() throws {
    let (temp, runner) = try library()
    let review = ReviewRepository(database: temp.database)
    for (n, id) in [1, 2, 4, 7, 8].enumerated() {
      rate(runner, QuestionID(Int64(id)), "good", days: Double(n * 5))
    }
    rate(runner, 3, "soon", days: 2)
    _ = runner.run(.questions(.setAnswer(2, nil)))  // its recall schedule no longer counts
    for days in [-30.0, 0, 10.5, 30, 58.9, 59.2, 80, 200] {
      let now = Timestamp(rfc3339: Self.time(days))!
      let later = Timestamp(millis: now.millis + 366 * Self.day)
      let expected = try review.due(ReviewDueQuery(at: later, kinds: [.recall, .open]))
        .map(\.due).filter { $0 > now }.min()
      #expect(try review.nextDue(after: now, until: later) == expected, "at \(now)")
    }
  }

  @Test("the next due counts highlights under review, their wait shortened by a star and the shelf")
  func nextDueOfHighlights() throws {
    let (temp, runner) = try library()
    let review = ReviewRepository(database: temp.database)
    try temp.database.executeScript(
      """
      INSERT INTO highlights (id, uuid, post_id, text, starred, created_at, updated_at) VALUES
        (1, 'h1', 1, 'Fear is the mind-killer.', 1, '2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z');
      INSERT INTO favorites (post_id, position, added_at) VALUES (1, 1, '2021-01-01T00:00:00.000Z');
      DELETE FROM review_items;
      UPDATE questions SET answer = NULL, answered_at = NULL, created_at = '2020-01-01T00:00:00.000Z';
      """)
    let at = Timestamp(rfc3339: Self.time(100))!
    _ = runner.run(.review(.rateHighlight(HighlightID(1), .keep, at: at)))
    let detail = try review.highlightDetail(HighlightID(1))
    let due = try #require(detail.effectiveDue)
    #expect(due.millis - at.millis == 3 * Self.day)  // keep's 14 days, halved twice
    let later = Timestamp(millis: at.millis + 366 * Self.day)
    #expect(try review.nextDue(after: at, until: later) == due)
  }
}
