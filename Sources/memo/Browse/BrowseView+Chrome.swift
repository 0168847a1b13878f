import MemoCore
import MemoStorage

// The lines around every screen: the header (what is shown, where the cursor is, the
// filter in force) and the footer (the keys, a message, a prompt or a confirmation).
extension BrowseView {
  // MARK: - Header and footer

  func header() -> String {
    let name: String
    if state.isShowingHelp {
      name = "Help"
    } else {
      switch state.top {
      case .list(let screen):
        let list: String
        switch screen.list {
        case .books: list = "Books"
        case .favorites: list = "Favorites"
        case .questions: list = "Questions"
        case .bookQuestions:
          let title = screen.post?.title ?? screen.rows.first?.question?.postTitle
          list = "Questions" + (title.map { " · " + clean($0) } ?? "")
        }
        name = list + listPosition(screen)
      case .book(let screen):
        name = "Book · " + clean(screen.post.title) + position(screen.cursor, screen.questions.count)
      case .detail(let screen): name = "Question \(screen.question.id)"
      // The filter in force; the one being edited is in the body until Enter applies it.
      case .filter: name = "Filter"
      case .search(let screen):
        name = "Search · \(clean(screen.query))" + position(screen.cursor, screen.results.count)
      }
    }
    return name + " · filter: " + state.filter.label
  }

  /// ` · 3/16` for a list read a page at a time, as far as storage counted: ` · 3/10,000+`
  /// in a longer list, ` · 10,000+/10,000+` deep in it; nothing before the count came.
  func listPosition(_ screen: ListScreen) -> String {
    guard let total = screen.total, total > 0, !screen.rows.isEmpty else { return "" }
    let limit = BrowseRepository.countLimit
    let index = screen.offset + screen.cursor + 1
    let many = ProgressLine.grouped(limit) + "+"
    let at = index > limit ? many : ProgressLine.grouped(index)
    return " · \(at)/" + (total > limit ? many : ProgressLine.grouped(total))
  }

  /// ` · 3/16`: the row under the cursor and how many there are (`-/16` with none under it).
  func position(_ cursor: Int?, _ count: Int) -> String {
    guard count > 0 else { return "" }
    let at = cursor.flatMap { (0..<count).contains($0) ? String($0 + 1) : nil } ?? "-"
    return " · \(at)/\(count)"
  }

  /// The footer: the input being typed, else the last message, else the keys that work here
  /// (as many as fit, then `? help  q quit`). - Returns: the line and the caret's column.
  func footerLine() -> (String, Int?) {
    if let target = state.confirming { return confirmLine(target) }
    if let input = state.input { return inputLine(input) }
    if let message = state.message { return (fit(clean(message)), nil) }
    let helpScrolls = state.isShowingHelp && helpLines().count > state.bodyHeight
    let always =
      state.isShowingHelp
      ? (helpScrolls ? ["j/k scroll", "any key closes", "q quit"] : ["any key closes", "q quit"])
      : ["? help", "q quit"]
    var line = always.joined(separator: "  ")
    if DisplayWidth.of(line) > width { return (fit("q quit"), nil) }
    var hints: [String] = []
    for hint in state.isShowingHelp ? [] : keyHints() {
      let candidate = (hints + [hint] + always).joined(separator: "  ")
      guard DisplayWidth.of(candidate) <= width else { break }
      hints.append(hint)
      line = candidate
    }
    return (line, nil)
  }

  func keyHints() -> [String] {
    switch state.top {
    case .list(let screen):
      switch screen.list {
      case .books:
        return [
          "Enter open", "n new", "A ask", "v shelf", "f filter", "/ search", "R review",
          "F favorites", "Q questions", "u undo",
        ]
      case .favorites:
        return ["Enter open", "v shelf", "A ask", "R review", "Esc back", "u undo"]
      case .questions:
        return [
          "Enter open", "s star", "a answer", "e edit", "c category", "f filter", "/ search",
          "Esc back", "u undo",
        ]
      case .bookQuestions:
        return ["Enter open", "s star", "a answer", "v shelf", "f filter", "Esc back", "u undo"]
      }
    case .book(let screen):
      if screen.current != nil {
        return [
          "Enter open", "A ask", "s star", "a answer", "e edit", "c category", "d delete",
          "Esc back",
        ]
      }
      return ["j/k read", "A ask", "e title", "E edit", "v shelf", "d delete", "Esc back"]
    case .detail(let screen):
      let scrolls = detailDocument(screen.question).count > state.bodyHeight
      return (scrolls ? ["j/k scroll"] : [])
        + ["Esc back", "s star", "a answer", "e edit", "c category", "d delete", "u undo"]
    case .search: return ["Enter open", "/ search", "Esc back"]
    case .filter:
      return ["s starred", "a answered", "c category", "Enter apply", "Esc cancel"]
    }
  }

  /// `d`'s question: what goes, and y/N.
  func confirmLine(_ target: DeleteTarget) -> (String, Int?) {
    let what: String
    switch target {
    case .post(let post):
      let count = post.questionCount
      what =
        "book \(post.id)"
        + (count == 0 ? "" : count == 1 ? " and its question" : " and its " + counted(count, "question"))
        + " '\(clean(post.title))'"
    case .question(let question):
      what = "question \(question.id) '\(clean(question.text))'"
    }
    // The y/N stays in view: the title is cut, not the question.
    let tail = "? y/N "
    let line = DisplayWidth.truncate("delete " + what, to: max(1, width - DisplayWidth.of(tail))) + tail
    return (fit(line), min(DisplayWidth.of(line), width - 1))
  }

  /// The prompt and the text, scrolled so the caret stays in view.
  func inputLine(_ input: LineInput) -> (String, Int?) {
    let prompt = input.prompt
    let room = max(1, width - DisplayWidth.of(prompt) - 1)
    var before = input.text[..<input.caret].map { visible(String($0)) }
    var used = before.reduce(0) { $0 + DisplayWidth.of($1) }
    while used > room, !before.isEmpty { used -= DisplayWidth.of(before.removeFirst()) }
    var line = prompt + before.joined()
    let caret = DisplayWidth.of(line)
    var total = caret
    for c in input.text[input.caret...] {
      let shown = visible(String(c))
      guard total + DisplayWidth.of(shown) <= width else { break }
      line += shown
      total += DisplayWidth.of(shown)
    }
    return (fit(line), min(caret, width - 1))
  }
}
