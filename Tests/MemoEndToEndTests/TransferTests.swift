import Foundation
import Testing

@Suite("export and import: backups a cron job can trust")
struct TransferTests {
  /// A database with posts, questions, categories, favorites, filters and a deletion.
  func populated() throws -> Sandbox {
    let box = try Sandbox()
    let dune = try box.add("Dune", ["--author", "Frank Herbert", "--body", "Spice,\n\"quoted\""])
    let hyperion = try box.add("Hyperion")
    let gone = try box.add("Gone")
    for args in [
      ["ask", "\(dune)", "Why spice?", "--category", "ecology", "--star"],
      ["ask", "\(dune)", "Who are the Fremen?", "--category", "people"],
      ["ask", "\(hyperion)", "What is the Shrike? 本", "--category", "ecology"],
      ["answer", "1", "It extends life."], ["fav", "\(hyperion)", "\(dune)"],
      ["filter", "set", "--starred"], ["filter", "save", "stars"], ["rm", "\(gone)", "--yes"],
    ] {
      let result = try box.run(args)
      #expect(result.status == 0, "\(args): \(result.stderr)")
    }
    return box
  }

  @Test("export → import into an empty database → export gives the same bytes, json and jsonl")
  func roundTrip() throws {
    let box = try populated()
    for format in ["json", "jsonl"] {
      let first = try box.run(["export", "--format", format])
      #expect(first.status == 0)
      let copy = box.root + "/copy-\(format).db"
      let file = box.root + "/backup.\(format)"
      try first.stdout.write(toFile: file, atomically: true, encoding: .utf8)
      let imported = try box.run(["import", file, "--db", copy])
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(imported.stdout == "11 added, 0 updated, 1 unchanged\n")
      let second = try box.run(["export", "--format", format, "--db", copy])
      #expect(second.stdout == first.stdout)
      let again = try box.run(["import", file, "--db", copy])
      #expect(again.stdout == "0 added, 0 updated, 12 unchanged\n")
    }
  }

  @Test("the JSON export is one valid, versioned document with every section")
  func jsonShape() throws {
    let box = try populated()
    let result = try box.run(["export"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "memo")
    #expect(object["version"] as? Int == 3)
    let posts = try #require(object["posts"] as? [[String: Any]])
    #expect(posts.map { $0["title"] as? String } == ["Dune", "Hyperion"])
    #expect((posts[0]["questions"] as? [Any])?.count == 2)
    #expect((posts[0]["highlights"] as? [Any])?.count == 0)
    #expect((object["favorites"] as? [[String: Any]])?.map { $0["position"] as? Int } == [1, 2])
    #expect((object["saved_filters"] as? [Any])?.count == 1)
    #expect((object["current_filter"] as? [String: Any])?["starred"] as? Bool == true)
    #expect((object["deleted"] as? [[String: Any]])?.first?["kind"] as? String == "post")
    #expect((object["review_events"] as? [Any])?.isEmpty == true)
  }

  @Test("highlights and the questions asked about them go through every backup format")
  func highlightsThroughBackups() throws {
    let box = try Sandbox()
    let dune = try box.add("Dune")
    for args in [
      ["highlight", "add", "\(dune)", "Fear is the mind-killer.", "--page", "12", "--note", "litany"],
      ["highlight", "add", "\(dune)", "I must not fear.", "--location", "140"],
      ["highlight", "star", "2"], ["ask", "--highlight", "1", "Why fear?"],
    ] {
      let result = try box.run(args)
      #expect(result.status == 0, "\(args): \(result.stderr)")
    }
    let listing = ["highlights", "--format", "json"]
    let questions = "SELECT q.uuid, h.uuid FROM questions q JOIN highlights h ON h.id = q.highlight_id"
    for format in ["json", "jsonl", "csv"] {
      let file = box.root + "/backup.\(format)"
      let exported = try box.run(["export", "--format", format, "--output", file])
      #expect(
        exported.stderr
          == "memo: exported 1 post, 2 highlights, 1 question, 0 deletions to \(file)\n")
      let other = box.root + "/other-\(format).db"
      let imported = try box.run(["--db", other, "import", file])
      #expect(imported.stdout == "4 added, 0 updated, 0 unchanged\n", "\(format)")
      #expect(try box.run(["--db", other] + listing).stdout == (try box.run(listing).stdout))
      #expect(try box.rows(questions, database: other) == (try box.rows(questions)))
      let again = try box.run(["--db", other, "import", file])
      #expect(again.stdout == "0 added, 0 updated, 4 unchanged\n", "\(format)")
    }
  }

  @Test("CSV has one row per question with its post, and one row for a post without questions")
  func csv() throws {
    let box = try populated()
    _ = try box.add("Lonely")
    let lines = try box.run(["export", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
    #expect(lines[0].hasPrefix("post_uuid,post_title,post_author,post_body"))
    // The header, 3 questions over 2 posts, and Lonely's row (Dune's quoted body keeps its "\n").
    #expect(lines.filter { !$0.isEmpty }.count == 5)
    #expect(lines[1].contains(",Dune,Frank Herbert,\"Spice,\n\"\"quoted\"\"\",,true,"))
    #expect(lines.contains { $0.contains(",Lonely,,,,false,") && $0.hasSuffix(",,,,,,,,") })
  }

  @Test("a newer updated_at wins on import; an older one changes nothing")
  func newerWins() throws {
    let box = try populated()
    let file = box.root + "/b.json"
    _ = try box.run(["export", "--output", file])
    _ = try box.run(["edit", "1", "--title", "Dune (edited later)"])
    let result = try box.run(["import", file])
    #expect(result.stdout.contains("0 updated"))
    #expect(try box.rows("SELECT title FROM posts WHERE id = 1") == [["Dune (edited later)"]])
    let copy = box.root + "/copy.db"
    _ = try box.run(["import", file, "--db", copy])
    let newer = box.root + "/newer.json"
    _ = try box.run(["export", "--output", newer])
    let update = try box.run(["import", newer, "--db", copy])
    #expect(update.stdout.hasPrefix("0 added, 1 updated"))
    #expect(
      try box.rows("SELECT title FROM posts WHERE title LIKE 'Dune%'", database: copy) == [
        ["Dune (edited later)"]
      ])
  }

  @Test("nightly exports appended to one file import in one go: a record seen twice ends newest")
  func appendedIncrementalExports() throws {
    let box = try Sandbox()
    let log = box.root + "/changes.jsonl"
    let id = try box.add("Dune")
    _ = try box.run(["ask", "\(id)", "First wording?"])
    var text = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"]).stdout
    // Exported exactly once each, however close together the runs.
    _ = try box.run(["question", "edit", "1", "--text", "Second wording?"])
    _ = try box.run(["edit", "\(id)", "--body", "Read twice."])
    text += try box.run(["export", "--format", "jsonl", "--cursor", "nightly"]).stdout
    try text.write(toFile: log, atomically: true, encoding: .utf8)
    let target = box.root + "/replica.db"
    let result = try box.run(["import", log, "--db", target])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try box.rows("SELECT text FROM questions", database: target) == [["Second wording?"]])
    #expect(try box.rows("SELECT body FROM posts", database: target) == [["Read twice."]])
    #expect(try box.run(["search", "Second", "--db", target]).stdout.contains("Second wording?"))
    #expect(try box.run(["search", "First", "--db", target]).stdout.isEmpty)
    #expect(try box.run(["db", "check", "--db", target]).status == 0)
    #expect(try box.run(["undo", "--db", target]).status == 0)
    #expect(try box.rows("SELECT count(*) FROM questions", database: target) == [["0"]])
  }

  @Test(
    "JSON Lines from stdin stream in; a bad line further on names its number and writes nothing")
  func jsonLinesFromStdin() throws {
    let box = try Sandbox()
    var lines: [String] = []
    for i in 0..<3000 {
      lines.append(
        "{\"type\":\"post\",\"uuid\":\"p\(i)\",\"title\":\"Book \(i) \(String(repeating: "x", count: 400))\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"}"
      )
    }
    // More than one 1 MiB read: the bad line comes after the reader has refilled.
    let good = lines.joined(separator: "\r\n") + "\r\n"
    let bad = good + "{\"type\":\"post\",\"uuid\":\"x\"}\n"
    let refused = try box.run(["import", "-", "--format", "jsonl"], input: bad)
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "memo: error: stdin: line 3001: \"title\" is missing; nothing was imported\n")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    let taken = try box.run(["import", "-", "--format", "jsonl"], input: good)
    #expect(taken.status == 0, "\(taken.stderr)")
    #expect(taken.stdout == "3000 added, 0 updated, 0 unchanged\n")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["3000"]])
  }

  @Test("malformed files exit 65, name the line and reason, and write nothing")
  func malformed() throws {
    let box = try populated()
    let full = try box.run(["export"]).stdout
    let truncated = box.root + "/truncated.json"
    try String(full.prefix(200)).write(toFile: truncated, atomically: true, encoding: .utf8)
    let target = box.root + "/target.db"
    _ = try box.run(["add", "existing", "--db", target])
    let before = try box.rows("SELECT * FROM posts", database: target)
    let result = try box.run(["import", truncated, "--db", target])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("memo: error: \(truncated): line "))
    #expect(result.stderr.hasSuffix("; nothing was imported\n"))
    let bad = box.root + "/bad.jsonl"
    try """
    {"type":"header","format":"memo","version":1}
    {"type":"post","uuid":"a","title":"fine","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"post","uuid":"b","title":"bad time","created_at":"yesterday","updated_at":"2026-01-01T00:00:00Z"}
    """.write(toFile: bad, atomically: true, encoding: .utf8)
    let badResult = try box.run(["import", bad, "--db", target])
    #expect(badResult.status == 65)
    #expect(
      badResult.stderr
        == "memo: error: \(bad): line 3: \"created_at\" is not an RFC 3339 time: yesterday; nothing was imported\n"
    )
    let orphan = box.root + "/orphan.jsonl"
    try """
    {"type":"post","uuid":"p","title":"fine","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"question","uuid":"q","post_uuid":"missing","text":"?","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    """.write(toFile: orphan, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", orphan, "--db", target]).status == 65)
    #expect(try box.rows("SELECT * FROM posts", database: target) == before)
  }

  @Test(
    "a record that cannot be merged fails the import at once, while stdin is still open",
    .timeLimit(.minutes(1)))
  func failsWhileStdinOpen() throws {
    let box = try Sandbox()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["import", "-", "--format", "jsonl"]
    process.environment = box.environment
    let input = Pipe()
    process.standardInput = input
    let errPath = box.root + "/err"
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    // Well formed, but its post is nowhere: the writer fails; the reader waits for more input.
    input.fileHandleForWriting.write(
      Data(
        "{\"type\":\"question\",\"uuid\":\"q\",\"post_uuid\":\"nowhere\",\"text\":\"Why?\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"}\n"
          .utf8))
    var waited = 0
    while process.isRunning && waited < 200 {
      usleep(50_000)
      waited += 1
    }
    let endedAlone = !process.isRunning
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(endedAlone, "memo waited for stdin to close after the import had failed")
    #expect(process.terminationStatus == 65)
    #expect(
      String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        == "memo: error: stdin: question q: its post nowhere is neither in the file nor in the database; nothing was imported\n"
    )
  }

  @Test("a missing file exits 66; an output that cannot be created exits 73; stdin needs --format")
  func ioErrors() throws {
    let box = try populated()
    let missing = try box.run(["import", box.root + "/nope.json"])
    #expect(missing.status == 66)
    #expect(
      missing.stderr
        == "memo: error: cannot read \(box.root)/nope.json: No such file or directory\n")
    let output = try box.run(["export", "--output", box.root + "/no/such/dir/x.json"])
    #expect(output.status == 73)
    #expect(output.stdout == "")
    let stdin = try box.run(["import", "-"], input: "{}")
    #expect(stdin.status == 64)
    let piped = try box.run(
      ["import", "-", "--format", "json", "--db", box.root + "/p.db"],
      input: try box.run(["export"]).stdout)
    #expect(piped.status == 0)
    #expect(piped.stdout == "11 added, 0 updated, 1 unchanged\n")
  }

  @Test("--dry-run reports what would change and writes nothing")
  func dryRun() throws {
    let box = try populated()
    let file = box.root + "/b.jsonl"
    _ = try box.run(["export", "--format", "jsonl", "--output", file])
    let copy = box.root + "/copy.db"
    _ = try box.run(["add", "x", "--db", copy])
    let result = try box.run(["import", file, "--dry-run", "--db", copy])
    #expect(result.status == 0)
    #expect(result.stdout == "would be: 11 added, 0 updated, 1 unchanged\n")
    #expect(try box.rows("SELECT count(*) FROM posts", database: copy) == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM questions", database: copy) == [["0"]])
  }

  @Test("--output replaces the file whole and leaves no temporary file behind")
  func atomicOutput() throws {
    let box = try populated()
    let file = box.root + "/out/backup.json"
    try FileManager.default.createDirectory(
      atPath: box.root + "/out", withIntermediateDirectories: true)
    try "previous".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["export", "--output", file])
    #expect(result.status == 0)
    #expect(result.stderr == "memo: exported 2 posts, 0 highlights, 3 questions, 1 deletion to \(file)\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("{\"format\":\"memo\""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root + "/out") == ["backup.json"])
  }

  @Test(
    "--cursor exports what changed since the last successful run; a failed run does not move it")
  func cursor() throws {
    let box = try populated()
    let failed = try box.run([
      "export", "--format", "jsonl", "--cursor", "nightly", "--output", box.root + "/no/x",
    ])
    #expect(failed.status == 73)
    #expect(try box.rows("SELECT count(*) FROM export_cursors") == [["0"]])
    let first = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(
      first.stdout.split(separator: "\n").filter { $0.contains("\"type\":\"post\"") }.count == 2)
    let nothing = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(!nothing.stdout.contains("\"type\":\"post\""))
    _ = try box.run(["answer", "2", "The desert people."])
    let changed = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    let lines = changed.stdout.split(separator: "\n")
    #expect(lines.filter { $0.contains("\"type\":\"post\"") }.count == 1)
    #expect(lines.filter { $0.contains("\"type\":\"question\"") }.count == 1)
    #expect(changed.stdout.contains("The desert people."))
    _ = try box.run(["rm", "2", "--yes"])
    let deletion = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(deletion.stdout.contains("\"type\":\"deleted\""))
  }
}
