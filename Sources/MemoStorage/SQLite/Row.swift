/// The current row of a statement, read-only: what a listing hands to its writer, one row at a
/// time. Valid until the statement steps again.
public struct Row {
  let statement: Statement

  public init(_ statement: Statement) { self.statement = statement }

  /// How many columns the row has.
  public var columnCount: Int { Int(statement.columnCount) }

  /// The name of a column (its `AS` alias in the SQL).
  public func name(_ column: Int) -> String { statement.columnName(Int32(column)) }

  /// The index of the column named `name`, or nil.
  public func index(of name: String) -> Int? {
    (0..<columnCount).first { self.name($0) == name }
  }

  @inline(__always) public func isNull(_ column: Int) -> Bool { statement.isNull(Int32(column)) }
  @inline(__always) public func int64(_ column: Int) -> Int64 { statement.int64(Int32(column)) }
  @inline(__always) public func double(_ column: Int) -> Double { statement.double(Int32(column)) }
  @inline(__always) public func bool(_ column: Int) -> Bool { statement.bool(Int32(column)) }
  public func text(_ column: Int) -> String? { statement.text(Int32(column)) }
  public func string(_ column: Int) -> String { statement.string(Int32(column)) }

  /// Calls `body` with the column's UTF-8 bytes (empty for NULL), valid only during the call.
  @inline(__always)
  public func withUTF8<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    rethrows -> T
  {
    try statement.withUTF8(Int32(column), body)
  }
}
