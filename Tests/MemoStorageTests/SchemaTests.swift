import Foundation
import Testing

@testable import MemoStorage

@Suite("schema.sql is the one source of truth")
struct SchemaTests {
  /// The repository's top-level schema.sql.
  static let schemaFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("schema.sql")

  @Test("the schema the binary holds is schema.sql, byte for byte (SchemaPlugin generates it)")
  func noDrift() throws {
    let file = try String(contentsOf: Self.schemaFile, encoding: .utf8)
    #expect(Schema.sql == file)
    #expect(file.contains("\n-- @version \(Schema.version)\n"))
  }

  @Test("a version 1 database with data migrates to exactly schema.sql, keeping its rows")
  func migratesVersion1() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/schema-v1.sql")
    let temp = try TemporaryDatabase()
    let path = temp.folder + "/v1.db"
    let old = try Database(path: path)
    try old.executeScript(try String(contentsOf: fixture, encoding: .utf8))
    try old.executeScript(
      """
      INSERT INTO posts VALUES (1, 'u1', 'Dune', 'F', 'b', 's', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
      INSERT INTO questions (id, uuid, post_id, text, created_at, updated_at)
        VALUES (1, 'q1', 1, 'Why?', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
      PRAGMA user_version = 1;
      """)
    old.close()
    let migrated = try DatabaseFile.open(at: path, for: .write)
    #expect(try migrated.int(sql: "PRAGMA user_version") == Int64(Schema.version))
    #expect(try objects(migrated) == objects(reference()))
    #expect(
      try migrated.text(sql: "SELECT title || '/' || (SELECT text FROM questions) FROM posts")
        == "Dune/Why?")
  }

  func reference() throws -> Database {
    let reference = try Database(path: ":memory:")
    try reference.executeScript(try String(contentsOf: Self.schemaFile, encoding: .utf8))
    return reference
  }

  func objects(_ db: Database) throws -> [[String]] {
    let statement = try db.makeStatement(
      sql: "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
    var rows: [[String]] = []
    while try statement.step() { rows.append((0..<4).map { statement.text($0) ?? "NULL" }) }
    return rows
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
