import MemoCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where an export goes: stdout, or a file written under a temporary name in the same folder
/// and renamed over the target only when complete, so a failed or killed export leaves the
/// previous file intact (SPEC §5). A symlink is written through (the file it points to is
/// replaced, the link kept); a FIFO, a device or `/dev/fd/N` is written to directly
/// (`OutputTarget`).
final class OutputFile {
  let path: String?
  private let target: OutputTarget?
  private let temporaryPath: String?
  /// Where the temporary file is remembered for removal on SIGINT/SIGTERM (`TemporaryFiles`).
  private var temporarySlot: Int?
  private let fd: Int32
  /// Where everything written goes first: the one writer, with a 1 MiB buffer for a file.
  let writer: ByteWriter
  private var isFinished = false

  /// - Parameters:
  ///   - database: the database in use, which the output must not be (nil: none).
  ///   - isUsersPath: whether `path` is one the user named (an export, a backup), resolved as
  ///     `OutputTarget` says; memo's own files (sync's) are replaced as they are, never
  ///     written through a symlink someone else could have put there.
  ///   - what: what the output is ("export", "backup"): a reader of a FIFO or `/dev/fd/N`
  ///     that goes away before the end makes it incomplete, an error naming it (74).
  /// - Throws: `MemoError` `.cannotCreate` (73) when the file cannot be created, `.usage`
  ///   (64) when `path` is the database or one of its files, or a folder.
  init(path: String?, database: String? = nil, isUsersPath: Bool = false, what: String = "export")
    throws
  {
    self.path = path
    guard let path else {
      target = nil
      temporaryPath = nil
      fd = STDOUT_FILENO
      writer = ByteWriter(fd: fd, name: "stdout", bufferSize: 1 << 20)
      return
    }
    let target =
      isUsersPath
      ? try OutputTarget.resolve(path, database: database)
      : OutputTarget(given: path, path: path, kind: .replace(mode: nil, owner: nil))
    self.target = target
    switch target.kind {
    case .descriptor(let descriptor):
      temporaryPath = nil
      fd = dup(descriptor)
    case .direct:
      temporaryPath = nil
      // No O_CREAT, no O_TRUNC games: a FIFO or a device is opened as `cat > path` would.
      fd = open(target.path, O_WRONLY | O_CLOEXEC)
    case .replace:
      Self.removeStaleTemporaries(beside: target.path)
      let temporary = Self.temporaryName(beside: target.path)
      temporaryPath = temporary
      fd = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
      if fd >= 0 { temporarySlot = TemporaryFiles.remember(temporary) }
    }
    guard fd >= 0 else {
      throw MemoError(
        code: .cannotCreate,
        message:
          "cannot create \(path): \(String(cString: strerror(errno))); check that its folder exists and is writable"
      )
    }
    // Only stdout's reader may go away quietly (`--output /dev/stdout` is stdout, as `-`):
    // the status of a pipeline's reader is the pipeline's, while nothing reports that of
    // `>(gzip > x.gz)` or a FIFO's reader but memo.
    let isStdout: Bool
    if case .descriptor(STDOUT_FILENO) = target.kind { isStdout = true } else { isStdout = false }
    writer = ByteWriter(
      fd: fd, name: path, bufferSize: 1 << 20, incompleteWhenReaderGone: isStdout ? nil : what)
  }

  deinit { discard() }

  /// `.NAME.memo-tmp-PID` in the folder of `path`: on the same file system, so the rename is
  /// atomic.
  static func temporaryName(beside path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return (folder.isEmpty ? "" : folder + "/") + ".\(name).memo-tmp-\(getpid())"
  }

  /// Removes the memo temporary files that runs killed with SIGKILL left in the folder of
  /// `path` (`removeStaleTemporaries(in:)`): `path`'s own at once, others' once a minute old.
  static func removeStaleTemporaries(beside path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
    removeStaleTemporaries(in: OutputTarget.folder(of: path), target: name)
  }

  /// The folders this process has cleaned already: a markdown export writes thousands of
  /// files into one folder, which is read once, not once a file. Behind a lock: memo runs one
  /// command a process, but the storage tests export from many threads at once (an unguarded
  /// set crashed a CI run inserting into it).
  static let cleanedFolders = Mutex<Set<String>>([])

  /// How long another target's temporary file must have been left untouched before it is
  /// removed: a run on another machine sharing the folder (whose PID this one cannot see)
  /// keeps writing its file, while a run killed with SIGKILL stopped.
  static let othersQuietSeconds = 60

  /// Removes from `folder` what exports and backups killed with SIGKILL left there: the
  /// regular files named `.NAME.memo-tmp-PID` (and a backup's `-journal`, `-wal` and `-shm`)
  /// whose PID no process here has — NAME `target`'s (nil: any) at once, another NAME's once
  /// unmodified for `othersQuietSeconds`. Nothing else is touched: not a file of a live process
  /// (nor of one this user may not signal), not another name, not a symlink, folder or FIFO of
  /// that name (never followed either). A folder is read once a run.
  static func removeStaleTemporaries(in folder: String, target: String? = nil) {
    let folder = folder.isEmpty ? "." : folder
    guard cleanedFolders.withLock({ $0.insert(folder).inserted }), let dir = opendir(folder)
    else { return }
    defer { closedir(dir) }
    let descriptor = dirfd(dir)
    let now = time(nil)
    var stale: [String] = []
    while let entry = readdir(dir) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let parts = temporaryParts(entryName), parts.pid != getpid() else { continue }
      var info = stat()
      guard fstatat(descriptor, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0,
        (info.st_mode & S_IFMT) == S_IFREG,
        target == nil || parts.name == target || now - info.st_mtim.tv_sec >= othersQuietSeconds
      else { continue }
      if kill(parts.pid, 0) == -1 && errno == ESRCH { stale.append(entryName) }
    }
    // Relative to the folder read: a folder renamed meanwhile does not redirect the removal.
    for entryName in stale { unlinkat(descriptor, entryName, 0) }
  }

  /// The NAME and the PID of a memo temporary file's name, `.NAME.memo-tmp-PID` or that with
  /// `-journal`, `-wal` or `-shm` (NAME not empty, PID only digits); nil for any other name.
  static func temporaryParts(_ entry: String) -> (name: String, pid: Int32)? {
    let marker = ".memo-tmp-"
    guard entry.hasPrefix("."), let range = entry.ranges(of: marker).last,
      range.lowerBound > entry.index(after: entry.startIndex)
    else { return nil }
    var digits = entry[range.upperBound...]
    // A backup's copy is a database: its rollback journal, or (checked with quick_check
    // before the rename) its -wal and -shm.
    if let suffix = ["-journal", "-wal", "-shm"].first(where: { digits.hasSuffix($0) }) {
      digits = digits.dropLast(suffix.count)
    }
    guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
      let pid = Int32(digits), pid > 0
    else { return nil }
    return (String(entry[entry.index(after: entry.startIndex)..<range.lowerBound]), pid)
  }

  func write(_ text: String) throws {
    writer.write(text)
    try writer.flushIfFull()
  }

  func flush() throws { try writer.flush() }

  /// Flushes, syncs and renames the temporary file over the target (a direct target: flushes
  /// and closes it).
  func commit() throws {
    try flush()
    guard let path, let target else { return }
    guard let temporaryPath else {
      isFinished = true
      guard close(fd) == 0 else {
        throw MemoError(
          code: .io, message: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      return
    }
    if case .replace(let mode?, let owner) = target.kind {
      // The file being replaced keeps its permissions and, when root replaces it, its owner.
      if let owner, getuid() == 0 { _ = fchown(fd, owner.uid, owner.gid) }
      _ = fchmod(fd, mode)
    }
    guard fsync(fd) == 0, close(fd) == 0 else {
      throw MemoError(
        code: .io, message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    isFinished = true
    defer { forgetTemporary() }
    guard rename(temporaryPath, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw MemoError(code: .cannotCreate, message: "cannot replace \(path): \(reason)")
    }
  }

  private func forgetTemporary() {
    if let temporarySlot { TemporaryFiles.forget(temporarySlot) }
    temporarySlot = nil
  }

  /// Removes the temporary file of an export that did not finish (a direct target keeps
  /// what reached it: a pipe cannot take bytes back).
  func discard() {
    guard !isFinished, path != nil else { return }
    isFinished = true
    close(fd)
    if let temporaryPath { unlink(temporaryPath) }
    forgetTemporary()
  }
}
