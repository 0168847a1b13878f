import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// memo's one JSON string escaper, `JSONString.write`, as the listings write it
/// (`ByteWriter.jsonString`, straight into the buffer) and as JSON built as text does
/// (`appendJSONString`): the same bytes both ways, RFC 8259's escapes exactly, and read back by
/// memo's parser as the text that went in.
@Suite("JSON strings: one escaper")
struct JSONStringTests {
  /// RFC 8259, one byte at a time: the reference the fast paths are held to.
  static func reference(_ text: String) -> String {
    var out: [UInt8] = [0x22]
    for byte in text.utf8 {
      switch byte {
      case 0x22: out += Array(#"\""#.utf8)
      case 0x5C: out += Array(#"\\"#.utf8)
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0x0D: out += Array(#"\r"#.utf8)
      case 0x09: out += Array(#"\t"#.utf8)
      case 0x08: out += Array(#"\b"#.utf8)
      case 0x0C: out += Array(#"\f"#.utf8)
      case ..<0x20:
        let hex = String(byte, radix: 16)
        out += Array((#"\u00"# + (hex.count == 1 ? "0" : "") + hex).utf8)
      default: out.append(byte)
      }
    }
    return String(decoding: out + [0x22], as: UTF8.self)
  }

  /// What `ByteWriter.jsonString` writes for each text, one after another.
  static func written(_ texts: [String]) throws -> [String] {
    let path = NSTemporaryDirectory() + "json-string-\(UUID().uuidString)"
    let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    defer {
      close(fd)
      unlink(path)
    }
    // A small buffer, so that strings also land across flushes.
    let out = ByteWriter(fd: fd, name: path, bufferSize: 64)
    for text in texts {
      out.jsonString(text)
      out.byte(0x0A)
      try out.flushIfFull()
    }
    try out.flush()
    let all = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    return all.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Every byte that is escaped, at every place around the eight-byte steps, in texts of every
  /// length up to 19; and longer texts of random ASCII and other scalars.
  static func texts() -> [String] {
    var texts = [""]
    let specials: [UInt8] = Array(0..<0x20) + [0x22, 0x5C, 0x7F, 0x20, 0x2F]
    for length in 1...19 {
      for place in 0..<length {
        for special in specials {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[place] = special
          texts.append(String(decoding: bytes, as: UTF8.self))
        }
      }
    }
    var generator = SystemRandomNumberGenerator()
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", "é",
      "€", "😀", "\u{7F}", "\u{2028}",
    ]
    for _ in 0..<2000 {
      let count = Int.random(in: 0..<200, using: &generator)
      var text = ""
      for _ in 0..<count { text.unicodeScalars.append(pool.randomElement(using: &generator)!) }
      texts.append(text)
    }
    return texts
  }

  @Test(
    "the listings' writer and JSON built as text give RFC 8259's bytes, read back as they went in")
  func oneEscaper() throws {
    let texts = Self.texts()
    let listed = try Self.written(texts)
    #expect(listed.count == texts.count)
    for (text, bytes) in zip(texts, listed) {
      var built = ""
      appendJSONString(text, to: &built)
      #expect(built == Self.reference(text), "\(Array(text.utf8))")
      #expect(bytes == built, "\(Array(text.utf8))")
      #expect(try JSONParser.parse(built) == .string(text))
    }
  }

  @Test("appended to text already there, the string goes after it")
  func appends() {
    var out = "{\"a\":"
    appendJSONString("q\"b", to: &out)
    appendJSONString("plain", to: &out)
    #expect(out == #"{"a":"q\"b""plain""#)
  }
}
