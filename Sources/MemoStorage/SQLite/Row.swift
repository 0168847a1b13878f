/// One row of output, whatever it comes from: the current row of a statement (a listing, read
/// straight from SQLite, valid until the statement steps again) or values in memory (a record a
/// command made: `show`'s post, `stats`, `sync status`). One type, two storages — GRDB's `Row`
/// is the model — so that every format writer reads every row the same way.
public struct Row {
  @usableFromInline enum Storage {
    case statement(Statement)
    case values(RowValues)
  }

  @usableFromInline let storage: Storage

  /// The statement's current row.
  public init(_ statement: Statement) { storage = .statement(statement) }

  /// A row in memory: `values` under `names`, in order (the names are shared by every row of
  /// one layout).
  public init(names: [String], values: [RowValue]) {
    precondition(names.count == values.count, "a row needs one value per column")
    storage = .values(RowValues(names: names, values: values))
  }

  /// How many columns the row has.
  public var columnCount: Int {
    switch storage {
    case .statement(let statement): return Int(statement.columnCount)
    case .values(let row): return row.values.count
    }
  }

  /// The name of a column (its `AS` alias in the SQL, or its key in memory).
  public func name(_ column: Int) -> String {
    switch storage {
    case .statement(let statement): return statement.columnName(Int32(column))
    case .values(let row): return row.names[column]
    }
  }

  /// The index of the column named `name`, or nil.
  public func index(of name: String) -> Int? {
    (0..<columnCount).first { self.name($0) == name }
  }

  @inline(__always) public func isNull(_ column: Int) -> Bool {
    switch storage {
    case .statement(let statement): return statement.isNull(Int32(column))
    case .values(let row):
      if case .null = row.values[column] { return true }
      return false
    }
  }

  @inline(__always) public func int64(_ column: Int) -> Int64 {
    switch storage {
    case .statement(let statement): return statement.int64(Int32(column))
    case .values(let row):
      switch row.values[column] {
      case .int(let value): return value
      case .double(let value): return Int64(value)
      case .text(let text): return Int64(text) ?? 0
      default: return 0
      }
    }
  }

  @inline(__always) public func double(_ column: Int) -> Double {
    switch storage {
    case .statement(let statement): return statement.double(Int32(column))
    case .values(let row):
      switch row.values[column] {
      case .int(let value): return Double(value)
      case .double(let value): return value
      case .text(let text): return Double(text) ?? 0
      default: return 0
      }
    }
  }

  @inline(__always) public func bool(_ column: Int) -> Bool { int64(column) != 0 }

  public func text(_ column: Int) -> String? {
    switch storage {
    case .statement(let statement): return statement.text(Int32(column))
    case .values(let row):
      switch row.values[column] {
      case .null, .rows, .row, .texts: return nil
      case .int(let value): return String(value)
      case .double(let value): return String(value)
      case .text(let text): return text
      }
    }
  }

  public func string(_ column: Int) -> String { text(column) ?? "" }

  /// Calls `body` with the column's UTF-8 bytes (empty for NULL), valid only during the call.
  @inline(__always)
  public func withUTF8<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    rethrows -> T
  {
    switch storage {
    case .statement(let statement): return try statement.withUTF8(Int32(column), body)
    case .values:
      var text = string(column)
      return try text.withUTF8(body)
    }
  }

  /// Rows nested in a column (a post's questions, `stats`' categories): in memory only.
  public func rows(_ column: Int) -> [Row] {
    guard case .values(let row) = storage else { return [] }
    switch row.values[column] {
    case .rows(let rows): return rows
    case .row(let one): return [one]
    default: return []
    }
  }

  /// A list of strings in a column (a filter's categories): in memory only.
  public func texts(_ column: Int) -> [String] {
    guard case .values(let row) = storage, case .texts(let items) = row.values[column] else {
      return []
    }
    return items
  }
}

/// A value of a row in memory: SQLite's kinds (a flag is an integer, a time its RFC 3339 text),
/// and what JSON nests — rows, one row, a list of strings.
public enum RowValue {
  case null
  case int(Int64)
  case double(Double)
  case text(String)
  case rows([Row])
  case row(Row)
  case texts([String])

  public static func bool(_ flag: Bool) -> RowValue { .int(flag ? 1 : 0) }
  public static func count(_ value: Int) -> RowValue { .int(Int64(value)) }
  public static func nullable(_ text: String?) -> RowValue { text.map(RowValue.text) ?? .null }
  public static func nullable(_ value: Double?) -> RowValue { value.map(RowValue.double) ?? .null }
}

/// The storage of a row in memory.
@usableFromInline final class RowValues {
  let names: [String]
  let values: [RowValue]

  init(names: [String], values: [RowValue]) {
    self.names = names
    self.values = values
  }
}
