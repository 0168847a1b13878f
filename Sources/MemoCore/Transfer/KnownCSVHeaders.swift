/// The header rows memo reads a CSV by: its own export's, a Goodreads library export's and a
/// Readwise export's. A first row that is none of them (the header left out, another tool's
/// columns) is refused naming all three and `--format`, rather than one missing column of the
/// one format memo guessed.
public enum KnownCSVHeaders {
  /// The beginnings of the known header rows, as the message shows them.
  static let memo = "post_uuid,post_title,post_author,…"
  static let goodreads = "Book Id,Title,Author,Author l-f,…"
  static let readwise = "Highlight,Book Title,Book Author,…"

  /// The columns each reader reads by name: a header with one of them is one memo knows (a
  /// missing column of it is named as such).
  static let columns: Set<String> =
    Set(ExportEncoder.csvColumns).union([
      "Book Id", "Title", "Author", "Author l-f", "ISBN", "ISBN13", "Date Added", "Bookshelves",
      "My Review", "Highlight", "Book Title", "Book Author", "Amazon Book ID", "Note",
      "Location Type", "Location", "Highlighted at",
    ])

  /// Whether `header` (the first row's cells) names a column of a known header.
  public static func isKnown(_ header: [String]) -> Bool {
    header.contains { columns.contains($0.trimmingWhitespace()) }
  }

  /// The error (65) for a CSV whose first row `header` is no header memo knows.
  public static func unknownHeader(_ header: [String], name: String) -> MemoError {
    var start = header.prefix(3).map { cell in
      let line = cell.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      return line.count > 30 ? String(line.prefix(30)) + "…" : line
    }.joined(separator: ",")
    if header.count > 3 { start += ",…" }
    let what =
      header.allSatisfy({ $0.isBlank })
      ? "the file is empty" : "the first row (\(start)) is no header memo knows"
    return MemoError.malformedImport(
      name, place: "line 1",
      reason:
        "\(what). A CSV memo imports starts with its header row: memo's own export (\(memo)), a Goodreads library export (\(goodreads)) or a Readwise export (\(readwise)). Put the header row back at the top of the file, or name the file's format with --format (json, jsonl, kindle, koreader, kobo, apple-books)"
    )
  }
}
