/// What `memo export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  case json, jsonl, csv
  /// One markdown file per post, into a folder.
  case markdown
}

/// What `memo import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
  case json, jsonl, csv, kindle, goodreads

  /// The format a file name implies (`.json`, `.jsonl`, `.ndjson`, `.csv`, `.txt` for
  /// Kindle's "My Clippings.txt"), if any. A Goodreads CSV is told apart by its header.
  public static func guess(from path: String) -> ImportFormat? {
    let lower = path.lowercased()
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
    if lower.hasSuffix(".json") { return .json }
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".txt") { return .kindle }
    return nil
  }
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

  public init(
    format: ExportFormat, output: String? = nil, since: Timestamp? = nil, cursor: String? = nil
  ) {
    self.format = format
    self.output = output
    self.since = since
    self.cursor = cursor
  }
}

/// What an export wrote.
public struct ExportSummary: Equatable, Sendable {
  public var posts: Int
  public var questions: Int
  public var deleted: Int
  /// Markdown: the files written (new or changed); the others were left as they were.
  public var filesWritten = 0
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

  public init(path: String?, format: ImportFormat, isDryRun: Bool = false) {
    self.path = path
    self.format = format
    self.isDryRun = isDryRun
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
  public var isDryRun = false

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
    var parts = ["\(added) added", "\(updated) updated", "\(unchanged) unchanged"]
    if deleted > 0 { parts.append("\(deleted) deleted") }
    return (isDryRun ? "would be: " : "") + parts.joined(separator: ", ")
  }
}

/// What a command asks of export and import, and what storage answered.
public enum TransferAction: Equatable, Sendable {
  case export(ExportRequest)
  case exported(ExportSummary)
  case `import`(ImportRequest)
  case imported(ImportSummary)
}
