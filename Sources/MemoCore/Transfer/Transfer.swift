/// What `memo export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  case json, jsonl, csv
  /// One markdown file per post, into a folder.
  case markdown
}

/// What `memo import` reads: a reader's `--format` name. memo's own formats are named here;
/// every other reader names its own in its file (MemoStorage/Readers), and `Readers.all` lists
/// them all.
public struct ImportFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// memo's own export: one JSON document, JSON Lines, or CSV.
  public static let json = ImportFormat(rawValue: "json")
  public static let jsonl = ImportFormat(rawValue: "jsonl")
  public static let csv = ImportFormat(rawValue: "csv")

  public var description: String { rawValue }
}

/// `memo export`: what to write and where.
public struct ExportRequest: Equatable, Sendable {
  public var format: ExportFormat
  /// A file path; nil writes to stdout.
  public var output: String?
  /// Only what changed at or after this instant.
  public var since: Timestamp?
  /// The cursor to start from and to move on success.
  public var cursor: String?
  /// Markdown: overwrite files the user edited since memo wrote them (`--force`).
  public var isForced: Bool

  public init(
    format: ExportFormat, output: String? = nil, since: Timestamp? = nil, cursor: String? = nil,
    isForced: Bool = false
  ) {
    self.format = format
    self.output = output
    self.since = since
    self.cursor = cursor
    self.isForced = isForced
  }
}

/// What an export wrote.
public struct ExportSummary: Equatable, Sendable {
  public var posts: Int
  public var questions: Int
  public var highlights = 0
  public var deleted: Int
  /// Markdown: the files written (new or changed); the others were left as they were.
  public var filesWritten = 0
  /// Markdown: the edited files kept, with their new version beside them.
  public var filesKept = 0
  /// Markdown: the files of deleted posts removed.
  public var filesRemoved = 0
  /// Markdown: what the user should know (an edited file kept, its new version beside it).
  public var warnings: [String] = []
  /// The instant the export started from (nil: everything).
  public var since: Timestamp?

  public init(posts: Int = 0, questions: Int = 0, deleted: Int = 0, since: Timestamp? = nil) {
    self.posts = posts
    self.questions = questions
    self.deleted = deleted
    self.since = since
  }
}

/// `memo import`: what to read.
public struct ImportRequest: Equatable, Sendable {
  /// A file path; nil reads stdin.
  public var path: String?
  public var format: ImportFormat
  /// Report what would change, write nothing.
  public var isDryRun: Bool
  /// Kindle, KOReader, Readwise, Kobo, Apple Books: a header or date that cannot be read is an
  /// error, not a
  /// warning.
  public var isStrict: Bool

  public init(path: String?, format: ImportFormat, isDryRun: Bool = false, isStrict: Bool = false) {
    self.path = path
    self.format = format
    self.isDryRun = isDryRun
    self.isStrict = isStrict
  }

  /// How the input is named in messages.
  public var displayName: String { path ?? "stdin" }
}

/// What an import changed (or, with --dry-run, would change).
public struct ImportSummary: Equatable, Sendable {
  public var added = 0
  public var updated = 0
  public var unchanged = 0
  public var deleted = 0
  /// Deletions the file holds that were not applied, because the record or what its deletion
  /// would take with it changed here after them (each also a warning naming what).
  public var deletionsKept = 0
  public var isDryRun = false
  /// Goodreads reviews put after the text of a post's body (under "Goodreads review"),
  /// rather than dropped, because the body had text of its own.
  public var reviewsAppended = 0
  /// Goodreads rows of a book that an earlier row of the same file made or reached (another
  /// edition, another Book Id): joined to that one post, neither added nor updated nor
  /// unchanged (one post per book).
  public var joined = 0
  /// Kindle clippings: what became of them.
  public var clippings: ClippingSummary?
  /// What could not be read and what was done about it ("c.txt: line 12: …"), for stderr.
  public var warnings: [String] = []

  public init(
    added: Int = 0, updated: Int = 0, unchanged: Int = 0, deleted: Int = 0, isDryRun: Bool = false
  ) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
    self.deleted = deleted
    self.isDryRun = isDryRun
  }

  /// "3 added, 1 updated, 12 unchanged" (and deletions, when there are some).
  public var description: String {
    // Plain numbers: this line is stdout, which scripts read.
    var parts = ["\(added) added", "\(updated) updated", "\(unchanged) unchanged"]
    if deleted > 0 { parts.append("\(deleted) deleted") }
    if joined > 0 {
      parts.append("\(joined) joined to the post of the same book on an earlier row")
    }
    if deletionsKept > 0 {
      parts.append(
        "\(deletionsKept) deletion\(deletionsKept == 1 ? "" : "s") not applied (changed here since)"
      )
    }
    var reviews = ""
    if reviewsAppended > 0 {
      reviews =
        reviewsAppended == 1
        ? "; 1 Goodreads review added after a body that had text of its own, under \"Goodreads review\""
        : "; \(reviewsAppended) Goodreads reviews added after bodies that had text of their own, under \"Goodreads review\""
    }
    return (isDryRun ? "would be: " : "") + parts.joined(separator: ", ")
      + (clippings.map { ": " + $0.description } ?? "") + reviews
  }
}

/// What a reader's import (Kindle, KOReader, Readwise) did with the highlights of a file.
public struct ClippingSummary: Equatable, Sendable {
  /// Books with a highlight, a note or a question in the file, and how many became new posts.
  public var books = 0
  public var newBooks = 0
  /// Added by this import (a re-import adds none).
  public var highlights = 0
  public var notes = 0
  public var questions = 0
  /// Earlier quotes replaced by the longer highlight the reader made of them.
  public var replaced = 0
  /// Highlights imported before whose passage or note changed on the device since.
  public var updated = 0
  public var bookmarks = 0
  /// The clipping-limit placeholder, in place of a highlight's text.
  public var placeholders = 0
  /// A clipping the file ends inside of (cut off: no closing `==========` line), skipped.
  public var incomplete = 0
  /// Highlights and notes with no text, skipped.
  public var empty = 0
  /// Entries without a clipping header (each also a warning), skipped.
  public var headerless = 0
  /// The same clipping again in the file, or imported before.
  public var duplicates = 0
  /// Imported before and edited here since (passage or note): the edit kept, not a duplicate.
  public var keptEdited = 0
  /// Clippings imported with a part of their header or its date unread (each reported); an
  /// entry with no header at all is `headerless` only.
  public var unreadable = 0
  /// Files of a folder that could not be read at all (each reported), left out.
  public var unreadableFiles = 0
  /// Books whose every clipping was imported before and which were deleted here since: they
  /// stay deleted (their clippings are counted as duplicates).
  public var booksDeletedHere = 0
  /// Highlights the reader's database keeps as deleted on the device (Kobo `Hidden`, Apple
  /// Books `ZANNOTATIONDELETED`).
  public var deleted = 0

  public init() {}

  /// "2 books (1 new), 3 highlights, 1 note, 1 question; skipped 1 bookmark, 0 placeholders,
  /// 2 duplicates" (and replacements, changes from the device, highlights kept as edited
  /// here, highlights deleted on the device and unreadable clippings, when there are some).
  public var description: String {
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    var text =
      "\(count(books, "book", "books")) (\(newBooks) new), \(count(highlights, "highlight", "highlights")), "
      + "\(count(notes, "note", "notes")), \(count(questions, "question", "questions"))"
    if replaced > 0 { text += ", \(replaced) replaced by a longer highlight" }
    if updated > 0 { text += ", \(updated) changed on the device" }
    if keptEdited > 0 { text += ", \(keptEdited) kept as edited here" }
    text +=
      "; skipped \(count(bookmarks, "bookmark", "bookmarks")), \(count(placeholders, "placeholder", "placeholders")), "
      + count(duplicates, "duplicate", "duplicates")
    if incomplete > 0 { text += ", \(incomplete) incomplete (the file ends inside it)" }
    if empty > 0 { text += ", \(empty) empty" }
    if headerless > 0 { text += ", \(headerless) without a header" }
    if deleted > 0 { text += ", \(deleted) deleted on the device" }
    if booksDeletedHere > 0 {
      text += ", \(count(booksDeletedHere, "book", "books")) deleted here (kept deleted)"
    }
    if unreadableFiles > 0 {
      text += ", \(count(unreadableFiles, "unreadable file", "unreadable files"))"
    }
    if unreadable > 0 { text += "; \(unreadable) not fully read (see the warnings)" }
    return text
  }
}

/// What a command asks of export and import, and what storage answered.
public enum TransferAction: Equatable, Sendable {
  case export(ExportRequest)
  case exported(ExportSummary)
  case `import`(ImportRequest)
  case imported(ImportSummary)
}
