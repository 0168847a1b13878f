import Foundation
import Testing

@Suite("the change sequence and export --cursor")
struct ChangeSequenceTests {
  func records(_ output: String, _ type: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains("\"type\":\"\(type)\"") }
  }

  @Test(
    "export --cursor twice with nothing changed exports nothing; a change between runs is exported exactly once"
  )
  func cursorExactlyOnce() throws {
    let box = try Sandbox()
    let dune = try box.add("Dune")
    _ = try box.run(["ask", "\(dune)", "Why spice?"])
    let export = ["export", "--format", "jsonl", "--cursor", "nightly"]
    let first = try box.run(export)
    #expect(records(first.stdout, "post").count == 1)
    #expect(records(first.stdout, "question").count == 1)
    // Right away (no time passes that a clock could see): nothing.
    let again = try box.run(export)
    #expect(records(again.stdout, "post").isEmpty)
    #expect(records(again.stdout, "question").isEmpty)
    #expect(records(again.stdout, "deleted").isEmpty)

    _ = try box.run(["answer", "1", "The desert."])
    let changed = try box.run(export)
    #expect(records(changed.stdout, "question").count == 1)
    #expect(changed.stdout.contains("The desert."))
    #expect(records(try box.run(export).stdout, "question").isEmpty)

    _ = try box.run(["question", "rm", "1", "--yes"])
    let deleted = try box.run(export)
    #expect(records(deleted.stdout, "deleted").count == 1)
    #expect(records(try box.run(export).stdout, "deleted").isEmpty)
    // Another cursor starts from the beginning.
    #expect(
      records(try box.run(["export", "--format", "jsonl", "--cursor", "other"]).stdout, "post")
        .count == 1)
  }

  @Test("a cursor saved before the change sequence (a time) still works, and holds a seq after")
  func oldCursor() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let export = ["export", "--format", "jsonl", "--cursor", "nightly"]
    _ = try box.run(export)
    try box.execute(
      "UPDATE export_cursors SET seq = NULL, exported_at = '2020-01-01T00:00:00.000Z'")
    #expect(records(try box.run(export).stdout, "post").count == 1)
    #expect(try box.rows("SELECT seq IS NOT NULL FROM export_cursors") == [["1"]])
    #expect(records(try box.run(export).stdout, "post").isEmpty)
  }

  @Test("every change moves its record to a new, higher seq, in the change's own transaction")
  func sequence() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why?", "--category", "ecology"])
    _ = try box.run(["fav", "1"])
    _ = try box.run(["edit", "1", "--title", "Dune (1965)"])
    let rows = try box.rows("SELECT kind, origin FROM changes ORDER BY seq")
    #expect(
      rows == [
        ["category", "NULL"], ["question", "NULL"], ["favorite", "NULL"], ["post", "NULL"],
      ])
    let before = try box.rows("SELECT seq, kind, key FROM changes ORDER BY seq")
    let failed = try box.run(["ask", "9", "Nobody's?", "--category", "new"])
    #expect(failed.status == 1)
    #expect(try box.rows("SELECT seq, kind, key FROM changes ORDER BY seq") == before)
    _ = try box.run(["undo"])  // the title edit
    #expect(try box.rows("SELECT kind FROM changes ORDER BY seq DESC LIMIT 1") == [["post"]])
    #expect(try box.rows("SELECT max(seq) > \(before.last?[0] ?? "0") FROM changes") == [["1"]])
  }

  @Test("an import's new questions enter the change sequence once each")
  func importedQuestions() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "One?"])
    _ = try box.run(["ask", "1", "Two?"])
    let file = box.root + "/backup.jsonl"
    _ = try box.run(["export", "--format", "jsonl", "--output", file])
    let target = box.root + "/other.db"
    #expect(try box.run(["import", file, "--db", target]).status == 0)
    #expect(
      try box.rows(
        "SELECT kind, count(*) FROM changes GROUP BY kind ORDER BY kind", database: target)
        == [["post", "1"], ["question", "2"]])
  }
}
