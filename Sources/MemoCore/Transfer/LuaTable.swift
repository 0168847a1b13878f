/// A value in a Lua data file such as KOReader's `metadata.*.lua` sidecars and
/// `.annotations.lua` exports: `return { ["key"] = value, … }`.
public enum LuaValue: Equatable, Sendable {
  case string(String)
  case number(Double)
  case boolean(Bool)
  case table(LuaTable)
  case `nil`

  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// A number that is a whole number (a page, an index).
  public var integer: Int? {
    guard case .number(let n) = self, n.rounded() == n, abs(n) < 9e15 else { return nil }
    return Int(n)
  }

  public var boolean: Bool? {
    if case .boolean(let b) = self { return b }
    return nil
  }

  public var table: LuaTable? {
    if case .table(let t) = self { return t }
    return nil
  }
}

/// A Lua table as data: its entries in file order, looked up by string or number key.
/// (KOReader numbers its lists `[1] = …, [2] = …`; older files mix in positional values.)
public struct LuaTable: Equatable, Sendable {
  public enum Key: Hashable, Sendable {
    case string(String)
    case number(Double)
  }

  public private(set) var entries: [(key: Key, value: LuaValue)] = []
  private var index: [Key: Int] = [:]

  public init() {}

  public static func == (a: LuaTable, b: LuaTable) -> Bool {
    a.entries.count == b.entries.count
      && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  /// Sets `key`; a later assignment of the same key wins, as in Lua, keeping its first place.
  public mutating func set(_ key: Key, _ value: LuaValue) {
    if let at = index[key] {
      entries[at].value = value
    } else {
      index[key] = entries.count
      entries.append((key, value))
    }
  }

  public subscript(_ key: String) -> LuaValue? {
    index[.string(key)].map { entries[$0].value }
  }

  public subscript(_ key: Int) -> LuaValue? {
    index[.number(Double(key))].map { entries[$0].value }
  }

  /// The values under whole-number keys, in key order: a Lua list, holes skipped.
  public var list: [LuaValue] {
    entries.compactMap { entry -> (Double, LuaValue)? in
      guard case .number(let n) = entry.key else { return nil }
      return (n, entry.value)
    }.sorted { $0.0 < $1.0 }.map(\.1)
  }
}

