import MemoCore

/// The one place an import's format is told, for files, folders, databases and contents, by
/// asking every reader (`Readers.all`) in turn: first the path's name (`.txt`, `.csv`, `.sdr`,
/// …); then what is there: a folder (Apple Books' `AEAnnotation` databases, a Kobo's
/// `KoboReader.sqlite`, else KOReader's sidecars) or a SQLite file's tables (read from a copy,
/// as an import reads it); and last, once the file is read, its content, for a file that
/// passes for memo's own (a Readwise or Goodreads `.csv`, KOReader's JSON export).
public enum ReaderDetection {
  /// The format of `path` (nil: stdin) unless `given`, checked against `--strict`, before the
  /// database is opened: what the name and the file system tell (the content decides later,
  /// in `reader(for:)`).
  /// - Throws: `MemoError` 66 when nothing is at `path`; 64 when nothing tells, or for
  ///   `--strict` with a reader without it; 65 as `format(of:)`.
  public static func format(of path: String?, given: ImportFormat?, isStrict: Bool) throws
    -> ImportFormat
  {
    let found = try given ?? path.flatMap { try format(of: $0) }
    guard let found else {
      if let path, !KOReaderFiles.exists(path) {
        throw MemoError(code: .noInput, message: "cannot read \(path): no such file or folder")
      }
      throw MemoError.usage(
        "cannot tell the format of \(path ?? "stdin"); pass --format \(Readers.formats.map(\.rawValue).joined(separator: ", "))"
      )
    }
    try Readers.checkStrict(try Readers.reader(found), isStrict: isStrict, name: nil)
    return found
  }

  /// The format the name of `path`, or what is there, tells; nil when nothing tells.
  /// - Throws: `MemoError` 66 when nothing is at `path`; 65 for a file named or made as a
  ///   SQLite database that memo cannot read as one, or that is no reader's.
  public static func format(of path: String) throws -> ImportFormat? {
    var lower = path.lowercased()
    while lower.count > 1, lower.hasSuffix("/") { lower.removeLast() }
    if let reader = best(.name(lower)) { return reader.format }
    switch ReaderFiles.kind(of: path) {
    case .missing:
      throw MemoError(code: .noInput, message: "cannot read \(path): no such file or folder")
    case .folder:
      return best(.folder(path))?.format
    case .file:
      return try databaseFormat(path, isNamedSQLite: isNamedSQLite(lower))
    }
  }

  /// The reader of an import: its format's, or, for a file that passes for memo's own, the
  /// reader its content shows (the file is read for it, once).
  static func reader(for input: ReaderInput) throws -> any Reader.Type {
    let reader = try Readers.reader(input.request.format)
    let others = Readers.passingFor(reader.format)
    guard !others.isEmpty else { return reader }
    let bytes = try input.bytes()
    return others.first { $0.detect(.content(bytes)) == .yes } ?? reader
  }

  /// The reader most sure of `candidate` (the first listed of those equally sure).
  static func best(_ candidate: ReaderCandidate) -> (any Reader.Type)? {
    var found: (reader: any Reader.Type, match: ReaderMatch)?
    for reader in Readers.all {
      let match = reader.detect(candidate)
      if match > (found?.match ?? .no) { found = (reader, match) }
    }
    return found?.reader
  }

  static func isNamedSQLite(_ lower: String) -> Bool {
    lower.hasSuffix(".sqlite") || lower.hasSuffix(".sqlite3") || lower.hasSuffix(".db")
  }

  /// A file's format by its tables, when it is a SQLite database.
  private static func databaseFormat(_ path: String, isNamedSQLite: Bool) throws -> ImportFormat? {
    // A pipe or a device (`<(cat KoboReader.sqlite)`, /dev/fd/N) can be read once: looking
    // at it here would leave the import an empty stream.
    guard ReaderFiles.isRegularFile(path) else {
      throw MemoError.usage(
        "\(path) is a pipe or a device, which memo can read only once, so it cannot look at it first to tell its format; pass --format (\(Readers.formats.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    guard ReaderFiles.isSQLite(path) else {
      if isNamedSQLite {
        throw MemoError(
          code: .badData,
          message:
            "\(path): not a SQLite database (it does not start with the SQLite header); nothing was imported"
        )
      }
      return nil
    }
    let copy = try ReaderDatabaseCopy(path, name: path)
    if let reader = best(.database(tables: try copy.tables())) { return reader.format }
    throw MemoError(
      code: .badData,
      message:
        "\(path): a SQLite database without Kobo's Bookmark table or Apple Books' ZAEANNOTATION table; memo imports those (--format kobo, apple-books). Nothing was imported"
    )
  }
}
