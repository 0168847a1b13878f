/// Reads the data subset of Lua that KOReader writes (its `dump()`, LuaJIT's `%q` strings):
/// an optional `return`, then one value. Strings in both quotes with every escape (`\n`,
/// `\9`, `\ddd`, `\x41`, `\u{2019}`, `\z`, a backslash before a line break), long strings
/// `[[…]]` and `[==[…]==]`, decimal and hex numbers, `true`, `false`, `nil`, `math.huge`,
/// tables with `[key] =`, `name =` and positional entries, `--` and `--[[ ]]` comments.
/// It evaluates nothing: no calls, no operators but a leading minus.
public struct LuaReader {
  /// The deepest nesting read: KOReader's files are 4–5 levels deep.
  public static let maximumDepth = 100

  let bytes: [UInt8]
  var at = 0
  private var depth = 0
  private let name: String

  /// - Parameter name: the file's name, for messages.
  public static func read(_ text: some Collection<UInt8>, name: String) throws -> LuaValue {
    var reader = LuaReader(bytes: Array(text), name: name)
    return try reader.readFile()
  }

  private init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
  }

  private mutating func readFile() throws -> LuaValue {
    skipSpace()
    if bytes.count >= at + 2, bytes[at] == UInt8(ascii: "#"), bytes[at + 1] == UInt8(ascii: "!") {
      while at < bytes.count, bytes[at] != 0x0A { at += 1 }  // a #! line
      skipSpace()
    }
    if peekWord() == "return" {
      at += 6
      skipSpace()
    }
    let value = try readValue()
    skipSpace()
    if at < bytes.count, bytes[at] == UInt8(ascii: ";") {
      at += 1
      skipSpace()
    }
    guard at == bytes.count else { throw failure("unexpected text after the value") }
    return value
  }

  // MARK: - Values

  private mutating func readValue() throws -> LuaValue {
    skipSpace()
    guard at < bytes.count else { throw failure("the file ends where a value should be") }
    let byte = bytes[at]
    switch byte {
    case UInt8(ascii: "{"):
      return .table(try readTable())
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return .string(try readQuoted())
    case UInt8(ascii: "["):
      guard let string = try readLongBracket() else { throw failure("'[' where a value should be") }
      return .string(string)
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try readNumber())
    default:
      switch peekWord() {
      case "true":
        at += 4
        return .boolean(true)
      case "false":
        at += 5
        return .boolean(false)
      case "nil":
        at += 3
        return .nil
      case "math":
        if matches("math.huge") {
          at += 9
          return .number(.infinity)
        }
        fallthrough
      default:
        throw failure("unexpected \(describe(byte)) where a value should be")
      }
    }
  }

  private mutating func readTable() throws -> LuaTable {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw failure("tables nested more than \(Self.maximumDepth) deep")
    }
    at += 1  // {
    var table = LuaTable()
    var position = 1.0
    while true {
      skipSpace()
      guard at < bytes.count else {
        throw failure("the file ends inside a table (a '}' is missing)")
      }
      if bytes[at] == UInt8(ascii: "}") {
        at += 1
        return table
      }
      if bytes[at] == UInt8(ascii: "["), !isLongBracketAhead() {
        at += 1
        let key: LuaTable.Key
        switch try readValue() {
        case .string(let s): key = .string(s)
        case .number(let n) where !n.isNaN: key = .number(n)
        default: throw failure("a table key must be a string or a number")
        }
        skipSpace()
        try expect("]")
        skipSpace()
        try expect("=")
        let value = try readValue()
        if value != .nil { table.set(key, value) }
      } else if let name = peekName(), followedByEquals(after: name.count) {
        at += name.count
        skipSpace()
        try expect("=")
        let value = try readValue()
        if value != .nil { table.set(.string(name), value) }
      } else {
        let value = try readValue()
        if value != .nil { table.set(.number(position), value) }
        position += 1
      }
      skipSpace()
      guard at < bytes.count else {
        throw failure("the file ends inside a table (a '}' is missing)")
      }
      if bytes[at] == UInt8(ascii: ",") || bytes[at] == UInt8(ascii: ";") {
        at += 1
      } else if bytes[at] != UInt8(ascii: "}") {
        throw failure("expected ',' or '}' in a table, found \(describe(bytes[at]))")
      }
    }
  }

  private mutating func readQuoted() throws -> String {
    let quote = bytes[at]
    let start = at
    at += 1
    var out: [UInt8] = []
    while true {
      guard at < bytes.count else { throw failure("a string is not closed", at: start) }
      let byte = bytes[at]
      if byte == quote {
        at += 1
        break
      }
      if byte == 0x0A || byte == 0x0D {
        throw failure("a line break inside a quoted string (Lua writes it as \\ and a line break)")
      }
      if byte != UInt8(ascii: "\\") {
        out.append(byte)
        at += 1
        continue
      }
      at += 1
      guard at < bytes.count else { throw failure("a string is not closed", at: start) }
      let escape = bytes[at]
      at += 1
      try readEscape(escape, into: &out)
    }
    return try text(out, from: start)
  }

  /// `[[…]]`, `[=[…]=]`, …: nil when the bytes at `at` are not a long bracket.
  private mutating func readLongBracket() throws -> String? {
    guard isLongBracketAhead() else { return nil }
    let start = at
    at += 1
    var level = 0
    while bytes[at] == UInt8(ascii: "=") {
      level += 1
      at += 1
    }
    at += 1  // the second [
    // A line break right after the opening bracket is not part of the string.
    if at < bytes.count, bytes[at] == 0x0D { at += 1 }
    if at < bytes.count, bytes[at] == 0x0A { at += 1 }
    let close =
      [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
    var end = at
    while end + close.count <= bytes.count {
      if bytes[end] == UInt8(ascii: "]"), Array(bytes[end..<end + close.count]) == close {
        let content = Array(bytes[at..<end])
        at = end + close.count
        return try text(content, from: start)
      }
      end += 1
    }
    throw failure(
      "a long string [\(String(repeating: "=", count: level))[ is not closed", at: start)
  }

  private func isLongBracketAhead() -> Bool {
    guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return false }
    var i = at + 1
    while i < bytes.count, bytes[i] == UInt8(ascii: "=") { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: "[")
  }

  private mutating func readNumber() throws -> Double {
    let start = at
    var negative = false
    if bytes[at] == UInt8(ascii: "-") {
      negative = true
      at += 1
      skipSpace()
      if matches("math.huge") {
        at += 9
        return -.infinity
      }
    }
    if at + 1 < bytes.count, bytes[at] == UInt8(ascii: "0"),
      bytes[at + 1] == UInt8(ascii: "x") || bytes[at + 1] == UInt8(ascii: "X")
    {
      at += 2
      var value = 0.0
      var digits = 0
      while at < bytes.count, let digit = hexDigit(bytes[at]) {
        value = value * 16 + Double(digit)
        digits += 1
        at += 1
      }
      guard digits > 0 else { throw failure("a hexadecimal number without digits", at: start) }
      return negative ? -value : value
    }
    let numberStart = at
    while at < bytes.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) || bytes[at] == UInt8(ascii: ".")
        || bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")
        || ((bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-"))
          && (bytes[at - 1] == UInt8(ascii: "e") || bytes[at - 1] == UInt8(ascii: "E")))
    {
      at += 1
    }
    let literal = String(decoding: bytes[numberStart..<at], as: UTF8.self)
    guard let value = Double(literal), value.isFinite || literal.lowercased().contains("e") else {
      throw failure("'\(literal)' is not a number", at: start)
    }
    return negative ? -value : value
  }

  // MARK: - Small steps

  private mutating func skipSpace() {
    while at < bytes.count {
      if isSpace(bytes[at]) {
        at += 1
      } else if bytes[at] == UInt8(ascii: "-"), at + 1 < bytes.count,
        bytes[at + 1] == UInt8(ascii: "-")
      {
        at += 2
        if isLongBracketAhead(), let _ = try? readLongBracket() { continue }
        while at < bytes.count, bytes[at] != 0x0A { at += 1 }
      } else {
        return
      }
    }
  }

  func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  private func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
      || (!first && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
  }

  private func peekName() -> String? {
    guard at < bytes.count, isNameByte(bytes[at], first: true) else { return nil }
    var end = at + 1
    while end < bytes.count, isNameByte(bytes[end], first: false) { end += 1 }
    return String(decoding: bytes[at..<end], as: UTF8.self)
  }

  private func peekWord() -> String? { peekName() }

  private func followedByEquals(after length: Int) -> Bool {
    var i = at + length
    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: "=")
      && !(i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "="))
  }

  private func matches(_ word: String) -> Bool {
    let w = Array(word.utf8)
    return bytes.count >= at + w.count && Array(bytes[at..<at + w.count]) == w
  }

  private mutating func expect(_ character: Character) throws {
    guard at < bytes.count, bytes[at] == character.asciiValue! else {
      throw failure(
        "expected '\(character)', found \(at < bytes.count ? describe(bytes[at]) : "the end of the file")"
      )
    }
    at += 1
  }

  func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private func text(_ utf8: [UInt8], from start: Int) throws -> String {
    guard let string = String(validating: utf8, as: UTF8.self) else {
      throw failure("a string is not valid UTF-8", at: start)
    }
    return string
  }

  func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  /// A 65 naming the file, line and column.
  func failure(_ what: String, at position: Int? = nil) -> MemoError {
    let position = min(position ?? at, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[..<position] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return MemoError(
      code: .badData,
      message: "\(name): line \(line), column \(column): \(what); not a Lua data file memo can read"
    )
  }
}
