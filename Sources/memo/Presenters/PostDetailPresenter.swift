import MemoCore

/// `memo show`, `memo edit`: one post, as a readable page (table and plain formats) or as one
/// record (the other formats).
struct PostDetailPresenter {
  /// The page a person reads: title, byline, dates, body.
  /// On a terminal (`style.width`) every line is broken to its width, as tables keep to it;
  /// into a pipe every line stays whole.
  func text(_ post: Post, style: Style) -> String {
    var out = Self.lines(visible(oneLine(post.title)), style, paint: style.bold)
    var facts: [String] = ["post \(post.id)"]
    if let author = post.author { facts.append("by " + visible(oneLine(author))) }
    if post.isFavorite { facts.append("♥ favorite") }
    facts.append(counted(post.questionCount, "question"))
    out += Self.lines(facts.joined(separator: " · "), style)
    if let source = post.source { out += Self.lines("source: " + visible(oneLine(source)), style) }
    let created = post.createdAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    let updated = post.updatedAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    out += Self.lines(
      "created \(created) · updated \(updated) · \(post.uuid)", style, paint: style.dim)
    if let body = post.body { out += "\n" + Self.block(visible(body), style) }
    if !post.questions.isEmpty {
      out += "\n" + style.bold("Questions") + "\n"
      for question in post.questions {
        out += questionLines(
          id: question.id.rawValue, text: question.text, category: question.category,
          isStarred: question.isStarred, answer: question.answer, style: style)
      }
    }
    return out
  }

  /// A question under its post: star, id, text, category; its answer on the next line.
  /// On a terminal the text (and the answer) break to its width under their first column.
  func questionLines(
    id: Int64, text: String, category: String?, isStarred: Bool, answer: String?, style: Style
  ) -> String {
    let head = "  \(isStarred ? "★" : " ") \(id)  "
    let label = category.map { "[" + visible(oneLine($0)) + "]" }
    var pieces = Self.pieces(
      visible(oneLine(text)) + (label.map { "  " + $0 } ?? ""), after: head, style)
    // The category is coloured where it ends the last line whole.
    if let label, let last = pieces.last, last.hasSuffix(label) {
      pieces[pieces.count - 1] = String(last.dropLast(label.count)) + style.cyan(label)
    }
    let pad = "\n" + String(repeating: " ", count: DisplayWidth.of(head))
    var out =
      "  \(isStarred ? "★" : " ") " + style.yellow(String(id)) + "  "
      + pieces.joined(separator: pad) + "\n"
    if let answer {
      let mark = "       ✓ "
      out +=
        mark
        + Self.pieces(visible(oneLine(answer)), after: mark, style).joined(
          separator: "\n" + String(repeating: " ", count: DisplayWidth.of(mark))) + "\n"
    }
    return out
  }

  /// `text` (one line) in the pieces that fit after `head` on a terminal; whole in a pipe.
  static func pieces(_ text: String, after head: String, _ style: Style) -> [String] {
    guard let width = style.width else { return [text] }
    let room = width - DisplayWidth.of(head)
    return Fit.pieces(text, first: room, rest: room)
  }

  /// A line of a page, broken to the terminal's width (later lines indented two columns),
  /// each piece painted; ends with a line break.
  static func lines(
    _ text: String, _ style: Style, prefix: String = "", paint: (String) -> String = { $0 }
  ) -> String {
    Fit.page(text, width: style.width, prefix: prefix, indent: prefix.isEmpty ? "  " : "")
      .split(separator: "\n", omittingEmptySubsequences: false).map { paint(String($0)) }
      .joined(separator: "\n") + "\n"
  }

  /// A block of text (a body, a note, an answer; `prefix` "> " for a passage) broken to the
  /// terminal's width, ending with one line break.
  static func block(_ text: String, _ style: Style, prefix: String = "") -> String {
    let page = Fit.page(text, width: style.width, prefix: prefix)
    return page.hasSuffix("\n") ? page : page + "\n"
  }
}
