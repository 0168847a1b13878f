import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("migrations from every earlier schema version")
struct MigrationTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// schema-v1.sql is version 1; schema-vN.sql is what version N added ("-- @version N").
  static func fixture(_ version: Int32) throws -> String {
    try String(
      contentsOf: fixtures.appendingPathComponent("schema-v\(version).sql"), encoding: .utf8)
  }

  @Test("schema.sql is version 1 plus the parts each version added, none of them edited since")
  func noEditedHistory() throws {
    var text = try Self.fixture(1)
    for version in 2...Schema.version {
      text += "-- @version \(version)\n" + (try Self.fixture(version))
    }
    #expect(
      Schema.sql == text,
      """
      schema.sql is not the committed versions 1…\(Schema.version): a released version's part was edited, or \
      the schema changed without a new version. Put the change in a new "-- @version \(Schema.version + 1)" \
      part at the end and copy the part to Fixtures/schema-v\(Schema.version + 1).sql.
      """)
    #expect(Migrator.steps.map(\.version) == Array(2...Schema.version))
    for step in Migrator.steps { #expect(step.sql == (try Self.fixture(step.version))) }
  }

  @Test(
    "a database of each earlier version, with data, migrates to exactly the current schema, data intact",
    arguments: Array(Int32(1)..<Schema.version))
  func migrates(from version: Int32) throws {
    let temp = try TemporaryDatabase()
    let path = temp.folder + "/v\(version).db"
    let old = try Database(path: path)
    try old.executeScript(try Self.fixture(1))
    for step in 1...version where step > 1 { try old.executeScript(try Self.fixture(step)) }
    try old.executeScript(
      """
      INSERT INTO posts VALUES (1, 'u1', 'Dune', 'Frank Herbert', 'Spice.', 'isbn', '2020-01-01T00:00:00.000Z', '2020-01-02T00:00:00.000Z');
      INSERT INTO posts VALUES (2, 'u2', '吾輩は猫である', NULL, NULL, NULL, '2020-02-01T00:00:00.000Z', '2020-02-01T00:00:00.000Z');
      INSERT INTO categories VALUES (1, 'ecology', '2020-01-01T00:00:00.000Z');
      INSERT INTO questions (id, uuid, post_id, text, category_id, starred, answer, answered_at, created_at, updated_at)
        VALUES (1, 'q1', 1, 'Why spice?', 1, 1, 'Because.', '2020-01-03T00:00:00.000Z', '2020-01-01T00:00:00.000Z', '2020-01-03T00:00:00.000Z');
      INSERT INTO favorites VALUES (2, 1, '2020-03-01T00:00:00.000Z');
      INSERT INTO saved_filters VALUES ('s', '{"starred":true,"answered":null,"categories":[],"since":null,"until":null}', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
      INSERT INTO settings VALUES ('current_filter', '{"starred":true,"answered":null,"categories":[],"since":null,"until":null}');
      PRAGMA user_version = \(version);
      """)
    if version >= 12 {
      try old.executeScript(
        """
        INSERT INTO highlights (id, uuid, post_id, text, note, page, created_at, updated_at)
          VALUES (1, 'h1', 1, 'The spice must flow.', '漢字のメモ', '12', '2020-01-04T00:00:00.000Z', '2020-01-04T00:00:00.000Z');
        """)
    }
    let tables = ["posts", "questions", "categories", "favorites", "saved_filters", "settings"]
    let before = try tables.map { try rows(old, "SELECT * FROM \($0) ORDER BY 1") }
    old.close()

    let migrated = try DatabaseFile.open(at: path, for: .write)
    #expect(try migrated.int(sql: "PRAGMA user_version") == Int64(Schema.version))
    // Columns added since (questions.highlight_id, version 12) come after the old ones.
    let after = try tables.map { try rows(migrated, "SELECT * FROM \($0) ORDER BY 1") }
    #expect(
      zip(after, before).map { new, old in new.map { Array($0.prefix(old.first?.count ?? 0)) } }
        == before)
    let fresh = try Database(path: ":memory:")
    try fresh.executeScript(Schema.sql)
    let objects = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name"
    #expect(try rows(migrated, objects) == rows(fresh, objects))
    // What later versions added works on the old data: search finds it, the journal records.
    let search = SearchRepository(database: migrated)
    let highlights = version >= 12 ? 1 : 0
    #expect(try search.search(SearchQuery(text: "spice")).count == 2 + highlights)
    #expect(try search.search(SearchQuery(text: "猫である")).count == 1)
    // Highlights were indexed by version 13: by their words, their note's trigrams and grams.
    #expect(
      try search.search(SearchQuery(text: "flow")).map(\.kind)
        == (version >= 12 ? [.highlights] : []))
    #expect(try search.search(SearchQuery(text: "メモ")).count == highlights)
    #expect(try search.search(SearchQuery(text: "漢字のメ")).count == highlights)
    // Only the Japanese title (and note) is in the trigram index (version 6).
    #expect(
      try rows(migrated, "SELECT rowid FROM search_trigrams")
        == (version >= 12 ? [["-1"], ["4"]] : [["4"]]))
    let runner = EffectRunner(database: migrated)
    _ = runner.run(.posts(.update(1, PostPatch(title: "Dune (1965)"))))
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try rows(migrated, "SELECT title FROM posts WHERE id = 1") == [["Dune"]])
  }

  func rows(_ db: Database, _ sql: String) throws -> [[String]] {
    let statement = try db.makeStatement(sql: sql)
    var rows: [[String]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.text($0) ?? "NULL" })
    }
    return rows
  }
}
