import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("version 12: the quotes memo wrote into bodies become highlights")
struct BodyQuoteMigrationTests {
  static let kindleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("MemoCoreTests/Fixtures/Kindle")

  static var kindleNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: kindleFolder.path)) ?? [])
      .filter { $0.hasSuffix(".txt") }.sorted()
  }

  /// A database at schema version 11, as the binary before highlights left it.
  static func version11(_ temp: TemporaryDatabase, _ name: String) throws -> Database {
    let database = try Database(path: temp.folder + "/\(name).db")
    try database.executeScript(try MigrationTests.fixture(1))
    for version in Int32(2)...11 { try database.executeScript(try MigrationTests.fixture(version)) }
    try database.execute(sql: "PRAGMA user_version = 11")
    return database
  }

  /// What the Kindle importer before version 12 wrote: a post per book, its body the
  /// clippings' `bodyText` after a blank line each (after `ownText`, when given); notes that
  /// ask something became questions.
  static func importTheOldWay(_ books: [ExternalBook], into database: Database, ownText: String?)
    throws
  {
    let insert = try database.makeStatement(
      sql: "INSERT INTO posts (uuid, title, author, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
    )
    for (i, book) in books.enumerated() {
      let additions = book.clippings.filter { !$0.isQuestion }.map(\.bodyText)
      var body = ownText ?? ""
      if !additions.isEmpty {
        body += (body.isEmpty ? "" : "\n\n") + additions.joined(separator: "\n\n")
      }
      insert.reset()
      try insert.bind("old-\(i)", at: 1)
      try insert.bind(book.title, at: 2)
      try insert.bind(book.author, at: 3)
      try insert.bind(body.isEmpty ? nil : body, at: 4)
      try insert.bind("2023-01-01T00:00:00.000Z", at: 5)
      try insert.bind("2023-01-01T00:00:00.000Z", at: 6)
      try insert.execute()
    }
  }

  /// Each post's title, body and highlights (text, note, page, location, position, key).
  static func contents(_ database: Database) throws -> [[String]] {
    let statement = try database.makeStatement(
      sql: """
        SELECT p.title, coalesce(p.body, 'NULL'), coalesce((SELECT json_group_array(json_array(
          h.text, h.note, h.page, h.location, h.position, h.source, h.source_key))
          FROM (SELECT * FROM highlights WHERE post_id = p.id ORDER BY id) h), '[]')
        FROM posts p ORDER BY p.title
        """)
    var rows: [[String]] = []
    while try statement.step() { rows.append([statement.string(0), statement.string(1), statement.string(2)]) }
    return rows
  }

  @Test(
    "every Kindle fixture: imported the old way and migrated, the same highlights, notes and bodies as imported now",
    arguments: kindleNames, [nil, "My own notes.\n\n> To be or not to be.\n> — Shakespeare"])
  func everyFixture(name: String, ownText: String?) throws {
    let text = try String(
      contentsOf: Self.kindleFolder.appendingPathComponent(name), encoding: .utf8)
    let books = try KindleClippings.read(text, name: name).books
    let temp = try TemporaryDatabase()
    let old = try Self.version11(temp, "old")
    try Self.importTheOldWay(books, into: old, ownText: ownText)
    let bodies = try MigrationTests().rows(old, "SELECT body FROM posts ORDER BY id")
    old.close()
    let migrated = try DatabaseFile.open(at: temp.folder + "/old.db", for: .write)
    defer { migrated.close() }

    // Now: the new importer over posts holding only the user's own text.
    let new = try Database(path: temp.folder + "/new.db")
    defer { new.close() }
    try Migrator.migrate(new)
    let insert = try new.makeStatement(
      sql: "INSERT INTO posts (uuid, title, author, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
    )
    for (i, book) in books.enumerated() {
      insert.reset()
      try insert.bind("new-\(i)", at: 1)
      try insert.bind(book.title, at: 2)
      try insert.bind(book.author, at: 3)
      try insert.bind(ownText, at: 4)
      try insert.bind("2023-01-01T00:00:00.000Z", at: 5)
      try insert.bind("2023-01-01T00:00:00.000Z", at: 6)
      try insert.execute()
    }
    var counter = 0
    _ = try ExternalImporter(
      database: new, now: Timestamp(millis: 0),
      makeUUID: { _ in
        counter += 1
        return "u\(counter)"
      }, reader: "kindle"
    ).merge(books)

    let after = try Self.contents(migrated)
    #expect(after == (try Self.contents(new)), "\(name)")
    // Something was converted, and every quoted line left the bodies.
    #expect(try migrated.int(sql: "SELECT count(*) FROM highlights") ?? 0 > 0)
    #expect(bodies.allSatisfy { $0[0].contains("> — ") })
    for row in after { #expect(!row[1].contains("> — p.") && !row[1].contains("> — loc.")) }
    if let ownText {
      for row in after { #expect(row[1].hasPrefix(ownText)) }
    }
  }

  @Test("a body's own lines stay exactly: text around the quotes, a quote with an attribution, an unplaced note")
  func ownLinesStay() throws {
    let body = """
      > Quoted by me.
      > — a friend

      > Fear is the mind-killer.
      >
      > Fear is the little-death.
      > — p. 3, loc. 40-44

      My thoughts, between.

      Note (loc. 45): The litany.

      Note: no place.

      > Another.
      > — Kindle
      """
    let (quotes, lines) = BodyQuoteMigration.quotes(in: body)
    #expect(
      quotes.map { [$0.text, $0.note ?? "-", $0.place.page ?? "-", $0.place.location ?? "-"] } == [
        ["Fear is the mind-killer.\n\nFear is the little-death.", "The litany.", "3", "40-44"],
        ["Another.", "-", "-", "-"],
      ])
    #expect(
      BodyQuoteMigration.remainder(of: lines, without: quotes) == """
        > Quoted by me.
        > — a friend

        My thoughts, between.

        Note: no place.
        """)
    let top = "> At the top.\n> — loc. 1\n\nThen mine."
    let found = BodyQuoteMigration.quotes(in: top)
    #expect(BodyQuoteMigration.remainder(of: found.lines, without: found.quotes) == "Then mine.")
    let only = BodyQuoteMigration.quotes(in: "> Only.\n> — p. 1")
    #expect(BodyQuoteMigration.remainder(of: only.lines, without: only.quotes) == nil)
  }

  @Test("the migration is one transaction: a failure leaves version 11, bodies untouched")
  func oneTransaction() throws {
    let temp = try TemporaryDatabase()
    let old = try Self.version11(temp, "fail")
    try old.executeScript(
      """
      INSERT INTO posts VALUES (1, 'u1', 'Dune', NULL, '> Fear.
      > — loc. 4', NULL, '2023-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z');
      CREATE TRIGGER refuse BEFORE UPDATE OF body ON posts BEGIN SELECT RAISE(ABORT, 'no'); END;
      """)
    old.close()
    #expect(throws: (any Error).self) { try DatabaseFile.open(at: temp.folder + "/fail.db", for: .write) }
    let again = try Database(path: temp.folder + "/fail.db")
    defer { again.close() }
    #expect(try again.int(sql: "PRAGMA user_version") == 11)
    #expect(try again.int(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'highlights'") == 0)
    #expect(try MigrationTests().rows(again, "SELECT body FROM posts") == [["> Fear.\n> — loc. 4"]])
  }
}
