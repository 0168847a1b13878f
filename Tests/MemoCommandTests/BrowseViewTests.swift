import MemoCore
import Testing

@testable import memo

/// Each screen as lines of text for a width and a height, without a terminal.
@Suite("memo browse: screens as lines of text")
struct BrowseViewTests {
  static let t0 = Timestamp(millis: 1_767_225_600_000)  // 2026-01-01T00:00:00.000Z

  static func post(
    _ id: Int64, _ title: String, author: String? = nil, count: Int = 0, favorite: Bool = false
  ) -> Post {
    Post(
      id: PostID(id), uuid: "p\(id)", title: title, author: author, createdAt: t0, updatedAt: t0,
      isFavorite: favorite, questionCount: count)
  }

  static func question(
    _ id: Int64, _ text: String, post: String = "吾輩は猫である", category: String? = nil,
    starred: Bool = false, answer: String? = nil
  ) -> Question {
    Question(
      id: QuestionID(id), uuid: "q\(id)", postID: 2, postTitle: post, text: text,
      category: category, isStarred: starred, answer: answer, answeredAt: answer == nil ? nil : t0,
      createdAt: t0, updatedAt: t0)
  }

  static func books(width: Int, height: Int) -> BrowseState {
    var state = BrowseState(width: width, height: height)
    state.filter = QuestionFilter(starred: true, categories: ["physics"])
    state.screens = [
      .list(
        ListScreen(
          list: .books,
          rows: [
            .post(post(3, "吾輩は猫である", author: "夏目漱石", count: 12, favorite: true)),
            .post(post(2, "Dune", author: "Frank Herbert", count: 3)),
            .post(post(1, "ノルウェイの森 — a very long title that goes on and on", count: 120)),
          ], cursor: 1, offset: 0, total: 3))
    ]
    return state
  }

  @Test("a long list's position: counted up to 10,000, then '10,000+'")
  func longListPosition() {
    var state = Self.books(width: 80, height: 24)
    guard case .list(var screen) = state.screens[0] else { return }
    screen.offset = 20
    screen.total = 10_001
    state.screens[0] = .list(screen)
    #expect(BrowseView.frame(state).texts[0] == "Books · 22/10,000+ · filter: ★ starred · physics")
    screen.offset = 10_001
    state.screens[0] = .list(screen)
    #expect(
      BrowseView.frame(state).texts[0] == "Books · 10,000+/10,000+ · filter: ★ starred · physics")
    screen.total = 0
    screen.rows = []
    state.screens[0] = .list(screen)
    #expect(BrowseView.frame(state).texts[0] == "Books · filter: ★ starred · physics")
  }

  static func print(_ frame: BrowseFrame) -> String {
    frame.texts.map { "\"" + $0 + "\"" }.joined(separator: ",\n")
  }

  @Test("Books at 80×24: header with the filter, favorite mark, counts at the right edge")
  func books80() {
    let frame = BrowseView.frame(Self.books(width: 80, height: 24))
    let expected =
      [
        "Books · 2/3 · filter: ★ starred · physics",
        " ♥ 吾輩は猫である · 夏目漱石                                                  12",
        "›  Dune · Frank Herbert                                                        3",
        "   ノルウェイの森 — a very long title that goes on and on                    120",
      ] + Array(repeating: "", count: 19) + [
        "Enter open  n new  A ask  v shelf  f filter  / search  R review  ? help  q quit"
      ]
    #expect(frame.texts == expected)
    #expect(frame.lines[2].style == .selected)
    #expect(frame.lines[0].style == .header)
    #expect(frame.caret == nil)
    #expect(frame.texts[1...3].allSatisfy { DisplayWidth.of($0) == 80 })
  }

  @Test("Books at 40×12: titles cut to fit by display width, the footer keeps q quit")
  func books40() {
    let frame = BrowseView.frame(Self.books(width: 40, height: 12))
    let expected =
      [
        "Books · 2/3 · filter: ★ starred · physi…",
        " ♥ 吾輩は猫である · 夏目漱石          12",
        "›  Dune · Frank Herbert                3",
        "   ノルウェイの森 — a very long tit… 120",
      ] + Array(repeating: "", count: 7) + ["Enter open  n new  A ask  ? help  q quit"]
    #expect(frame.texts == expected)
    #expect(frame.texts[1...3].allSatisfy { DisplayWidth.of($0) == 40 })
  }

  /// A book's screen: a body with a paragraph, a blank line and an imported highlight, then
  /// three questions.
  static func book(width: Int, height: Int, cursor: Int? = 0, scroll: Int = 0) -> BrowseState {
    var state = BrowseState(width: width, height: height)
    var book = post(3, "吾輩は猫である", author: "夏目漱石", count: 3)
    book.body = "Read in spring.\nThe cat never gets a name.\n\n> 吾輩は猫である。名前はまだ無い。\n> — Location 1-2"
    state.screens.append(
      .book(
        BookScreen(
          post: book,
          questions: [
            question(1, "猫の名前は何か？", category: "文学", starred: true, answer: "まだ無い"),
            question(2, "Who is Meitei, and why does he lie so much?", category: "people"),
            question(3, "なぜ猫が語り手なのか、そしてその効果は何か", starred: true),
          ], cursor: cursor, scroll: scroll, isLoaded: true)))
    state.layout = BrowseView.measure(state)
    return state
  }

  @Test("a book at 80×24: author, body in paragraphs with the highlight quoted, then the questions; the position in the header")
  func book80() {
    let frame = BrowseView.frame(Self.book(width: 80, height: 24))
    let expected =
      [
        "Book · 吾輩は猫である · 1/3 · filter: none",
        "  by 夏目漱石",
        "",
        "  Read in spring.",
        "  The cat never gets a name.",
        "",
        "  │ 吾輩は猫である。名前はまだ無い。",
        "  │ — Location 1-2",
        "",
        "›★✓ 猫の名前は何か？                                                        文学",
        "    Who is Meitei, and why does he lie so much?                           people",
        " ★  なぜ猫が語り手なのか、そしてその効果は何か",
      ] + Array(repeating: "", count: 11) + [
        "Enter open  A ask  s star  a answer  e edit  c category  ? help  q quit"
      ]
    #expect(frame.texts == expected)
    #expect(frame.lines[9].style == .selected)
    #expect(BrowseView.measure(Self.book(width: 80, height: 24)) == DocumentLayout(lineCount: 11, itemLines: [8, 9, 10]))
  }

  @Test("a book's highlights, in the order read, between its body and its questions")
  func bookHighlights() {
    var state = Self.book(width: 60, height: 24, cursor: nil)
    guard case .book(var screen) = state.screens.last else { return }
    screen.post.body = nil
    screen.questions = [Self.question(1, "猫の名前は何か？")]
    screen.post.highlights = [
      Highlight(
        id: 7, uuid: "h7", postID: 3, postTitle: "吾輩は猫である", text: "吾輩は猫である。",
        chapter: "一", page: "1", location: "1-2", createdAt: Self.t0, updatedAt: Self.t0),
      Highlight(
        id: 5, uuid: "h5", postID: 3, postTitle: "吾輩は猫である", text: "名前はまだ無い。",
        note: "The cat never gets a name.", page: "3", isStarred: true, createdAt: Self.t0,
        updatedAt: Self.t0),
    ]
    state.screens[state.screens.count - 1] = .book(screen)
    state.layout = BrowseView.measure(state)
    let frame = BrowseView.frame(state)
    #expect(
      Array(frame.texts[1...10]) == [
        "  by 夏目漱石",
        "",
        "  Highlights (2)",
        "  │ 吾輩は猫である。",
        "  │ — 一, p. 1, loc. 1-2",
        "  │ ★ 名前はまだ無い。",
        "  │ — p. 3",
        "    ✎ The cat never gets a name.",
        "",
        "    猫の名前は何か？",
      ])
    #expect(state.layout?.itemLines == [9])
  }

  @Test("a book at 40×12: the body wraps; scrolled, the questions come into view")
  func book40() {
    var state = Self.book(width: 40, height: 12, cursor: nil)
    var expected =
      [
        "Book · 吾輩は猫である · -/3 · filter: n…",
        "  by 夏目漱石",
        "",
        "  Read in spring.",
        "  The cat never gets a name.",
        "",
        "  │ 吾輩は猫である。名前はまだ無い。",
        "  │ — Location 1-2",
        "",
        " ★✓ 猫の名前は何か？                文学",
        "    Who is Meitei, and why does … people",
        "j/k read  A ask  e title  ? help  q quit",
      ]
    #expect(BrowseView.frame(state).texts == expected)
    // The first question shows: j puts the cursor on it; on the third (below the window), the
    // window follows a line.
    _ = browseReducer(&state, .key(.char("j")))
    #expect(BrowseView.frame(state).texts[9] == "›★✓ 猫の名前は何か？                文学")
    _ = browseReducer(&state, .key(.char("j")))
    _ = browseReducer(&state, .key(.char("j")))
    expected = [
      "Book · 吾輩は猫である · 3/3 · filter: n…",
      "",
      "  Read in spring.",
      "  The cat never gets a name.",
      "",
      "  │ 吾輩は猫である。名前はまだ無い。",
      "  │ — Location 1-2",
      "",
      " ★✓ 猫の名前は何か？                文学",
      "    Who is Meitei, and why does … people",
      "›★  なぜ猫が語り手なのか、そしてその効…",
      "Enter open  A ask  ? help  q quit",
    ]
    #expect(BrowseView.frame(state).texts == expected)
    #expect(BrowseView.frame(state).texts.allSatisfy { DisplayWidth.of($0) <= 40 })
  }

  @Test("the flat Questions list names each question's book")
  func flatQuestions() {
    var state = BrowseState(width: 40, height: 4)
    state.screens.append(
      .list(ListScreen(list: .questions, rows: [.question(Self.question(1, "なぜ？"))])))
    let frame = BrowseView.frame(state)
    #expect(
      frame.texts == [
        "Questions · filter: none",
        "›   なぜ？ · 吾輩は猫である",
        "",
        "Enter open  s star  ? help  q quit",
      ])
  }

  @Test("the flat Questions list with emoji: each measured as drawn, the category kept whole")
  func emojiQuestions() {
    var state = BrowseState(width: 40, height: 5)
    state.screens.append(
      .list(
        ListScreen(
          list: .questions,
          rows: [
            .question(Self.question(1, "🚀 🚲 🛒 🛸 🪐 ⌚ ☕ ⭐ ✅", category: "engineering")),
            .question(Self.question(2, "👍🏽 👨‍👩‍👧 🇯🇵 café", category: "eng")),
          ])))
    let frame = BrowseView.frame(state)
    #expect(
      frame.texts == [
        "Questions · filter: none",
        "›   🚀 🚲 🛒 🛸 🪐 ⌚ ☕ ⭐ … engineeri…",
        "    👍🏽 👨‍👩‍👧 🇯🇵 café · 吾輩は猫である   eng",
        "",
        "Enter open  s star  ? help  q quit",
      ])
    #expect(frame.texts[1...2].allSatisfy { DisplayWidth.of($0) == 40 })
  }

  @Test("a question's detail at 40×14: wrapped by display width, with its answer")
  func detail40() {
    var state = BrowseState(width: 40, height: 14)
    state.screens.append(
      .detail(
        Self.question(
          7, "なぜ猫が語り手なのか、そしてその効果は何か。Why a cat?", category: "文学", starred: true,
          answer: "A cat sees people from outside and so the satire lands.")))
    let frame = BrowseView.frame(state)
    let expected = [
      "Question 7 · filter: none",
      "",
      "  なぜ猫が語り手なのか、そしてその効果は",
      "  何か。Why a cat?",
      "",
      "  Book: 吾輩は猫である",
      "  ★ starred · category 文学 · asked",
      "  2026-01-01 00:00",
      "",
      "  Answer (2026-01-01 00:00):",
      "  A cat sees people from outside and so",
      "  the satire lands.",
      "",
      "Esc back  s star  ? help  q quit",
    ]
    #expect(frame.texts == expected)
    // At 40×12 the answer no longer fits: the footer says j/k scroll, and j does.
    state.height = 12
    state.layout = BrowseView.measure(state)
    let cut = Array(expected[0..<11]) + ["j/k scroll  Esc back  ? help  q quit"]
    #expect(BrowseView.frame(state).texts == cut)
    _ = browseReducer(&state, .key(.char("j")))
    _ = browseReducer(&state, .key(.char("j")))
    _ = browseReducer(&state, .key(.char("j")))
    #expect(
      BrowseView.frame(state).texts
        == [expected[0]] + Array(expected[2..<12]) + ["j/k scroll  Esc back  ? help  q quit"])
  }

  @Test("a detail keeps its paragraphs (blank lines between them) and scrolls to its end, no further")
  func detailParagraphs() {
    var state = BrowseState(width: 40, height: 8)
    state.screens.append(
      .detail(Self.question(7, "First paragraph.\n\nSecond one,\nits second line.")))
    state.layout = BrowseView.measure(state)
    #expect(
      BrowseView.frame(state).texts == [
        "Question 7 · filter: none", "", "  First paragraph.", "", "  Second one,",
        "  its second line.", "", "j/k scroll  Esc back  ? help  q quit",
      ])
    for _ in 0..<20 { _ = browseReducer(&state, .key(.char("j"))) }
    #expect(
      BrowseView.frame(state).texts == [
        "Question 7 · filter: none", "  its second line.", "", "  Book: 吾輩は猫である",
        "  not starred · asked 2026-01-01 00:00", "", "  No answer yet: a answers it.",
        "j/k scroll  Esc back  ? help  q quit",
      ])
    _ = browseReducer(&state, .key(.char("g")))
    #expect(BrowseView.frame(state).texts[2] == "  First paragraph.")
  }

  @Test("the Filter screen at 80×24: the draft, categories with the picked ones marked")
  func filter80() {
    var state = BrowseState(width: 80, height: 24)
    state.screens.append(
      .filter(
        FilterScreen(
          draft: QuestionFilter(starred: false, categories: ["文学"]),
          categories: ["math", "physics", "文学"], cursor: 2)))
    let expected =
      [
        // The header names the filter in force; the draft applies only on Enter.
        "Filter · filter: none",
        "  Starred     ☆ unstarred",
        "  Answered    any",
        "  Categories  (c picks the one under the cursor)",
        " [ ] math",
        " [ ] physics",
        "›[x] 文学",
      ] + Array(repeating: "", count: 16) + [
        "s starred  a answered  c category  Enter apply  Esc cancel  ? help  q quit"
      ]
    #expect(BrowseView.frame(state).texts == expected)
  }

  @Test("the answer input shows the caret after wide characters, scrolled to stay in view")
  func input() {
    var state = Self.book(width: 20, height: 5)
    state.input = LineInput(purpose: .answer(1, hadAnswer: false), text: "まだ名前は無い")
    var frame = BrowseView.frame(state)
    #expect(frame.texts.last == "answer: 名前は無い")
    #expect(frame.caret == BrowseFrame.Caret(row: 4, column: 18))
    state.input?.caret = 1
    frame = BrowseView.frame(state)
    #expect(frame.texts.last == "answer: まだ名前は無")
    #expect(frame.caret == BrowseFrame.Caret(row: 4, column: 10))
  }

  @Test("search results: the snippet without its highlight marks, post or question")
  func search() {
    var state = BrowseState(width: 40, height: 5)
    state.screens.append(
      .search(
        SearchScreen(
          query: "猫",
          results: [
            SearchResult(
              kind: .questions, id: 1, postID: 3, postTitle: "吾輩は猫である",
              snippet: "\u{2}猫\u{3}の名前は何か？", rank: -2),
            SearchResult(
              kind: .posts, id: 3, postID: 3, postTitle: "吾輩は猫である",
              snippet: "吾輩は\u{2}猫\u{3}である", rank: -1),
          ], cursor: 1)))
    #expect(
      BrowseView.frame(state).texts == [
        "Search · 猫 · 2/2 · filter: none",
        "  猫の名前は何か？ · 吾輩は猫である    q",
        "› 吾輩は猫である · 吾輩は猫である   book",
        "",
        "Enter open  / search  ? help  q quit",
      ])
  }

  @Test("search results: a highlight hit is labelled h, as highlight ids are (h12), a question's q")
  func searchLabelsHighlights() {
    var state = BrowseState(width: 40, height: 5)
    state.screens.append(
      .search(
        SearchScreen(
          query: "fear",
          results: [
            SearchResult(
              kind: .highlights, id: 7, postID: 2, postTitle: "Dune",
              snippet: "\u{2}Fear\u{3} is the mind-killer.", rank: -2),
            SearchResult(
              kind: .questions, id: 4, postID: 2, postTitle: "Dune",
              snippet: "Why is \u{2}fear\u{3} a killer?", rank: -1),
          ], cursor: 0)))
    let texts = BrowseView.frame(state).texts
    #expect(texts[1] == "› Fear is the mind-killer. · Dune      h")
    #expect(texts[2] == "  Why is fear a killer? · Dune         q")
  }

  @Test("help lists every key; a message replaces the footer until the next key")
  func helpAndMessage() {
    var state = BrowseState(width: 80, height: 13)
    state.isShowingHelp = true
    let frame = BrowseView.frame(state)
    #expect(frame.texts.first == "Help · filter: none")
    #expect(frame.texts[2] == "  j k ↓ ↑    move (on a book: read on, then question to question)")
    #expect(frame.texts.last == "j/k scroll  any key closes  q quit")
    state.isShowingHelp = false
    state.message = "★ starred question 4"
    #expect(BrowseView.frame(state).texts.last == "★ starred question 4")
  }

  @Test("the prompts of n, A, c, e and d at 80×24 and 40×12: the last line, the caret after the text")
  func prompts() {
    for (width, height) in [(80, 24), (40, 12)] {
      var state = Self.books(width: width, height: height)
      state.input = LineInput(purpose: .newTitle, text: "吾輩は猫")
      var frame = BrowseView.frame(state)
      #expect(frame.texts.count == height)
      #expect(frame.texts.last == "new book title: 吾輩は猫")
      #expect(frame.caret == BrowseFrame.Caret(row: height - 1, column: 24))
      state.input = LineInput(purpose: .newAuthor(title: "吾輩は猫"))
      #expect(BrowseView.frame(state).texts.last == "author (optional): ")
      state.input = LineInput(purpose: .ask(3), text: "Why?")
      #expect(BrowseView.frame(state).texts.last == "ask: Why?")
      state.input = LineInput(purpose: .category(1, old: "文学"), text: "文学")
      #expect(BrowseView.frame(state).texts.last == "category: 文学")
      state.input = LineInput(purpose: .title(3, old: "Dune"), text: "Dune")
      #expect(BrowseView.frame(state).texts.last == "title: Dune")
      state.input = nil
      state.confirming = .post(Self.post(3, "吾輩は猫である", count: 12))
      frame = BrowseView.frame(state)
      #expect(
        frame.texts.last
          == (width == 80
            ? "delete book 3 and its 12 questions '吾輩は猫である'? y/N "
            : "delete book 3 and its 12 question…? y/N "))
      #expect(frame.texts.allSatisfy { DisplayWidth.of($0) <= width })
      state.confirming = .question(Self.question(4, "Why?"))
      #expect(BrowseView.frame(state).texts.last == "delete question 4 'Why?'? y/N ")
    }
  }

  @Test("help at 40×12 reflows to the window (nothing cut) and scrolls")
  func help40() {
    var state = BrowseState(width: 40, height: 12)
    state.isShowingHelp = true
    #expect(
      BrowseView.frame(state).texts == [
        "Help · filter: none",
        "",
        "  j k ↓ ↑    move (on a book: read on,",
        "             then question to question)",
        "  g G        first / last",
        "  PgUp PgDn  page",
        "  ^u ^d      half a page",
        "  Enter      open",
        "  Escape     back / cancel",
        "  q          quit",
        "  n          new book (title, then",
        "j/k scroll  any key closes  q quit",
      ])
    #expect(!BrowseView(state: state).helpLines().contains { $0.text.hasSuffix("…") })
  }

  @Test("a note cannot send escape sequences to the terminal")
  func controlCharacters() {
    var state = BrowseState(width: 40, height: 3)
    state.screens = [.list(ListScreen(list: .books, rows: [.post(Self.post(1, "a\u{1B}[2Jb\nc"))]))]
    #expect(BrowseView.frame(state).texts[1] == "›  a^[[2Jb c                           0")
  }

  @Test("an empty list says what to do; a window three lines high still shows q quit")
  func emptyAndTiny() {
    var state = BrowseState(width: 40, height: 3)
    state.screens = [.list(ListScreen(list: .books))]
    #expect(
      BrowseView.frame(state).texts == [
        "Books · filter: none", "  No books yet: n adds one.",
        "Enter open  n new  A ask  ? help  q quit",
      ])
    state.width = 8
    state.height = 1
    #expect(BrowseView.frame(state).texts == ["q quit"])
  }
}

@Suite("memo browse: bytes from the terminal become keys")
struct KeyDecoderTests {
  @Test("letters, UTF-8 split across reads, control keys, arrows and paging keys")
  func decode() {
    var decoder = KeyDecoder()
    let bytes = Array("j猫".utf8)
    #expect(decoder.feed(Array(bytes[0..<2])) == [.char("j")])
    #expect(decoder.feed(Array(bytes[2...])) == [.char("猫")])
    #expect(
      decoder.feed([0x0D, 0x7F, 0x04, 0x15]) == [.enter, .backspace, .ctrl("d"), .ctrl("u")])
    let sequences =
      "\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[3~\u{1B}[1;5A"
    #expect(
      decoder.feed(Array(sequences.utf8)) == [
        .up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .delete, .up,
      ])
    #expect(decoder.feed(Array("🐈‍⬛".utf8)).count == 3)
  }

  @Test("a lone Escape waits for what follows, then is Escape")
  func escape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushEscape() == [.escape])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0x5B, 0x42]) == [.down])
    #expect(decoder.feed([0x1B, 0x71]) == [.escape, .char("q")])
  }
}

@Suite("memo browse: the terminal's attributes follow --color and NO_COLOR")
struct TerminalStyleTests {
  @Test("with colour: reverse video across the width for header, footer and cursor row")
  func colour() {
    let screen = TerminalScreen(useColor: true)
    #expect(
      screen.styled(BrowseLine("Books", .header), width: 8) == "\u{1B}[1;7mBooks   \u{1B}[0m")
    #expect(
      screen.styled(BrowseLine("›  猫", .selected), width: 6) == "\u{1B}[7m›  猫 \u{1B}[0m")
    #expect(screen.styled(BrowseLine(" ★  Why?"), width: 10) == " \u{1B}[33m★\u{1B}[39m  Why?")
  }

  @Test("without colour: the text alone, the cursor row marked by ›")
  func noColour() {
    let screen = TerminalScreen(useColor: false)
    for style in [BrowseLine.Style.header, .selected, .body, .footer] {
      #expect(screen.styled(BrowseLine("›★ x", style), width: 10) == "›★ x")
    }
  }
}
