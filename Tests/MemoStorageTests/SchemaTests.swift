import Foundation
import Testing

@testable import MemoStorage

@Suite("schema.sql is the one source of truth")
struct SchemaTests {
  /// The repository's top-level schema.sql.
  static let schemaFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("schema.sql")

  @Test("the schema the binary holds is schema.sql, byte for byte (run scripts/sync-schema)")
  func noDrift() throws {
    let file = try String(contentsOf: Self.schemaFile, encoding: .utf8)
    #expect(Schema.sql == file)
    #expect(file.contains("PRAGMA user_version = \(Schema.version)"))
  }

  @Test("a new database file gets exactly schema.sql and its version")
  func appliedSchema() throws {
    let temp = try TemporaryDatabase()
    #expect(try temp.rows("PRAGMA user_version") == [["\(Schema.version)"]])
    let reference = try Database(path: ":memory:")
    try reference.executeScript(try String(contentsOf: Self.schemaFile, encoding: .utf8))
    let sql = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name"
    func objects(_ db: Database) throws -> [[String]] {
      let statement = try db.makeStatement(sql: sql)
      var rows: [[String]] = []
      while try statement.step() { rows.append((0..<4).map { statement.text($0) ?? "NULL" }) }
      return rows
    }
    #expect(try objects(temp.database) == objects(reference))
    #expect(try objects(reference).count > 10)
  }
}
