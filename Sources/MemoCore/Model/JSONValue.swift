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
