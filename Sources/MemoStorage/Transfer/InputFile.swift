import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads an import's input whole: a file, or stdin.
enum InputFile {
  /// - Throws: `MemoError` `.noInput` (66) when the file is missing or unreadable.
  static func read(_ path: String?) throws -> [UInt8] {
    let fd: Int32
    if let path {
      var info = stat()
      if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        throw MemoError(code: .noInput, message: "\(path) is a folder; give the file to import")
      }
      fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw MemoError(
          code: .noInput, message: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
    } else {
      fd = STDIN_FILENO
    }
    defer { if path != nil { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw MemoError(
          code: .noInput,
          message: "cannot read \(path ?? "stdin"): \(String(cString: strerror(errno)))")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }
}
