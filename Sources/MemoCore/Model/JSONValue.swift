/// A parsed JSON value (RFC 8259). Objects keep their keys in document order.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int64)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.integer(let x), .integer(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The member named `key` of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  public var int64Value: Int64? {
    switch self {
    case .integer(let value): return value
    case .number(let value) where value == value.rounded() && abs(value) < 9e15: return Int64(value)
    default: return nil
    }
  }

  /// A number, integer or not.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: return nil
    }
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public var isNull: Bool { self == .null }
}

/// Appends `text` as a JSON string literal (RFC 8259: quote, backslash and controls escaped).
/// Linear in `text` alone: the escaped bytes are built apart and appended once, never through
/// one of `out`'s views (`out.unicodeScalars.append` copies all of `out` each time, which made
/// a listing of a few thousand rows quadratic).
public func appendJSONString(_ text: String, to out: inout String) {
  let utf8 = text.utf8
  guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
    out += "\""
    out += text
    out += "\""
    return
  }
  var bytes: [UInt8] = [0x22]
  bytes.reserveCapacity(utf8.count + 16)
  let hex = Array("0123456789abcdef".utf8)
  for byte in utf8 {
    switch byte {
    case 0x22: bytes += [0x5C, 0x22]
    case 0x5C: bytes += [0x5C, 0x5C]
    case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
    case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
    case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
    case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
    case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
    case ..<0x20:
      bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    default: bytes.append(byte)
    }
  }
  bytes.append(0x22)
  out += String(decoding: bytes, as: UTF8.self)
}
