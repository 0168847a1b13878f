/// memo's one JSON string escaper (RFC 8259: quote, backslash and control bytes escaped, the
/// rest as it is). Every JSON string memo writes goes through `write`: the listings' and the
/// export's `ByteWriter.jsonString` (the hot one: every listing's inner loop) straight into
/// its buffer, and `appendJSONString` (JSON objects built as text: sync changes, markdown
/// front matter, `JSONObjectWriter`).
public enum JSONString {
  /// The most bytes `write` makes of `count` bytes: six a byte (`\u00XX`) and the quotes.
  @inlinable
  public static func capacity(for count: Int) -> Int { count * 6 + 2 }

  /// Writes `text` as a JSON string, quotes included, at `out`, which has room for
  /// `capacity(for: text.count)` bytes. - Returns: the bytes written.
  public static func write(
    _ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    out[0] = 0x22
    var n = 1
    guard let base = text.baseAddress else {
      out[1] = 0x22
      return 2
    }
    var start = 0
    var i = plainPrefix(text)
    while i < text.count {
      let byte = base[i]
      guard needsEscape(byte) else {
        i += 1
        continue
      }
      UnsafeMutableRawPointer(out + n).copyMemory(from: base + start, byteCount: i - start)
      n += i - start
      out[n] = 0x5C
      switch byte {
      case 0x22, 0x5C: out[n + 1] = byte
      case 0x0A: out[n + 1] = UInt8(ascii: "n")
      case 0x0D: out[n + 1] = UInt8(ascii: "r")
      case 0x09: out[n + 1] = UInt8(ascii: "t")
      case 0x08: out[n + 1] = UInt8(ascii: "b")
      case 0x0C: out[n + 1] = UInt8(ascii: "f")
      default:
        out[n + 1] = UInt8(ascii: "u")
        out[n + 2] = 0x30
        out[n + 3] = 0x30
        out[n + 4] = hexDigit(byte >> 4)
        out[n + 5] = hexDigit(byte & 0xF)
        n += 4
      }
      n += 2
      i += 1
      start = i
    }
    UnsafeMutableRawPointer(out + n).copyMemory(from: base + start, byteCount: text.count - start)
    n += text.count - start
    out[n] = 0x22
    return n + 1
  }

  /// How many bytes from the start need no escape, eight at a time while none does (most
  /// text has none).
  @inline(__always)
  public static func plainPrefix(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = text.baseAddress else { return 0 }
    var i = 0
    let raw = UnsafeRawPointer(base)
    while i + 8 <= text.count {
      guard !needsEscape(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) else { break }
      i += 8
    }
    while i < text.count, !needsEscape(base[i]) { i += 1 }
    return i
  }

  /// Whether a byte is escaped: a control byte, '"' or '\\'.
  @inline(__always)
  public static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x22 || byte == 0x5C
  }

  /// Whether any of the eight bytes is escaped (bit tricks from "Bit Twiddling Hacks": a byte
  /// is zero, or below n, where the high bit lights up).
  @inline(__always)
  public static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
    let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
    return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
  }

  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
}

/// Appends `text` as a JSON string literal (`JSONString.write`). Linear in `text` alone: text
/// with nothing to escape is appended as it is, other text escaped apart and appended once,
/// never through one of `out`'s views (`out.unicodeScalars.append` copies all of `out` each
/// time, which made a listing of a few thousand rows quadratic).
public func appendJSONString(_ text: String, to out: inout String) {
  var text = text
  let escaped = text.withUTF8 { bytes -> String? in
    guard JSONString.plainPrefix(bytes) < bytes.count else { return nil }
    return String(unsafeUninitializedCapacity: JSONString.capacity(for: bytes.count)) {
      JSONString.write(bytes, to: $0.baseAddress!)
    }
  }
  if let escaped {
    out += escaped
  } else {
    out += "\""
    out += text
    out += "\""
  }
}
