import Foundation
import Testing

@Suite("memo review, run as a reader would")
struct ReviewCommandTests {
  /// Dune with question 1, answered, and fuzz off: the reference schedules exactly.
  func answered() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    #expect(try box.succeed(["ask", "1", "What is the spice?"]) == "1\n")
    _ = try box.succeed(["answer", "1", "Melange."])
    #expect(try box.succeed(["review", "config", "set", "fuzz", "off"]) == "fuzz\toff\n")
    // Made before the reference vectors' ratings (2022-11-29), which are given with --at.
    try box.backdate(to: "2022-01-01T00:00:00.000Z")
    return box
  }

  /// `review rate --format json`, parsed.
  func rate(_ box: Sandbox, _ id: String, _ rating: String, at time: String) throws
    -> [String: Any]
  {
    let out = try box.succeed(["review", "rate", id, rating, "--at", time, "--format", "json"])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
  }

  @Test("V1 from the command line: scheduled days 0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21")
  func referenceVector() throws {
    let box = try answered()
    var time = "2022-11-29T12:30:00Z"
    var days: [Int] = []
    for rating in [
      "good", "good", "good", "good", "good", "good", "again", "again", "good", "good", "good",
      "good", "good",
    ] {
      let result = try rate(box, "1", rating, at: time)
      #expect(Set(result.keys) == ["due", "scheduled_days", "state", "stability", "difficulty"])
      days.append(result["scheduled_days"] as? Int ?? -1)
      time = try #require(result["due"] as? String)
    }
    #expect(days == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    let show = try box.succeed(["review", "show", "1", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(show.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "recall")
    #expect(object["state"] as? String == "review")
    #expect(object["due"] as? String == time)
    let history = try #require(object["history"] as? [[String: Any]])
    #expect(history.count == 13)
    #expect(history.first?["rating"] as? String == "good")
    #expect(history.first?["reviewed_at"] as? String == "2022-11-29T12:30:00.000Z")
    #expect(history[6]["rating"] as? String == "again")
  }

  @Test("V3 from the command line: a first rating gives stability 0.212 / 1.2931 / 2.3065 / 8.2956")
  func firstRatings() throws {
    let box = try answered()
    for id in 2...4 {
      _ = try box.succeed(["ask", "1", "Question \(id)?"])
      _ = try box.succeed(["answer", "\(id)", "Yes."])
    }
    try box.backdate()
    let expected: [(String, Double, Int)] = [
      ("again", 0.212, 0), ("hard", 1.2931, 0), ("good", 2.3065, 0), ("easy", 8.2956, 8),
    ]
    for (index, (rating, stability, days)) in expected.enumerated() {
      let result = try rate(box, "\(index + 1)", rating, at: "2022-11-29T12:30:00Z")
      #expect(result["stability"] as? Double == stability)
      #expect(result["scheduled_days"] as? Int == days)
    }
    // Plain output is the new due time.
    let plain = try box.succeed(["review", "rate", "4", "good", "--at", "2022-12-07T12:30:00Z"])
    #expect(plain.hasPrefix("202") && plain.hasSuffix(":00.000Z\n"))
    // review show in plain says the same time the same way (it printed UTC without a zone,
    // beside local times in tables); a table, local time.
    let shown = try box.succeed(["review", "show", "4"])
    #expect(shown.contains("due " + plain.dropLast()), "\(shown)")
    #expect(shown.contains("  2022-12-07T12:30:00.000Z  good\n"), "\(shown)")
    let tokyo = try box.run(
      ["review", "show", "4", "--format", "table"], environment: ["TZ": "JST-9"])
    #expect(tokyo.stdout.contains("  2022-12-07 21:30  good\n"), "\(tokyo.stdout)")
  }

  @Test(
    "an open question comes back a day after it was asked; soon, later, soon wait 7, 14, 7 days")
  func openQuestion() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why water?"])
    let asked = try #require(try box.rows("SELECT created_at FROM questions").first?.first)
    #expect(try box.succeed(["review", "due", "--at", asked]) == "")
    let due = try box.succeed(["review", "due", "--at", "9999-01-01", "--format", "jsonl"])
    #expect(due.contains("\"kind\":\"open\""))
    #expect(due.contains("\"retrievability\":null"))
    try box.backdate()
    var time = "2025-01-01T00:00:00Z"
    var days: [Int] = []
    for choice in ["soon", "later", "soon"] {
      let result = try rate(box, "1", choice, at: time)
      days.append(result["scheduled_days"] as? Int ?? -1)
      time = try #require(result["due"] as? String)
    }
    #expect(days == [7, 14, 7])
    #expect(try box.succeed(["review", "rate", "1", "drop", "--at", time]) == "dropped\n")
    #expect(try box.succeed(["review", "due", "--at", "9999-01-01"]) == "")
    // The question stays in the notes.
    #expect(try box.rows("SELECT count(*) FROM questions") == [["1"]])
  }

  @Test("undo takes the last rating back and restores the schedule exactly")
  func undoRating() throws {
    let box = try answered()
    let first = try rate(box, "1", "good", at: "2022-11-29T12:30:00Z")
    let second = try rate(box, "1", "good", at: first["due"] as! String)
    let items = "SELECT * FROM review_items"
    let before = try box.rows(items)
    _ = try rate(box, "1", "again", at: second["due"] as! String)
    #expect(try box.rows(items) != before)
    let undo = try box.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.stdout.contains("rate question 1 again"))
    #expect(try box.rows(items) == before)
    #expect(try box.rows("SELECT rating FROM review_events ORDER BY id") == [["good"], ["good"]])
    // The next rating continues from the restored schedule as a replay would.
    let again = try rate(box, "1", "good", at: second["due"] as! String)
    #expect(again["scheduled_days"] as? Int == 11)
  }

  @Test(
    "bad input: an unknown rating or the other kind's exits 64 naming the ratings; an unknown id 1")
  func badInput() throws {
    let box = try answered()
    let unknown = try box.run(["review", "rate", "1", "meh"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("again, hard, good or easy"))
    #expect(unknown.stderr.contains("soon, later, eventually or drop"))
    let wrongKind = try box.run(["review", "rate", "1", "later"])
    #expect(wrongKind.status == 64)
    #expect(wrongKind.stderr.contains("rate it again, hard, good or easy, not later"))
    _ = try box.succeed(["ask", "1", "Why water?"])
    let open = try box.run(["review", "rate", "2", "good"])
    #expect(open.status == 64)
    #expect(open.stderr.contains("rate it soon, later, eventually or drop, not good"))
    let missing = try box.run(["review", "rate", "99", "good"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no question 99"))
    #expect(try box.run(["review", "show", "99"]).status == 1)
    #expect(try box.run(["review", "rate", "1", "good", "--at", "someday"]).status == 64)
    #expect(try box.run(["review", "config", "set", "fuzz", "maybe"]).status == 64)
    #expect(try box.run(["review", "config", "set", "colour", "on"]).status == 64)
    #expect(try box.run(["review", "due", "--limit", "-1"]).status == 64)
    // Nothing was recorded.
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
  }

  @Test("review due lists lowest retrievability first, in every format")
  func dueFormats() throws {
    let box = try answered()
    _ = try box.succeed(["ask", "1", "Who is Paul?"])
    _ = try box.succeed(["answer", "2", "Muad'Dib."])
    try box.backdate()
    _ = try rate(box, "1", "good", at: "2022-11-29T12:30:00Z")
    _ = try rate(box, "2", "easy", at: "2022-11-29T12:30:00Z")
    let at = "2023-01-01T00:00:00Z"
    let plain = try box.succeed(["review", "due", "--at", at])
    #expect(plain.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["1", "2"])
    let csv = try box.succeed(["review", "due", "--at", at, "--format", "csv"])
    #expect(csv.hasPrefix("id,kind,due,retrievability,question,post_id,title,item\r\n"))
    #expect(
      try box.succeed(["review", "due", "--at", at, "--limit", "1", "--format", "tsv"])
        .split(separator: "\n").count == 2)
    let json = try box.succeed(["review", "due", "--at", at, "--format", "json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(rows.map { $0["id"] as? Int } == [1, 2])
    #expect(rows.allSatisfy { $0["kind"] as? String == "recall" })
  }

  @Test("review due --post, --since and --until narrow the listing as memo questions's do")
  func dueNarrowed() throws {
    let box = try answered()
    #expect(try box.add("Emma") == 2)
    _ = try box.succeed(["ask", "2", "Who is Harriet?"])
    _ = try box.succeed(["answer", "2", "A friend."])
    let at = ["--at", "2100-01-01"]
    func ids(_ more: [String]) throws -> [String] {
      try box.succeed(["review", "due"] + at + more).split(separator: "\n")
        .map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try ids([]) == ["1", "2"])
    #expect(try ids(["--post", "2"]) == ["2"])
    #expect(try ids(["--post", "1"]) == ["1"])
    #expect(try ids(["--since", "2000-01-01"]) == ["1", "2"])
    #expect(try ids(["--since", "2099-01-01"]) == [])
    #expect(try ids(["--until", "2000-01-01"]) == [])
    let missing = try box.run(["review", "due", "--post", "9"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no post 9"))
    let badDate = try box.run(["review", "due", "--since", "someday"])
    #expect(badDate.status == 64)
  }

  @Test("a --limit as large as an Int lists everything due; digest too (it crashed: limit + 1)")
  func hugeLimit() throws {
    let box = try answered()
    let top = String(Int.max)
    let due = try box.run(["review", "due", "--limit", top, "--at", "2100-01-01"])
    #expect(due.status == 0)
    #expect(due.stdout.hasPrefix("1\trecall\t"))
    let digest = try box.run(["review", "digest", "--limit", top, "--at", "2100-01-01"])
    #expect(digest.status == 0)
    #expect(digest.stdout.contains("What is the spice?"))
  }

  @Test("review rate --at before 1970 exits 64; nothing is recorded")
  func before1970() throws {
    let box = try answered()
    let early = try box.run(["review", "rate", "1", "good", "--at", "1969-12-31"])
    #expect(early.status == 64)
    #expect(early.stderr.contains("--at 1969-12-31 is before 1970"))
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
  }

  @Test("an import of a rating more than a day in the future exits 65 naming it; nothing is added")
  func futureRatingImported() throws {
    let box = try answered()
    _ = try rate(box, "1", "good", at: "2022-11-29T12:30:00Z")
    let backup = try box.succeed(["export", "--format", "json"])
    #expect(backup.contains("\"2022-11-29T12:30:00.000Z\""))
    let file = box.root + "/future.json"
    try backup.replacingOccurrences(
      of: "\"2022-11-29T12:30:00.000Z\"", with: "\"2099-01-01T00:00:00.000Z\""
    )
    .write(toFile: file, atomically: true, encoding: .utf8)
    let other = try Sandbox()
    let imported = try other.run(["import", file])
    #expect(imported.status == 65)
    #expect(imported.stderr.contains("review event"))
    #expect(
      imported.stderr.contains(
        "2099-01-01T00:00:00.000Z, more than a day after this machine's clock"))
    #expect(try other.run(["questions", "--all"]).stdout == "")
  }

  @Test(
    "review rate --at before the item was made exits 64 naming when it was; nothing is recorded")
  func beforeTheItem() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "What is the spice?"])
    _ = try box.succeed(["answer", "1", "Melange."])
    _ = try box.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
    try box.backdate(to: "2026-01-10T12:00:00.000Z")
    let question = try box.run(
      ["review", "rate", "1", "good", "--at", "2000-01-01"], environment: ["TZ": "UTC"])
    #expect(question.status == 64)
    #expect(
      question.stderr
        == "memo: error: --at 2000-01-01 is before question 1 was asked (2026-01-10 12:00): give the time the review happened\n"
    )
    let highlight = try box.run(["review", "rate", "h1", "keep", "--at", "2026-01-10T11:59:59Z"])
    #expect(highlight.status == 64)
    #expect(highlight.stderr.contains("--at 2026-01-10T11:59:59Z is before highlight h1 was added"))
    #expect(
      try box.rows("SELECT count(*) FROM review_events, highlight_review_events") == [["0"]])
    // From the moment it was made on, a rating is taken.
    _ = try box.succeed(["review", "rate", "1", "good", "--at", "2026-01-10T12:00:00Z"])
    _ = try box.succeed(["review", "rate", "h1", "keep", "--at", "2026-01-11"])
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM highlight_review_events") == [["1"]])
    // An unknown item is still 1, as without --at.
    #expect(try box.run(["review", "rate", "9", "good", "--at", "2000-01-01"]).status == 1)
  }

  @Test(
    "--at tomorrow and +2d look ahead in review due, digest and show; rate refuses them as the future"
  )
  func lookingAhead() throws {
    let box = try answered()
    let rated = try box.succeed(["review", "rate", "1", "good", "--format", "json"])
    #expect(rated.contains("\"scheduled_days\": 0"))  // a learning step: due in 10 minutes
    _ = try box.succeed(["review", "rate", "1", "good"])
    // Good again: due in 2 days (fuzz off), not due today.
    #expect(try box.succeed(["review", "due", "--at", "today"]) == "")
    #expect(try box.succeed(["review", "due", "--at", "+1h"]) == "")
    #expect(try box.succeed(["review", "due", "--at", "+3d"]).hasPrefix("1\trecall\t"))
    let digest = try box.succeed(["review", "digest", "--at", "+3d"])
    #expect(digest.contains("What is the spice?"))
    #expect(try box.succeed(["review", "digest", "--at", "tomorrow"]) == "")
    let show = try box.succeed(["review", "show", "1", "--at", "+30d", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(show.utf8)) as? [String: Any])
    #expect((object["retrievability"] as? Double ?? 1) < 0.9)
    for ahead in ["tomorrow", "+2d"] {
      let refused = try box.run(["review", "rate", "1", "good", "--at", ahead])
      #expect(refused.status == 64)
      #expect(
        refused.stderr
          == "memo: error: --at \(ahead) is in the future: a rating is recorded now (leave --at out) or at a past time\n"
      )
    }
    // Where only the past makes sense, they are refused, saying what counts back.
    let since = try box.run(["review", "due", "--since=+2d"])
    #expect(since.status == 64)
    #expect(since.stderr.contains("'+2d' is ahead of now"))
    #expect(try box.run(["questions", "--until", "tomorrow"]).status == 64)
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["2"]])
  }

  @Test("review rate takes 1-4 for again, hard, good and easy: rate 1 4 rates question 1 easy")
  func numericRatings() throws {
    let box = try answered()
    _ = try box.succeed(["ask", "1", "Who is Paul?"])
    _ = try box.succeed(["answer", "2", "Muad'Dib."])
    _ = try box.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
    try box.backdate()
    #expect(try box.succeed(["review", "rate", "1", "4"]).hasSuffix("Z\n"))
    #expect(
      try box.succeed(["review", "rate", "2", "1", "--format", "table"]).hasPrefix(
        "question 2: again, due "))
    #expect(
      try box.rows("SELECT question_id, rating FROM review_events ORDER BY id")
        == [["1", "easy"], ["2", "again"]])
    // The same schedule as the word gives.
    let word = try box.succeed([
      "review", "rate", "2", "good", "--at", "2026-01-01T00:00:00Z", "--format", "json",
    ])
    _ = try box.succeed(["undo"])
    #expect(
      try box.succeed([
        "review", "rate", "2", "3", "--at", "2026-01-01T00:00:00Z", "--format", "json",
      ]) == word)
    // Numbers are a question's grades: a highlight says so; 0, 5 and 12 are no rating.
    let highlight = try box.run(["review", "rate", "h1", "4"])
    #expect(highlight.status == 64)
    #expect(
      highlight.stderr
        == "memo: error: '4' (easy) rates a question; h1 is a highlight: rate it keep, soon, later or discard\n"
    )
    for bad in ["0", "5", "12", "04"] {
      let result = try box.run(["review", "rate", "1", bad])
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.contains("unknown rating '\(bad)'"), "\(bad): \(result.stderr)")
    }
    // The item comes first: the rating typed first is named as one.
    let swapped = try box.run(["review", "rate", "good", "1"])
    #expect(swapped.status == 64)
    #expect(
      swapped.stderr
        == "memo: error: the item comes first, then the rating: memo review rate 1 good; see 'memo review rate --help'\n"
    )
    let nonsense = try box.run(["review", "rate", "x1", "good"])
    #expect(nonsense.status == 64)
    #expect(
      nonsense.stderr.contains(
        "'x1' is not an item: give a question's id (12) or h and a highlight's id (h12)"))
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["3"]])
  }
}
