import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where an export goes: stdout, or a file written under a temporary name in the same folder
/// and renamed over the target only when complete, so a failed or killed export leaves the
/// previous file intact (SPEC §5).
final class OutputFile {
  let path: String?
  private let temporaryPath: String?
  private let fd: Int32
  /// Where everything written goes first: the one writer, with a 1 MiB buffer for a file.
  let writer: ByteWriter
  private var isFinished = false

  /// - Throws: `MemoError` `.cannotCreate` (73) when the file cannot be created.
  init(path: String?) throws {
    self.path = path
    guard let path else {
      temporaryPath = nil
      fd = STDOUT_FILENO
      writer = ByteWriter(fd: fd, name: "stdout", bufferSize: 1 << 20)
      return
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).memo-tmp-\(getpid())"
    let opened = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
    guard opened >= 0 else {
      throw MemoError(
        code: .cannotCreate,
        message:
          "cannot create \(path): \(String(cString: strerror(errno))); check that its folder exists and is writable"
      )
    }
    temporaryPath = temporary
    fd = opened
    writer = ByteWriter(fd: fd, name: path, bufferSize: 1 << 20)
  }

  deinit { discard() }

  func write(_ text: String) throws {
    writer.write(text)
    try writer.flushIfFull()
  }

  func flush() throws { try writer.flush() }

  /// Flushes, syncs and renames the temporary file over the target.
  func commit() throws {
    try flush()
    guard let path, let temporaryPath else { return }
    guard fsync(fd) == 0, close(fd) == 0 else {
      throw MemoError(
        code: .io, message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    isFinished = true
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw MemoError(code: .cannotCreate, message: "cannot replace \(path): \(reason)")
    }
  }

  /// Removes the temporary file of an export that did not finish.
  func discard() {
    guard !isFinished, let temporaryPath else { return }
    isFinished = true
    close(fd)
    unlink(temporaryPath)
  }
}
