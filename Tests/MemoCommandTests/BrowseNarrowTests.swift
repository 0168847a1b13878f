import MemoCore
import Testing

@testable import memo

/// Every screen of `memo browse` at 40 columns and narrower, with titles of ZWJ emoji
/// sequences, skin tones, flags, CJK and combining marks: no line wider than the window, text
/// cut ends in "…", and no grapheme cluster is cut in two (issue 35).
@Suite("memo browse: narrow windows and emoji sequences")
struct BrowseNarrowTests {
  typealias V = BrowseViewTests

  /// Titles whose every cluster is wide or joined, long enough to be cut at any width.
  static let titles = [
    "👩‍👩‍👧‍👦 Family 👩‍👩‍👧‍👦 reading 👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦 and a long tail of words",
    "🧑🏽‍💻🧑🏽‍💻 coders 🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻🧑🏽‍💻",
    "🇵🇹🇯🇵🇵🇹🇯🇵🇵🇹🇯🇵🇵🇹🇯🇵🇵🇹🇯🇵🇵🇹🇯🇵 flags",
    "夏目漱石夏目漱石夏目漱石夏目漱石夏目漱石夏目漱石",
    "Cafe\u{301} e\u{301}e\u{301}e\u{301}e\u{301}e\u{301} a\u{308}\u{323}a\u{308}\u{323} combining marks",
  ]

  /// The clusters a line may hold: those of the texts, and the chrome's own.
  static let allowed: Set<Character> = Set(titles.joined()).union(
    Set("…›♥★✓·│—✎↓↑"))

  /// One state per screen, with `text` as every title, author, question, category and answer.
  static func states(_ text: String, width: Int) -> [(String, BrowseState)] {
    var post = V.post(1, text, author: text, count: 1, favorite: true)
    post.body = text + "\n\n> " + text
    post.highlights = [
      Highlight(
        id: 1, uuid: "h1", postID: 1, postTitle: text, text: text, note: text, chapter: text,
        page: "12", createdAt: V.t0, updatedAt: V.t0)
    ]
    var question = V.question(1, text, post: text, category: text, starred: true, answer: text)
    question.postID = 1
    var states: [(String, BrowseState)] = []
    func add(
      _ name: String, _ screen: BrowseScreen, _ change: (inout BrowseState) -> Void = { _ in }
    ) {
      var state = BrowseState(width: width, height: 12)
      state.filter = QuestionFilter(starred: true, categories: [text])
      state.screens = [screen]
      change(&state)
      state.layout = BrowseView.measure(state)
      states.append((name, state))
    }
    let books = BrowseScreen.list(
      ListScreen(list: .books, rows: [.post(post), .post(post)], cursor: 0, offset: 0, total: 2))
    add("books", books)
    add("favorites", .list(ListScreen(list: .favorites, rows: [.post(post)], cursor: 0)))
    add("questions", .list(ListScreen(list: .questions, rows: [.question(question)], cursor: 0)))
    add(
      "book questions",
      .list(ListScreen(list: .bookQuestions(1), post: post, rows: [.question(question)], cursor: 0))
    )
    add("book", .book(BookScreen(post: post, questions: [question], cursor: 0, isLoaded: true)))
    add("detail", .detail(question))
    add("filter", .filter(FilterScreen(draft: QuestionFilter(), categories: [text, text])))
    add(
      "search",
      .search(
        SearchScreen(
          query: text,
          results: [
            SearchResult(kind: .posts, id: 1, postID: 1, postTitle: text, snippet: text, rank: 0),
            SearchResult(
              kind: .questions, id: 1, postID: 1, postTitle: text, snippet: text, rank: 0),
          ])))
    add("help", books) { $0.isShowingHelp = true }
    add("message", books) { $0.message = text }
    add("delete book", books) { $0.confirming = .post(post) }
    add("delete question", books) { $0.confirming = .question(question) }
    add("input", books) { $0.input = LineInput(purpose: .title(1, old: text), text: text) }
    return states
  }

  @Test(
    "every line of every screen fits 40, 20 and 12 columns; cut text ends in …; no cluster is split",
    arguments: [40, 20, 12])
  func fits(width: Int) {
    for text in Self.titles {
      for (name, state) in Self.states(text, width: width) {
        let frame = BrowseView.frame(state)
        #expect(frame.lines.count == state.height, "\(name)")
        for line in frame.texts {
          #expect(DisplayWidth.of(line) <= width, "\(name) at \(width): \(line)")
          let foreign = line.filter { !$0.isASCII && !Self.allowed.contains($0) }
          #expect(foreign.isEmpty, "\(name) at \(width): split clusters \(foreign) in \(line)")
        }
        if let caret = frame.caret { #expect(caret.column < width, "\(name)") }
      }
    }
  }

  @Test("a title cut in the Books list at 40 and 20 columns ends in … before the count")
  func booksCut() {
    for width in [40, 20] {
      for text in Self.titles {
        let state = Self.states(text, width: width)[0].1
        let row = BrowseView.frame(state).texts[1]
        #expect(row.hasSuffix(" 1"), "\(row)")
        #expect(row.contains("… "), "\(row)")
        #expect(DisplayWidth.of(row) == width, "\(row)")
      }
    }
  }
}
