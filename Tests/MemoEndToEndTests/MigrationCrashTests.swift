import Foundation
import MemoStorage
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The upgrade from before highlights runs with a rollback journal instead of the WAL when no
/// other connection has the file open (`Database.withRollbackJournal`). Killed at any moment,
/// it leaves the database as it was (the next open plays the journal back) or upgraded, never
/// anything between; and the next run upgrades it.
@Suite("the upgrade from version 11 killed with SIGKILL (SPEC §7)", .serialized)
struct MigrationCrashTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("MemoStorageTests/Fixtures")
  static let books = 6000

  /// A version-11 database whose bodies hold four quote blocks each, as that version's Kindle
  /// importer wrote them, and the search indexes of that version.
  static func makeVersion11(at path: String) throws {
    let database = try Database(path: path)
    defer { database.close() }
    for version in 1...11 {
      let url = fixtures.appendingPathComponent("schema-v\(version).sql")
      try database.executeScript(try String(contentsOf: url, encoding: .utf8))
    }
    try database.inTransaction {
      try database.executeScript(
        """
        WITH RECURSIVE n(b) AS (SELECT 1 UNION ALL SELECT b + 1 FROM n WHERE b < \(books))
        INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at)
        SELECT 'p-' || b, 'Book ' || b, 'Author ' || (b % 97),
          'Own words on ' || b || char(10) || char(10)
          || '> A first passage of book ' || b || ' about rivers and time' || char(10)
          || '> — p. 3, loc. ' || b || '-' || (b + 2) || char(10) || char(10)
          || '> 吾輩は猫である ' || b || char(10) || '> — loc. ' || (b + 10) || char(10) || char(10)
          || 'Note (loc. ' || (b + 10) || '): a note on ' || b || char(10) || char(10)
          || '> The third passage, ' || b || char(10) || '> — p. xii' || char(10) || char(10)
          || '> The fourth passage, words ' || (b * 7) || char(10) || '> — Kindle',
          'kindle', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'
        FROM n;
        PRAGMA user_version = 11;
        """)
    }
  }

  @Test(
    "killed mid-upgrade: the database is as it was or upgraded, and sound; the next run upgrades it"
  )
  func killedMidUpgrade() throws {
    let box = try Sandbox()
    let source = box.root + "/v11.db"
    try Self.makeVersion11(at: source)
    let bodies = try box.rows("SELECT sum(length(body)), count(*) FROM posts", database: source)
    let path = box.root + "/run.db"
    var random = SplitMix(seed: 20_261_126)
    var killed = 0
    for k in 0..<8 {
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
      try FileManager.default.copyItem(atPath: source, toPath: path)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Sandbox.binary)
      process.arguments = ["--db", path, "stats"]
      process.environment = box.environment
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
      process.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try process.run()
      usleep(UInt32(50_000 + random.next() % 1_500_000))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()

      // Opening it plays a hot journal back.
      #expect(try box.rows("PRAGMA integrity_check", database: path) == [["ok"]], "kill \(k)")
      let version = try box.rows("PRAGMA user_version", database: path)[0][0]
      if version == "11" {
        #expect(
          try box.rows("SELECT sum(length(body)), count(*) FROM posts", database: path) == bodies,
          "kill \(k): the old bodies")
        #expect(
          try box.rows(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'highlights'", database: path)
            == [["0"]], "kill \(k): no highlights table")
      } else {
        #expect(
          try box.rows("SELECT count(*) FROM highlights", database: path)
            == [["\(4 * Self.books)"]], "kill \(k): every highlight")
      }
      // The next run upgrades it.
      let result = try box.run(["--db", path, "stats"])
      #expect(result.status == 0, "kill \(k): \(result.stderr)")
      #expect(
        try box.rows("SELECT count(*) FROM highlights", database: path)
          == [["\(4 * Self.books)"]], "kill \(k)")
      #expect(
        try box.rows("SELECT count(*) FROM search_words WHERE kind = 'highlight'", database: path)
          == [["\(4 * Self.books)"]], "kill \(k)")
    }
    print("migration crash test: \(killed) of 8 upgrades killed mid-run")
    #expect(killed > 0)
  }
}
