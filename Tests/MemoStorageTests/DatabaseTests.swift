import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("the database connection, on real files")
struct DatabaseTests {
  @Test("opening sets foreign keys, WAL and synchronous=NORMAL; file 0600 in a 0700 folder")
  func setup() throws {
    let temp = try TemporaryDatabase()
    #expect(try temp.rows("PRAGMA foreign_keys") == [["1"]])
    #expect(try temp.rows("PRAGMA journal_mode") == [["wal"]])
    #expect(try temp.rows("PRAGMA synchronous") == [["1"]])
    let nested = temp.folder + "/a/b/memo.db"
    _ = try DatabaseFile.open(at: nested, for: .write)
    var info = stat()
    #expect(stat(nested, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat(temp.folder + "/a/b", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
  }

  @Test("int(sql:) is nil for no row and for NULL, not 0")
  func intOfNull() throws {
    let temp = try TemporaryDatabase()
    let database = try DatabaseFile.open(at: temp.folder + "/memo.db", for: .write)
    #expect(try database.int(sql: "SELECT NULL") == nil)
    #expect(try database.int(sql: "SELECT 1 WHERE 0") == nil)
    #expect(try database.int(sql: "SELECT 0") == 0)
    #expect(try database.int(sql: "SELECT entry_id FROM journal_context") == nil)
  }

  @Test("reading a missing file creates nothing and sees an empty database")
  func readMissing() throws {
    let temp = try TemporaryDatabase()
    let path = temp.folder + "/missing/memo.db"
    let database = try DatabaseFile.open(at: path, for: .read)
    #expect(try database.int(sql: "SELECT count(*) FROM posts") == 0)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: temp.folder + "/missing"))
  }

  @Test("a file that is not a database is an I/O error that says so")
  func notADatabase() throws {
    let temp = try TemporaryDatabase()
    let path = temp.folder + "/notes.txt"
    try String(repeating: "not a database ", count: 100).write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect {
      try DatabaseFile.open(at: path, for: .read)
    } throws: { error in
      let error = error as? MemoError
      return error?.code == .io && error?.message.contains("is not a usable memo database") == true
    }
  }

  @Test("a folder is refused")
  func folder() throws {
    let temp = try TemporaryDatabase()
    #expect(
      throws: MemoError(
        code: .io,
        message: "\(temp.folder) is a folder, not a database file; pass --db with a file path")
    ) {
      try DatabaseFile.open(at: temp.folder, for: .write)
    }
  }

  @Test("a newer schema is refused and left untouched")
  func newer() throws {
    let temp = try TemporaryDatabase()
    try temp.database.execute(sql: "PRAGMA user_version = 42")
    #expect {
      try DatabaseFile.open(at: temp.path, for: .write)
    } throws: { error in
      (error as? MemoError)?.message.contains("newer memo (schema version 42") == true
    }
    #expect(try temp.rows("PRAGMA user_version") == [["42"]])
  }

  @Test("an SQLite file with other tables and no version is not taken over")
  func foreign() throws {
    let temp = try TemporaryDatabase()
    let path = temp.folder + "/other.db"
    let other = try Database(path: path)
    try other.executeScript("CREATE TABLE t (x)")
    other.close()
    #expect(throws: MemoError.self) { try DatabaseFile.open(at: path, for: .write) }
    let again = try Database(path: path)
    #expect(try again.int(sql: "PRAGMA user_version") == 0)
    #expect(try again.int(sql: "SELECT count(*) FROM sqlite_schema") == 1)
  }

  @Test("a migration step runs in one transaction with its version bump")
  func migrationStep() throws {
    let temp = try TemporaryDatabase()
    let good = Migrator.Step(
      version: Schema.version + 1, sql: "CREATE TABLE extra (x); INSERT INTO extra VALUES (1);")
    try Migrator.migrate(temp.database, to: Schema.version + 1, steps: [good])
    #expect(try temp.rows("PRAGMA user_version") == [["\(Schema.version + 1)"]])
    #expect(try temp.rows("SELECT x FROM extra") == [["1"]])
  }

  @Test("a failing migration step changes nothing, not even the version")
  func failingMigration() throws {
    let temp = try TemporaryDatabase()
    let bad = Migrator.Step(
      version: Schema.version + 1, sql: "CREATE TABLE half (x); SELECT nonsense FROM nowhere;")
    #expect(throws: SQLiteError.self) {
      try Migrator.migrate(temp.database, to: Schema.version + 1, steps: [bad])
    }
    #expect(try temp.rows("PRAGMA user_version") == [["\(Schema.version)"]])
    #expect(try temp.rows("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == [["0"]])
  }

  @Test("a transaction rolls back on a thrown error and rethrows that error")
  func rollback() throws {
    let temp = try TemporaryDatabase()
    struct Boom: Error, Equatable {}
    #expect(throws: Boom()) {
      try temp.database.inTransaction {
        try temp.database.executeScript(
          "INSERT INTO settings VALUES ('k', 'v')")
        throw Boom()
      }
    }
    #expect(try temp.rows("SELECT count(*) FROM settings") == [["0"]])
    #expect(temp.database.isAutocommit)
  }

  @Test("a writer blocked past the busy timeout gets a retryable busy error (75)")
  func busy() throws {
    let temp = try TemporaryDatabase()
    let holder = try Database(path: temp.path, create: false)
    try holder.execute(sql: "BEGIN IMMEDIATE")
    defer { try? holder.execute(sql: "ROLLBACK") }
    let writer = try Database(path: temp.path, create: false, busyTimeoutMilliseconds: 50)
    do {
      try writer.inTransaction {
        try writer.executeScript("INSERT INTO settings VALUES ('a', 'b')")
      }
      Issue.record("the write should have been blocked")
    } catch let error as SQLiteError {
      #expect(MemoError(error, path: temp.path).code == .busy)
    }
  }

  @Test("a read-only file refuses writes with an I/O error naming the file")
  func readOnly() throws {
    let temp = try TemporaryDatabase()
    temp.database.close()
    chmod(temp.path, 0o444)
    let database = try DatabaseFile.open(at: temp.path, for: .write)
    let runner = EffectRunner(database: database)
    let result = runner.run(.posts(.insert(NewPost(title: "x"))))
    guard case .failed(let error) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(error.code == .io)
    #expect(error.message.contains("read-only"))
    chmod(temp.path, 0o600)
  }

  @Test("text keeps NUL bytes, emoji and Japanese; '' and NULL stay apart")
  func textRoundTrip() throws {
    let temp = try TemporaryDatabase()
    let db = temp.database
    try db.executeScript("CREATE TABLE t (i INTEGER, s TEXT)")
    let values: [String?] = ["a\u{0}b", "📚 本を読む", "", nil, "'; DROP TABLE posts; --"]
    let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?, ?)")
    for (i, value) in values.enumerated() {
      insert.reset()
      try insert.bind(Int64(i), at: 1)
      try insert.bind(value, at: 2)
      try insert.execute()
    }
    let select = try db.makeStatement(sql: "SELECT s, s IS NULL FROM t ORDER BY i")
    var read: [String?] = []
    while try select.step() { read.append(select.text(0)) }
    #expect(read == values)
    #expect(try temp.rows("SELECT count(*) FROM posts") == [["0"]])
  }

  @Test("a cached statement is prepared once and reused")
  func cache() throws {
    let temp = try TemporaryDatabase()
    let a = try temp.database.cachedStatement(sql: "SELECT 1")
    let b = try temp.database.cachedStatement(sql: "SELECT 1")
    #expect(a === b)
    #expect(throws: SQLiteError.self) { try temp.database.cachedStatement(sql: "SELEKT 1") }
  }

  @Test("SQL made at run time, at whatever address, always gets its own statement")
  func cacheByAddress() throws {
    let temp = try TemporaryDatabase()
    // Strings made and dropped in turn: the allocator hands the same bytes out again, which
    // the cache's first lookup (by address) must not take for the same SQL.
    for round in 0..<3 {
      for n in 0..<200 {
        var sql = "SELECT \(n) AS value_of_a_long_enough_statement"
        sql += round == 1 ? " WHERE 1" : ""
        let statement = try temp.database.cachedStatement(sql: sql)
        #expect(try statement.step() && statement.int64(0) == Int64(n))
        statement.reset()
      }
    }
    let sql = "SELECT 'a literal, longer than fifteen bytes'"
    let literal = try temp.database.cachedStatement(sql: sql)
    #expect(literal === (try temp.database.cachedStatement(sql: sql)))
  }
}
