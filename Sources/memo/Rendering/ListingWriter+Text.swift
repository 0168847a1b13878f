import MemoCore
import MemoStorage

/// The listing formats for people: a table's cells, posts with their questions beneath (the
/// tree of `memo list --starred`), and one post as a page (`memo show`).
extension ListingWriter {
  /// A table cell: what a person reads.
  func cell(_ row: Row, _ column: Int, _ kind: Field.Kind, _ spec: Column) -> String {
    guard !row.isNull(column) else { return "" }
    switch kind {
    case .int: return String(row.int64(column))
    case .bool: return row.bool(column) ? spec.mark : ""
    case .number:
      // For people: three decimals at most (0.648, 1.5, 12).
      let value = (row.double(column) * 1000).rounded() / 1000
      return value == value.rounded() && abs(value) < 1e15
        ? String(Int64(value)) : String(value)
    case .text: return visible(oneLine(row.string(column)))
    case .texts: return visible(oneLine(row.texts(column).joined(separator: ", ")))
    case .rows: return String(row.rows(column).count)
    case .object: return ""
    case .time:
      // Rows listed together are mostly minutes apart or less: the minute last converted is
      // kept (the stored text up to the minute decides it).
      return row.withUTF8(column) { bytes in
        let minute = UnsafeBufferPointer(rebasing: bytes.prefix(16))
        if minute.elementsEqual(lastMinute.utc) { return lastMinute.local }
        let text = String(decoding: bytes, as: UTF8.self)
        let local =
          Timestamp(rfc3339: text)?.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
          ?? text
        lastMinute = (Array(minute), local)
        return local
      }
    case .snippet:
      let text = row.string(column)
      guard style.useColor else { return visible(oneLine(Self.unmarked(text))) }
      // Zero-width private-use marks while the table is laid out, colour codes after (the
      // marks first: `visible` would show char(2) and char(3) as ^B and ^C).
      return visible(
        oneLine(
          String(
            text.unicodeScalars.map {
              $0 == "\u{2}"
                ? Character(SearchPresenter.markStart)
                : $0 == "\u{3}" ? Character(SearchPresenter.markEnd) : Character($0)
            })))
    }
  }

  /// The text without search-match marks.
  static func unmarked(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x02 || $0 == 0x03 }) else { return text }
    return String(decoding: text.utf8.filter { $0 != 0x02 && $0 != 0x03 }, as: UTF8.self)
  }

  /// The index of a field by key, for the person-shaped modes.
  func column(_ key: String, nested: Bool = false) -> Int {
    let fields = nested ? layout.nested?.layout.fields ?? [] : layout.fields
    let i = Layout.index(of: key, in: fields)
    return nested ? nestedColumns[i] : columns[i]
  }

  func treeRow(_ row: Row, nested: NestedRows?) throws {
    let style = format == .table ? self.style : .plain
    let id = String(row.int64(column("id")))
    var tail = ""
    if let author = row.text(column("author")) { tail += " · " + visible(oneLine(author)) }
    if row.bool(column("favorite")) { tail += " ♥" }
    // On a terminal the line is cut to its width, the author kept while the title has room.
    let fitted = Fit.share(
      visible(oneLine(row.string(column("title")))), tail,
      width: style.width.map { $0 - id.count - 2 })
    out.write(style.yellow(id) + "  " + style.bold(fitted.title) + fitted.tail)
    out.byte(0x0A)
    while let question = try nested?.next() {
      out.write(treeQuestion(question, style: style))
      out.byte(0x0A)
      try out.flushIfFull()
    }
  }

  /// A question beneath its post: star, id, text, category and ✓, cut to the terminal's width
  /// (the text gives way before the category).
  func treeQuestion(_ question: Row, style: Style) -> String {
    let star = question.bool(column("starred", nested: true)) ? "★" : " "
    let id = String(question.int64(column("id", nested: true)))
    let category = question.text(column("category", nested: true)).map { visible(oneLine($0)) }
    let answered = !question.isNull(column("answer", nested: true))
    let tail = (category.map { "  [\($0)]" } ?? "") + (answered ? "  ✓" : "")
    let fitted = Fit.share(
      visible(oneLine(question.string(column("text", nested: true)))), tail,
      width: style.width.map { $0 - 6 - id.count - 2 })
    var line = "    \(star) " + style.yellow(id) + "  " + fitted.title
    if fitted.tail == tail {
      if let category { line += "  " + style.cyan("[" + category + "]") }
      if answered { line += "  ✓" }
    } else {
      line += fitted.tail
    }
    return line
  }

  func pageRow(_ row: Row, nested: NestedRows?) throws {
    let style = format == .table ? self.style : .plain
    let presenter = PostDetailPresenter()
    let post = Post(
      id: PostID(row.int64(column("id"))), uuid: row.string(column("uuid")),
      title: row.string(column("title")), author: row.text(column("author")),
      body: row.text(column("body")), source: row.text(column("source")),
      createdAt: Timestamp(rfc3339: row.string(column("created_at"))) ?? Timestamp(millis: 0),
      updatedAt: Timestamp(rfc3339: row.string(column("updated_at"))) ?? Timestamp(millis: 0),
      isFavorite: row.bool(column("favorite")),
      questionCount: Int(row.int64(column("question_count"))))
    out.write(presenter.text(post, style: style))
    var count = 0
    while let question = try nested?.next() {
      if count == 0 {
        out.byte(0x0A)
        out.write(style.bold("Questions"))
        out.byte(0x0A)
      }
      count += 1
      out.write(
        presenter.questionLines(
          id: question.int64(column("id", nested: true)),
          text: question.string(column("text", nested: true)),
          category: question.text(column("category", nested: true)),
          isStarred: question.bool(column("starred", nested: true)),
          answer: question.text(column("answer", nested: true)), style: style))
      try out.flushIfFull()
    }
  }
}
