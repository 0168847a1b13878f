import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The file `memo db backup` renames its copy over, held against SQLite for the rename.
///
/// A process with PATH open as a database (a `memo browse`, a `sqlite3` shell) keeps writing
/// its transactions to `PATH-wal`, named after the path, not the file: renamed over, the new
/// file would pair with that WAL, and the next connection would read pages the backup never
/// had. So a PATH in use is refused; one not in use is locked as SQLite locks a database (its
/// byte range past 1 GiB, https://sqlite.org/lockingv3.html), so that no connection opens it
/// meanwhile, and its `-wal`, `-shm` and `-journal`, stale, are removed before the rename:
/// none can pair with the new file.
struct DestinationLock {
  /// SQLite's lock bytes (os_unix.c): PENDING_BYTE, RESERVED_BYTE, then 510 SHARED bytes.
  static let lockStart = off_t(0x4000_0000)
  static let lockLength = off_t(512)

  /// The descriptor holding the write lock on PATH (nil when PATH does not exist yet).
  private var descriptor: Int32?
  let path: String

  /// Locks `path` (a regular file's final path, or one not there yet). - Parameter name: PATH as the user gave it, for messages.
  /// - Throws: `MemoError.cannotCreate` (73) when another process has `path` open as a database.
  init(_ path: String, naming name: String) throws {
    self.path = path
    let fd = open(path, O_RDWR | O_CLOEXEC)
    let readOnly = fd < 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1
    defer { if readOnly >= 0 { close(readOnly) } }
    if fd >= 0 {
      descriptor = fd
      var lock = Self.writeLock(start: Self.lockStart, length: Self.lockLength)
      if fcntl(fd, F_SETLK, &lock) != 0 {
        let holder = Self.holder(of: fd, start: Self.lockStart, length: Self.lockLength)
        close(fd)
        throw Self.inUse(name, holder: holder)
      }
    } else if readOnly >= 0,
      let holder = Self.holder(of: readOnly, start: Self.lockStart, length: Self.lockLength)
    {
      throw Self.inUse(name, holder: holder)
    }
    // A connection to the file that was at PATH before (deleted or renamed over since) still
    // holds its -shm: that WAL is in use too.
    let shm = open(path + "-shm", O_RDONLY | O_CLOEXEC)
    if shm >= 0 {
      let holder = Self.holder(of: shm, start: 0, length: 0)
      close(shm)
      if let holder {
        release()
        throw Self.inUse(name, holder: holder)
      }
    }
  }

  /// Removes PATH's `-wal`, `-shm` and `-journal`, which nobody has open (`init` checked, and
  /// the lock keeps it so): what they hold belongs to the file about to be replaced. Called
  /// just before the rename, once the copy is complete: a failed backup leaves PATH whole.
  func removeSideFiles() {
    for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }

  /// Lets PATH go (after the rename: the lock was on the file replaced).
  func release() {
    if let descriptor { close(descriptor) }
  }

  static func writeLock(start: off_t, length: off_t) -> flock {
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = start
    lock.l_len = length
    return lock
  }

  /// The process holding a lock on those bytes of `fd`'s file (another process's: POSIX locks
  /// never conflict within one), nil when none does.
  static func holder(of fd: Int32, start: off_t, length: off_t) -> pid_t? {
    var lock = writeLock(start: start, length: length)
    guard fcntl(fd, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK) else { return nil }
    return lock.l_pid
  }

  static func inUse(_ name: String, holder: pid_t?) -> MemoError {
    let who = holder.map { "process \($0) has it open" } ?? "another process has it open"
    return MemoError(
      code: .cannotCreate,
      message:
        "\(name) is a live database in use (\(who)); replacing it now would pair its -wal with the copy. Pick another path, or close the other process (a 'memo browse', a sqlite3 shell) and run the backup again; nothing was written"
    )
  }
}
