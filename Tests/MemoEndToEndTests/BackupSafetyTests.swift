import Foundation
import MemoStorage
import Testing

/// `memo db backup` and `memo db check` against databases that are in use or damaged (issue 35):
/// a copy never pairs with another database's WAL, a damaged database is named as such and
/// never copied as if it were sound.
@Suite("db backup and db check: live destinations, damaged databases")
struct BackupSafetyTests {
  /// A database of `count` posts with bodies long enough to fill many pages.
  func library(posts count: Int = 200) throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    try box.execute(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
      INSERT INTO posts (uuid, title, body, created_at, updated_at)
      SELECT 'uuid-' || i, 'Book ' || i, hex(randomblob(1500)), '2024-01-01T00:00:00.000Z',
        '2024-01-01T00:00:00.000Z' FROM n
      """)
    return box
  }

  /// Another memo database at `path`, with one post.
  func otherDatabase(_ box: Sandbox, _ path: String) throws {
    _ = try box.succeed(["add", "Old notes", "--db", path])
  }

  @Test("a DEST another process has open is refused (73), and that database is left as it was")
  func liveDestination() throws {
    let box = try library()
    let dest = box.root + "/dest.db"
    try otherDatabase(box, dest)
    // A second process (this test) holds DEST open, with a commit still in its -wal.
    let other = try Database(path: dest, create: false)
    try other.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    try other.execute(sql: "INSERT INTO categories (name, created_at) VALUES ('mine', 'x')")
    let result = try box.run(["db", "backup", dest])
    #expect(result.status == 73)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "memo: error: \(dest) is a live database in use (process \(getpid()) has it open); replacing it now would pair its -wal with the copy. Pick another path, or close the other process (a 'memo browse', a sqlite3 shell) and run the backup again; nothing was written\n"
    )
    #expect(try other.int(sql: "SELECT count(*) FROM posts") == 1)
    #expect(try other.int(sql: "SELECT count(*) FROM categories WHERE name = 'mine'") == 1)
    other.close()
    #expect(try box.rows("SELECT title FROM posts", database: dest) == [["Old notes"]])
    #expect(try box.rows("PRAGMA integrity_check", database: dest) == [["ok"]])
    // Closed, the same backup goes through.
    #expect(try box.run(["db", "backup", dest]).status == 0)
    #expect(try box.rows("SELECT count(*) FROM posts", database: dest) == [["201"]])
  }

  @Test(
    "a -wal and -shm left beside DEST by no running process are removed, not paired with the copy")
  func staleSideFiles() throws {
    let box = try library()
    let dest = box.root + "/dest.db"
    try otherDatabase(box, dest)
    let other = try Database(path: dest, create: false)
    try other.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    try other.execute(sql: "INSERT INTO categories (name, created_at) VALUES ('ghost', 'x')")
    // What a process killed with the WAL open leaves: its -wal and -shm, nobody holding them.
    let files = FileManager.default
    try files.copyItem(atPath: dest + "-wal", toPath: box.root + "/kept-wal")
    try files.copyItem(atPath: dest + "-shm", toPath: box.root + "/kept-shm")
    other.close()
    try files.moveItem(atPath: box.root + "/kept-wal", toPath: dest + "-wal")
    try files.moveItem(atPath: box.root + "/kept-shm", toPath: dest + "-shm")
    let result = try box.run(["db", "backup", dest])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!files.fileExists(atPath: dest + "-wal"))
    #expect(!files.fileExists(atPath: dest + "-shm"))
    #expect(try box.rows("PRAGMA integrity_check", database: dest) == [["ok"]])
    #expect(try box.rows("SELECT count(*) FROM posts", database: dest) == [["201"]])
    #expect(
      try box.rows("SELECT count(*) FROM categories WHERE name = 'ghost'", database: dest) == [
        ["0"]
      ]
    )
  }

  /// Writes 0xFF over `count` bytes of page `page` of the file at `path`, from `offset`.
  func damage(_ path: String, page: Int, offset: Int = 8, count: Int = 64) throws {
    let size = try Sandbox.pageSize(path)
    let file = try #require(FileHandle(forUpdatingAtPath: path))
    try file.seek(toOffset: UInt64((page - 1) * size + offset))
    try file.write(contentsOf: Data(repeating: 0xFF, count: count))
    try file.close()
  }

  @Test("db check lists what integrity_check finds in a damaged page; db backup refuses it (74)")
  func damagedPage() throws {
    let box = try library()
    let db = box.defaultDatabase
    let page = try #require(
      Int(try box.rows("SELECT rootpage FROM sqlite_schema WHERE name = 'posts_by_title'")[0][0]))
    // Also something --repair would mend in a sound file: a live book listed as deleted.
    try box.execute(
      "INSERT INTO tombstones (uuid, kind, deleted_at) SELECT uuid, 'post', '2026-01-01T00:00:00.000Z' FROM posts LIMIT 1"
    )
    try damage(db, page: page)
    let check = try box.run(["db", "check"])
    #expect(check.status == 74)
    let lines = check.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("On tree page \(page) cell ") == true)
    #expect(lines.first?.contains(": Offset 65535 out of range ") == true)
    #expect(!check.stdout.contains("\\n") && !check.stdout.contains("***"))
    #expect(
      check.stderr
        == "memo: error: \(db) has \(lines.count) problem(s), listed above; restore a backup ('memo import' of an export, or a 'memo db backup' copy), or salvage what is left with sqlite3's .recover\n"
    )
    // --repair mends nothing in a damaged file (rebuilding an index there could spread the
    // damage): the file is as it was, and the check lists the damage.
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let repair = try box.run(["db", "check", "--repair"])
    #expect(repair.status == 74)
    #expect(!repair.stderr.contains("repaired"))
    #expect(repair.stderr.contains("problem(s), listed above; restore a backup"))
    #expect(repair.stdout.hasPrefix("On tree page \(page) cell "))
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    #expect(try box.rows("SELECT count(*) FROM tombstones") == [["1"]])
    let json = try box.run(["db", "check", "--format", "json"])
    #expect(json.status == 74)
    #expect(json.stdout.contains("\"ok\": false"))
    #expect(json.stdout.contains("\"problems\": [\"On tree page \(page) cell "))
    let copy = box.root + "/copy.db"
    let backup = try box.run(["db", "backup", copy])
    #expect(backup.status == 74)
    #expect(
      backup.stderr
        == "memo: error: the database \(db) is damaged: \(lines[0]); nothing was written to \(copy). Run 'memo db check' to list the problems\n"
    )
    #expect(!FileManager.default.fileExists(atPath: copy))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root).allSatisfy {
        !$0.contains("copy")
      })
  }

  @Test(
    "a file that is not a database, or whose schema is unreadable: db check says so (74), db backup refuses"
  )
  func notADatabase() throws {
    let box = try library()
    let db = box.defaultDatabase
    // The schema's page: sqlite_schema starts on page 1, after the 100-byte file header.
    try damage(db, page: 1, offset: 100, count: 400)
    let schema = try box.run(["db", "check"])
    #expect(schema.status == 74)
    #expect(schema.stdout == "the schema cannot be read: database disk image is malformed\n")
    let noise = box.root + "/noise.db"
    try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(
      to: URL(fileURLWithPath: noise))
    let check = try box.run(["db", "check", "--db", noise, "--format", "json"])
    #expect(check.status == 74)
    #expect(
      check.stdout
        == "{\n  \"path\": \"\(noise)\",\n  \"ok\": false,\n  \"problems\": [\"not a SQLite database (file is not a database)\"]\n}\n"
    )
    let copy = box.root + "/copy.db"
    for source in [db, noise] {
      let backup = try box.run(["db", "backup", copy, "--db", source])
      #expect(backup.status == 74)
      #expect(backup.stderr.hasPrefix("memo: error: the database \(source) is damaged: "))
      #expect(
        backup.stderr.hasSuffix(
          "; nothing was written to \(copy). Run 'memo db check' to list the problems\n"))
      #expect(!FileManager.default.fileExists(atPath: copy))
    }
  }
}

extension Sandbox {
  /// The page size in the header of the SQLite file at `path` (bytes 16-17; 1 means 65536).
  static func pageSize(_ path: String) throws -> Int {
    let header = try #require(FileManager.default.contents(atPath: path)).prefix(18)
    let size = Int(header[16]) << 8 | Int(header[17])
    return size == 1 ? 65536 : size
  }
}
