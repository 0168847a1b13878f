import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output: the one `ByteWriter` every command writes through — listings row by row,
/// messages and single records — flushed when its buffer fills and once at the end by `main()`.
enum Output {
  nonisolated(unsafe) static let writer = ByteWriter(fd: STDOUT_FILENO, name: "stdout")

  static func write(_ text: String) {
    writer.write(text)
    // A message is small; a reader gone away shows at the final flush (exit 0, no word).
    try? writer.flushIfFull()
  }

  static func line(_ text: String) {
    writer.write(text)
    writer.byte(0x0A)
    try? writer.flushIfFull()
  }

  /// Set once the command has committed a change: an output that then fails cannot take it
  /// back, and the error says it was kept (a script retrying on 74 would otherwise do it twice).
  nonisolated(unsafe) static var changeKept = false

  /// Writes out what is buffered. A reader that went away (EPIPE) is not an error.
  static func flush() {
    do { try writer.flush() } catch let error as MemoError where error.code != .readerGone {
      let kept =
        changeKept
        ? "; the change itself was made and kept ('memo log' shows it, 'memo undo' takes it back)"
        : ""
      Diagnostics.line("memo: error: \(error.message)\(kept)")
      Glibc.exit(error.code.rawValue)
    } catch {}
  }
}

/// Standard error, for messages that are not data (confirmations, notes).
enum Diagnostics {
  /// A message line. Control characters in it (from a file name, a note, an argument) are shown
  /// as `^[` / `\u{9b}` like everywhere else: a message cannot drive the terminal either.
  static func line(_ text: String) { write(visible(text) + "\n") }

  /// Writes without a newline (for prompts).
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
