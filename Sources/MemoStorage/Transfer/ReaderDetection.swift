import MemoCore

/// The format of an import that its name does not tell, from what is there: a folder holding
/// Apple Books' `AEAnnotation` databases, or a Kobo's `KoboReader.sqlite` (in it or in its
/// `.kobo` folder); a SQLite file with Kobo's `Bookmark` table or Apple Books' `ZAEANNOTATION`
/// or `ZBKLIBRARYASSET` (read from a copy, as an import reads it).
public enum ReaderDetection {
  /// The format, or nil when nothing tells.
  /// - Throws: `MemoError` 66 when nothing is at `path`; 65 for a file named or made as a
  ///   SQLite database that memo cannot read as one, or that is neither reader's.
  public static func format(of path: String) throws -> ImportFormat? {
    switch ReaderFiles.kind(of: path) {
    case .missing:
      throw MemoError(code: .noInput, message: "cannot read \(path): no such file or folder")
    case .folder:
      if AppleBooksReader.isAppleBooksFolder(path) { return .appleBooks }
      if KoboReader.locate(path) != nil { return .kobo }
      return nil
    case .file:
      // A pipe or a device (`<(cat KoboReader.sqlite)`, /dev/fd/N) can be read once: looking
      // at it here would leave the import an empty stream.
      guard ReaderFiles.isRegularFile(path) else {
        throw MemoError.usage(
          "\(path) is a pipe or a device, which memo can read only once, so it cannot look at it first to tell its format; pass --format (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      let lower = path.lowercased()
      let isNamedSQLite =
        lower.hasSuffix(".sqlite") || lower.hasSuffix(".sqlite3") || lower.hasSuffix(".db")
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
      let tables = try copy.tables()
      if tables.contains("Bookmark") { return .kobo }
      if tables.contains("ZAEANNOTATION") || tables.contains("ZBKLIBRARYASSET") {
        return .appleBooks
      }
      throw MemoError(
        code: .badData,
        message:
          "\(path): a SQLite database without Kobo's Bookmark table or Apple Books' ZAEANNOTATION table; memo imports those (--format kobo, apple-books). Nothing was imported"
      )
    }
  }
}
