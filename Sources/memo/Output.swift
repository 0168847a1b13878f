#if canImport(Glibc)
  import Glibc
#endif

/// Buffered standard output: commands write here after their work is done, and `main()`
/// flushes once at the end (one write(2) for most commands).
enum Output {
  nonisolated(unsafe) private static var buffer: [UInt8] = {
    var bytes = [UInt8]()
    bytes.reserveCapacity(1 << 16)
    return bytes
  }()

  static func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  static func line(_ text: String) { write(text + "\n") }

  static func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // EPIPE and friends: the reader went away; nothing more to say.
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Standard error, for messages that are not data (confirmations, notes).
enum Diagnostics {
  static func line(_ text: String) { write(text + "\n") }

  /// Writes without a newline (for prompts).
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
