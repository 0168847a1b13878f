import CSQLite

/// A failed `sqlite3_*` call: the primary and extended result codes, SQLite's message and the
/// SQL. Never the bound values: they are the user's notes.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, …); `code & 0xff` is the primary one.
  public var extendedCode: Int32
  public var message: String
  public var sql: String?

  public init(extendedCode: Int32, message: String, sql: String? = nil) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
  public var code: Int32 { extendedCode & 0xff }

  public var description: String {
    let name = String(cString: sqlite3_errstr(extendedCode))
    if let sql { return "SQLite error \(extendedCode) (\(name)): \(message) — in: \(sql)" }
    return "SQLite error \(extendedCode) (\(name)): \(message)"
  }
}

/// Throws `SQLiteError` unless `code` is `SQLITE_OK`. Every result code goes through here.
func check(_ code: Int32, on db: OpaquePointer?, sql: String? = nil) throws {
  guard code != SQLITE_OK else { return }
  throw SQLiteError(extendedCode: code, message: errorMessage(db, code), sql: sql)
}

/// SQLite's message for the connection's last error, or the generic text for `code`.
func errorMessage(_ db: OpaquePointer?, _ code: Int32) -> String {
  if let db, let text = sqlite3_errmsg(db) { return String(cString: text) }
  return String(cString: sqlite3_errstr(code))
}

/// The C macro `SQLITE_TRANSIENT` (does not import): SQLite copies the bound bytes at once.
let SQLITE_TRANSIENT = unsafeBitCast(
  OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// The C macro `SQLITE_STATIC` (does not import either): SQLite uses the bound bytes where they
/// are, without a copy.
let SQLITE_STATIC: sqlite3_destructor_type? = nil
