/// The CSV export of Readwise (readwise.io → Export → CSV), read by column name so each of its
/// header generations reads:
/// - 11 columns: `Highlight, Book Title, Book Author, Amazon Book ID, Note, Color, Tags,
///   Location Type, Location, Highlighted at, Document tags`;
/// - 10 columns: the same without `Document tags`;
/// - 9 columns: the same without `Highlighted at` either (the highlights' dates are unknown).
/// Only `Highlight` and `Book Title` are required. Books, articles and tweets alike: a title
/// and author make one post. A note's inline tags (`.h1`, `.c1`, `.favorite`: a word starting
/// with a dot) are Readwise's tags, not note text; a note of only tags is no note. No date
/// (no column, an empty cell) is an unknown date, never today; `Highlighted at` is UTC
/// (`2024-05-01 10:00:00+00:00`; a zone, if written, is applied).
public enum ReadwiseExport {
  public struct Report: Equatable, Sendable {
    public var books: [ExternalBook] = []
    /// Dates that could not be read ("FILE: line 7: …").
    public var problems: [String] = []
    /// Rows left out: no highlight text ("FILE: line 9: …").
    public var notices: [String] = []
  }

  /// Whether the bytes start like a Readwise export: a header with `Highlight` and
  /// `Book Title` (to tell it from memo's own CSV and from Goodreads).
  public static func looksLikeReadwise(_ bytes: [UInt8]) -> Bool {
    var start = bytes[...]
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
    let end = start.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? start.endIndex
    let header = String(decoding: start[..<end], as: UTF8.self)
    let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingWhitespace().filter { $0 != "\"" }
    }
    return names.contains("Highlight") && names.contains("Book Title")
  }

  /// - Throws: `MemoError` `.badData` (65) naming the line for a malformed file.
  public static func parse(_ input: String, name: String) throws -> Report {
    let text = input.hasPrefix("\u{FEFF}") ? String(input.dropFirst()) : input
    let table: (header: [String], rows: [(line: Int, values: [String: String])])
    do { table = try CSVReader.records(text) } catch {
      throw MemoError.malformedImport(name, place: "line \(error.line)", reason: error.reason)
    }
    try checkHeader(table.header, name: name)
    var report = Report()
    // Books in the order they first appear, each with its highlights in file order.
    var order: [String: Int] = [:]
    for (line, row) in table.rows {
      // As written (the key: the same highlight imported before this folded line breaks)…
      func written(_ column: String) -> String? {
        guard let value = row[column], !value.isBlank else { return nil }
        return value.trimmingWhitespace()
      }
      // …and with CRLF and CR as LF (what is kept).
      func cell(_ column: String) -> String? { written(column).map(CSVReader.foldingLineBreaks) }
      // The four cells the key reads as written, each read once.
      let (writtenTitle, writtenAuthor) = (written("Book Title"), written("Book Author"))
      let (writtenPlace, writtenPassage) = (written("Location"), written("Highlight"))
      guard let title = writtenTitle.map(CSVReader.foldingLineBreaks) else {
        throw MemoError.malformedImport(
          name, place: "line \(line)", reason: "a highlight needs a Book Title")
      }
      guard let passage = writtenPassage.map(CSVReader.foldingLineBreaks) else {
        report.notices.append("\(name): line \(line): no Highlight text; skipped")
        continue
      }
      let author = writtenAuthor.map(CSVReader.foldingLineBreaks)
      var addedAt: Timestamp?
      if let written = cell("Highlighted at") {
        addedAt = date(written)
        if addedAt == nil {
          report.problems.append(
            "\(name): line \(line): cannot read the date \"\(written)\" (Highlighted at); imported without one"
          )
        }
      }
      let kind = cell("Location Type")?.lowercased()
      let place = writtenPlace.map(CSVReader.foldingLineBreaks)
      var clipping = ExternalClipping(
        kind: .highlight, text: passage, addedAt: addedAt,
        key: stableKey([
          "readwise", writtenTitle ?? "", writtenAuthor ?? "", kind ?? "", writtenPlace ?? "",
          writtenPassage ?? "",
        ]))
      switch (kind, place.flatMap { Int($0) }) {
      case ("page", _):
        clipping.page = place
      case ("location", let number?):
        clipping.start = number
        clipping.end = number
      case (_, let number?):
        // An article's or a tweet's order, an offset: it sorts, it names no place.
        clipping.position = Double(number)
      default:
        clipping.location = place
      }
      clipping.note = cell("Note").flatMap(noteWithoutTags)
      let bookKey = title + "\u{1F}" + (author ?? "")
      if let at = order[bookKey] {
        report.books[at].clippings.append(clipping)
      } else {
        order[bookKey] = report.books.count
        report.books.append(
          ExternalBook(
            title: title, author: author, source: cell("Amazon Book ID"), clippings: [clipping]))
      }
    }
    // A post is dated by its book's earliest highlight (none known: the day of the import).
    for i in report.books.indices {
      report.books[i].addedAt = report.books[i].clippings.compactMap(\.addedAt).min()
    }
    return report
  }

  /// The header has the columns a Readwise export has, among them `Highlight` and `Book Title`.
  static func checkHeader(_ header: [String], name: String) throws {
    try KnownCSVHeaders.check(header, has: KnownCSVHeaders.readwiseColumns, name: name)
    for column in ["Highlight", "Book Title"] where !header.contains(column) {
      throw MemoError.malformedImport(
        name, place: "line 1",
        reason: "the header has no \"\(column)\" column (is this a Readwise CSV export?)")
    }
  }

  /// The note without Readwise's inline tags (words starting with a dot: `.h1`, `.c1`,
  /// `.favorite`, before or after the text of a line), nil when nothing else is left.
  public static func noteWithoutTags(_ note: String) -> String? {
    var lines: [String] = []
    for line in note.replacing("\r\n", with: "\n").split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      // Tags lead or trail a line (".h1 .c1 my note", "my note .favorite"); a dotted word
      // inside the text (".NET", ".dot") is the reader's words and stays.
      let words = line.split(separator: " ", omittingEmptySubsequences: false)
      var kept = words[...]
      while let first = kept.first, first.isEmpty || isTag(first) { kept = kept.dropFirst() }
      while let last = kept.last, last.isEmpty || isTag(last) { kept = kept.dropLast() }
      lines.append(
        kept.count == words.count ? String(line) : kept.joined(separator: " ").trimmingWhitespace())
    }
    let text = lines.joined(separator: "\n").trimmingWhitespace()
    return text.isEmpty ? nil : text
  }

  /// `.h1`, `.c2`, `.favorite`, `.to-read`: a dot, then letters, digits, `-` or `_`.
  static func isTag(_ word: Substring) -> Bool {
    guard word.first == ".", word.count > 1 else { return false }
    return word.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      && word.dropFirst().contains { $0.isLetter }
  }

  /// `2024-05-01 10:00:00+00:00`, `2024-05-14T09:12:00Z`, with or without a fraction or a
  /// zone (none: UTC), or a bare `2024-05-01` (midnight UTC).
  public static func date(_ text: String) -> Timestamp? {
    let b = Array(text.utf8)
    if let instant = DateExpression.parseRFC3339(b) { return instant }
    if b.count == 10, let (y, m, d) = DateExpression.parseDate(b[...]) {
      return Timestamp(millis: daysFromCivil(y, m, d) * 86_400_000)
    }
    // No zone: Readwise writes UTC. A zone without a colon: `+0000`.
    if let instant = DateExpression.parseRFC3339(b + Array("Z".utf8)) { return instant }
    if b.count > 5, b[b.count - 5] == UInt8(ascii: "+") || b[b.count - 5] == UInt8(ascii: "-") {
      var fixed = b
      fixed.insert(UInt8(ascii: ":"), at: b.count - 2)
      return DateExpression.parseRFC3339(fixed)
    }
    return nil
  }
}
