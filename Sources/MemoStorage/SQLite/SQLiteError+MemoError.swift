import CSQLite
import MemoCore

extension MemoError {
  /// Turns a SQLite failure into the error users see (SPEC §4): busy → 75, everything else
  /// about the file → 74, naming the path and what to do.
  public init(_ error: SQLiteError, path: String) {
    let cause = error.description
    switch error.code {
    case SQLITE_BUSY, SQLITE_LOCKED:
      self.init(
        code: .busy,
        message: "the database \(path) is busy (another process is using it); try again",
        cause: cause)
    case SQLITE_READONLY:
      self.init(
        code: .io,
        message:
          "cannot write to \(path): the database is read-only; check the permissions of the file and its folder",
        cause: cause)
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
      self.init(
        code: .io,
        message:
          "cannot open the database \(path); check that it is a file (not a folder) you may read and write, or pass --db PATH",
        cause: cause)
    case SQLITE_FULL:
      self.init(
        code: .io,
        message:
          "the disk is full writing \(path); free some space and try again (nothing was changed)",
        cause: cause)
    case SQLITE_NOTADB, SQLITE_CORRUPT:
      self.init(
        code: .io,
        message:
          "\(path) is not a usable memo database (\(error.message)); pass --db PATH for another file",
        cause: cause)
    case SQLITE_IOERR:
      self.init(code: .io, message: "I/O error on \(path): \(error.message)", cause: cause)
    default:
      self.init(code: .io, message: "database error on \(path): \(error.message)", cause: cause)
    }
  }
}

extension MemoError {
  /// A SQLite failure reading the temporary copy of a reader's database (`name`, as the user
  /// gave it): its content is at fault (65), unless the copy itself could not be read or
  /// written (74).
  init(readerDatabase error: SQLiteError, name: String) {
    let cause = error.description
    switch error.code {
    case SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOMEM, SQLITE_PERM, SQLITE_READONLY:
      self.init(
        code: .io,
        message:
          "cannot read the temporary copy of \(name): \(error.message); free some space or set TMPDIR to a writable folder",
        cause: cause)
    case SQLITE_NOTADB:
      self.init(
        code: .badData, message: "\(name): not a SQLite database; nothing was imported",
        cause: cause)
    case SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_FORMAT, SQLITE_RANGE:
      self.init(
        code: .badData,
        message:
          "\(name): the database is damaged or cut short (\(error.message)); copy it from the device again. Nothing was imported",
        cause: cause)
    default:
      self.init(
        code: .badData,
        message: "\(name): cannot read the database (\(error.message)); nothing was imported",
        cause: cause)
    }
  }
}
