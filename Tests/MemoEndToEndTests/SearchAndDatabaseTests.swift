import Foundation
import MemoStorage
import Testing

@Suite("search, and memo db")
struct SearchAndDatabaseTests {
  func library() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add(
      "Dune", ["--author", "Frank Herbert", "--body", "The litany against fear. I must not fear."])
    _ = try box.add("Café society", ["--body", "Un café crème à Paris."])
    _ = try box.add("吾輩は猫である", ["--author", "夏目漱石", "--body", "吾輩は猫である。名前はまだ無い。"])
    _ = try box.run(["ask", "1", "Why is fear the mind-killer?"])
    _ = try box.run(["ask", "3", "なぜ猫が語り手なのか？"])
    return box
  }

  func hits(_ box: Sandbox, _ args: [String]) throws -> [String] {
    let result = try box.run(["search"] + args)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      return "\(fields[0]) \(fields[1])"
    }
  }

  @Test("words, phrases, prefixes, accents and Japanese are found; --posts and --questions narrow")
  func finds() throws {
    let box = try library()
    #expect(try Set(hits(box, ["fear"])) == ["post 1", "question 1"])
    #expect(try hits(box, ["\"litany against\""]) == ["post 1"])
    #expect(try hits(box, ["lit*"]) == ["post 1"])
    #expect(try hits(box, ["herbert"]) == ["post 1"])
    #expect(try hits(box, ["cafe"]) == ["post 2"])
    #expect(try hits(box, ["creme"]) == ["post 2"])
    #expect(try Set(hits(box, ["猫"])) == ["post 3", "question 2"])
    #expect(try hits(box, ["名前はまだ"]) == ["post 3"])
    #expect(try hits(box, ["fear", "--questions"]) == ["question 1"])
    #expect(try hits(box, ["fear", "--posts"]) == ["post 1"])
    #expect(try hits(box, ["fear NOT mind"]) == ["post 1"])
    #expect(try hits(box, ["nothing-like-this"]) == [])
    #expect(try hits(box, ["mind-killer"]) == ["question 1"])
  }

  @Test("JSON results carry kind, ids, the post title, a snippet and the rank")
  func json() throws {
    let box = try library()
    let result = try box.run(["search", "litany", "--format", "json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 1)
    #expect(array[0]["kind"] as? String == "post")
    #expect(array[0]["post_title"] as? String == "Dune")
    #expect(array[0]["snippet"] as? String == "The litany against fear. I must not fear.")
    #expect(array[0]["rank"] is Double)
  }

  @Test("a long text repeating the word: its snippet is an excerpt around the word, at once")
  func longTextExcerpt() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Spice?"])
    // FTS5's snippet() takes time as the square of the hits in a text: 40,000 here took a
    // minute; 10 MB, hours.
    let answer = String(repeating: "fear ", count: 40_000) + "the spice must flow"
    _ = try box.succeed(["answer", "1", "-"], input: answer)
    let result = try box.run(["search", "spice", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.map { $0["kind"] as? String } == ["question"])
    #expect(array.first?["snippet"] as? String == "… fear fear fear the spice must flow")
    let repeated = try box.run(["search", "fear", "--format", "json"])
    let hits = try #require(
      try JSONSerialization.jsonObject(with: Data(repeated.stdout.utf8)) as? [[String: Any]])
    #expect(hits.first?["snippet"] as? String == String(repeating: "fear ", count: 8) + "fear…")
  }

  @Test("matches are highlighted on a colour terminal")
  func highlight() throws {
    let box = try library()
    let result = try box.run(["search", "litany", "--format", "table", "--color", "always"])
    #expect(result.stdout.contains("\u{1B}[1;33mlitany\u{1B}[0m"))
  }

  @Test("the index follows edits, deletions and imports")
  func staysInStep() throws {
    let box = try library()
    _ = try box.run(["edit", "1", "--body", "Spice must flow."])
    #expect(try hits(box, ["litany"]) == [])
    #expect(try hits(box, ["spice"]) == ["post 1"])
    _ = try box.run(["answer", "1", "Because it kills the mind."])
    #expect(try hits(box, ["kills"]) == ["question 1"])
    let backup = box.root + "/b.json"
    _ = try box.run(["export", "--output", backup])
    _ = try box.run(["rm", "1", "--yes"])
    #expect(try hits(box, ["spice"]) == [])
    _ = try box.run(["import", backup])
    #expect(try hits(box, ["spice"]).count == 1)
  }

  @Test(
    "a query FTS5 rejects exits 64 with a readable message",
    arguments: ["\"open", "AND", "a:b", "(x"])
  func malformed(query: String) throws {
    let box = try library()
    let result = try box.run(["search", query])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("memo: error: the search '\(query)' is not a valid FTS5 query ("))
    #expect(!result.stderr.contains("SQLite"))
  }

  @Test("an old database gets its search index built by the migration")
  func migrationBuildsIndex() throws {
    let box = try library()
    // Version 25's export indexes (the highlights' go with their table below).
    try box.execute("DROP INDEX posts_by_created_uuid; DROP INDEX questions_by_post_uuid")
    // Version 19's start of the never-rated walks.
    try box.execute(
      """
      DROP TRIGGER questions_new_from_insert; DROP TRIGGER questions_new_from_update;
      DROP TRIGGER questions_new_from_delete; DROP TRIGGER review_items_new_from_insert;
      DROP TRIGGER review_items_new_from_kind; DROP TRIGGER review_items_new_from_delete;
      DROP TABLE review_new_from
      """)
    // Version 18's import record, version 15's highlight review and indexes, version 14's
    // review tables, then version 12's highlights (their triggers, version 13's and 17's
    // among them, go with the tables).
    try box.execute(
      """
      DROP TABLE highlight_imports; DROP TABLE highlight_review_events; DROP TABLE highlight_review_items;
      DROP INDEX questions_new_recall; DROP INDEX questions_new_open
      """)
    try box.execute("DROP TABLE review_events; DROP TABLE review_items")
    try box.execute("DROP TABLE highlights")
    try box.execute(
      """
      DROP TRIGGER posts_search_insert; DROP TRIGGER posts_search_update; DROP TRIGGER posts_search_delete;
      DROP TRIGGER questions_search_insert; DROP TRIGGER questions_search_update; DROP TRIGGER questions_search_delete;
      DROP TABLE search_words; DROP TABLE search_trigrams;
      DROP TRIGGER posts_grams_insert; DROP TRIGGER posts_grams_update; DROP TRIGGER posts_grams_delete;
      DROP TRIGGER questions_grams_insert; DROP TRIGGER questions_grams_update;
      DROP TRIGGER questions_grams_delete; DROP TABLE search_grams; DROP VIEW search_grams_feed;
      """)
    // Version 8's change sequence and sync state go too.
    for trigger in try box.rows(
      "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%\\_change\\_%' ESCAPE '\\'")
    {
      try box.execute("DROP TRIGGER \(trigger[0])")
    }
    for table in [
      "changes", "change_context", "sync_settings", "sync_versions", "sync_peers", "sync_files",
      "sync_outbox", "sync_conflicts", "sync_fields", "sync_resolved", "sync_set_aside",
    ] {
      try box.execute("DROP TABLE \(table)")
    }
    try box.execute("ALTER TABLE export_cursors DROP COLUMN seq")
    // Back to version 2: the journal (version 4) goes too.
    for table in [
      "posts", "questions", "categories", "favorites", "saved_filters", "settings", "import_keys",
    ] {
      for op in ["insert", "update", "delete"] {
        try box.execute("DROP TRIGGER \(table)_journal_\(op)")
      }
    }
    try box.execute(
      "DROP INDEX questions_by_highlight; ALTER TABLE questions DROP COLUMN highlight_id;")
    try box.execute(
      "DROP TABLE journal_loads; DROP TABLE journal_changes; DROP TABLE journal_entries; DROP TABLE journal_context; PRAGMA user_version = 2;"
    )
    #expect(try hits(box, ["litany"]) == ["post 1"])
    #expect(try box.rows("PRAGMA user_version") == [[String(Schema.version)]])
  }

  @Test("db path names the database and why; db check passes a sound one")
  func dbPathAndCheck() throws {
    let box = try library()
    #expect(try box.run(["db", "path"]).stdout == box.defaultDatabase + "\n")
    let json = try box.run(["db", "path", "--format", "json"])
    #expect(
      json.stdout
        == "{\n  \"path\": \"\(box.defaultDatabase)\",\n  \"from\": \"default\",\n  \"exists\": true\n}\n")
    let other = box.root + "/not-yet.db"
    let flag = try box.run(["db", "path", "--db", other, "--format", "json"])
    #expect(
      flag.stdout == "{\n  \"path\": \"\(other)\",\n  \"from\": \"--db\",\n  \"exists\": false\n}\n")
    // CSV: a header and the line.
    let csv = try box.run(["db", "path", "--db", other, "--format", "csv"])
    #expect(csv.stdout == "path,from,exists\r\n\(other),--db,false\r\n")
    let check = try box.run(["db", "check", "--format", "table"])
    #expect(check.status == 0)
    #expect(check.stdout == "ok: \(box.defaultDatabase)\n")
    // Plain text is the problems' rows (issue 21): none.
    let plain = try box.run(["db", "check"])
    #expect(plain.status == 0 && plain.stdout == "")
    let checkJSON = try box.run(["db", "check", "--format", "json"])
    #expect(
      checkJSON.stdout
        == "{\n  \"path\": \"\(box.defaultDatabase)\",\n  \"ok\": true,\n  \"problems\": []\n}\n")
    #expect(try box.run(["db", "check", "--format", "csv"]).stdout == "problem\r\n")
    // A file that is not there is not a sound database: 66, and no file made.
    let missing = try box.run(["db", "check", "--db", other, "--format", "table"])
    #expect(missing.status == 66 && missing.stdout == "")
    #expect(missing.stderr.contains("there is no database at \(other) to check"))
    #expect(!FileManager.default.fileExists(atPath: other))
  }

  @Test("db check exits 74 on a broken foreign key")
  func dbCheckFinds() throws {
    let box = try library()
    try box.execute("PRAGMA foreign_keys = OFF; UPDATE questions SET post_id = 999 WHERE id = 1;")
    let check = try box.run(["db", "check"])
    #expect(check.status == 74)
    #expect(check.stdout == "row 1 of questions points to a missing row of posts\n")
    #expect(check.stderr.hasPrefix("memo: error: \(box.defaultDatabase) has 1 problem(s)"))
    let json = try box.run(["db", "check", "--format", "json"])
    #expect(json.status == 74)
    #expect(
      json.stdout.hasSuffix(
        "\n  \"ok\": false,\n  \"problems\": [\"row 1 of questions points to a missing row of posts\"]\n}\n"))
    let tsv = try box.run(["db", "check", "--format", "tsv"])
    #expect(tsv.stdout == "problem\nrow 1 of questions points to a missing row of posts\n")
  }

  @Test("db backup writes a consistent 0600 copy, even while another connection writes")
  func backup() throws {
    let box = try library()
    let writer = try Database(path: box.defaultDatabase, create: false)
    try writer.execute(sql: "BEGIN IMMEDIATE")
    try writer.executeScript("INSERT INTO categories (name, created_at) VALUES ('pending', 'x')")
    let copy = box.root + "/copy.db"
    let result = try box.run(["db", "backup", copy])
    try writer.execute(sql: "COMMIT")
    #expect(result.status == 0, "\(result.stderr)")
    let attributes = try FileManager.default.attributesOfItem(atPath: copy)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(try box.rows("SELECT count(*) FROM posts", database: copy) == [["3"]])
    #expect(
      try box.rows("SELECT count(*) FROM categories WHERE name = 'pending'", database: copy) == [
        ["0"]
      ])
    #expect(try box.rows("PRAGMA integrity_check", database: copy) == [["ok"]])
    #expect(try box.run(["db", "backup", box.root + "/no/such/x.db"]).status == 73)
  }
}
