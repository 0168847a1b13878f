import MemoCore
import Testing

@testable import MemoStorage

/// `memo browse` reads pages by key, on real files.
@Suite("memo browse: keyset pages, on real files")
struct BrowseRepositoryTests {
  let t0 = Timestamp(millis: 1_767_225_600_000)

  /// Posts 1…6 a second apart; post 2 has questions 1…4 (1 and 3 starred, 4 in physics);
  /// posts 5 and 3 are on the shelf, in that order.
  func fixture() throws -> TemporaryDatabase {
    let temp = try TemporaryDatabase()
    var now = t0
    var uuids = 0
    let runner = EffectRunner(
      database: temp.database, clock: { now },
      makeUUID: { _ in
        uuids += 1
        return "uuid-\(uuids)"
      })
    for i in 1...6 {
      now = Timestamp(millis: t0.millis + Int64(i) * 1000)
      _ = runner.run(.posts(.insert(NewPost(title: i == 2 ? "吾輩は猫である" : "Book \(i)"))))
    }
    for i in 1...4 {
      now = Timestamp(millis: t0.millis + 10_000 + Int64(i) * 1000)
      _ = runner.run(
        .questions(
          .insert(
            NewQuestion(
              postID: 2, text: "Q\(i)", category: i == 4 ? "physics" : nil, isStarred: i % 2 == 1)))
      )
    }
    _ = runner.run(.favorites(.add([5, 3])))
    #expect(try temp.rows("SELECT count(*) FROM questions") == [["4"]])
    return temp
  }

  func ids(
    _ temp: TemporaryDatabase, _ list: BrowseList, _ anchor: PageAnchor, _ limit: Int,
    filter: QuestionFilter = QuestionFilter()
  ) -> [Int64] {
    let request = PageRequest(list: list, anchor: anchor, limit: limit, filter: filter)
    guard case .browse(.page(let page)) = temp.runner(at: t0).run(.lookup(.page(request))) else {
      return [-1]
    }
    return page.rows.map { $0.post?.id.rawValue ?? $0.question?.id.rawValue ?? -1 }
  }

  func key(_ temp: TemporaryDatabase, post id: Int64) -> PageKey {
    PageKey(order: Timestamp(millis: t0.millis + id * 1000).rfc3339, id: id)
  }

  func position(
    _ temp: TemporaryDatabase, _ list: BrowseList, _ anchor: PageAnchor, _ limit: Int,
    filter: QuestionFilter = QuestionFilter()
  ) -> [Int?] {
    let request = PageRequest(list: list, anchor: anchor, limit: limit, filter: filter)
    guard case .browse(.page(let page)) = temp.runner(at: t0).run(.lookup(.page(request))) else {
      return [-1]
    }
    return [page.before, page.total]
  }

  @Test("each page says how many rows come before its first row in the list, and how many in all")
  func pagePosition() throws {
    let temp = try fixture()
    // Books newest first: 6 5 4 3 2 1.
    #expect(position(temp, .books, .top, 2) == [0, 6])
    #expect(position(temp, .books, .after(key(temp, post: 5)), 2) == [2, 6])  // 4 3
    #expect(position(temp, .books, .before(key(temp, post: 2)), 2) == [2, 6])  // 4 3, read back
    #expect(position(temp, .books, .bottom, 2) == [4, 6])  // 2 1
    #expect(position(temp, .books, .from(key(temp, post: 3)), 3) == [3, 6])  // 3 2 1
    // Filtered: the starred questions of post 2, oldest first in the book's list.
    let starred = QuestionFilter(starred: true)
    #expect(position(temp, .bookQuestions(2), .top, 5, filter: starred) == [0, 2])
    #expect(position(temp, .questions, .bottom, 1, filter: starred) == [1, 2])
    // The shelf, in its own order: 5 3.
    #expect(position(temp, .favorites, .bottom, 1) == [1, 2])
    // Past the end: nothing before an empty page, the total still counted.
    #expect(position(temp, .books, .after(key(temp, post: 1)), 2) == [0, 6])
  }

  @Test("v twice: a book taken off the shelf and put back is in its place again, in the journal")
  func shelfToggle() throws {
    let temp = try fixture()
    let runner = temp.runner(at: t0)
    _ = runner.run(.favorites(.add([1])))
    #expect(ids(temp, .favorites, .top, 5) == [5, 3, 1])
    guard case .browse(.unshelved(let post, let position)) = runner.run(.favorites(.takeOff(5)))
    else {
      Issue.record("no unshelved answer")
      return
    }
    #expect(post.id == 5 && !post.isFavorite && position == 1)
    #expect(ids(temp, .favorites, .top, 5) == [3, 1])
    guard case .favorites(.listed(let back)) = runner.run(.favorites(.put(5, position: position)))
    else {
      Issue.record("no listed answer")
      return
    }
    #expect(back.map(\.isFavorite) == [true])
    #expect(ids(temp, .favorites, .top, 5) == [5, 3, 1])
    // The place taken meanwhile: the end.
    _ = runner.run(.favorites(.takeOff(3)))
    _ = runner.run(.favorites(.put(4, position: 2)))
    _ = runner.run(.favorites(.put(3, position: 2)))
    #expect(ids(temp, .favorites, .top, 5) == [5, 4, 1, 3])
    #expect(
      try temp.rows("SELECT action, summary FROM journal_entries ORDER BY id DESC LIMIT 2") == [
        ["fav", "fav post 3 'Book 3'"], ["fav", "fav post 4 'Book 4'"],
      ])
    // A book not on the shelf: an error, nothing changed.
    #expect(
      runner.run(.favorites(.takeOff(2)))
        == .failed(MemoError(code: .notFound, message: "post 2 is not on the shelf")))
  }

  @Test("books: newest first, a page after, before (nearest first), from, and the bottom")
  func books() throws {
    let temp = try fixture()
    #expect(ids(temp, .books, .top, 3) == [6, 5, 4])
    #expect(ids(temp, .books, .after(key(temp, post: 4)), 2) == [3, 2])
    #expect(ids(temp, .books, .before(key(temp, post: 3)), 2) == [4, 5])
    #expect(ids(temp, .books, .from(key(temp, post: 3)), 5) == [3, 2, 1])
    #expect(ids(temp, .books, .bottom, 2) == [1, 2])
    #expect(ids(temp, .books, .after(key(temp, post: 1)), 2) == [])
  }

  @Test("books under a question filter: only those with matching questions, with counts")
  func booksFiltered() throws {
    let temp = try fixture()
    #expect(ids(temp, .books, .top, 10, filter: QuestionFilter(starred: true)) == [2])
    let request = PageRequest(
      list: .books, anchor: .top, limit: 1, filter: QuestionFilter(categories: ["physics"]))
    guard case .browse(.page(let page)) = temp.runner(at: t0).run(.lookup(.page(request))) else {
      Issue.record("no page")
      return
    }
    #expect(page.rows.first?.post?.title == "吾輩は猫である")
    #expect(page.rows.first?.post?.questionCount == 4)
    #expect(page.rows.first?.post?.isFavorite == false)
  }

  @Test("a book's questions oldest first, the flat list newest first, both filtered")
  func questions() throws {
    let temp = try fixture()
    #expect(ids(temp, .bookQuestions(2), .top, 10) == [1, 2, 3, 4])
    #expect(
      ids(temp, .bookQuestions(2), .top, 10, filter: QuestionFilter(starred: true)) == [1, 3])
    #expect(ids(temp, .bookQuestions(1), .top, 10) == [])
    #expect(ids(temp, .questions, .top, 2) == [4, 3])
    let q3 = PageKey(order: Timestamp(millis: t0.millis + 13_000).rfc3339, id: 3)
    #expect(ids(temp, .questions, .after(q3), 5) == [2, 1])
    #expect(ids(temp, .questions, .after(q3), 5, filter: QuestionFilter(starred: false)) == [2])
    #expect(
      ids(temp, .questions, .before(q3), 5, filter: QuestionFilter(categories: ["physics"])) == [4])
  }

  @Test("the shelf in the order the books were put on it, paged by position")
  func favorites() throws {
    let temp = try fixture()
    #expect(ids(temp, .favorites, .top, 10) == [5, 3])
    #expect(ids(temp, .favorites, .after(PageKey(order: "", id: 1)), 10) == [3])
    #expect(ids(temp, .favorites, .bottom, 1) == [3])
  }

  @Test("pages are read through an index, never sorted whole (no temporary b-tree)")
  func noSort() throws {
    let temp = try fixture()
    let k = "('2026-01-01T00:00:03.000Z', 3)"
    for sql in [
      "SELECT p.id FROM posts p WHERE (p.created_at, p.id) < \(k) ORDER BY p.created_at DESC, p.id DESC LIMIT 5",
      "SELECT q.id FROM questions q WHERE (q.created_at, q.id) < \(k) ORDER BY q.created_at DESC, q.id DESC LIMIT 5",
      "SELECT q.id FROM questions q WHERE q.starred = 1 AND (q.created_at, q.id) > \(k) ORDER BY q.created_at ASC, q.id ASC LIMIT 5",
      "SELECT q.id FROM questions q WHERE q.post_id = 2 AND (q.created_at, q.id) > \(k) ORDER BY q.created_at, q.id LIMIT 5",
    ] {
      let plan = try temp.rows("EXPLAIN QUERY PLAN " + sql).map { $0.last ?? "" }
      #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(sql): \(plan)")
    }
  }

  @Test("data_version changes when another connection commits, not for this one's own")
  func dataVersion() throws {
    let temp = try fixture()
    let runner = temp.runner(at: t0)
    guard case .browse(.dataVersion(let first)) = runner.run(.lookup(.dataVersion)) else {
      Issue.record("no version")
      return
    }
    _ = runner.run(.questions(.setStarred([2], true)))
    #expect(runner.run(.lookup(.dataVersion)) == .browse(.dataVersion(first)))
    let other = try DatabaseFile.open(at: temp.path, for: .write)
    _ = EffectRunner(database: other).run(.questions(.setStarred([2], false)))
    other.close()
    guard case .browse(.dataVersion(let second)) = runner.run(.lookup(.dataVersion)) else { return }
    #expect(second != first)
  }

  @Test("category names, by name, without counting questions")
  func categoryNames() throws {
    let temp = try fixture()
    _ = temp.runner(at: t0).run(.categories(.insert("Math")))
    #expect(
      temp.runner(at: t0).run(.categories(.loadNames))
        == .browse(.categoryNames(["Math", "physics"])))
  }

  @Test("a book read for its screen brings its highlights in reading order")
  func bookHighlights() throws {
    let temp = try fixture()
    let runner = EffectRunner(database: temp.database)
    for (text, page) in [("thirty", "30"), ("two", "2"), ("none", nil), ("twelve", "12")] {
      _ = runner.run(.highlights(.insert(NewHighlight(postID: 2, text: text, page: page))))
    }
    guard case .posts(.loaded(let post)) = runner.run(.posts(.load(2))) else {
      Issue.record("no post")
      return
    }
    #expect(post.highlights.map(\.text) == ["two", "twelve", "thirty", "none"])
  }
}
