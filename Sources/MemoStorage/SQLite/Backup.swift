import CSQLite

extension Database {
  /// Copies the whole database into the file at `path` with SQLite's online backup API: a
  /// consistent snapshot even while other connections write
  /// (https://sqlite.org/backup.html).
  /// - Throws: `SQLiteError`.
  public func backup(to path: String) throws {
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
  }

  /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`. - Returns: the problems found
  /// (empty when the database is sound).
  public func problems() throws -> [String] {
    var problems: [String] = []
    let integrity = try makeStatement(sql: "PRAGMA integrity_check")
    while try integrity.step() {
      let line = integrity.string(0)
      if line != "ok" { problems.append(line) }
    }
    let keys = try makeStatement(sql: "PRAGMA foreign_key_check")
    while try keys.step() {
      problems.append(
        "row \(keys.int64(1)) of \(keys.string(0)) points to a missing row of \(keys.string(2))")
    }
    return problems
  }
}
