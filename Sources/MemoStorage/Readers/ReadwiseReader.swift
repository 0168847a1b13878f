import MemoCore

extension ImportFormat {
  /// A Readwise export (a `.csv`).
  public static let readwise = ImportFormat(rawValue: "readwise")
}

/// A Readwise CSV export (read by `ReadwiseExport`).
enum ReadwiseReader: Reader {
  static let format = ImportFormat.readwise
  static let title = "Readwise"
  static let passesFor: ImportFormat? = .csv

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    guard case .content(let bytes) = candidate else { return .no }
    return ReadwiseExport.looksLikeReadwise(bytes) ? .yes : .no
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    let export = try ReadwiseExport.parse(try input.text(), name: input.name)
    var report = ReaderReport(problems: export.problems, notices: export.notices)
    report.books = export.books
    report.unreadable = export.problems.count + export.notices.count
    return .books(report)
  }
}
