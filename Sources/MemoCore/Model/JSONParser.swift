/// Why a JSON text could not be parsed, and where (byte offset).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  public var offset: Int
  public var reason: String
  public var description: String { "\(reason) at byte \(offset + 1)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes (no comments, no trailing commas, depth-limited).
public struct JSONParser {
  /// The text, for the parse's length (bytes read without bounds checks: every read is
  /// after a check of `index` against `count`).
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// Bytes of whitespace skipped between tokens so far.
  private var skipped = 0
  /// With `parseObject`: where each member value of the outermost object is.
  private var spans: [MemberSpan]?
  static let maximumDepth = 64

  /// Parses a whole document. - Throws: `JSONParseError`.
  public static func parse(_ text: String) throws -> JSONValue {
    try parse(Array(text.utf8))
  }

  public static func parse(_ text: [UInt8]) throws -> JSONValue {
    try text.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes)
      parser.skipWhitespace()
      let value = try parser.value()
      parser.skipWhitespace()
      guard parser.index == bytes.count else {
        throw parser.error("unexpected text after the value")
      }
      return value
    }
  }

  /// Where one member's value of an object is in the text parsed, and whether that text has
  /// no whitespace between its tokens (so that it is the value as SQLite's JSON writes it).
  public struct MemberSpan: Sendable {
    public var range: Range<Int>
    public var isCompact: Bool
  }

  /// Parses a whole document, an object, and says where each of its members' values is (in
  /// member order): a caller can take a member's JSON text without writing it again.
  /// - Throws: `JSONParseError`.
  public static func parseObject(_ text: [UInt8]) throws -> (
    value: JSONValue, spans: [MemberSpan]
  ) {
    try text.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes)
      parser.spans = []
      parser.skipWhitespace()
      let value = try parser.value()
      parser.skipWhitespace()
      guard parser.index == bytes.count else {
        throw parser.error("unexpected text after the value")
      }
      return (value, parser.spans ?? [])
    }
  }

  /// Parses one value that starts at `start` in `bytes` (a member of a larger text read by
  /// hand: `SyncChange.read`), and says where it ends and whether it has no whitespace inside.
  /// - Throws: `JSONParseError`.
  public static func parseValue(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws -> (
    value: JSONValue, end: Int, isCompact: Bool
  ) {
    var parser = JSONParser(bytes: bytes)
    parser.index = start
    let value = try parser.value()
    return (value, parser.index, parser.skipped == 0)
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private func error(_ reason: String) -> JSONParseError {
    JSONParseError(offset: index, reason: reason)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
        skipped += 1
      default: return
      }
    }
  }

  private mutating func value() throws -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of the text") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: String, _ result: JSONValue) throws -> JSONValue {
    // Compared in place: a line has many nulls, and an array of each word's bytes was made
    // for every one.
    var end = index
    for byte in word.utf8 {
      guard end < bytes.count, bytes[end] == byte else { throw error("invalid literal") }
      end += 1
    }
    index = end
    return result
  }

  private mutating func enter() throws {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
  }

  private mutating func object() throws -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a string key")
      }
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':'")
      }
      index += 1
      skipWhitespace()
      if depth == 1 && spans != nil {
        let (start, before) = (index, skipped)
        members.append((key, try value()))
        spans?.append(MemberSpan(range: start..<index, isCompact: skipped == before))
      } else {
        members.append((key, try value()))
      }
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of the text in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func array() throws -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try value())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of the text in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func string() throws -> String {
    index += 1
    // Most strings have no escapes: one scan, then one validated copy of the bytes.
    var end = index
    var isASCII = true
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      if byte >= 0x80 { isASCII = false }
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      let slice = UnsafeBufferPointer(rebasing: bytes[index..<end])
      let text =
        isASCII
        ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
      guard let text else { throw error("a string is not valid UTF-8") }
      index = end + 1
      return text
    }
    var out: [UInt8] = []
    var start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        out += bytes[start..<index]
        index += 1
        guard let text = String(validating: out, as: UTF8.self) else {
          throw error("a string is not valid UTF-8")
        }
        return text
      }
      if byte < 0x20 { throw error("a control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        out += bytes[start..<index]
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("an unpaired surrogate escape") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error("an unpaired surrogate escape")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("an unpaired surrogate escape")
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
          out += Array(String(Character(unicode)).utf8)
        default:
          throw error("an invalid escape")
        }
        start = index
        continue
      }
      index += 1
    }
    throw error("unterminated string")
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("a short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[index]
      let digit: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - 0x41 + 10)
      default: throw error("an invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func number() throws -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, DateExpression.isDigit(bytes[index]) else {
      throw error("invalid number")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, DateExpression.isDigit(bytes[index]) { index += 1 }
    }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, DateExpression.isDigit(bytes[index]) else {
        throw error("invalid number")
      }
      while index < bytes.count, DateExpression.isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, DateExpression.isDigit(bytes[index]) else {
        throw error("invalid number")
      }
      while index < bytes.count, DateExpression.isDigit(bytes[index]) { index += 1 }
    }
    if isInteger && index - start <= 18 {
      // At most 18 digits (and a sign) always fit in an Int64: read in place, without
      // making a String for `Int64(_:)` (a change line has several numbers).
      var value: Int64 = 0
      var digit = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
      while digit < index {
        value = value * 10 + Int64(bytes[digit] &- 0x30)
        digit += 1
      }
      return .integer(bytes[start] == UInt8(ascii: "-") ? -value : value)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .integer(value) }
    guard let value = Double(text) else { throw error("invalid number") }
    return .number(value)
  }
}
