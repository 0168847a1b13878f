import MemoCore

/// memo's own export as one JSON document (`memo export --format json`), checked whole.
enum MemoJSONReader: Reader {
  static let format = ImportFormat.json
  static let title = "memo JSON"
  static let hasStrictMode = false

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    MemoFormats.named(candidate, ".json")
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    .records(try MemoFormats.records(input, format: format))
  }
}

/// memo's own export as CSV (`memo export --format csv`), checked whole.
enum MemoCSVReader: Reader {
  static let format = ImportFormat.csv
  static let title = "memo CSV"
  static let hasStrictMode = false

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    MemoFormats.named(candidate, ".csv")
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    .records(try MemoFormats.records(input, format: format))
  }
}

/// memo's own JSON Lines (`memo export --format jsonl`, a change feed), streamed: read and
/// decoded on a second thread while they are merged.
enum MemoJSONLinesReader: Reader {
  static let format = ImportFormat.jsonl
  static let title = "memo JSON Lines"
  static let hasStrictMode = false

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    MemoFormats.named(candidate, ".jsonl", ".ndjson")
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    try MemoFormats.refuseClippings(MemoFormats.head(of: input.path), input: input)
    return .stream(try InputFile(input.path))
  }
}

enum MemoFormats {
  /// Whether a name ends in one of `extensions`.
  static func named(_ candidate: ReaderCandidate, _ extensions: String...) -> ReaderMatch {
    guard case .name(let name) = candidate else { return .no }
    return extensions.contains { name.hasSuffix($0) } ? .yes : .no
  }

  /// The records of a whole file, refused (65) when it is a Kindle "My Clippings.txt".
  static func records(_ input: ReaderInput, format: ImportFormat) throws -> [BackupRecord] {
    let bytes = try input.bytes()
    try refuseClippings(bytes, input: input)
    return try BackupDecoder.decode(bytes, format: format, name: input.name)
  }

  /// A Kindle "My Clippings.txt" given to be read as memo's own json, jsonl or csv: refused
  /// (65), naming what it is and the `--format` that reads it, before anything is written.
  /// `head` is the file's beginning (its first lines are enough).
  static func refuseClippings(_ head: [UInt8], input: ReaderInput) throws {
    guard KindleClippings.looksLikeClippings(head) else { return }
    throw MemoError(
      code: .badData,
      message:
        "\(input.name) is a Kindle \"My Clippings.txt\" file, not memo's \(input.request.format.rawValue); import it with --format kindle. Nothing was imported"
    )
  }

  /// The first lines of the file at `path` (none for stdin, a pipe or a device, which can be
  /// read only once), read apart from the import.
  static func head(of path: String?) throws -> [UInt8] {
    guard let path, ReaderFiles.isRegularFile(path) else { return [] }
    let file = try InputFile(path)
    var head: [UInt8] = []
    for _ in 0..<3 {
      guard let line = try file.nextLine() else { break }
      head += line + [0x0A]
    }
    return head
  }
}
