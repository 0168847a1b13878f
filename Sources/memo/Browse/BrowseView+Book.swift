import MemoCore
import MemoStorage

/// A book's screen: its body (paragraphs kept, quotes behind `│ `), its highlights in reading
/// order, then its questions.
extension BrowseView {
  /// A book's screen, whole: the body (paragraphs kept, highlights as `│ ` quotes), then its
  /// questions. - Returns: the lines, and the line each question is on.
  func bookDocument(_ screen: BookScreen) -> (lines: [BrowseLine], items: [Int]) {
    var lines: [BrowseLine] = []
    if let author = screen.post.author, !author.isEmpty {
      lines += wrap("by " + clean(author), indent: "  ").map { BrowseLine($0) }
    }
    if let body = screen.post.body, !body.trimmingWhitespace().isEmpty {
      if !lines.isEmpty { lines.append(BrowseLine("")) }
      lines += bodyLines(body).map { BrowseLine($0) }
    }
    if !lines.isEmpty { lines.append(BrowseLine("")) }
    if !screen.post.highlights.isEmpty {
      lines += highlightLines(screen.post.highlights).map { BrowseLine($0) }
      lines.append(BrowseLine(""))
    }
    guard screen.isLoaded else {
      return (lines + [BrowseLine(fit("  Reading…"))], [])
    }
    guard !screen.questions.isEmpty else {
      let text =
        state.filter.isEmpty
        ? "  No questions yet: A asks one." : "  No question matches the filter; f changes it."
      return (lines + [BrowseLine(fit(text))], [])
    }
    var items: [Int] = []
    for (i, question) in screen.questions.enumerated() {
      let selected = i == screen.cursor
      items.append(lines.count)
      lines.append(
        BrowseLine(
          questionLine(question, selected: selected, isFlat: false), selected ? .selected : .body))
    }
    return (lines, items)
  }

  /// A book's highlights in reading order, under a heading: each passage behind a bar, then
  /// its place and note.
  func highlightLines(_ highlights: [Highlight]) -> [String] {
    var lines = [fit("  Highlights (\(highlights.count))")]
    for highlight in highlights {
      lines += wrap((highlight.isStarred ? "★ " : "") + clean(highlight.text), indent: "  │ ")
      var place: [String] = []
      if let chapter = highlight.chapter { place.append(clean(chapter)) }
      if let page = highlight.page { place.append("p. " + clean(page)) }
      if let location = highlight.location { place.append("loc. " + clean(location)) }
      if !place.isEmpty { lines += wrap("— " + place.joined(separator: ", "), indent: "  │ ") }
      if let note = highlight.note, !note.trimmingWhitespace().isEmpty {
        lines += wrap("✎ " + clean(note), indent: "    ")
      }
    }
    return lines
  }

  func bookLines(_ screen: BookScreen, height: Int) -> [BrowseLine] {
    let lines = bookDocument(screen).lines
    let first = min(screen.scroll, max(0, lines.count - height))
    return Array(lines.dropFirst(first))
  }

  /// A body: each line wrapped, blank lines kept; a quoted line (`> `, as imported highlights
  /// are) shown behind a bar.
  func bodyLines(_ body: String) -> [String] {
    var lines: [String] = []
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      var text = String(line)
      if text.hasSuffix("\r") { text.removeLast() }
      if text.hasPrefix(">") {
        text.removeFirst()
        if text.hasPrefix(" ") { text.removeFirst() }
        lines += wrap(clean(text), indent: "  │ ")
      } else if text.trimmingWhitespace().isEmpty {
        lines.append("")
      } else {
        lines += wrap(clean(text), indent: "  ")
      }
    }
    while lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Text as written: each line wrapped, blank lines between paragraphs kept.
  func paragraphs(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = String(line)
      if text.trimmingWhitespace().isEmpty {
        lines.append("")
      } else {
        lines += wrap(clean(text), indent: indent)
      }
    }
    return lines
  }
}
