/// The header rows memo reads a CSV by: its own export's, a Goodreads library export's and a
/// Readwise export's. A first row that is none of them (the header left out, another tool's
/// columns) is refused naming all three and `--format`, rather than one missing column of the
/// one format memo guessed.
public enum KnownCSVHeaders {
  /// The beginnings of the known header rows, as the message shows them.
  static let memo = "post_uuid,post_title,post_author,…"
  static let goodreads = "Book Id,Title,Author,Author l-f,…"
  static let readwise = "Highlight,Book Title,Book Author,…"

  /// The columns each format reads by name: a header with none of the format's is no header
  /// of it (one with some is, and a missing column of it is named as such).
  public static let memoColumns = Set(ExportEncoder.csvColumns)
  public static let goodreadsColumns: Set<String> = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13",
    "Date Added", "Bookshelves", "Exclusive Shelf", "My Review",
  ]
  public static let readwiseColumns: Set<String> = [
    "Highlight", "Book Title", "Book Author", "Amazon Book ID", "Note", "Color", "Tags",
    "Location Type", "Location", "Highlighted at", "Document tags",
  ]

  /// - Throws: `unknownHeader` when `header` (the first row's cells) names none of `columns`
  ///   (memo found the format by the file's extension or `--format`, so this is no header of
  ///   any format memo reads as CSV).
  public static func check(_ header: [String], has columns: Set<String>, name: String) throws {
    if !header.contains(where: { columns.contains($0.trimmingWhitespace()) }) {
      throw unknownHeader(header, name: name)
    }
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
