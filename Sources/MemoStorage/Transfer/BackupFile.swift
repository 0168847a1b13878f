import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `memo db backup PATH`: a consistent copy under a temporary name, mode 0600 (or the mode of
/// the file it replaces), renamed over PATH only when complete. PATH follows the rules of
/// every output (`OutputTarget`): a symlink is written through, a FIFO, a device or
/// `/dev/fd/N` receives the copy's bytes directly, the database itself is refused.
enum BackupFile {
  /// - Throws: `MemoError` `.cannotCreate` (73) when PATH cannot be written; `.usage` (64)
  ///   when PATH is the database or one of its files; `.io` otherwise.
  static func write(_ database: Database, to path: String) throws {
    guard database.path != ":memory:" else {
      throw MemoError(
        code: .notFound, message: "there is no database yet at the default path; nothing to back up"
      )
    }
    let target = try OutputTarget.resolve(path, database: database.path)
    guard case .replace = target.kind else {
      // SQLite can only write a file it can seek in: copy through a temporary one.
      let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
      let copyPath = (folder ?? "/tmp") + "/memo-backup.db"
      OutputFile.removeStaleTemporaries(beside: copyPath)
      let temporary = OutputFile.temporaryName(beside: copyPath)
      let slots = remember(temporary)
      defer {
        unlink(temporary)
        slots.forEach(TemporaryFiles.forget)
      }
      try backup(database, to: temporary, naming: path)
      try copy(temporary, to: path, database: database.path)
      return
    }
    // What a backup or an export killed with SIGKILL left in that folder goes.
    OutputFile.removeStaleTemporaries(beside: target.path)
    // Refused before the copy is made if another process has PATH open; else held until the
    // rename, so that none opens it meanwhile.
    let lock = try DestinationLock(target.path, naming: path)
    defer { lock.release() }
    let temporary = OutputFile.temporaryName(beside: target.path)
    let slots = remember(temporary)
    defer { slots.forEach(TemporaryFiles.forget) }
    try backup(database, to: temporary, naming: path)
    if case .replace(let mode?, let owner) = target.kind {
      if let owner, getuid() == 0 { _ = chown(temporary, owner.uid, owner.gid) }
      _ = chmod(temporary, mode)
    }
    lock.removeSideFiles()
    guard rename(temporary, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw MemoError(code: .cannotCreate, message: "cannot replace \(path): \(reason)")
    }
  }

  /// Remembers the backup's temporary file and its `-journal` for removal when SIGINT, SIGTERM
  /// or SIGHUP ends memo (`TemporaryFiles`). - Returns: the slots to forget once done.
  static func remember(_ temporary: String) -> [Int] {
    [temporary, temporary + "-journal"].compactMap(TemporaryFiles.remember)
  }

  /// Backs `database` up into a new file at `temporary`, mode 0600.
  static func backup(_ database: Database, to temporary: String, naming path: String) throws {
    let fd = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw MemoError(
        code: .cannotCreate,
        message:
          "cannot create \(path): \(String(cString: strerror(errno))); check that its folder exists and is writable"
      )
    }
    close(fd)
    let problems: [String]
    do {
      problems = try database.backup(to: temporary)
    } catch let error as SQLiteError {
      unlink(temporary)
      unlink(temporary + "-journal")
      throw MemoError(
        code: .io, message: "the backup to \(path) failed: \(error.message)",
        cause: error.description)
    }
    unlink(temporary + "-journal")
    guard problems.isEmpty else {
      unlink(temporary)
      throw damaged(database.path, problems: problems, naming: path)
    }
  }

  /// A database `PRAGMA quick_check` finds damaged is not copied as if it were sound (exit 74,
  /// as `memo db check` exits on it).
  static func damaged(_ database: String, problems: [String], naming path: String) -> MemoError {
    MemoError(
      code: .io,
      message:
        "the database \(database) is damaged: \(problems[0]); nothing was written to \(path). Run 'memo db check' to list the problems"
    )
  }

  /// Copies the finished backup's bytes into a target written directly (a pipe, a device).
  static func copy(_ source: String, to path: String, database: String) throws {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      throw MemoError(code: .io, message: "cannot read back the backup \(source)")
    }
    defer { close(input) }
    let output = try OutputFile(path: path, database: database, isUsersPath: true, what: "backup")
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw MemoError(code: .io, message: "cannot read back the backup \(source)")
      }
      if count == 0 { break }
      chunk.withUnsafeBufferPointer {
        output.writer.bytes(UnsafeBufferPointer(rebasing: $0[0..<count]))
      }
      try output.writer.flushIfFull()
    }
    try output.commit()
  }
}
