import MemoCore
import Testing

@testable import MemoStorage

@Suite("repositories and the effect runner, on real files")
struct RepositoryTests {
  let t0 = Timestamp(millis: 1_767_225_600_000)  // 2026-01-01T00:00:00.000Z

  @Test("insertPost stores the post with the runner's UUID and time")
  func insertPost() throws {
    let temp = try TemporaryDatabase()
    let result = temp.runner(at: t0).run(.posts(.insert(NewPost(title: "Dune", author: "F. H."))))
    let expected = Post(
      id: 1, uuid: "uuid-1", title: "Dune", author: "F. H.", createdAt: t0, updatedAt: t0)
    #expect(result == .posts(.added(expected)))
    #expect(
      try temp.rows("SELECT id, uuid, title, author, body, created_at, updated_at FROM posts") == [
        [
          "1", "uuid-1", "Dune", "F. H.", "NULL", "2026-01-01T00:00:00.000Z",
          "2026-01-01T00:00:00.000Z",
        ]
      ])
  }

  @Test("updatePost bumps updated_at only when something changed")
  func update() throws {
    let temp = try TemporaryDatabase()
    _ = temp.runner(at: t0).run(.posts(.insert(NewPost(title: "Dune"))))
    let later = Timestamp(millis: t0.millis + 5000)
    _ = temp.runner(at: later).run(.posts(.update(1, PostPatch(title: "Dune"))))
    #expect(try temp.rows("SELECT updated_at FROM posts") == [["2026-01-01T00:00:00.000Z"]])
    _ = temp.runner(at: later).run(.posts(.update(1, PostPatch(author: .some("F")))))
    #expect(
      try temp.rows("SELECT author, updated_at FROM posts") == [["F", "2026-01-01T00:00:05.000Z"]])
  }

  @Test("deletePosts is all or none and cascades to questions and the shelf")
  func deleteCascades() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.posts(.insert(NewPost(title: "B"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Q1", category: "c"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 2, text: "Q2"))))
    _ = runner.run(.favorites(.add([1, 2])))
    #expect(runner.run(.posts(.delete([1, 3, 4]))) == .failed(.postsNotFound([3, 4])))
    #expect(try temp.rows("SELECT count(*) FROM posts") == [["2"]])
    guard case .posts(.removed(let removed)) = runner.run(.posts(.delete([1]))) else {
      Issue.record("expected removed")
      return
    }
    #expect(removed.map(\.title) == ["A"])
    #expect(removed.first?.questionCount == 1)
    #expect(try temp.rows("SELECT text FROM questions") == [["Q2"]])
    #expect(try temp.rows("SELECT post_id, position FROM favorites") == [["2", "2"]])
    #expect(try temp.rows("SELECT name FROM categories") == [["c"]])
  }

  @Test("questions: ask creates the category once (ignoring case), on an existing post only")
  func ask() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(
      .questions(.insert(NewQuestion(postID: 1, text: "Q1", category: "Physics", isStarred: true))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Q2", category: "physics"))))
    #expect(
      runner.run(.questions(.insert(NewQuestion(postID: 9, text: "Q3"))))
        == .failed(.postNotFound(9)))
    #expect(try temp.rows("SELECT name FROM categories") == [["Physics"]])
    #expect(
      try temp.rows(
        "SELECT q.text, c.name, q.starred FROM questions q JOIN categories c ON c.id = q.category_id"
      )
        == [["Q1", "Physics", "1"], ["Q2", "Physics", "0"]])
  }

  @Test("star is all or none; only changed rows get a new updated_at")
  func star() throws {
    let temp = try TemporaryDatabase()
    let first = temp.runner(at: t0)
    _ = first.run(.posts(.insert(NewPost(title: "A"))))
    _ = first.run(.questions(.insert(NewQuestion(postID: 1, text: "Q1", isStarred: true))))
    _ = first.run(.questions(.insert(NewQuestion(postID: 1, text: "Q2"))))
    let later = temp.runner(at: Timestamp(millis: t0.millis + 1000))
    #expect(later.run(.questions(.setStarred([1, 2, 7], true))) == .failed(.questionNotFound(7)))
    #expect(try temp.rows("SELECT starred FROM questions ORDER BY id") == [["1"], ["0"]])
    _ = later.run(.questions(.setStarred([1, 2], true)))
    #expect(
      try temp.rows("SELECT starred, updated_at FROM questions ORDER BY id") == [
        ["1", "2026-01-01T00:00:00.000Z"], ["1", "2026-01-01T00:00:01.000Z"],
      ])
  }

  @Test("answer stamps answered_at; unanswer clears both")
  func answer() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Q"))))
    _ = runner.run(.questions(.setAnswer(1, "Because")))
    #expect(
      try temp.rows("SELECT answer, answered_at FROM questions") == [
        ["Because", "2026-01-01T00:00:00.000Z"]
      ])
    _ = runner.run(.questions(.setAnswer(1, nil)))
    #expect(try temp.rows("SELECT answer, answered_at FROM questions") == [["NULL", "NULL"]])
  }

  @Test("the current filter applies to listings; --all and flags work on top of it")
  func filters() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(
      .questions(
        .insert(
          NewQuestion(postID: 1, text: "starred physics", category: "physics", isStarred: true))))
    _ = runner.run(
      .questions(.insert(NewQuestion(postID: 1, text: "plain physics", category: "physics"))))
    _ = runner.run(
      .questions(
        .insert(
          NewQuestion(postID: 1, text: "starred math", category: "math", isStarred: true))))
    _ = runner.run(.filters(.saveCurrent(QuestionFilter(starred: true))))
    func texts(_ base: FilterSelection.Base, _ flags: QuestionFilter = QuestionFilter()) -> [String]
    {
      let query = QuestionQuery(selection: FilterSelection(base: base, flags: flags, now: t0))
      guard case .questions(.listed(let questions, _)) = runner.run(.questions(.list(query))) else {
        return ["failed"]
      }
      return questions.map(\.text).sorted()
    }
    #expect(texts(.current) == ["starred math", "starred physics"])
    #expect(texts(.none) == ["plain physics", "starred math", "starred physics"])
    #expect(texts(.current, QuestionFilter(starred: false)) == ["plain physics"])
    #expect(texts(.current, QuestionFilter(categories: ["PHYSICS"])) == ["starred physics"])
    _ = runner.run(.filters(.saveNamed("s", replacing: false)))
    #expect(
      runner.run(.filters(.saveNamed("S", replacing: false)))
        == .failed(.usage("a filter named 's' exists already; pass --force to replace it")))
    _ = runner.run(.filters(.saveCurrent(QuestionFilter())))
    #expect(texts(.current).count == 3)
    #expect(texts(.saved("s")) == ["starred math", "starred physics"])
    let unknown = QuestionQuery(selection: FilterSelection(base: .saved("nope"), now: t0))
    #expect(runner.run(.questions(.list(unknown))) == .failed(.filterNotFound("nope")))
    let badCategory = QuestionQuery(
      selection: FilterSelection(base: .none, flags: QuestionFilter(categories: ["nope"]), now: t0))
    #expect(runner.run(.questions(.list(badCategory))) == .failed(.categoryNotFound("nope")))
  }

  @Test(
    "a listing goes where its effect says: .output streams to the writer, .state answers a page even with a writer there, .output without one is an io error"
  )
  func destination() throws {
    /// Records what a listing streams: each call, with the row's first column.
    final class Recorder: RowSink {
      var calls: [String] = []
      func begin(_ listing: Listing, filter: QuestionFilter?, columns: Row, nested: Row?) {
        calls.append("begin \(listing) \(filter?.summary ?? "-")")
      }
      func row(_ row: Row, nested: NestedRows?) { calls.append("row \(row.string(0))") }
      func end() { calls.append("end") }
    }
    let temp = try TemporaryDatabase()
    let recorder = Recorder()
    let runner = temp.runner(at: t0, output: recorder)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "q1", isStarred: true))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "q2"))))
    let query = QuestionQuery(
      selection: FilterSelection(base: .none, flags: QuestionFilter(starred: true), now: t0))
    #expect(
      runner.run(.questions(.list(query, to: .output)))
        == .streamed(.questions, filter: QuestionFilter(starred: true)))
    #expect(recorder.calls == ["begin questions --starred", "row 1", "end"])
    recorder.calls = []
    guard
      case .questions(.listed(let page, _)) = runner.run(.questions(.list(query, to: .state)))
    else {
      Issue.record("expected a page")
      return
    }
    #expect(page.map(\.text) == ["q1"])
    guard
      case .search(.found(let hits)) = runner.run(
        .lookup(.search(SearchQuery(text: "q2"), to: .state)))
    else {
      Issue.record("expected hits")
      return
    }
    #expect(hits.count == 1)
    #expect(recorder.calls == [])

    let alone = temp.runner(at: t0)
    for effect: Effect in [
      .questions(.list(query, to: .output)), .posts(.list(PostQuery(), to: .output)),
      .posts(.load(1, to: .output)), .highlights(.list(HighlightQuery(), to: .output)),
      .review(.listDue(ReviewDueQuery(at: t0), to: .output)),
      .lookup(.search(SearchQuery(text: "q1"), to: .output)), .categories(.list(to: .output)),
      .favorites(.list(to: .output)), .journal(.list(limit: 5, to: .output)),
      .sync(.listConflicts(to: .output)), .review(.exportLog),
    ] {
      guard case .failed(let error) = alone.run(effect) else {
        Issue.record("\(effect) ran without an output writer")
        continue
      }
      #expect(error.code == .io)
      #expect(error.message.contains("no output writer"))
    }
  }

  @Test("list under a question filter: only posts with matches, each with only those")
  func listWithFilter() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.posts(.insert(NewPost(title: "B"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "a1", isStarred: true))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "a2"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 2, text: "b1"))))
    let query = PostQuery(
      selection: FilterSelection(base: .none, flags: QuestionFilter(starred: true), now: t0))
    guard case .posts(.listed(let posts, let filter)) = runner.run(.posts(.list(query))) else {
      Issue.record("expected a listing")
      return
    }
    #expect(filter == QuestionFilter(starred: true))
    #expect(posts.map(\.title) == ["A"])
    #expect(posts.first?.questions.map(\.text) == ["a1"])
    #expect(posts.first?.questionCount == 2)
  }

  @Test("favorites keep the order added; a post is on the shelf once")
  func favorites() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    for title in ["A", "B", "C"] { _ = runner.run(.posts(.insert(NewPost(title: title)))) }
    _ = runner.run(.favorites(.add([3, 1])))
    _ = runner.run(.favorites(.add([1, 2])))
    #expect(runner.run(.favorites(.add([2, 9]))) == .failed(.postNotFound(9)))
    guard case .favorites(.listed(let shelf)) = runner.run(.favorites(.list(to: .state))) else {
      Issue.record("expected the shelf")
      return
    }
    #expect(shelf.map(\.title) == ["C", "A", "B"])
    #expect(shelf.allSatisfy { $0.isFavorite })
    _ = runner.run(.favorites(.remove([1])))
    #expect(try temp.rows("SELECT post_id FROM favorites ORDER BY position") == [["3"], ["2"]])
  }

  @Test("a category in use is not deleted without force; with force its questions keep none")
  func categoryDelete() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner(at: t0)
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Q", category: "physics"))))
    guard case .failed(let error) = runner.run(.categories(.delete("PHYSICS", force: false))) else {
      Issue.record("expected a refusal")
      return
    }
    #expect(error.code == .usage)
    _ = runner.run(.categories(.delete("physics", force: true)))
    #expect(try temp.rows("SELECT text, category_id FROM questions") == [["Q", "NULL"]])
    #expect(
      runner.run(.categories(.delete("physics", force: true)))
        == .failed(.categoryNotFound("physics")))
  }

  @Test(
    "filters use indexes, not a full scan and sort",
    arguments: [
      (ResolvedFilter(starred: true), "questions_starred"),
      (ResolvedFilter(categories: ["c"]), "questions_by_category"),
      (ResolvedFilter(), "questions_by_created"),
    ])
  func queryPlans(filter: ResolvedFilter, index: String) throws {
    let temp = try TemporaryDatabase()
    let condition = SQLCondition.questions(filter)
    let statement = try temp.database.makeStatement(
      sql: "EXPLAIN QUERY PLAN " + QuestionRepository.select
        + " \(condition.whereClause) ORDER BY q.created_at DESC, q.id DESC LIMIT 50")
    try condition.bind(to: statement)
    var plan: [String] = []
    while try statement.step() { plan.append(statement.string(3)) }
    let text = plan.joined(separator: "\n")
    #expect(text.contains(index), "\(text)")
    #expect(!text.contains("SCAN q\n") && !text.hasSuffix("SCAN q"), "\(text)")
  }

  @Test("a post's questions load in one query for the whole page")
  func postQuestionsPlan() throws {
    let temp = try TemporaryDatabase()
    let statement = try temp.database.makeStatement(
      sql: "EXPLAIN QUERY PLAN " + QuestionRepository.select
        + " WHERE q.post_id IN (SELECT value FROM json_each('[1,2]')) ORDER BY q.post_id, q.created_at, q.id"
    )
    var plan: [String] = []
    while try statement.step() { plan.append(statement.string(3)) }
    #expect(plan.joined(separator: "\n").contains("questions_by_post"), "\(plan)")
  }
}
