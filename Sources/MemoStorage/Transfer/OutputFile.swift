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
  /// Bytes not yet written; the row writer appends here directly.
  var buffer: [UInt8] = []
  private var isFinished = false

  /// - Throws: `MemoError` `.cannotCreate` (73) when the file cannot be created.
  init(path: String?) throws {
    self.path = path
    guard let path else {
      temporaryPath = nil
      fd = STDOUT_FILENO
      buffer.reserveCapacity(1 << 20)
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
    buffer.reserveCapacity(1 << 20)
  }

  deinit { discard() }

  func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes `bytes` after what is buffered.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    try flush()
    try writeAll(bytes)
  }

  func flush() throws {
    try buffer.withUnsafeBufferPointer { try writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(fd, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw MemoError(
          code: .io,
          message: "cannot write \(path ?? "stdout"): \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

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
