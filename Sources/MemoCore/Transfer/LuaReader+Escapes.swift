/// A quoted string's escapes (LuaReader.readQuoted): what follows a backslash, as Lua 5.4 reads
/// it.
extension LuaReader {
  /// What the escape after a backslash in a quoted string stands for, appended to `out`; `at` is
  /// past the escape's letter and moves past what it takes along.
  mutating func readEscape(_ escape: UInt8, into out: inout [UInt8]) throws {
    switch escape {
    case UInt8(ascii: "n"): out.append(0x0A)
    case UInt8(ascii: "t"): out.append(0x09)
    case UInt8(ascii: "r"): out.append(0x0D)
    case UInt8(ascii: "a"): out.append(0x07)
    case UInt8(ascii: "b"): out.append(0x08)
    case UInt8(ascii: "f"): out.append(0x0C)
    case UInt8(ascii: "v"): out.append(0x0B)
    case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(escape)
    case 0x0A, 0x0D:
      // A backslash before a line break is the line break (\r\n or \n\r count as one).
      out.append(0x0A)
      if at < bytes.count, bytes[at] == (escape == 0x0A ? 0x0D : 0x0A) { at += 1 }
    case UInt8(ascii: "z"):
      while at < bytes.count, isSpace(bytes[at]) { at += 1 }
    case UInt8(ascii: "x"):
      var value: UInt8 = 0
      for _ in 0..<2 {
        guard at < bytes.count, let digit = hexDigit(bytes[at]) else {
          throw failure("\\x needs two hexadecimal digits")
        }
        value = value * 16 + digit
        at += 1
      }
      out.append(value)
    case UInt8(ascii: "u"):
      out.append(contentsOf: try readUnicodeEscape())
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      var value = Int(escape - UInt8(ascii: "0"))
      for _ in 0..<2 {
        guard at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) else {
          break
        }
        value = value * 10 + Int(bytes[at] - UInt8(ascii: "0"))
        at += 1
      }
      guard value <= 255 else { throw failure("\\\(value) is not a byte (0–255)") }
      out.append(UInt8(value))
    default:
      throw failure("unknown escape \\\(describe(escape)) in a string")
    }
  }

  /// `\u{XXX}`'s character as UTF-8, `at` just past the `u`.
  private mutating func readUnicodeEscape() throws -> [UInt8] {
    guard at < bytes.count, bytes[at] == UInt8(ascii: "{") else { throw failure("\\u needs {") }
    at += 1
    var scalar: UInt32 = 0
    var digits = 0
    while at < bytes.count, let digit = hexDigit(bytes[at]) {
      scalar = scalar &* 16 &+ UInt32(digit)
      digits += 1
      at += 1
      guard digits <= 8 else { throw failure("\\u{…} is too long") }
    }
    guard digits > 0, at < bytes.count, bytes[at] == UInt8(ascii: "}"),
      let unicode = Unicode.Scalar(scalar)
    else { throw failure("\\u{…} is not a character") }
    at += 1
    return Array(String(Character(unicode)).utf8)
  }
}
