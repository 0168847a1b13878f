import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// The upgrade from before highlights runs every step in one transaction and converts the
/// body quotes after the last step's SQL, indexing them in bulk (Migrator.migrateInOnePass).
/// These tests hold it to the released way, step by step — version 12's data step right after
/// its SQL, the bodies reindexed by the posts' triggers, version 13's statements indexing the
/// highlights — on the Kindle fixtures: every row of every table, every search index's rows
/// and terms, and the search results, the same.
@Suite("the upgrade from version 11 in one pass: the same database as step by step")
struct QuoteMigrationPathTests {
  /// The released way: each step its own transaction, version 12's data step within it.
  static func stepByStep(_ database: Database, makeUUID: @escaping (Timestamp) -> String) throws {
    for step in Migrator.steps where step.version > 11 {
      try database.inTransaction {
        try database.executeScript(step.sql)
        if step.version == 12 {
          try BodyQuoteMigration(
            database: database, version: 12, makeUUID: makeUUID, reindexing: .byTriggers
          ).run()
        }
        try database.execute(sql: "PRAGMA user_version = \(step.version)")
      }
    }
  }

  /// UUIDs in the order they are asked for: both ways ask in the same order.
  static func counter() -> (Timestamp) -> String {
    var count = 0
    return { _ in
      count += 1
      return "uuid-\(count)"
    }
  }

  /// A version-11 database with the fixture's books imported the old way, and rows of every
  /// kind around them: a post without quotes with a Japanese title, questions (one answered in
  /// Japanese), a tombstone, a category, a body whose quote is in Japanese.
  static func make(_ temp: TemporaryDatabase, _ name: String, fixture: String, ownText: String?)
    throws -> String
  {
    let text = try String(
      contentsOf: BodyQuoteMigrationTests.kindleFolder.appendingPathComponent(fixture),
      encoding: .utf8)
    let books = try KindleClippings.read(text, name: fixture).books
    let database = try BodyQuoteMigrationTests.version11(temp, name)
    try BodyQuoteMigrationTests.importTheOldWay(books, into: database, ownText: ownText)
    try database.executeScript(
      """
      INSERT INTO posts (uuid, title, author, body, created_at, updated_at) VALUES
        ('x1', '吾輩は猫である', '夏目 漱石', 'まだ名前は無い。', '2023-02-01T00:00:00.000Z', '2023-02-01T00:00:00.000Z'),
        ('x2', 'Dune', NULL, '> 恐怖は心を殺す。
      > — p. 8, loc. 80-81

      Note (loc. 81): 有名な一節', '2023-02-02T00:00:00.000Z', '2023-02-03T00:00:00.000Z');
      INSERT INTO categories (name, created_at) VALUES ('ideas', '2023-01-01T00:00:00.000Z');
      INSERT INTO questions (uuid, post_id, text, category_id, answer, answered_at, created_at, updated_at)
        SELECT 'q' || id, id, 'Why ' || title || '?', 1, CASE WHEN id % 2 = 0 THEN '猫の答え' END,
          NULL, '2023-03-01T00:00:00.000Z', '2023-03-01T00:00:00.000Z' FROM posts;
      INSERT INTO tombstones (uuid, kind, deleted_at) VALUES ('gone', 'post', '2023-01-05T00:00:00.000Z');
      """)
    database.close()
    return temp.folder + "/\(name).db"
  }

  /// Everything a database holds, table by table, as text: the rows of every table (the
  /// change sequence without `at`, the time of the change), the search indexes' rows, every
  /// term instance they index (fts5vocab), and their integrity checks.
  static func contents(_ database: Database) throws -> [String: [[String]]] {
    let rows = { (sql: String) in try MigrationTests().rows(database, sql) }
    var contents: [String: [[String]]] = [:]
    contents["schema"] = try rows(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
    let tables = try rows(
      """
      SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
      AND name NOT LIKE 'search_%'
      """)
    for table in tables.map({ $0[0] }) {
      let columns = table == "changes" ? "seq, kind, key, origin" : "*"
      contents[table] = try rows("SELECT \(columns) FROM \(table)").sorted {
        $0.lexicographicallyPrecedes($1)
      }
    }
    for table in SearchRepository.indexTables {
      contents[table] = try rows("SELECT rowid, * FROM \(table) ORDER BY rowid")
      let detail = table == "search_grams" ? "row" : "instance"
      try database.executeScript(
        "CREATE VIRTUAL TABLE temp.\(table)_terms USING fts5vocab(main, \(table), \(detail))")
      let order = detail == "row" ? "1, 2, 3" : "1, 2, 3, 4"
      contents[table + "_terms"] = try rows("SELECT * FROM temp.\(table)_terms ORDER BY \(order)")
      try database.executeScript("DROP TABLE temp.\(table)_terms")
      try database.executeScript("INSERT INTO \(table) (\(table)) VALUES ('integrity-check')")
      contents[table + "_config"] = try rows("SELECT * FROM \(table)_config ORDER BY k")
    }
    return contents
  }

  /// What search finds for a few queries: words, a phrase, a note, one, two and more CJK
  /// letters, highlights only.
  static func searches(_ database: Database) throws -> [String] {
    let search = SearchRepository(database: database)
    var found: [String] = []
    for text in ["the", "world OR life", "note", "猫", "名前", "恐怖は心", "有名", "Why", "a*"] {
      for scope in [SearchQuery.Scope.all, .highlights, .posts] {
        let query = SearchQuery(text: text, scope: scope, limit: nil)
        found.append(
          "\(text) \(scope): "
            + (try search.search(query)).map { "\($0.kind) \($0.id) \($0.snippet) \($0.rank)" }
            .joined(separator: " | "))
      }
    }
    return found
  }

  @Test(
    "every Kindle fixture, with and without text of the reader's own, rebuilt or reindexed entry by entry",
    arguments: BodyQuoteMigrationTests.kindleNames,
    [BodyQuoteMigration.Reindexing.rebuild, .byTriggers, .cheaper])
  func samePath(fixture: String, reindexing: BodyQuoteMigration.Reindexing) throws {
    for ownText in [nil, "My own notes, 私のメモ."] {
      let temp = try TemporaryDatabase()
      let released = try Database(
        path: try Self.make(temp, "released", fixture: fixture, ownText: ownText))
      defer { released.close() }
      try Self.stepByStep(released, makeUUID: Self.counter())
      let onePass = try Database(
        path: try Self.make(temp, "one", fixture: fixture, ownText: ownText))
      defer { onePass.close() }
      let makeUUID = Self.counter()
      try Migrator.migrateInOnePass(
        onePass, from: 11, steps: Migrator.steps.filter { $0.version > 11 }
      ) {
        BodyQuoteMigration(
          database: onePass, version: $0, makeUUID: makeUUID, reindexing: reindexing)
      }

      #expect(try onePass.int(sql: "PRAGMA user_version") == Int64(Schema.version))
      #expect(try onePass.int(sql: "SELECT count(*) FROM highlights") ?? 0 > 1)
      let expected = try Self.contents(released)
      let actual = try Self.contents(onePass)
      #expect(actual.keys.sorted() == expected.keys.sorted())
      for key in expected.keys.sorted() {
        #expect(actual[key] == expected[key], "\(fixture) \(reindexing) \(ownText ?? "-"): \(key)")
      }
      #expect(try Self.searches(onePass) == Self.searches(released))
    }
  }

  @Test(
    "memo_cjk answers as schema.sql's GLOB on every text: letters at the range's ends, other scripts, malformed UTF-8, NUL"
  )
  func cjkFunction() throws {
    let database = try Database(path: ":memory:")
    var texts = [
      "", "plain", "café", "\u{303F}", "\u{3040}", "\u{FF9F}", "\u{FFA0}", "a猫b", "한국어",
      "\u{2014} “quotes”", "😀", "\u{FFFD}", "x\u{FF9F}",
    ]
    // Random strings over a few ranges, malformed sequences among them.
    var seed: UInt64 = 42
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x2F00...0x3100, 0xFF00...0xFFFD, 0x1_0000...0x1_0100,
    ]
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<(next() % 6) {
        let range = ranges[Int(next() % UInt64(ranges.count))]
        if let scalar = Unicode.Scalar(range.lowerBound + UInt32(next() % UInt64(range.count))) {
          text.unicodeScalars.append(scalar)
        }
      }
      texts.append(text)
    }
    let table = try database.makeStatement(sql: "CREATE TABLE t (x)")
    try table.execute()
    let insert = try database.makeStatement(sql: "INSERT INTO t VALUES (?)")
    for text in texts {
      insert.reset()
      try insert.bind(text, at: 1)
      try insert.execute()
    }
    // Bytes that are not UTF-8, read as text: lone lead and continuation bytes, an encoded
    // surrogate, an overlong form, a range letter after a NUL, and lead bytes at the end.
    try database.executeScript(
      """
      INSERT INTO t SELECT CAST(column1 AS TEXT) FROM (VALUES (X'E3'), (X'80E38180'), (X'EDA080'),
        (X'E08181'), (X'C0'), (X'E381'), (X'0041E38180'), (X'41E38180'), (X'EFBE9F'), (X'EFBEA0'),
        (X'F0E38180'), (X'FE80'), (X'E3818080'), (NULL));
      """)
    let differ = try database.int(
      sql:
        "SELECT count(*) FROM t WHERE memo_cjk(x) IS NOT (x GLOB '\(SearchRepository.cjkPattern)')")
    #expect(differ == 0)
    #expect(try database.int(sql: "SELECT count(*) FROM t WHERE memo_cjk(x)") ?? 0 > 20)
  }

  @Test(
    "memo_grams answers as schema.sql's gram SQL on every text: CJK runs, other scripts, malformed UTF-8, NUL"
  )
  func gramsFunction() throws {
    let database = try Database(path: ":memory:")
    var texts = ["", "plain", "猫", "吾輩は猫である。", "a猫b 東京", "\u{3040}x\u{FF9F}", "한국어 😀 \u{FFFD}"]
    var seed: UInt64 = 7
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x3030...0x3100, 0x4E00...0x4E20, 0xFF90...0xFFA5, 0x1_F600...0x1_F610,
    ]
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<(next() % 12) {
        let range = ranges[Int(next() % UInt64(ranges.count))]
        if let scalar = Unicode.Scalar(range.lowerBound + UInt32(next() % UInt64(range.count))) {
          text.unicodeScalars.append(scalar)
        }
      }
      texts.append(text)
    }
    try database.executeScript("CREATE TABLE t (x)")
    let insert = try database.makeStatement(sql: "INSERT INTO t VALUES (?)")
    for text in texts {
      insert.reset()
      try insert.bind(text, at: 1)
      try insert.execute()
    }
    try database.executeScript(
      """
      INSERT INTO t SELECT CAST(column1 AS TEXT) FROM (VALUES (X'E3'), (X'80E38180'), (X'EDA080'),
        (X'E08181'), (X'E381'), (X'E38180E381'), (X'E3818000E38182'), (X'41E3818080E38182'),
        (X'EFBE9F'), (X'EFBEA0E38180'), (X'F0E38180'), (X'E38180F0'), (NULL));
      """)
    let differ = try database.int(
      sql:
        "SELECT count(*) FROM t WHERE memo_grams(x) IS NOT \(SearchRepository.gramsSQL("x"))")
    #expect(differ == 0)
    #expect(
      try database.int(sql: "SELECT count(*) FROM t WHERE memo_grams(x) IS NOT NULL") ?? 0 > 100)
  }
}
