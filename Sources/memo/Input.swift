import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reading what the user gives on stdin.
enum Input {
  /// `value`, or all of stdin when `value` is "-".
  /// - Throws: `MemoError` `.badData` (65) when stdin is not UTF-8, `.io` when it cannot be read.
  /// Text read from stdin loses its final line break (`echo text | memo add X --body -`) and a
  /// byte-order mark before it (a file saved by Notepad): neither is the user's text. Only the
  /// one line break: blank lines before it are the user's, kept as given (as the `$EDITOR`
  /// file keeps them; `git commit -F -` drops them, but a commit message is not a note).
  static func textOrStdin(_ value: String) throws -> String {
    guard value == "-" else { return value }
    var text = try readStandardInput()
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    // "\r\n" is one Character: removeLast takes the whole line break either way.
    if text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
    return text
  }

  static func readStandardInput() throws -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw MemoError(
          code: .io, message: "cannot read stdin: \(String(cString: strerror(errno)))")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw MemoError(
        code: .badData, message: "stdin is not valid UTF-8 text; convert it to UTF-8 first")
    }
    return text
  }

  /// Asks before deleting: on a terminal, a yes/no question; off one, a refusal (SPEC §3).
  /// - Throws: `MemoError` `.usage` (64) off a terminal; `Declined` when the user says no.
  static func confirmDeletion(_ question: String) throws {
    try requireTerminal()
    guard confirm(question) else { throw Declined(message: "nothing removed") }
  }

  /// - Throws: `MemoError` `.usage` (64) when stdin is not a terminal to ask on.
  static func requireTerminal() throws {
    guard Terminal.stdinIsTerminal else {
      throw MemoError.usage(
        "refusing to delete without confirmation: stdin is not a terminal; pass --yes")
    }
  }

  /// Asks a yes/no question on the terminal. - Returns: true only for "y" or "yes".
  static func confirm(_ question: String) -> Bool {
    Diagnostics.write(question + " [y/N] ")
    guard let answer = readLine() else { return false }
    let word = answer.trimmingWhitespace().lowercased()
    return word == "y" || word == "yes"
  }
}

/// The user answered "no" at a prompt: not an error (SPEC §4), but not a success either —
/// exit 1 with the message, without "error:".
struct Declined: Error {
  var message: String
}
