import CSQLite

/// A prepared statement. Finalized when released; reused through `Database.cachedStatement`.
public final class Statement {
  let handle: OpaquePointer
  let sql: String
  private unowned let database: Database

  init(database: Database, sql: String) throws {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_finalize(handle)
      throw SQLiteError(
        extendedCode: code == SQLITE_OK ? SQLITE_MISUSE : code,
        message: code == SQLITE_OK ? "empty statement" : errorMessage(database.handle, code),
        sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.database = database
  }

  deinit { sqlite3_finalize(handle) }

  /// Resets the statement and clears its bindings, ready for a new use.
  func reset() {
    // The result of reset repeats the last step's error, already reported by `step()`.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Resets the statement, its bindings kept (a loop that binds every parameter each time
  /// saves clearing them).
  func resetKeepingBindings() { sqlite3_reset(handle) }

  // MARK: - Binding (parameters are numbered from 1)

  /// Binds text as UTF-8 with its byte length (NUL bytes inside the text survive); nil binds NULL.
  public func bind(_ value: String?, at index: Int32) throws {
    guard var value else { return try bindNull(at: index) }
    let code = value.withUTF8 { bytes -> Int32 in
      // An empty buffer may have no base address, and a null pointer would bind NULL, not ''.
      guard let base = bytes.baseAddress, bytes.count > 0 else {
        return sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text64(
          handle, index, $0, UInt64(bytes.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
      }
    }
    try check(code, on: database.handle, sql: sql)
  }

  /// Binds UTF-8 bytes as text (copied by SQLite: the buffer need not outlive the call).
  public func bind(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      let code = sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
      return try check(code, on: database.handle, sql: sql)
    }
    let code = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      sqlite3_bind_text64(
        handle, index, $0, UInt64(bytes.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
    }
    try check(code, on: database.handle, sql: sql)
  }

  /// Binds UTF-8 bytes as text without a copy: SQLite reads them at each step, so they must
  /// stay allocated and unchanged until the parameter is bound again or the bindings are
  /// cleared (`reset()`, finalizing). For a loop that binds many rows from one buffer.
  func bind(staticUTF8 bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      return try bind(utf8: bytes, at: index)
    }
    let code = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      sqlite3_bind_text64(
        handle, index, $0, UInt64(bytes.count), SQLITE_STATIC, UInt8(SQLITE_UTF8))
    }
    try check(code, on: database.handle, sql: sql)
  }

  public func bind(_ value: Int64?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try check(sqlite3_bind_int64(handle, index, value), on: database.handle, sql: sql)
  }

  public func bind(_ value: Double?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try check(sqlite3_bind_double(handle, index, value), on: database.handle, sql: sql)
  }

  public func bind(_ value: Int, at index: Int32) throws {
    try bind(Int64(value), at: index)
  }

  public func bind(_ value: Bool, at index: Int32) throws {
    try bind(Int64(value ? 1 : 0), at: index)
  }

  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index), on: database.handle, sql: sql)
  }

  // MARK: - Stepping

  /// Steps once. - Returns: true for a row, false when done. - Throws: `SQLiteError`.
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = SQLiteError(
        extendedCode: code, message: errorMessage(database.handle, code), sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows (or ignores them).
  public func execute() throws {
    while try step() {}
  }

  // MARK: - Reading the current row (columns are numbered from 0)

  /// How many columns a row of this statement has.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// A column's name: its `AS` alias, or SQLite's name for the expression.
  public func columnName(_ column: Int32) -> String {
    sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
  }

  public func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

  /// The column as text, read with its byte length (not up to the first NUL); nil for NULL.
  public func text(_ column: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The column as text, or "" for NULL.
  public func string(_ column: Int32) -> String { text(column) ?? "" }

  /// Calls `body` with the column's UTF-8 bytes, valid only during the call (no copy).
  public func withUTF8<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    rethrows -> T
  {
    let pointer = sqlite3_column_text(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    return try body(UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
  }
}
