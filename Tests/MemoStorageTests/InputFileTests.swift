import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("reading an import a line at a time")
struct InputFileTests {
  /// Writes `bytes` to a temporary file and returns every line `nextLine()` gives.
  func lines(of bytes: [UInt8]) throws -> [String] {
    let path = NSTemporaryDirectory() + "memo-input-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let input = try InputFile(path)
    var out: [String] = []
    while let line = try input.nextLine() {
      out.append(String(decoding: line, as: UTF8.self))
      #expect(input.lineNumber == out.count)
    }
    return out
  }

  @Test(
    "line breaks (LF or CRLF) end lines; a last line without one still counts; blank lines stay")
  func breaks() throws {
    #expect(try lines(of: Array("a\nb\r\n\nc".utf8)) == ["a", "b", "", "c"])
    #expect(try lines(of: Array("a\n".utf8)) == ["a"])
    #expect(try lines(of: []) == [])
  }

  @Test("a UTF-8 byte order mark at the start is skipped, and only there")
  func byteOrderMark() throws {
    #expect(try lines(of: [0xEF, 0xBB, 0xBF] + Array("a\n\u{FEFF}b".utf8)) == ["a", "\u{FEFF}b"])
  }

  @Test("lines longer than the 1 MiB read chunk, and many lines across chunks, come out whole")
  func longLines() throws {
    let long = String(repeating: "x", count: 3 << 20)
    #expect(try lines(of: Array("\(long)\nshort\n\(long)".utf8)) == [long, "short", long])
    let many = (0..<200_000).map { "line \($0)" }
    #expect(try lines(of: Array(many.joined(separator: "\n").utf8)) == many)
  }

  @Test("a missing file or a folder exits 66 before anything is read")
  func missing() {
    #expect(throws: MemoError.self) { try InputFile("/nonexistent/memo-input") }
    do {
      _ = try InputFile(NSTemporaryDirectory())
      Issue.record("a folder was opened as an input")
    } catch let error as MemoError {
      #expect(error.code == .noInput)
      #expect(error.message.hasSuffix("is a folder; give the file to import"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
