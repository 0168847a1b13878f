/// A Goodreads library export (CSV with a header row: `Book Id,Title,Author,…,ISBN13,…,
/// Date Added,Bookshelves,…,My Review,…`). A row becomes a post: title, author, ISBN13 as the
/// source, My Review as the body, Date Added as the creation time; the "favorites" shelf puts
/// it on memo's shelf.
public enum GoodreadsLibrary {
  /// Whether `text` starts like a Goodreads export (to tell it from memo's own CSV).
  public static func looksLikeGoodreads(_ bytes: [UInt8]) -> Bool {
    var start = bytes[...]
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
    return start.starts(with: Array("Book Id,".utf8))
  }

  /// - Throws: `MemoError` `.badData` (65) with the line for a malformed file or row.
  public static func parse(_ input: String, name: String) throws -> [ExternalBook] {
    let text = input.hasPrefix("\u{FEFF}") ? String(input.dropFirst()) : input
    let table: (header: [String], rows: [(line: Int, values: [String: String])])
    do { table = try CSVReader.records(text, foldsLineBreaks: true) } catch {
      throw MemoError.malformedImport(name, place: "line \(error.line)", reason: error.reason)
    }
    try KnownCSVHeaders.check(table.header, has: KnownCSVHeaders.goodreadsColumns, name: name)
    for column in ["Book Id", "Title", "Author"] where !table.header.contains(column) {
      throw MemoError.malformedImport(
        name, place: "line 1",
        reason: "the header has no \"\(column)\" column (is this a Goodreads library export?)")
    }
    var books: [ExternalBook] = []
    for (line, row) in table.rows {
      let id = (row["Book Id"] ?? "").trimmingWhitespace()
      let title = (row["Title"] ?? "").trimmingWhitespace()
      guard !id.isEmpty, !title.isEmpty else {
        throw MemoError.malformedImport(
          name, place: "line \(line)", reason: "a book needs a Book Id and a Title")
      }
      let author = (row["Author"] ?? "").trimmingWhitespace()
      let shelves = (row["Bookshelves"] ?? "").split(separator: ",").map {
        String($0).trimmingWhitespace().lowercased()
      }
      var added: Timestamp?
      if let date = row["Date Added"], !date.trimmingWhitespace().isEmpty {
        guard let parsed = parseDate(date.trimmingWhitespace()) else {
          throw MemoError.malformedImport(
            name, place: "line \(line)", reason: "Date Added is not YYYY/MM/DD: \(date)")
        }
        added = parsed
      }
      books.append(
        ExternalBook(
          title: title, author: author.isEmpty ? nil : author,
          source: isbn(row["ISBN13"]) ?? isbn(row["ISBN"]), review: review(row["My Review"]),
          addedAt: added, isFavorite: shelves.contains("favorites"), key: "goodreads:" + id))
    }
    return books
  }

  /// `="9780441013593"` → `9780441013593`; `=""` → nil.
  static func isbn(_ cell: String?) -> String? {
    guard var text = cell?.trimmingWhitespace() else { return nil }
    if text.hasPrefix("=") { text.removeFirst() }
    text = String(text.filter { $0 != "\"" }).trimmingWhitespace()
    return text.isEmpty ? nil : text
  }

  /// Goodreads reviews mark line breaks with `<br/>`.
  static func review(_ cell: String?) -> String? {
    guard let cell, !cell.trimmingWhitespace().isEmpty else { return nil }
    return cell.replacing("<br />", with: "\n").replacing("<br/>", with: "\n").replacing(
      "<br>", with: "\n")
  }

  /// `2023/01/15` (or `2023-01-15`) → midnight UTC.
  static func parseDate(_ text: String) -> Timestamp? {
    let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).compactMap { Int64($0) }
    guard parts.count == 3, (1...9999).contains(parts[0]), (1...12).contains(parts[1]),
      parts[2] >= 1, parts[2] <= daysInMonth(parts[0], parts[1])
    else { return nil }
    return Timestamp(millis: daysFromCivil(parts[0], parts[1], parts[2]) * 86_400_000)
  }
}
