import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// An import's input: a file, or stdin; read whole, or line by line.
final class InputFile {
  private let fd: Int32
  private let name: String
  private let ownsDescriptor: Bool
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts.
  private var start = 0
  private var isAtEnd = false
  private var hasCheckedBOM = false
  /// The number of the line `nextLine()` returned last.
  private(set) var lineNumber = 0

  /// Opens the file (nil: stdin).
  /// - Throws: `MemoError` `.noInput` (66) when the file is missing, a folder or unreadable.
  init(_ path: String?) throws {
    guard let path else {
      (fd, name, ownsDescriptor) = (STDIN_FILENO, "stdin", false)
      return
    }
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw MemoError(code: .noInput, message: "\(path) is a folder; give the file to import")
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw MemoError(
        code: .noInput, message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    (self.fd, name, ownsDescriptor) = (fd, path, true)
  }

  deinit { if ownsDescriptor { close(fd) } }

  /// The whole input. - Throws: `MemoError` `.noInput` (66).
  static func read(_ path: String?) throws -> [UInt8] {
    try InputFile(path).readAll()
  }

  /// The rest of the input. - Throws: `MemoError` `.noInput` (66).
  func readAll() throws -> [UInt8] {
    while try fill() {}
    return Array(buffer[start...])
  }

  /// The next line without its line break (and a CR before it), or nil at the end. A UTF-8
  /// byte order mark at the start is skipped. Memory holds one chunk and the longest line.
  /// - Throws: `MemoError` `.noInput` (66) on a read error.
  func nextLine() throws -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        return line(upTo: newline, next: newline + 1)
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        return line(upTo: buffer.count, next: buffer.count)
      }
      // Keep only the unread part, then read more after it.
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      _ = try fill()
      if !hasCheckedBOM, buffer.count >= 3 || isAtEnd {
        hasCheckedBOM = true
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
      }
    }
  }

  /// Whether `nextLine()` can answer without reading: a whole line, or the end, is buffered.
  var hasBufferedLine: Bool { isAtEnd || buffer[start...].contains(0x0A) }

  private func line(upTo end: Int, next: Int) -> ArraySlice<UInt8> {
    var line = buffer[start..<end]
    start = next
    lineNumber += 1
    if line.last == 0x0D { line = line.dropLast() }
    return line
  }

  /// Appends up to 1 MiB to the buffer. - Returns: false at the end of the input.
  private func fill() throws -> Bool {
    let chunk = 1 << 20
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    while true {
      // The buffer holds at least `chunk` bytes: its base address is not nil.
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + old, chunk) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        buffer.removeSubrange(old...)
        throw MemoError(
          code: .noInput, message: "cannot read \(name): \(String(cString: strerror(errno)))")
      }
      buffer.removeSubrange((old + count)...)
      if count == 0 { isAtEnd = true }
      return count > 0
    }
  }
}
