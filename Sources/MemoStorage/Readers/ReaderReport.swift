import MemoCore

/// What a reader read from its files (every reader: Kindle, KOReader, Kobo, Apple Books,
/// Readwise, Goodreads): its books with their highlights, what was skipped, and what could not
/// be fully read. The import's summary takes its counts from here.
public struct ReaderReport: Equatable, Sendable {
  public var books: [ExternalBook] = []
  /// Rows that are no highlight: page bookmarks, reading positions, handwritten markups (no
  /// highlighted text and no note).
  public var bookmarks = 0
  /// Highlights deleted on the device (the database keeps them, marked).
  public var deleted = 0
  /// Kindle: the clipping-limit placeholder in place of a highlight's text.
  public var placeholders = 0
  /// The same clipping again in the file (the merge adds those imported before).
  public var duplicates = 0
  /// Kindle: clippings the file ends inside of, skipped.
  public var incomplete = 0
  /// Highlights and notes with no text, skipped.
  public var empty = 0
  /// Entries without a clipping header, skipped.
  public var headerless = 0
  /// Clippings imported with a part unread (each a problem).
  public var unreadable = 0
  /// Files of a folder that could not be read at all (each a problem), left out.
  public var unreadableFiles = 0
  /// What could not be read, with its place; each was imported as well as it could be.
  /// With `--strict`, the first is an error and nothing is imported.
  public var problems: [ReaderProblem] = []
  /// What was skipped and is worth telling (a picture without text, a folder not read): a
  /// warning, never an error.
  public var notices: [ReaderProblem] = []

  public init() {}
}

/// A value a reader's file holds that memo cannot read, with its place, and what was done
/// about it.
public struct ReaderProblem: Equatable, Sendable {
  /// The file, when the message names it ("c.txt"); nil when `place` or `what` already does.
  public var file: String?
  /// Where: "line 12", "Bookmark 5e66dc8a-…", "ZAEANNOTATION row 12" (empty: `what` says).
  public var place: String
  public var what: String
  /// What was done about it ("imported without a time"), after `what` in a warning and left
  /// out of a `--strict` error.
  public var done: String?

  public init(file: String? = nil, place: String, what: String, done: String? = nil) {
    self.file = file
    self.place = place
    self.what = what
    self.done = done
  }

  /// The problem without what was done: "c.txt: line 12: cannot read the date …".
  public var headline: String {
    [file ?? "", place, what].filter { !$0.isEmpty }.joined(separator: ": ")
  }

  /// A problem worded whole, its last "; …" part what was done when it says so ("kept
  /// without one", "imported without one", "this file is not imported").
  init(whole: String) {
    let done = ["kept ", "imported ", "this file is not imported"]
    if let cut = whole.ranges(of: "; ").last,
      done.contains(where: { whole[cut.upperBound...].hasPrefix($0) })
    {
      self.init(
        place: "", what: String(whole[..<cut.lowerBound]),
        done: String(whole[cut.upperBound...]))
    } else {
      self.init(place: "", what: whole)
    }
  }

  /// The warning: the headline, then what was done.
  public var description: String { headline + (done.map { "; " + $0 } ?? "") }
}

extension ReaderReport {
  /// With `--strict`, the first problem is an error (65) and nothing is imported.
  func refuseProblems(isStrict: Bool) throws {
    guard isStrict, let first = problems.first else { return }
    // What was refused and what to do, not the warning's "imported without a date".
    throw MemoError(
      code: .badData,
      message:
        "\(first.headline); --strict refuses a file with anything memo cannot read (\(counted(problems.count, "problem")) in all), so nothing was imported: fix the file, or import it without --strict to import the rest with each problem reported"
    )
  }

  /// A report whose parser words its problems whole ("all.json: documents[2]: …"); what was
  /// done ("; kept without one") is told apart, for `--strict` to leave out.
  init(problems: [String], notices: [String]) {
    self.init()
    self.problems = problems.map(ReaderProblem.init(whole:))
    self.notices = notices.map { ReaderProblem(place: "", what: $0) }
  }

  /// A database's report (Kobo, Apple Books) as the import tells it: each problem names the
  /// file, and a row is counted unreadable once however many of its values were.
  func fromDatabase(_ name: String) -> ReaderReport {
    var report = self
    report.unreadable = Set(problems.map(\.place)).count
    for index in report.problems.indices { report.problems[index].file = name }
    return report
  }
}
