/// Kindle's "My Clippings.txt": entries separated by `==========`, each a title line
/// "Title (Author)", a header line ("- Your Highlight on page 12 | Location 123-125 | Added on
/// Sunday, January 1, 2023 10:00:00 AM" in any of `KindleLanguage.all`, of any firmware), a
/// blank line and the text. Bookmarks and the clipping-limit placeholder are skipped and
/// counted; a header or date that cannot be read is reported, never guessed.
public enum KindleClippings {
  /// What a file holds, and what could not be read in it.
  public struct Report: Equatable, Sendable {
    public var books: [ExternalBook] = []
    public var problems: [Problem] = []
    public var bookmarks = 0
    /// The clipping-limit placeholder, in place of a highlight's text.
    public var placeholders = 0
    /// The same clipping again in the file.
    public var duplicates = 0
    /// Earlier versions of highlights the reader extended later in the file.
    public var replaced = 0
    /// The clipping the file ends inside of (no closing `==========` line: the file was cut
    /// off), skipped rather than imported torn.
    public var incomplete: [Problem] = []
    /// Highlights and notes with no text (a highlight over a picture), skipped.
    public var empty = 0
    /// Entries without a clipping header (each also a problem), skipped.
    public var headerless = 0
  }

  /// A header or date that could not be read: where, what, and what was done about it.
  public struct Problem: Equatable, Sendable {
    public var line: Int
    public var what: String
    public var done: String
    /// An entry skipped whole for want of a header: counted as `headerless`, not among the
    /// clippings imported without a part of their header (`unreadable`).
    public var isHeaderless = false

    public var description: String { "line \(line): \(what); \(done)" }
  }

  /// The books of a file, for callers that need nothing else (the fuzzer, tests).
  public static func parse(_ input: String, name: String) throws -> [ExternalBook] {
    try read(input, name: name).books
  }

  /// - Throws: `MemoError` `.badData` (65) when the text holds entries and not one of them is a
  ///   clipping: it is not a "My Clippings.txt" at all.
  public static func read(_ input: String, name: String) throws -> Report {
    let text = normalized(input)
    var reading = Reading()
    var line = 1
    // Split on the UTF-8 bytes (every mark is ASCII): by Character, splitting and counting
    // lines was most of reading a large file.
    let bytes = Array(text.utf8)
    let ranges = entryRanges(bytes)
    for (number, range) in ranges.enumerated() {
      let entry = bytes[range]
      let entryLine = line
      line += entry.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      var lines = entry.split(separator: 0x0A, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      var skipped = 0
      while let first = lines.first, first.trimmingWhitespace().isEmpty {
        lines.removeFirst()
        skipped += 1
      }
      guard !lines.isEmpty else { continue }
      reading.entries += 1
      if number == ranges.count - 1 {
        reading.cutOff(lines, line: entryLine + skipped)
      } else {
        reading.take(lines, line: entryLine + skipped)
      }
    }
    if reading.entries > 0 && reading.readable == 0 {
      let report = reading.report
      throw MemoError.malformedImport(
        name,
        place: (report.problems + report.incomplete).first.map { "line \($0.line)" } ?? "line 1",
        reason:
          "not one Kindle clipping header (\"- Your Highlight on page 12 | Location 123-125 | Added on …\") could be read; is this a \"My Clippings.txt\"?"
      )
    }
    return reading.finished()
  }

  /// A file's clippings as they are read, entry by entry, into their books.
  private struct Reading {
    var report = Report()
    /// Each book's place in `report.books`, by title and author.
    var index: [String: Int] = [:]
    /// Per book: the keys of its clippings and of their earlier versions.
    var seen: [Set<String>] = []
    var earliest: [String: Timestamp] = [:]
    var entries = 0
    /// Entries with a header read as a clipping's.
    var readable = 0

    /// The entry after the last `==========`: a Kindle closes every clipping with one, so the
    /// file ends inside this one (cut off in a copy): its passage or header may be torn.
    mutating func cutOff(_ lines: [String], line: Int) {
      if lines.count >= 2, KindleHeader(lines[1].trimmingWhitespace()).kind != nil {
        readable += 1
      }
      report.incomplete.append(
        Problem(
          line: line,
          what:
            "the file ends inside the clipping of \"\(clip(lines[0].trimmingWhitespace()))\" (no closing \"==========\" line; was the file cut off?)",
          done: "the clipping was skipped"))
    }

    /// One entry (its title on `line`): its clipping added to its book, or counted as what it is
    /// (a bookmark, a placeholder, an empty one, an entry without a header).
    mutating func take(_ lines: [String], line: Int) {
      let headerText = lines.count >= 2 ? lines[1].trimmingWhitespace() : ""
      guard let dash = headerText.first, dash == "-" || dash == "–" || dash == "—" else {
        report.problems.append(
          Problem(
            line: line, what: "no clipping header under \"\(clip(lines[0]))\"",
            done: "the entry was skipped", isHeaderless: true))
        report.headerless += 1
        return
      }
      let (title, author) = splitTitle(lines[0])
      let header = KindleHeader(headerText)
      let bookKey = title + "\u{0}" + (author ?? "")
      if let date = header.date, earliest[bookKey].map({ date < $0 }) ?? true {
        earliest[bookKey] = date
      }
      if header.isClipping { readable += 1 }
      if header.kind == .bookmark {
        report.bookmarks += 1
        return
      }
      let problems = headerProblems(header, headerText, line: line + 1)
      var body = lines.dropFirst(2).joined(separator: "\n").trimmingWhitespace()
      if let stripped = withoutPlaceholder(body) {
        body = stripped
        if body.isEmpty {
          report.placeholders += 1
          return
        }
      }
      guard !body.isEmpty else {  // an empty highlight (of a picture) or note
        report.empty += 1
        return
      }
      report.problems += problems
      let kind: ExternalClipping.Kind = header.kind == .note ? .note : .highlight
      let location = header.location
      let clipping = ExternalClipping(
        kind: kind, text: body, location: location, addedAt: header.date,
        key: "kindle:"
          + stableKey([
            title, author ?? "", kind == .note ? "note" : "highlight", location ?? "", body,
          ]),
        page: header.page, start: header.start, end: header.end ?? header.start)
      if let at = index[bookKey] {
        switch add(clipping, to: &report.books[at], seen: &seen[at]) {
        case .added: break
        case .duplicate: report.duplicates += 1
        case .replaced: report.replaced += 1
        }
      } else {
        index[bookKey] = report.books.count
        report.books.append(ExternalBook(title: title, author: author, clippings: [clipping]))
        seen.append([clipping.key])
      }
    }

    /// The report, each book dated by its earliest clipping.
    func finished() -> Report {
      var report = report
      for i in report.books.indices {
        let key = report.books[i].title + "\u{0}" + (report.books[i].author ?? "")
        report.books[i].addedAt = earliest[key]
      }
      return report
    }
  }

  /// What could not be read in a clipping's header (on `line`): its date, its kind, its place,
  /// a part of it.
  static func headerProblems(_ header: KindleHeader, _ headerText: String, line: Int) -> [Problem] {
    var problems: [Problem] = []
    if header.date == nil {
      problems.append(
        Problem(
          line: line, what: "cannot read the date in \"\(clip(headerText))\"",
          done: "imported without a time"))
    }
    if header.kind == nil {
      problems.append(
        Problem(
          line: line,
          what: "cannot tell a highlight from a note in \"\(clip(headerText))\"",
          done: "imported as a highlight"))
    }
    if header.location == nil {
      problems.append(
        Problem(
          line: line, what: "no page or location in \"\(clip(headerText))\"",
          done: "imported without one"))
    }
    // A header read not at all (no kind, no place) is reported whole above, not by part.
    for part in header.unreadParts where header.kind != nil || header.location != nil {
      problems.append(
        Problem(
          line: line, what: "cannot read \"\(clip(part))\" in \"\(clip(headerText))\"",
          done: "imported without it"))
    }
    return problems
  }

  /// Whether a file's beginning is a "My Clippings.txt": its first entry's second line is a
  /// clipping header whose kind, and place or date, read (a title line, then "- Your
  /// Highlight on page 12 | Location 123-125 | Added on …" in any language).
  public static func looksLikeClippings(_ head: [UInt8]) -> Bool {
    let text = normalized(String(decoding: head.prefix(16_384), as: UTF8.self))
    let bytes = Array(text.utf8)
    guard let first = entryRanges(bytes).first else { return false }
    let lines = bytes[first].split(separator: 0x0A).map {
      String(decoding: $0, as: UTF8.self).trimmingWhitespace()
    }.filter { !$0.isEmpty }
    guard lines.count >= 2, let dash = lines[1].first, dash == "-" || dash == "–" || dash == "—"
    else { return false }
    let header = KindleHeader(lines[1])
    return header.kind != nil && (header.location != nil || header.date != nil)
  }

  /// The text without byte order marks, its line breaks (CRLF, CR) made LF: on bytes.
  static func normalized(_ input: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.utf8.count)
    var previous: UInt8 = 0
    var bom = 0  // bytes of EF BB BF matched so far
    for byte in input.utf8 {
      defer { previous = byte }
      if byte == 0x0A && previous == 0x0D { continue }
      if byte == 0x0D {
        bytes.append(0x0A)
        continue
      }
      bytes.append(byte)
      switch (bom, byte) {
      case (0, 0xEF), (1, 0xBB): bom += 1
      case (2, 0xBF):
        bytes.removeLast(3)
        bom = 0
      default: bom = byte == 0xEF ? 1 : 0
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Adds a clipping to its book, unless the book has it already; a highlight that extends an
  /// earlier one (their locations overlap and its text contains the earlier text) takes the
  /// earlier one's place and remembers it, so that a quote imported before is replaced too.
  static func add(
    _ clipping: ExternalClipping, to book: inout ExternalBook, seen: inout Set<String>
  )
    -> Added
  {
    var clipping = clipping
    if clipping.kind == .note, let at = clipping.start {
      clipping.highlightKey = highlightKey(at: at, in: book.clippings)
    } else if clipping.kind == .note, let page = clipping.page {
      clipping.highlightKey = highlightKey(onPage: page, in: book.clippings)
    }
    if !seen.insert(clipping.key).inserted {
      if let backAt = editedBack(clipping, in: book.clippings) {
        // A note edited on the device back to an earlier text: it takes the place of the note
        // it replaces, under a key of its own (the earlier text's key is taken, and may be
        // imported already as a version since replaced).
        let current = book.clippings[backAt]
        clipping.key = "kindle:" + stableKey([clipping.key, "after", current.key])
        guard seen.insert(clipping.key).inserted else { return .duplicate }
        clipping.replaces = current.replaces + [current.withoutReplaces]
        book.clippings[backAt] = clipping
        return .replaced
      }
      // The same words at the same location, written at another time on another highlight
      // ending there (a Kindle repeat carries the same time): another note.
      guard clipping.kind == .note, let anchor = clipping.highlightKey,
        let earlier = book.clippings.last(where: { $0.key == clipping.key }),
        !onSameHighlight(earlier.highlightKey, anchor, in: book.clippings),
        earlier.addedAt != clipping.addedAt
      else { return .duplicate }
      clipping.key = "kindle:" + stableKey([clipping.key, anchor])
      guard seen.insert(clipping.key).inserted else { return .duplicate }
    }
    if clipping.kind == .highlight,
      let at = book.clippings.firstIndex(where: { clipping.extends($0) })
    {
      var replacement = clipping
      let earlier = book.clippings[at]
      replacement.replaces = earlier.replaces + [earlier.withoutReplaces]
      book.clippings[at] = replacement
      return .replaced
    }
    // A note edited on the device: Kindle appends it again, at the same location (so on the
    // same highlight), and keeps the old one. The later takes the earlier one's place and
    // remembers it (a note imported before is then replaced, not added to). A page is no such
    // place: two notes on one page of a book without locations are two notes.
    // A question is a note too: edited into, within or out of a question, it is the same note.
    if clipping.kind == .note, clipping.start != nil,
      let at = book.clippings.firstIndex(where: {
        $0.kind == .note && $0.start == clipping.start && $0.end == clipping.end
          && $0.page == clipping.page
          && onSameHighlight($0.highlightKey, clipping.highlightKey, in: book.clippings)
      })
    {
      var replacement = clipping
      let earlier = book.clippings[at]
      replacement.replaces = earlier.replaces + [earlier.withoutReplaces]
      book.clippings[at] = replacement
      return .replaced
    }
    book.clippings.append(clipping)
    if clipping.kind == .highlight { adoptNotes(of: clipping, in: &book.clippings) }
    return .added
  }

  /// The text without the clipping-limit placeholder ("<You have reached the clipping limit
  /// for this item>" and its translations), or nil when there is none.
  static func withoutPlaceholder(_ body: String) -> String? {
    guard body.hasSuffix(">") || body.hasSuffix("＞"),
      let open = body.lastIndex(where: { $0 == "<" || $0 == "＜" })
    else { return nil }
    let inside = body[open...].lowercased()
    guard !inside.contains("\n"), limitWords.contains(where: { inside.contains($0) }) else {
      return nil
    }
    return String(body[..<open]).trimmingWhitespace()
  }

  static let limitWords = KindleLanguage.all.flatMap(\.limit).map { $0.lowercased() }

  /// A header in a message: at most 120 characters.
  static func clip(_ text: String) -> String {
    text.count > 120 ? String(text.prefix(119)) + "…" : text
  }

  /// "Title (Author)" → ("Title", "Author"); the author is the last parenthesised part, so a
  /// title may hold parentheses of its own. A line ending in two spaces is what Kindle writes
  /// for a book without an author: all of it is the title.
  static func splitTitle(_ raw: String) -> (String, String?) {
    let line = raw.trimmingWhitespace()
    if raw.hasSuffix("  ") && !line.isEmpty { return (line, nil) }
    let scalars = Array(line.unicodeScalars)
    guard let last = scalars.last, last == ")" || last == "）" else { return (line, nil) }
    var depth = 0
    var i = scalars.count - 1
    while i >= 0 {
      let c = scalars[i]
      if c == ")" || c == "）" { depth += 1 }
      if c == "(" || c == "（" {
        depth -= 1
        if depth == 0 { break }
      }
      i -= 1
    }
    guard i > 0 else { return (line, nil) }
    var title = String(String.UnicodeScalarView(scalars[..<i])).trimmingWhitespace()
    let author = String(String.UnicodeScalarView(scalars[(i + 1)..<(scalars.count - 1)]))
      .trimmingWhitespace()
    if title.isEmpty { title = line }
    return (title, author.isEmpty ? nil : author)
  }

  static func instant(_ y: Int64, _ m: Int64, _ d: Int64, _ h: Int64, _ mi: Int64, _ s: Int64)
    -> Timestamp?
  {
    // A year outside 1…9999 is no clipping's; it would also overflow the day arithmetic
    // (found by fuzzing: Fuzz/regressions/kindle-huge-year).
    guard (1...9999).contains(y), (1...12).contains(m), d >= 1, d <= daysInMonth(y, m),
      (0..<24).contains(h), (0..<60).contains(mi),
      (0..<61).contains(s)
    else { return nil }
    return Timestamp(
      millis: (daysFromCivil(y, m, d) * 86_400 + h * 3600 + mi * 60 + min(s, 59)) * 1000)
  }
}
