import Foundation
import Testing

/// `--quiet` (SPEC §3, §4): only data and ids. A command that changes something prints
/// nothing with it, but the new id of `add`/`ask`/`highlight add` and what `--format json`
/// (jsonl, csv, tsv) asks for.
@Suite("--quiet on commands that change something")
struct QuietTests {
  @Test("answer -q prints nothing (not the whole answer), and the answer is saved")
  func answerQuiet() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    #expect(try box.succeed(["ask", "1", "Why spice?", "--quiet"]) == "1\n")
    let long = String(repeating: "Because it extends life. ", count: 4_000)
    let answered = try box.run(["answer", "1", long, "--quiet"])
    #expect(answered.status == 0)
    #expect(answered.stdout == "")
    #expect(answered.stderr == "")
    #expect(try box.rows("SELECT length(answer) FROM questions WHERE id = 1") == [["100000"]])
    // Asked for as data: the record, whatever --quiet says.
    let json = try box.run(["answer", "1", "short", "-q", "--format", "json"])
    #expect(json.status == 0)
    #expect(json.stdout.contains("\"answer\": \"short\""))
    // Without --quiet, piped: the row, as before.
    #expect(try box.succeed(["unanswer", "1"]).hasPrefix("1\t1\tfalse\tWhy spice?\t"))
  }

  @Test("every command that changes something is silent with -q; their changes are made")
  func everyWriter() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Emma")
    _ = try box.succeed(["ask", "1", "Why?"])
    _ = try box.succeed(["ask", "1", "How?"])
    #expect(try box.succeed(["highlight", "add", "1", "The spice", "-q"]) == "1\n")
    let commands: [[String]] = [
      ["star", "1"], ["unstar", "1"], ["star", "2"], ["answer", "1", "Because."],
      ["unanswer", "1"], ["answer", "1", "Because."], ["review", "rate", "1", "good"],
      ["review", "rate", "h1", "keep"], ["review", "config", "set", "fuzz", "off"],
      ["review", "config", "set", "retention", "0.85"], ["fav", "1"], ["unfav", "1"], ["fav", "2"],
      ["category", "add", "physics"], ["category", "rename", "physics", "phys"],
      ["filter", "set", "--starred"], ["filter", "save", "s1"], ["filter", "clear"],
      ["filter", "use", "s1"], ["filter", "rm", "s1"], ["filter", "clear"],
      ["highlight", "star", "1"], ["highlight", "unstar", "1"], ["merge", "1", "2"], ["undo"],
      ["redo"], ["question", "rm", "2", "--yes"], ["category", "rm", "phys"],
      ["question", "edit", "1", "--text", "Why, really?"], ["edit", "1", "--title", "Dune I"],
    ]
    for command in commands {
      let result = try box.run(command + ["--quiet"])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stdout == "", "\(command)")
      #expect(result.stderr == "", "\(command)")
    }
    #expect(
      try box.rows("SELECT id, text, starred, answer FROM questions ORDER BY id")
        == [["1", "Why, really?", "0", "Because."]])
    #expect(try box.rows("SELECT id, title FROM posts ORDER BY id") == [["1", "Dune I"]])
    #expect(try box.rows("SELECT count(*) FROM categories WHERE name = 'phys'") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM saved_filters") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM highlight_review_events") == [["1"]])
    // Deleting a post: silent too.
    let removed = try box.run(["rm", "1", "--yes", "-q"])
    #expect(removed.status == 0)
    #expect(removed.stdout == "")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
  }
  @Test("review rate and sync: nothing with -q (table or plain), the data with an explicit --format")
  func reviewAndSyncQuiet() throws {
    let lab = try SyncLab()
    let box = try lab.device("a")
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why?"])
    _ = try box.succeed(["answer", "1", "Because."])
    _ = try box.succeed(["highlight", "add", "1", "The spice"])
    for command in [
      ["review", "rate", "1", "good"], ["review", "rate", "1", "easy", "--format", "plain"],
      ["review", "rate", "1", "hard", "--format", "table"], ["review", "rate", "h1", "keep"],
      ["sync"], ["sync", "--format", "table"], ["sync", "remote", lab.remote],
    ] {
      let result = try box.run(command + ["-q"])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stdout == "", "\(command)")
      #expect(result.stderr == "", "\(command)")
    }
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["3"]])
    // Data asked for: printed whatever --quiet says.
    let rated = try box.run(["review", "rate", "1", "good", "-q", "--format", "json"])
    #expect(rated.stdout.contains("\"scheduled_days\""))
    let kept = try box.run(["review", "rate", "h1", "keep", "-q", "--format", "json"])
    #expect(kept.stdout.contains("\"due\""))
    let round = try box.run(["sync", "-q", "--format", "json"])
    #expect(round.stdout.contains("\"pushed\""))
    #expect(try box.run(["sync", "-q", "--format", "csv"]).stdout.hasPrefix("pushed,"))
    // Without -q, piped: the due time and the counts line, as before.
    #expect(try box.succeed(["review", "rate", "1", "good"]).hasSuffix("Z\n"))
    #expect(try box.succeed(["sync"]).split(separator: "\t").count == 5)
  }
}
