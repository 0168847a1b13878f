import MemoCore

extension ImportFormat {
  /// A Goodreads library export (a `.csv`).
  public static let goodreads = ImportFormat(rawValue: "goodreads")
}

/// A Goodreads library export (read by `GoodreadsLibrary`): books, not highlights; a row that
/// cannot be read refuses the file.
enum GoodreadsReader: Reader {
  static let format = ImportFormat.goodreads
  static let title = "Goodreads"
  static let hasStrictMode = false
  static let passesFor: ImportFormat? = .csv
  static let highlightSource: String? = nil

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    guard case .content(let bytes) = candidate else { return .no }
    return GoodreadsLibrary.looksLikeGoodreads(bytes) ? .yes : .no
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    var report = ReaderReport()
    report.books = try GoodreadsLibrary.parse(try input.text(), name: input.name)
    return .books(report)
  }
}
