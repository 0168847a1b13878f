import MemoCore
import MemoStorage

/// One line of a browse frame, with how to draw it.
struct BrowseLine: Equatable {
  enum Style: Equatable {
    case header, body, selected, footer
  }

  var text: String
  var style: Style

  init(_ text: String, _ style: Style = .body) {
    self.text = text
    self.style = style
  }
}

/// What the terminal shows: exactly `height` lines none wider than `width` columns, and where
/// the caret of the input line is (nil: the cursor stays hidden).
struct BrowseFrame: Equatable {
  struct Caret: Equatable {
    var row: Int
    var column: Int
  }

  var lines: [BrowseLine]
  var caret: Caret?

  var texts: [String] { lines.map(\.text) }
}

/// The view of every screen: a pure function from the state to lines of text for its width
/// and height (header, body, footer), tested without a terminal.
struct BrowseView {
  let state: BrowseState

  var width: Int { state.width }

  static func frame(_ state: BrowseState) -> BrowseFrame {
    BrowseView(state: state).frame()
  }

  /// How the document on top (help, a book, a question's detail) lays out at this width, for
  /// the reducer to scroll it; nil for the screens that are not documents.
  static func measure(_ state: BrowseState) -> DocumentLayout? {
    let view = BrowseView(state: state)
    if state.isShowingHelp { return DocumentLayout(lineCount: view.helpLines().count) }
    switch state.top {
    case .book(let screen):
      let (lines, items) = view.bookDocument(screen)
      return DocumentLayout(lineCount: lines.count, itemLines: items)
    case .detail(let screen):
      return DocumentLayout(lineCount: view.detailDocument(screen.question).count)
    default:
      return nil
    }
  }

  func frame() -> BrowseFrame {
    let bodyHeight = max(0, state.height - 2)
    var body: [BrowseLine]
    if state.isShowingHelp {
      let help = helpLines()
      let first = min(state.helpScroll, max(0, help.count - bodyHeight))
      body = Array(help.dropFirst(first))
    } else {
      body = screenLines(height: bodyHeight)
    }
    body = Array(body.prefix(bodyHeight))
    while body.count < bodyHeight { body.append(BrowseLine("")) }
    var lines = [BrowseLine(fit(header()), .header)] + body
    let (footer, caretColumn) = footerLine()
    lines.append(BrowseLine(footer, .footer))
    // A window too small for header and footer keeps the footer: it says how to quit.
    lines = Array(lines.suffix(state.height))
    let caret = caretColumn.map { BrowseFrame.Caret(row: lines.count - 1, column: $0) }
    return BrowseFrame(lines: lines, caret: caret)
  }

  // MARK: - Screens

  func screenLines(height: Int) -> [BrowseLine] {
    switch state.top {
    case .list(let screen): return listLines(screen)
    case .book(let screen): return bookLines(screen, height: height)
    case .detail(let screen):
      let lines = detailDocument(screen.question)
      let first = min(screen.scroll, max(0, lines.count - height))
      return lines.dropFirst(first).map { BrowseLine($0) }
    case .filter(let screen): return filterLines(screen, height: height)
    case .search(let screen): return searchLines(screen, height: height)
    }
  }

  func listLines(_ screen: ListScreen) -> [BrowseLine] {
    guard !screen.rows.isEmpty else { return [BrowseLine(fit(emptyText(screen.list)))] }
    let isFlat = screen.list == .questions
    return screen.rows.enumerated().map { i, row in
      let selected = i == screen.cursor
      let text: String
      switch row.item {
      case .post(let post): text = postLine(post, selected: selected)
      case .question(let question):
        text = questionLine(question, selected: selected, isFlat: isFlat)
      }
      return BrowseLine(text, selected ? .selected : .body)
    }
  }

  func emptyText(_ list: BrowseList) -> String {
    let filtered = !state.filter.isEmpty
    switch list {
    case .books:
      return filtered
        ? "  No book has questions this filter keeps; f changes it."
        : "  No books yet: n adds one."
    case .favorites: return "  The shelf is empty: v puts the book under the cursor on it."
    case .questions, .bookQuestions:
      return filtered ? "  No question matches the filter; f changes it." : "  No questions yet."
    }
  }

  /// `›♥ title · author          12`: the favorite mark, and the question count at the right.
  func postLine(_ post: Post, selected: Bool) -> String {
    let lead = (selected ? "›" : " ") + (post.isFavorite ? "♥" : " ") + " "
    var title = clean(post.title)
    if let author = post.author, !author.isEmpty { title += " · " + clean(author) }
    return columns(lead, title, right: String(post.questionCount))
  }

  /// `›★✓ text · book        category`.
  func questionLine(_ question: Question, selected: Bool, isFlat: Bool) -> String {
    let lead =
      (selected ? "›" : " ") + (question.isStarred ? "★" : " ") + (question.hasAnswer ? "✓" : " ")
      + " "
    var text = clean(question.text)
    if isFlat { text += " · " + clean(question.postTitle) }
    let category = question.category.map { DisplayWidth.truncate(clean($0), to: max(4, width / 4)) } ?? ""
    return columns(lead, text, right: category)
  }

  /// `lead`, then `text` cut to fit, then `right` against the right edge (left out when the
  /// window is too narrow for both).
  func columns(_ lead: String, _ text: String, right: String) -> String {
    let leadWidth = DisplayWidth.of(lead)
    let rightWidth = right.isEmpty ? 0 : DisplayWidth.of(right) + 1
    let room = width - leadWidth - rightWidth
    guard room >= 8 || (right.isEmpty && room > 0) else {
      return fit(lead + text)
    }
    let shown = DisplayWidth.truncate(text, to: room)
    guard !right.isEmpty else { return lead + shown }
    let padding = String(repeating: " ", count: room - DisplayWidth.of(shown) + 1)
    return lead + shown + padding + right
  }

  /// A question's detail, whole: its text and answer in paragraphs as written.
  func detailDocument(_ question: Question) -> [String] {
    var lines: [String] = [""]
    lines += paragraphs(question.text, indent: "  ")
    lines.append("")
    lines += wrap("Book: " + clean(question.postTitle), indent: "  ")
    var facts: [String] = []
    facts.append(question.isStarred ? "★ starred" : "not starred")
    if let category = question.category { facts.append("category " + clean(category)) }
    facts.append(
      "asked " + question.createdAt.localMinuteString(utcOffsetSeconds: state.utcOffsetSeconds))
    lines += wrap(facts.joined(separator: " · "), indent: "  ")
    lines.append("")
    if let answer = question.answer {
      let when = question.answeredAt.map {
        " (" + $0.localMinuteString(utcOffsetSeconds: state.utcOffsetSeconds) + ")"
      }
      lines.append(fit("  Answer" + (when ?? "") + ":"))
      lines += paragraphs(answer, indent: "  ")
    } else {
      lines.append(fit("  No answer yet: a answers it."))
    }
    return lines
  }

  func filterLines(_ screen: FilterScreen, height: Int) -> [BrowseLine] {
    func flag(_ value: Bool?, _ on: String, _ off: String) -> String {
      value.map { $0 ? on : off } ?? "any"
    }
    var lines = [
      BrowseLine(fit("  Starred     " + flag(screen.draft.starred, "★ starred", "☆ unstarred"))),
      BrowseLine(fit("  Answered    " + flag(screen.draft.answered, "✓ answered", "unanswered"))),
      BrowseLine(fit("  Categories  (c picks the one under the cursor)")),
    ]
    if screen.categories.isEmpty { lines.append(BrowseLine(fit("  No categories yet."))) }
    let room = max(1, height - lines.count)
    let first = max(0, screen.cursor - room + 1)
    for (i, name) in screen.categories.enumerated().dropFirst(first).prefix(room) {
      let picked = screen.draft.categories.contains { $0.lowercased() == name.lowercased() }
      let selected = i == screen.cursor
      lines.append(
        BrowseLine(
          fit((selected ? "›" : " ") + (picked ? "[x] " : "[ ] ") + clean(name)),
          selected ? .selected : .body))
    }
    return lines
  }

  func searchLines(_ screen: SearchScreen, height: Int) -> [BrowseLine] {
    guard !screen.results.isEmpty else { return [BrowseLine(fit("  Nothing found."))] }
    let first = max(0, screen.cursor - height + 1)
    return screen.results.enumerated().dropFirst(first).prefix(height).map { i, result in
      let selected = i == screen.cursor
      let snippet = clean(
        String(
          result.snippet.filter {
            $0 != SearchResult.highlightStart && $0 != SearchResult.highlightEnd
          }))
      // The labels ids carry elsewhere (`q12`, `h12`, as in review and tag listings).
      let kind =
        switch result.kind {
        case .posts: "book"
        case .highlights: "h"
        case .questions, .all: "q"
        }
      let text =
        result.kind == .posts
        ? clean(result.postTitle) + " · " + snippet : snippet + " · " + clean(result.postTitle)
      return BrowseLine(
        columns((selected ? "›" : " ") + " ", text, right: kind), selected ? .selected : .body)
    }
  }

  /// Every key, as `keys  what`: the descriptions wrap to the window (under themselves),
  /// so the help is whole at any width; taller than the window, it scrolls.
  static let helpEntries: [(keys: String, what: String)] = [
    ("j k ↓ ↑", "move (on a book: read on, then question to question)"),
    ("g G", "first / last"),
    ("PgUp PgDn", "page"),
    ("^u ^d", "half a page"),
    ("Enter", "open"),
    ("Escape", "back / cancel"),
    ("q", "quit"),
    ("n", "new book (title, then author; Enter saves, Escape cancels)"),
    ("A", "ask a question about the book under the cursor"),
    ("s", "star / unstar the question"),
    ("a", "answer it (one-line input: Enter saves, Escape cancels)"),
    ("c", "the question's category (Up / Down: those there are; empty: none)"),
    ("e", "edit in place: the question's text, the book's title"),
    ("E", "edit the whole question or book in $EDITOR"),
    ("d", "delete the question or book under the cursor (asks y/N)"),
    ("f", "Filter screen: s cycles starred, a cycles answered, c picks categories, Enter applies, Escape cancels"),
    ("/", "search (Up brings back the last search)"),
    ("v", "put the book on the shelf / take it off"),
    ("F", "Favorites shelf"),
    ("B", "Books"),
    ("Q", "all Questions"),
    ("R", "Review what is due (memo review's session; q comes back here)"),
    ("u", "undo"),
    ("^r", "redo"),
    ("?", "this help (j/k scroll it, any other key closes it)"),
  ]

  func helpLines() -> [BrowseLine] {
    let keyWidth = Self.helpEntries.map { DisplayWidth.of($0.keys) }.max() ?? 0
    // Narrow windows put the description under its keys.
    let side = width >= keyWidth + 4 + 24
    var lines = [BrowseLine("")]
    for (keys, what) in Self.helpEntries {
      if side {
        let pad = String(repeating: " ", count: keyWidth - DisplayWidth.of(keys))
        let indent = String(repeating: " ", count: keyWidth + 4)
        var wrapped = wrap(what, indent: indent)
        wrapped[0] = "  " + keys + pad + "  " + wrapped[0].dropFirst(indent.count)
        lines += wrapped.map { BrowseLine(fit($0)) }
      } else {
        lines.append(BrowseLine(fit("  " + keys)))
        lines += wrap(what, indent: "    ").map { BrowseLine($0) }
      }
    }
    return lines
  }

  // MARK: - Text

  /// One line, control characters made visible.
  func clean(_ text: String) -> String { visible(oneLine(text)) }

  /// Cut to the window's width.
  func fit(_ text: String) -> String { DisplayWidth.truncate(text, to: width) }

  /// `text` in lines of at most `width` columns (after `indent`), broken at a space where the
  /// line has one, anywhere in text without spaces (Japanese).
  func wrap(_ text: String, indent: String) -> [String] {
    let room = max(1, width - DisplayWidth.of(indent))
    var lines: [String] = []
    var line: [Character] = []
    var used = 0
    for c in text {
      let w = DisplayWidth.of(c)
      if used + w > room, !line.isEmpty {
        if let space = line.lastIndex(of: " "), space > 0, c != " " {
          lines.append(indent + String(line[..<space]))
          line = Array(line[(space + 1)...])
        } else {
          lines.append(indent + String(line))
          line = []
        }
        if c == " " && line.isEmpty { used = 0; continue }
        used = line.reduce(0) { $0 + DisplayWidth.of($1) }
      }
      line.append(c)
      used += w
    }
    if !line.isEmpty || lines.isEmpty { lines.append(indent + String(line)) }
    return lines.map { DisplayWidth.truncate($0, to: width) }
  }
}
