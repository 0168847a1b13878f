import MemoCore

extension ImportFormat {
  /// A Kindle's "My Clippings.txt".
  public static let kindle = ImportFormat(rawValue: "kindle")
}

/// A Kindle's "My Clippings.txt" (read by `KindleClippings`): a clipping the file ends inside
/// of is skipped and counted so, never torn; each header or date that cannot be read is a
/// problem at its line.
enum KindleReader: Reader {
  static let format = ImportFormat.kindle
  static let title = "Kindle"

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    guard case .name(let name) = candidate else { return .no }
    return name.hasSuffix(".txt") ? .yes : .no
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    let name = input.name
    let clippings = try KindleClippings.read(try input.text(), name: name)
    var report = ReaderReport()
    report.books = clippings.books
    report.bookmarks = clippings.bookmarks
    report.placeholders = clippings.placeholders
    // The earlier versions the file itself replaces later; the merge adds those imported before.
    report.duplicates = clippings.duplicates
    report.incomplete = clippings.incomplete.count
    report.empty = clippings.empty
    report.headerless = clippings.headerless
    // One bucket each: a headerless entry is counted as such, not also as not fully read.
    report.unreadable = Set(clippings.problems.filter { !$0.isHeaderless }.map(\.line)).count
    report.problems = (clippings.problems + clippings.incomplete).map {
      ReaderProblem(file: name, place: "line \($0.line)", what: $0.what, done: $0.done)
    }
    return .books(report)
  }
}
