import Foundation
import Testing

@Suite("undo, redo and log, as a user would use them")
struct JournalCommandTests {
  @Test(
    "a session undone step by step matches the export taken before each step; redo goes back to the end"
  )
  func session() throws {
    let box = try Sandbox()
    let steps: [[String]] = [
      ["add", "Dune", "--author", "Frank Herbert", "--body", "Spice."],
      ["add", "Hyperion"],
      ["ask", "1", "Why spice?", "--category", "ecology", "--star"],
      ["ask", "1", "Who are the Fremen?", "--category", "people"],
      ["ask", "2", "What is the Shrike?"],
      ["star", "2", "3"],
      ["answer", "1", "It extends life."],
      ["fav", "2", "1"],
      ["filter", "set", "--starred", "--category", "ecology"],
      ["category", "rename", "people", "folk"],
      ["edit", "1", "--title", "Dune (1965)"],
      ["rm", "1", "--yes"],
    ]
    var snapshots: [String] = []
    for step in steps {
      snapshots.append(try box.run(["export"]).stdout)
      let result = try box.run(step)
      #expect(result.status == 0, "\(step): \(result.stderr)")
    }
    let end = try box.run(["export"]).stdout
    let log = try box.run(["log", "--format", "json"])
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == steps.count)
    #expect(entries.first?["summary"] as? String == "rm post 1 'Dune (1965)' (2 questions)")
    for (i, snapshot) in snapshots.enumerated().reversed() {
      let undo = try box.run(["undo", "--format", "table"])
      #expect(undo.status == 0, "\(undo.stderr)")
      #expect(undo.stdout.hasPrefix("undid #\(i + 1) "))
      #expect(
        try withoutDeletions(box.run(["export"]).stdout) == withoutDeletions(snapshot),
        "after undoing step \(i + 1)")
    }
    let nothing = try box.run(["undo"])
    #expect(nothing.status == 1)
    #expect(nothing.stderr == "memo: error: nothing to undo; 'memo log' shows the journal\n")
    let redo = try box.run(["redo", "\(steps.count)"])
    #expect(redo.status == 0)
    #expect(try withoutDeletions(box.run(["export"]).stdout) == withoutDeletions(end))
    #expect(try box.run(["redo"]).status == 1)
  }

  /// The export without its "deleted" section: undoing a creation records a deletion, and a
  /// redone deletion happens again at a new time, as incremental consumers need to see.
  func withoutDeletions(_ export: String) -> String {
    guard let cut = export.range(of: "\"deleted\":[") else { return export }
    return String(export[..<cut.lowerBound])
  }

  @Test(
    "an rm of a post with questions, answers and a shelf place comes back whole, same ids and UUIDs"
  )
  func rmComesBack() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why?", "--category", "c"])
    _ = try box.run(["answer", "1", "Because."])
    _ = try box.run(["fav", "1"])
    let before =
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM questions")
      + box.rows("SELECT * FROM favorites")
    _ = try box.run(["rm", "1", "--yes"])
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    let undo = try box.run(["undo", "--format", "table"])
    #expect(undo.stdout == "undid #5 rm post 1 'Dune' (1 question)\n")
    #expect(
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM questions")
        + box.rows("SELECT * FROM favorites") == before)
    #expect(try box.run(["search", "because"]).stdout.hasPrefix("question\t1\t"))
  }

  @Test("an import is one entry, undone in one step")
  func importUndo() throws {
    let box = try Sandbox()
    var lines = ["{\"type\":\"header\",\"format\":\"memo\",\"version\":1}"]
    for i in 0..<300 {
      lines.append(
        "{\"type\":\"post\",\"uuid\":\"p\(i)\",\"title\":\"Book \(i)\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"}"
      )
    }
    let file = box.root + "/many.jsonl"
    try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.add("mine")
    #expect(try box.run(["import", file]).status == 0)
    #expect(try box.rows("SELECT count(*) FROM posts") == [["301"]])
    let undo = try box.run(["undo", "--format", "table"])
    #expect(undo.stdout == "undid #2 import \(file) (300 added, 0 updated, 0 unchanged)\n")
    #expect(try box.rows("SELECT title FROM posts") == [["mine"]])
  }

  @Test("log is readable on a terminal and marks undone entries; prune keeps the newest")
  func log() throws {
    let box = try Sandbox()
    _ = try box.add("A")
    _ = try box.add("B")
    _ = try box.run(["undo"])
    let table = try box.run(["log", "--format", "table", "--color", "never"])
    let lines = table.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("#  TIME"))
    #expect(lines[1].hasPrefix("2  ") && lines[1].contains("undone  add post 2 'B'"))
    #expect(lines[2].hasPrefix("1  ") && lines[2].hasSuffix("add post 1 'A'"))
    let pruned = try box.run(["log", "--prune", "--keep", "1"])
    #expect(pruned.stderr == "memo: pruned 1 journal entry\n")
    #expect(try box.run(["log"]).stdout.split(separator: "\n").count == 1)
    let stats = try box.run(["stats", "--format", "json"]).stdout
    #expect(stats.contains("\n  \"journal_entries\": 1,\n"))
  }

  @Test("undo 0 and a non-number are usage errors")
  func usage() throws {
    let box = try Sandbox()
    #expect(try box.run(["undo", "0"]).status == 64)
    #expect(try box.run(["undo", "x"]).status == 64)
    #expect(try box.run(["redo", "-1"]).status == 64)
  }

  @Test("--keep without --prune is a usage error, and prunes nothing")
  func keepWithoutPrune() throws {
    let box = try Sandbox()
    _ = try box.add("A")
    _ = try box.add("B")
    let result = try box.run(["log", "--keep", "1"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "memo: error: --keep goes with --prune: 'memo log --prune --keep N' drops all but the newest N entries"
      ), "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(try box.rows("SELECT count(*) FROM journal_entries") == [["2"]])
  }
}
