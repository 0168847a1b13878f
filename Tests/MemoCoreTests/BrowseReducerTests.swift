import Testing

@testable import MemoCore

/// The browse reducer: keys and storage's answers in, the whole new state and effects out.
@Suite("memo browse: the key reducer")
struct BrowseReducerTests {
  /// A 10×6 window (a body of 4 rows) showing books 1…4 (ids 9…6: newest first).
  static func books(cursor: Int = 0, count: Int = 4) -> BrowseState {
    var state = BrowseState(width: 40, height: 6)
    let rows = (0..<count).map { BrowseRow.post(.fixture(Int64(9 - $0), title: "B\(9 - $0)")) }
    state.screens = [.list(ListScreen(list: .books, rows: rows, cursor: cursor))]
    return state
  }

  static func request(
    _ list: BrowseList, _ anchor: PageAnchor, _ limit: Int,
    filter: QuestionFilter = QuestionFilter()
  ) -> Effect {
    .lookup(.page(PageRequest(list: list, anchor: anchor, limit: limit, filter: filter)))
  }

  static func key(_ id: Int64) -> PageKey { PageKey(order: Timestamp.t0.rfc3339, id: id) }

  static func list(_ state: BrowseState) -> ListScreen? {
    if case .list(let screen) = state.top { return screen }
    return nil
  }

  @Test("start reads the data version and the current filter, which then loads the first page")
  func start() {
    var state = BrowseState(width: 80, height: 24)
    #expect(browseReducer(&state, .start) == [.lookup(.dataVersion), .filters(.loadCurrent)])
    let filter = QuestionFilter(starred: true, categories: ["physics"])
    let effects = browseReducer(&state, .stored(.filters(.current(filter))))
    #expect(effects == [Self.request(.books, .top, 22, filter: filter)])
    #expect(state.filter == filter)
  }

  @Test("j and k move inside the page without reading")
  func moveInside() {
    var state = Self.books()
    #expect(browseReducer(&state, .key(.char("j"))) == [])
    #expect(browseReducer(&state, .key(.down)) == [])
    var expected = Self.books(cursor: 2)
    #expect(state == expected)
    #expect(browseReducer(&state, .key(.up)) == [])
    expected = Self.books(cursor: 1)
    #expect(state == expected)
  }

  @Test("j on the last row reads one row after it; the window slides, the cursor stays last")
  func scrollDown() {
    var state = Self.books(cursor: 3)
    let effects = browseReducer(&state, .key(.char("j")))
    #expect(effects == [Self.request(.books, .after(Self.key(6)), 1)])
    let next = BrowseRow.post(.fixture(5, title: "B5"))
    guard case .lookup(.page(let request)) = effects[0] else { return }
    _ = browseReducer(&state, .stored(.browse(.page(Page(request: request, rows: [next])))))
    let screen = Self.list(state)
    #expect(screen?.rows.map(\.key.id) == [8, 7, 6, 5])
    #expect(screen?.cursor == 3)
    #expect(screen?.isAtTop == false)
  }

  @Test("j at the end of the list reads nothing more and leaves everything as it was")
  func endOfList() {
    var state = Self.books(cursor: 3)
    let request = PageRequest(
      list: .books, anchor: .after(Self.key(6)), limit: 1, filter: QuestionFilter())
    _ = browseReducer(&state, .stored(.browse(.page(Page(request: request, rows: [])))))
    #expect(state == Self.books(cursor: 3))
  }

  @Test("k on the first row reads the row before; a short answer means the top")
  func scrollUp() {
    var state = Self.books(cursor: 0)
    Self.setTop(&state, false)
    let effects = browseReducer(&state, .key(.char("k")))
    #expect(effects == [Self.request(.books, .before(Self.key(9)), 1)])
    let request = PageRequest(
      list: .books, anchor: .before(Self.key(9)), limit: 1, filter: QuestionFilter())
    _ = browseReducer(
      &state,
      .stored(.browse(.page(Page(request: request, rows: [.post(.fixture(10, title: "B10"))])))))
    let screen = Self.list(state)
    #expect(screen?.rows.map(\.key.id) == [10, 9, 8, 7])
    #expect(screen?.cursor == 0)
    #expect(screen?.isAtTop == false)
  }

  static func setTop(_ state: inout BrowseState, _ isAtTop: Bool) {
    guard case .list(var screen) = state.top else { return }
    screen.isAtTop = isAtTop
    state.screens[state.screens.count - 1] = .list(screen)
  }

  @Test("PgDn and Ctrl-d read a page and half a page after the last row; g and G the ends")
  func paging() {
    var state = Self.books(cursor: 1)
    #expect(
      browseReducer(&state, .key(.pageDown)) == [Self.request(.books, .after(Self.key(6)), 4)])
    #expect(
      browseReducer(&state, .key(.ctrl("d"))) == [Self.request(.books, .after(Self.key(6)), 2)])
    #expect(browseReducer(&state, .key(.pageUp)) == [Self.request(.books, .before(Self.key(9)), 4)])
    #expect(
      browseReducer(&state, .key(.ctrl("u"))) == [Self.request(.books, .before(Self.key(9)), 2)])
    #expect(browseReducer(&state, .key(.char("g"))) == [Self.request(.books, .top, 4)])
    #expect(browseReducer(&state, .key(.char("G"))) == [Self.request(.books, .bottom, 4)])
    #expect(state == Self.books(cursor: 1))
  }

  @Test("a page down keeps the cursor on its line; G puts it on the last row")
  func pageDownApplied() {
    var state = Self.books(cursor: 1)
    let rows = (2...5).reversed().map { BrowseRow.post(.fixture(Int64($0))) }
    let request = PageRequest(
      list: .books, anchor: .after(Self.key(6)), limit: 4, filter: QuestionFilter())
    _ = browseReducer(&state, .stored(.browse(.page(Page(request: request, rows: rows)))))
    #expect(Self.list(state)?.rows.map(\.key.id) == [5, 4, 3, 2])
    #expect(Self.list(state)?.cursor == 1)
    let last = PageRequest(list: .books, anchor: .bottom, limit: 4, filter: QuestionFilter())
    // The bottom page comes nearest the end first.
    let bottom = [1, 2, 3, 4].map { BrowseRow.post(.fixture(Int64($0))) }
    _ = browseReducer(&state, .stored(.browse(.page(Page(request: last, rows: bottom)))))
    #expect(Self.list(state)?.rows.map(\.key.id) == [4, 3, 2, 1])
    #expect(Self.list(state)?.cursor == 3)
  }

  @Test("the position in the list follows the pages: the window's first row and the total")
  func positionFollowsPages() {
    // Books 9 8 7 6 shown (rows 0…3 of 9), cursor on 8.
    var state = Self.books(cursor: 1)
    let top = PageRequest(list: .books, anchor: .top, limit: 4, filter: QuestionFilter())
    let shown = (6...9).reversed().map { BrowseRow.post(.fixture(Int64($0))) }
    _ = browseReducer(
      &state, .stored(.browse(.page(Page(request: top, rows: shown, before: 0, total: 9)))))
    #expect(Self.list(state)?.offset == 0 && Self.list(state)?.total == 9)
    // A page down: 5 4 3 2 come (4 rows before 5); the window slides by 4.
    let after = PageRequest(
      list: .books, anchor: .after(Self.key(6)), limit: 4, filter: QuestionFilter())
    let rows = (2...5).reversed().map { BrowseRow.post(.fixture(Int64($0))) }
    _ = browseReducer(
      &state, .stored(.browse(.page(Page(request: after, rows: rows, before: 4, total: 9)))))
    #expect(Self.list(state)?.rows.map(\.key.id) == [5, 4, 3, 2])
    #expect(Self.list(state)?.offset == 4)
    // The bottom: 4 3 2 1, 5 rows before 4.
    let bottom = PageRequest(list: .books, anchor: .bottom, limit: 4, filter: QuestionFilter())
    _ = browseReducer(
      &state,
      .stored(
        .browse(
          .page(
            Page(
              request: bottom, rows: [1, 2, 3, 4].map { BrowseRow.post(.fixture(Int64($0))) },
              before: 5, total: 9)))))
    #expect(Self.list(state)?.offset == 5 && Self.list(state)?.cursor == 3)
  }

  static let bookRead: [Effect] = [.posts(.load(8)), request(.bookQuestions(8), .top, 10_000)]

  @Test(
    "Enter on a book opens its screen (the post whole, its questions); Enter on a question its detail; Escape goes back"
  )
  func openAndBack() {
    var state = Self.books(cursor: 1)
    let book = Post.fixture(8, title: "B8")
    #expect(browseReducer(&state, .key(.enter)) == Self.bookRead)
    #expect(state.screens.count == 2)
    #expect(state.top == .book(BookScreen(post: book)))
    let question = Question.fixture(3, post: 8, text: "なぜ？")
    let request = PageRequest(
      list: .bookQuestions(8), anchor: .top, limit: 10_000, filter: QuestionFilter())
    _ = browseReducer(
      &state, .stored(.browse(.page(Page(request: request, rows: [.question(question)])))))
    // No body: the cursor is on the first question.
    #expect(
      state.top == .book(BookScreen(post: book, questions: [question], cursor: 0, isLoaded: true)))
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.top == .detail(question))
    #expect(browseReducer(&state, .key(.escape)) == Self.bookRead)
    _ = browseReducer(&state, .key(.escape))
    #expect(state.screens.count == 1)
    #expect(browseReducer(&state, .key(.escape)) == [])
    #expect(state.screens.count == 1)
  }

  static func questions(_ questions: [Question], cursor: Int = 0) -> BrowseState {
    var state = BrowseState(width: 40, height: 6)
    state.screens.append(
      .list(ListScreen(list: .questions, rows: questions.map(BrowseRow.question), cursor: cursor)))
    return state
  }

  @Test("s stars the question under the cursor; the answer says so and the page is read again")
  func star() {
    let question = Question.fixture(4)
    var state = Self.questions([question])
    #expect(browseReducer(&state, .key(.char("s"))) == [.questions(.setStarred([4], true))])
    #expect(state.pendingMessage == "★ starred question 4")
    var starred = question
    starred.isStarred = true
    let effects = browseReducer(&state, .stored(.questions(.updated([starred]))))
    var expected = Self.questions([starred])
    expected.message = "★ starred question 4"
    expected.screens[1] = .list(
      ListScreen(list: .questions, rows: [.question(starred)], reselecting: Self.key(4)))
    #expect(state == expected)
    #expect(effects == [Self.request(.questions, .top, 4)])
    #expect(browseReducer(&state, .key(.char("s"))) == [.questions(.setStarred([4], false))])
  }

  @Test("a opens the answer input; wide characters edit one at a time; Enter saves")
  func answer() {
    var state = Self.questions([.fixture(4)])
    #expect(browseReducer(&state, .key(.char("a"))) == [])
    #expect(state.input == LineInput(purpose: .answer(4, hadAnswer: false)))
    for c in "猫が好き🐈" { _ = browseReducer(&state, .key(.char(c))) }
    _ = browseReducer(&state, .key(.backspace))
    _ = browseReducer(&state, .key(.left))
    _ = browseReducer(&state, .key(.backspace))
    _ = browseReducer(&state, .key(.char("は")))
    #expect(state.input.map { String($0.text) } == "猫がはき")
    #expect(state.input?.caret == 3)
    #expect(browseReducer(&state, .key(.enter)) == [.questions(.setAnswer(4, "猫がはき"))])
    #expect(state.input == nil)
    #expect(state.pendingMessage == "answered question 4")
  }

  @Test("Escape cancels the input; an empty answer removes one there was, else does nothing")
  func answerCancelled() {
    var question = Question.fixture(4)
    var state = Self.questions([question])
    _ = browseReducer(&state, .key(.char("a")))
    _ = browseReducer(&state, .key(.char("x")))
    #expect(browseReducer(&state, .key(.escape)) == [])
    #expect(state == Self.questions([question]))
    _ = browseReducer(&state, .key(.char("a")))
    #expect(browseReducer(&state, .key(.enter)) == [])
    question.answer = "old"
    state = Self.questions([question])
    _ = browseReducer(&state, .key(.char("a")))
    #expect(state.input.map { String($0.text) } == "old")
    _ = browseReducer(&state, .key(.ctrl("u")))
    #expect(browseReducer(&state, .key(.enter)) == [.questions(.setAnswer(4, nil))])
  }

  @Test("q finishes from any screen, even the Filter screen; not while typing")
  func quit() {
    var state = Self.books()
    _ = browseReducer(&state, .key(.char("f")))
    _ = browseReducer(&state, .key(.char("q")))
    #expect(state.isFinished)
    state = Self.questions([.fixture(1)])
    _ = browseReducer(&state, .key(.char("a")))
    _ = browseReducer(&state, .key(.char("q")))
    #expect(!state.isFinished)
    #expect(state.input.map { String($0.text) } == "q")
  }

  @Test("the Filter screen cycles starred and answered, picks categories, Enter applies")
  func filterScreen() {
    var state = Self.books()
    state.filter = QuestionFilter(since: "7d")
    #expect(browseReducer(&state, .key(.char("f"))) == [.categories(.loadNames)])
    _ = browseReducer(&state, .stored(.browse(.categoryNames(["math", "physics", "文学"]))))
    for key: Character in ["s", "a", "a", "j", "c", "j", "c", "k", "c"] {
      _ = browseReducer(&state, .key(.char(key)))
    }
    let draft = QuestionFilter(starred: true, answered: false, categories: ["文学"], since: "7d")
    #expect(
      state.top
        == .filter(FilterScreen(draft: draft, categories: ["math", "physics", "文学"], cursor: 1)))
    #expect(browseReducer(&state, .key(.enter)) == [.filters(.saveCurrent(draft))])
    #expect(state.screens.count == 1)
    let effects = browseReducer(&state, .stored(.filters(.current(draft))))
    #expect(state.filter == draft)
    #expect(state.message == "filter set: ★ starred · unanswered · 文学 · since 7d")
    #expect(effects == [Self.request(.books, .top, 4, filter: draft)])
  }

  @Test("s cycles any → starred → unstarred → any; Escape leaves the filter as it was")
  func filterCancelled() {
    var state = Self.books()
    _ = browseReducer(&state, .key(.char("f")))
    var seen: [Bool?] = []
    for _ in 0..<3 {
      _ = browseReducer(&state, .key(.char("s")))
      if case .filter(let screen) = state.top { seen.append(screen.draft.starred) }
    }
    #expect(seen == [true, false, nil])
    _ = browseReducer(&state, .key(.char("s")))
    #expect(browseReducer(&state, .key(.escape)) == [Self.request(.books, .top, 4)])
    #expect(state.filter == QuestionFilter())
    #expect(state.screens.count == 1)
  }

  @Test("another process's commit (a new data_version) reads the filter and the page again")
  func liveRefresh() {
    var state = Self.books()
    #expect(browseReducer(&state, .tick) == [.lookup(.dataVersion)])
    #expect(browseReducer(&state, .stored(.browse(.dataVersion(3)))) == [])
    #expect(browseReducer(&state, .stored(.browse(.dataVersion(3)))) == [])
    #expect(browseReducer(&state, .stored(.browse(.dataVersion(4)))) == [.filters(.loadCurrent)])
    #expect(state.dataVersion == 4)
  }

  @Test("a reload keeps the cursor on its row when a row appears above it")
  func reloadKeepsRow() {
    var state = Self.books(cursor: 1)
    let effects = browseReducer(&state, .stored(.filters(.current(QuestionFilter()))))
    #expect(effects == [Self.request(.books, .top, 4)])
    let rows = [10, 9, 8, 7].map { BrowseRow.post(.fixture(Int64($0), title: "B\($0)")) }
    let request = PageRequest(list: .books, anchor: .top, limit: 4, filter: QuestionFilter())
    _ = browseReducer(&state, .stored(.browse(.page(Page(request: request, rows: rows)))))
    #expect(Self.list(state)?.cursor == 2)
    #expect(Self.list(state)?.current?.key.id == 8)
  }

  @Test("u undoes through the journal; the answer names what was undone")
  func undo() {
    var state = Self.books()
    #expect(browseReducer(&state, .key(.char("u"))) == [.journal(.undo(1))])
    let entry = JournalEntry(
      id: 3, createdAt: .t0, action: "star", summary: "star question 4", isUndone: true,
      changeCount: 1)
    #expect(browseReducer(&state, .stored(.journal(.entries([entry])))) == [.filters(.loadCurrent)])
    #expect(state.message == "undone: star question 4")
    _ = browseReducer(&state, .key(.char("u")))
    _ = browseReducer(&state, .stored(.failed(.nothingToUndo())))
    #expect(state.message == "nothing to undo; 'memo log' shows the journal")
  }

  @Test("v puts the book under the cursor on the shelf, or takes it off")
  func favorite() {
    var state = Self.books()
    #expect(browseReducer(&state, .key(.char("v"))) == [.favorites(.put(9, position: nil))])
    var book = Post.fixture(9, title: "B9")
    book.isFavorite = true
    _ = browseReducer(&state, .stored(.favorites(.listed([book]))))
    #expect(Self.list(state)?.rows[0].post?.isFavorite == true)
    #expect(state.message == "put 'B9' on the shelf")
    #expect(browseReducer(&state, .key(.char("v"))) == [.favorites(.takeOff(9))])
    #expect(browseReducer(&state, .key(.char("F"))) == [Self.request(.favorites, .top, 4)])
  }

  @Test("v twice toggles: a book taken off the shelf goes back to its place, not to the end")
  func favoriteToggleKeepsPlace() {
    var state = Self.books()
    var book = Post.fixture(9, title: "B9")
    book.isFavorite = true
    _ = browseReducer(&state, .stored(.favorites(.listed([book]))))
    #expect(browseReducer(&state, .key(.char("v"))) == [.favorites(.takeOff(9))])
    book.isFavorite = false
    _ = browseReducer(&state, .stored(.browse(.unshelved(book, position: 3))))
    #expect(state.message == "took 'B9' off the shelf")
    #expect(Self.list(state)?.rows[0].post?.isFavorite == false)
    #expect(browseReducer(&state, .key(.char("v"))) == [.favorites(.put(9, position: 3))])
    book.isFavorite = true
    _ = browseReducer(&state, .stored(.favorites(.listed([book]))))
    #expect(state.shelfPositions.isEmpty)
  }

  @Test("/ types a search; Enter shows results; Enter on a question result loads its detail")
  func search() {
    var state = Self.books()
    _ = browseReducer(&state, .key(.char("/")))
    for c in "猫" { _ = browseReducer(&state, .key(.char(c))) }
    #expect(
      browseReducer(&state, .key(.enter)) == [.lookup(.search(SearchQuery(text: "猫", limit: 200)))])
    let hit = SearchResult(
      kind: .questions, id: 2, postID: 9, postTitle: "B9", snippet: "\u{2}猫\u{3}", rank: 0)
    _ = browseReducer(&state, .stored(.search(.found([hit]))))
    #expect(state.top == .search(SearchScreen(query: "猫", results: [hit])))
    #expect(browseReducer(&state, .key(.enter)) == [.questions(.load(2))])
    let question = Question.fixture(2, post: 9, text: "猫")
    _ = browseReducer(&state, .stored(.questions(.loaded(question))))
    #expect(state.top == .detail(question))
    #expect(state.lastSearch == "猫")
  }

  @Test("a question deleted elsewhere closes its detail with the error as the message")
  func deletedElsewhere() {
    var state = Self.questions([.fixture(4)])
    _ = browseReducer(&state, .key(.enter))
    #expect(browseReducer(&state, .tick) == [.lookup(.dataVersion)])
    let effects = browseReducer(&state, .stored(.failed(.questionNotFound(4))))
    #expect(state.screens.count == 2)
    #expect(state.message == MemoError.questionNotFound(4).message)
    #expect(effects == [Self.request(.questions, .top, 4)])
  }

  @Test("a resize reads a page the new height, and ? shows help until the next key")
  func resizeAndHelp() {
    var state = Self.books(cursor: 3)
    Self.setTop(&state, false)
    let effects = browseReducer(&state, .resize(width: 30, height: 4))
    // Two rows fit now: the window starts one row lower so the cursor stays in it.
    #expect(effects == [Self.request(.books, .from(Self.key(7)), 2)])
    #expect(Self.list(state)?.cursor == 1)
    _ = browseReducer(&state, .key(.char("?")))
    #expect(state.isShowingHelp)
    // j scrolls a help taller than the window; any other key closes it.
    _ = browseReducer(&state, .measured(DocumentLayout(lineCount: 10)))
    #expect(browseReducer(&state, .key(.char("j"))) == [])
    #expect(state.isShowingHelp && state.helpScroll == 1)
    _ = browseReducer(&state, .key(.char("G")))
    #expect(state.helpScroll == 8)
    _ = browseReducer(&state, .key(.char("j")))
    #expect(state.helpScroll == 8)
    #expect(browseReducer(&state, .key(.char("x"))) == [])
    #expect(!state.isShowingHelp)
  }
}

/// The keys that change things (issue 22): each goes through the command's own reducer, so the
/// effects are the commands' effects (and journal entries).
@Suite("memo browse: keys that add, edit and delete")
struct BrowseEditingKeyTests {
  static func type(_ text: String, into state: inout BrowseState) {
    for c in text { _ = browseReducer(&state, .key(.char(c))) }
  }

  static let bookRead = BrowseReducerTests.bookRead

  @Test("/ opens an empty prompt; Up brings back the last search, Down what was typed")
  func searchPrompt() {
    var state = BrowseReducerTests.books()
    _ = browseReducer(&state, .key(.char("/")))
    Self.type("猫", into: &state)
    _ = browseReducer(&state, .key(.enter))
    _ = browseReducer(&state, .key(.char("/")))
    #expect(state.input == LineInput(purpose: .search, choices: ["猫"]))
    Self.type("名前", into: &state)
    // Typing starts afresh: the query is 名前, not 猫名前.
    #expect(
      browseReducer(&state, .key(.enter)) == [.lookup(.search(SearchQuery(text: "名前", limit: 200)))]
    )
    _ = browseReducer(&state, .key(.char("/")))
    Self.type("x", into: &state)
    _ = browseReducer(&state, .key(.up))
    #expect(state.input.map { String($0.text) } == "名前")
    _ = browseReducer(&state, .key(.up))
    #expect(state.input.map { String($0.text) } == "猫")
    _ = browseReducer(&state, .key(.up))
    #expect(state.input.map { String($0.text) } == "猫")
    _ = browseReducer(&state, .key(.down))
    _ = browseReducer(&state, .key(.down))
    #expect(state.input.map { String($0.text) } == "x")
    #expect(state.searches == ["猫", "名前"])
  }

  @Test(
    "n asks the title, then the author (optional), and adds the book as memo add does; its screen opens"
  )
  func newBook() {
    var state = BrowseReducerTests.books()
    _ = browseReducer(&state, .key(.char("n")))
    #expect(state.input?.purpose == .newTitle)
    Self.type("  Dune ", into: &state)
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.input?.purpose == .newAuthor(title: "Dune"))
    Self.type("Frank Herbert", into: &state)
    #expect(
      browseReducer(&state, .key(.enter)) == [
        .posts(.insert(NewPost(title: "Dune", author: "Frank Herbert")))
      ])
    let added = Post.fixture(8, title: "Dune")
    #expect(browseReducer(&state, .stored(.posts(.added(added)))) == Self.bookRead)
    #expect(state.message == "added book 8 'Dune'")
    #expect(state.top == .book(BookScreen(post: added)))
  }

  @Test("n: an empty title adds nothing and says so; Escape at the author adds nothing")
  func newBookCancelled() {
    var state = BrowseReducerTests.books()
    _ = browseReducer(&state, .key(.char("n")))
    Self.type("  ", into: &state)
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.input == nil)
    #expect(state.message == "no book added: the title was empty")
    _ = browseReducer(&state, .key(.char("n")))
    Self.type("Dune", into: &state)
    _ = browseReducer(&state, .key(.enter))
    #expect(browseReducer(&state, .key(.escape)) == [])
    #expect(state.input == nil)
    #expect(state.message == "no book added")
  }

  @Test("A asks a question about the book under the cursor (or the question's book)")
  func ask() {
    var state = BrowseReducerTests.books(cursor: 1)
    _ = browseReducer(&state, .key(.char("A")))
    #expect(state.input?.purpose == .ask(8))
    Self.type("Why spice?", into: &state)
    #expect(
      browseReducer(&state, .key(.enter)) == [
        .questions(.insert(NewQuestion(postID: 8, text: "Why spice?")))
      ])
    var question = Question.fixture(5, post: 8, text: "Why spice?")
    question.postTitle = "B8"
    _ = browseReducer(&state, .stored(.questions(.added(question))))
    #expect(state.message == "asked question 5 about 'B8'")
    _ = browseReducer(&state, .key(.char("A")))
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.message == "no question asked: it was empty")

    var questions = BrowseReducerTests.questions([.fixture(4, post: 2)])
    _ = browseReducer(&questions, .key(.char("A")))
    #expect(questions.input?.purpose == .ask(2))
  }

  @Test("c edits the category: the current one typed, Up and Down the ones there are, empty none")
  func category() {
    var question = Question.fixture(4)
    question.category = "physics"
    var state = BrowseReducerTests.questions([question])
    #expect(browseReducer(&state, .key(.char("c"))) == [.categories(.loadNames)])
    #expect(state.input.map { String($0.text) } == "physics")
    _ = browseReducer(&state, .stored(.browse(.categoryNames(["math", "physics", "文学"]))))
    _ = browseReducer(&state, .key(.up))
    #expect(state.input.map { String($0.text) } == "文学")
    #expect(
      browseReducer(&state, .key(.enter)) == [
        .questions(.update(4, QuestionPatch(category: .some("文学"))))
      ])
    _ = browseReducer(&state, .key(.char("c")))
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.message == "no change to question 4")
    _ = browseReducer(&state, .key(.char("c")))
    _ = browseReducer(&state, .key(.ctrl("u")))
    #expect(
      browseReducer(&state, .key(.enter)) == [
        .questions(.update(4, QuestionPatch(category: .some(nil))))
      ])
    question.category = nil
    _ = browseReducer(&state, .stored(.questions(.updated([question]))))
    #expect(state.message == "question 4 has no category now")
  }

  @Test("d asks y/N: n (or any key but y) keeps it without an error; y deletes as memo rm does")
  func deleteQuestion() {
    let question = Question.fixture(4)
    var state = BrowseReducerTests.questions([question])
    _ = browseReducer(&state, .key(.enter))
    #expect(browseReducer(&state, .key(.char("d"))) == [])
    #expect(state.confirming == .question(question))
    #expect(browseReducer(&state, .key(.char("n"))) == [])
    #expect(state.confirming == nil)
    #expect(state.message == "kept question 4")
    _ = browseReducer(&state, .key(.char("d")))
    #expect(browseReducer(&state, .key(.char("y"))) == [.questions(.delete([4]))])
    let effects = browseReducer(&state, .stored(.questions(.removed([question]))))
    #expect(state.message == "deleted question 4 'Why?'")
    // Its detail closes; the list is read again.
    #expect(state.screens.count == 2)
    #expect(effects == [BrowseReducerTests.request(.questions, .top, 4)])
  }

  @Test("d on a book deletes it and its questions; its screens close")
  func deleteBook() {
    var state = BrowseReducerTests.books()
    var book = Post.fixture(9, title: "B9")
    book.questionCount = 2
    _ = browseReducer(&state, .key(.enter))
    state.screens[1] = .book(BookScreen(post: book, isLoaded: true))
    _ = browseReducer(&state, .key(.char("d")))
    #expect(state.confirming == .post(book))
    #expect(browseReducer(&state, .key(.char("Y"))) == [.posts(.delete([9]))])
    _ = browseReducer(&state, .stored(.posts(.removed([book]))))
    #expect(state.message == "deleted book 9 'B9' and its 2 questions")
    #expect(state.screens.count == 1)
  }

  @Test("Ctrl-R redoes through the journal; the message says redone")
  func redo() {
    var state = BrowseReducerTests.books()
    #expect(browseReducer(&state, .key(.ctrl("r"))) == [.journal(.redo(1))])
    let entry = JournalEntry(
      id: 3, createdAt: .t0, action: "rm", summary: "rm question 4 \"Why?\"", isUndone: false,
      changeCount: 1)
    #expect(browseReducer(&state, .stored(.journal(.entries([entry])))) == [.filters(.loadCurrent)])
    #expect(state.message == "redone: rm question 4 \"Why?\"")
    _ = browseReducer(&state, .key(.char("u")))
    _ = browseReducer(&state, .stored(.journal(.entries([entry]))))
    #expect(state.message == "undone: rm question 4 \"Why?\"")
    _ = browseReducer(&state, .key(.ctrl("r")))
    _ = browseReducer(&state, .stored(.failed(.nothingToRedo())))
    #expect(state.message == MemoError.nothingToRedo().message)
  }

  @Test("e edits in place: a question's text, a book's title; empty or unchanged changes nothing")
  func editInPlace() {
    var state = BrowseReducerTests.questions([.fixture(4)])
    _ = browseReducer(&state, .key(.char("e")))
    #expect(state.input?.purpose == .questionText(4, old: "Why?"))
    #expect(state.input.map { String($0.text) } == "Why?")
    _ = browseReducer(&state, .key(.backspace))
    Self.type(" not?", into: &state)
    #expect(
      browseReducer(&state, .key(.enter)) == [
        .questions(.update(4, QuestionPatch(text: "Why not?")))
      ])
    _ = browseReducer(&state, .key(.char("e")))
    _ = browseReducer(&state, .key(.ctrl("u")))
    #expect(browseReducer(&state, .key(.enter)) == [])
    #expect(state.message == "a question cannot be empty; question 4 was not changed")

    var books = BrowseReducerTests.books()
    _ = browseReducer(&books, .key(.char("e")))
    #expect(books.input?.purpose == .title(9, old: "B9"))
    Self.type("!", into: &books)
    #expect(browseReducer(&books, .key(.enter)) == [.posts(.update(9, PostPatch(title: "B9!")))])
    _ = browseReducer(&books, .key(.char("e")))
    #expect(browseReducer(&books, .key(.enter)) == [])
    #expect(books.message == "no change to book 9")
  }

  @Test("E asks the loop for $EDITOR (a book read whole first); what it gives back is an edit")
  func editInEditor() {
    let question = Question.fixture(4)
    var state = BrowseReducerTests.questions([question])
    #expect(browseReducer(&state, .key(.char("E"))) == [])
    #expect(state.editorRequest == .question(question))
    #expect(
      browseReducer(&state, .edited(.question(question, QuestionPatch(text: "How?"))))
        == [.questions(.update(4, QuestionPatch(text: "How?")))])
    #expect(state.editorRequest == nil)
    _ = browseReducer(&state, .edited(.failed(MemoError(code: .io, message: "the editor failed"))))
    #expect(state.message == "the editor failed")

    var books = BrowseReducerTests.books()
    #expect(browseReducer(&books, .key(.char("E"))) == [.posts(.load(9))])
    var post = Post.fixture(9, title: "B9")
    post.body = "Notes."
    _ = browseReducer(&books, .stored(.posts(.loaded(post))))
    #expect(books.editorRequest == .post(post))
    #expect(
      browseReducer(&books, .edited(.post(post, NewPost(title: "B9", body: "More notes."))))
        == [.posts(.update(9, PostPatch(body: .some("More notes."))))])
    _ = browseReducer(&books, .edited(.post(post, nil)))
    #expect(books.message == "no change to book 9")
  }

  @Test("u undoing the book shown (just added) goes back, the message saying what was undone")
  func undoAddedBook() {
    var state = BrowseReducerTests.books()
    let added = Post.fixture(8, title: "Dune")
    _ = browseReducer(&state, .stored(.posts(.added(added))))
    #expect(browseReducer(&state, .key(.char("u"))) == [.journal(.undo(1))])
    let entry = JournalEntry(
      id: 3, createdAt: .t0, action: "add", summary: "add post 8 'Dune'", isUndone: true,
      changeCount: 1)
    _ = browseReducer(&state, .stored(.journal(.entries([entry]))))
    _ = browseReducer(&state, .stored(.filters(.current(QuestionFilter()))))
    #expect(browseReducer(&state, .stored(.failed(.postNotFound(8)))).count == 1)
    #expect(state.screens.count == 1)
    #expect(state.message == "undone: add post 8 'Dune'")
  }

  @Test(
    "a book's screen: j reads the body a line at a time, then goes question to question; k back")
  func bookScrolling() {
    var state = BrowseState(width: 40, height: 6)  // a body of 4 lines
    var post = Post.fixture(8, title: "B8")
    post.body = "long"
    state.screens.append(
      .book(
        BookScreen(
          post: post, questions: [.fixture(1, post: 8), .fixture(2, post: 8)], isLoaded: true)))
    // 10 lines of body, a blank, the questions on lines 11 and 12.
    _ = browseReducer(&state, .measured(DocumentLayout(lineCount: 13, itemLines: [11, 12])))
    func screen() -> BookScreen? {
      if case .book(let screen) = state.top { return screen }
      return nil
    }
    for _ in 0..<8 { _ = browseReducer(&state, .key(.char("j"))) }
    #expect(screen()?.scroll == 8 && screen()?.cursor == nil)
    _ = browseReducer(&state, .key(.char("j")))
    #expect(screen()?.scroll == 8 && screen()?.cursor == 0)
    _ = browseReducer(&state, .key(.char("j")))
    #expect(screen()?.scroll == 9 && screen()?.cursor == 1)
    _ = browseReducer(&state, .key(.char("j")))
    #expect(screen()?.scroll == 9 && screen()?.cursor == 1)
    _ = browseReducer(&state, .key(.char("k")))
    _ = browseReducer(&state, .key(.char("k")))
    #expect(screen()?.scroll == 8 && screen()?.cursor == nil)
    _ = browseReducer(&state, .key(.char("G")))
    #expect(screen()?.scroll == 9 && screen()?.cursor == 1)
    _ = browseReducer(&state, .key(.char("g")))
    #expect(screen()?.scroll == 0 && screen()?.cursor == nil)
    // A smaller window: the layout is measured again, the scroll stays within the end.
    _ = browseReducer(&state, .key(.char("G")))
    _ = browseReducer(&state, .resize(width: 40, height: 20))
    _ = browseReducer(&state, .measured(DocumentLayout(lineCount: 13, itemLines: [11, 12])))
    #expect(screen()?.scroll == 0 && screen()?.cursor == 1)
  }
}

@Suite("memo browse: the long-lived store")
struct BrowseStoreTests {
  @Test("start runs its effects in order, each answer reduced before the next effect runs")
  func startChain() {
    var ran: [Effect] = []
    let book = BrowseRow.post(.fixture(1, title: "吾輩は猫である"))
    let filter = QuestionFilter(starred: true)
    let store = BrowseStore(state: BrowseState(width: 40, height: 5)) { effect in
      ran.append(effect)
      switch effect {
      case .lookup(.dataVersion): return .browse(.dataVersion(7))
      case .filters(.loadCurrent): return .filters(.current(filter))
      case .lookup(.page(let request)): return .browse(.page(Page(request: request, rows: [book])))
      default: return .failed(.usage("unexpected"))
      }
    }
    store.dispatch(.start)
    #expect(
      ran == [
        .lookup(.dataVersion), .filters(.loadCurrent),
        .lookup(.page(PageRequest(list: .books, anchor: .top, limit: 3, filter: filter))),
      ])
    var expected = BrowseState(width: 40, height: 5)
    expected.dataVersion = 7
    expected.filter = filter
    expected.screens = [.list(ListScreen(list: .books, rows: [book]))]
    #expect(store.state == expected)
  }

  @Test("a failed effect becomes the message and browsing goes on")
  func failureIsAMessage() {
    let store = BrowseStore(state: BrowseState(width: 40, height: 5)) { _ in
      .failed(.nothingToUndo())
    }
    store.dispatch(.key(.char("u")))
    #expect(store.state.message == "nothing to undo; 'memo log' shows the journal")
    store.dispatch(.key(.char("j")))
    #expect(store.state.message == nil)
    #expect(!store.state.isFinished)
  }
}
