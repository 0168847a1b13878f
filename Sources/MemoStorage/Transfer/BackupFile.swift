import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `memo db backup PATH`: a consistent copy under a temporary name, mode 0600, renamed over
/// PATH only when complete.
enum BackupFile {
  /// - Throws: `MemoError` `.cannotCreate` (73) when PATH cannot be written; `.io` otherwise.
  static func write(_ database: Database, to path: String) throws {
    guard database.path != ":memory:" else {
      throw MemoError(
        code: .notFound, message: "there is no database yet at the default path; nothing to back up"
      )
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).memo-tmp-\(getpid())"
    let fd = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw MemoError(
        code: .cannotCreate,
        message:
          "cannot create \(path): \(String(cString: strerror(errno))); check that its folder exists and is writable"
      )
    }
    close(fd)
    do {
      try database.backup(to: temporary)
    } catch let error as SQLiteError {
      unlink(temporary)
      throw MemoError(
        code: .io, message: "the backup to \(path) failed: \(error.message)",
        cause: error.description)
    }
    unlink(temporary + "-journal")
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw MemoError(code: .cannotCreate, message: "cannot replace \(path): \(reason)")
    }
  }
}
