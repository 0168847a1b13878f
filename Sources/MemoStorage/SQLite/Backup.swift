import CSQLite

extension Database {
  /// Copies the whole database into the file at `path` with SQLite's online backup API: a
  /// consistent snapshot even while other connections write
  /// (https://sqlite.org/backup.html).
  /// - Returns: what `PRAGMA quick_check` finds wrong with the copy (empty when it is sound):
  ///   the backup API copies pages as they are, a damaged page included.
  /// - Throws: `SQLiteError`.
  public func backup(to path: String) throws -> [String] {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard code == SQLITE_OK, let destination = handle else {
      let error = SQLiteError(extendedCode: code, message: errorMessage(handle, code))
      sqlite3_close_v2(handle)
      throw error
    }
    defer { sqlite3_close_v2(destination) }
    guard let backup = sqlite3_backup_init(destination, "main", self.handle, "main") else {
      throw SQLiteError(
        extendedCode: sqlite3_extended_errcode(destination),
        message: errorMessage(destination, SQLITE_ERROR))
    }
    var step: Int32
    repeat {
      // All pages in one step: the snapshot is taken under one read lock, so writers in WAL
      // mode are never blocked and the copy never restarts.
      step = sqlite3_backup_step(backup, -1)
      if step == SQLITE_BUSY || step == SQLITE_LOCKED { sqlite3_sleep(20) }
    } while step == SQLITE_OK || step == SQLITE_BUSY || step == SQLITE_LOCKED
    let finish = sqlite3_backup_finish(backup)
    if step != SQLITE_DONE {
      throw SQLiteError(extendedCode: step, message: errorMessage(destination, step))
    }
    try check(finish, on: destination)
    return Self.checkLines(destination, pragma: "quick_check")
  }

  /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`. - Returns: the problems found
  /// (empty when the database is sound), a line each; a check SQLite cannot finish (a page
  /// too damaged to read) ends with SQLite's reason ("database disk image is malformed").
  public func problems() throws -> [String] {
    var problems = Self.checkLines(handle, pragma: "integrity_check")
    // Foreign keys are read through the tables: a page too damaged to read ends the check
    // with SQLite's reason, once.
    do {
      let keys = try makeStatement(sql: "PRAGMA foreign_key_check")
      while try keys.step() {
        problems.append(
          "row \(keys.int64(1)) of \(keys.string(0)) points to a missing row of \(keys.string(2))")
      }
    } catch let error as SQLiteError {
      if problems.last != error.message { problems.append(error.message) }
    }
    return problems
  }

  /// The lines `PRAGMA pragma` (integrity_check, quick_check) prints on `connection`, but
  /// "ok"; a row of several lines ("*** in database main ***\nOn tree page 5 …") is split into
  /// them. A step or a prepare that fails adds SQLite's message as the last line.
  static func checkLines(_ connection: OpaquePointer, pragma: String) -> [String] {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(connection, "PRAGMA \(pragma)", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK, let statement else {
      return [errorMessage(connection, prepared)]
    }
    var lines: [String] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        lines.append(errorMessage(connection, code))
        break
      }
      let text = sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
      if text == "ok" { continue }
      // "*** in database main ***" heads the lines of each database; memo has one.
      lines += text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        .filter { !($0.hasPrefix("*** in database ") && $0.hasSuffix(" ***")) }
    }
    return lines
  }
}

extension DatabaseFile {
  /// What is wrong with the file at `path`, for `memo db check` when memo could not open it:
  /// not a database at all, a schema SQLite cannot read, or what `PRAGMA integrity_check`
  /// says of it. Opened read-only and not upgraded: a damaged file is not written to.
  /// - Returns: the problems, a line each; nil when SQLite finds nothing wrong with it (the
  ///   failure to open it was something else: permissions, a lock).
  public static func damage(at path: String) -> [String]? {
    let database: Database
    do {
      database = try Database(path: path, create: false, readOnly: true)
    } catch let error as SQLiteError {
      switch error.code {
      case SQLITE_NOTADB:
        return ["not a SQLite database (\(error.message))"]
      case SQLITE_CORRUPT:
        return ["the schema cannot be read: \(error.message)"]
      default: return nil
      }
    } catch {
      return nil
    }
    let lines = Database.checkLines(database.handle, pragma: "integrity_check")
    return lines.isEmpty ? nil : lines
  }
}
