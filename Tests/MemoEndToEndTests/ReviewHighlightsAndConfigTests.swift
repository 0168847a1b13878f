import Foundation
import Testing

@Suite("memo review: highlights, due's filters, config, digest, export, stats")
struct ReviewHighlightsAndConfigTests {
  static let later = "2030-01-01"

  func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  /// Dune (on the shelf) with three highlights, the second starred; Hyperion with two.
  func library() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Hyperion")
    for (post, text) in [
      ("1", "I must not fear."), ("1", "A beginning is a delicate time."), ("1", "Water."),
      ("2", "The Shrike waits."), ("2", "Time tombs."),
    ] {
      _ = try box.succeed(["highlight", "add", post, text])
    }
    _ = try box.succeed(["highlight", "star", "2"])
    _ = try box.succeed(["fav", "1"])
    return box
  }

  func items(_ box: Sandbox, _ arguments: [String]) throws -> [String] {
    try box.succeed(["review", "due", "--at", Self.later, "--format", "json"] + arguments)
      .isEmpty
      ? []
      : (try json(
        try box.succeed(["review", "due", "--at", Self.later, "--format", "json"] + arguments))
        as? [[String: Any]] ?? []).map { $0["item"] as? String ?? "?" }
  }

  @Test("highlights come back a few a day, one per book first, starred and shelved first")
  func highlightsDue() throws {
    let box = try library()
    // Starred on the shelf (h2), then Hyperion's first, then Dune's next.
    #expect(try items(box, ["--highlights"]) == ["h2", "h4", "h1", "h5", "h3"])
    _ = try box.succeed(["review", "config", "set", "highlights", "2"])
    #expect(try items(box, ["--highlights"]) == ["h2", "h4"])
    // Reviewed today, they count against the day's quota.
    let now = try box.succeed(["review", "rate", "h2", "keep", "--format", "json"])
    let rated = try #require(try json(now) as? [String: Any])
    // h2 is starred and its book on the shelf: the 14 days of a keep are 3.
    #expect(rated["scheduled_days"] as? Int == 3)
    #expect(try items(box, ["--highlights", "--at", "now"]).count <= 1)
    // discard takes it out; undo puts it back.
    #expect(try box.succeed(["review", "rate", "h4", "discard"]) == "discarded\n")
    #expect(
      try box.rows("SELECT state FROM highlight_review_items WHERE highlight_id = 4") == [
        ["discarded"]
      ])
    _ = try box.succeed(["undo"])
    #expect(
      try box.rows("SELECT count(*) FROM highlight_review_items WHERE highlight_id = 4") == [["0"]])
    // The history, and h12 where a highlight id is taken.
    let show = try #require(
      try json(try box.succeed(["review", "show", "h2", "--format", "json"])) as? [String: Any])
    #expect(show["kind"] as? String == "highlight")
    #expect((show["history"] as? [[String: Any]])?.first?["rating"] as? String == "keep")
    // Its uuid is the highlight's, as a question item's is the question's.
    #expect(
      show["uuid"] as? String == (try box.rows("SELECT uuid FROM highlights WHERE id = 2"))[0][0])
    _ = try box.succeed(["ask", "1", "Why fear?"])
    let question = try #require(
      try json(try box.succeed(["review", "show", "1", "--format", "json"])) as? [String: Any])
    #expect(
      question["uuid"] as? String == (try box.rows("SELECT uuid FROM questions WHERE id = 1"))[0][0]
    )
    #expect(try box.run(["highlight", "show", "h2"]).status == 0)
    // A question filter on answers or categories leaves highlights out.
    #expect(try items(box, ["--answered"]).isEmpty)
  }

  @Test("a highlight's wait: keep doubles, soon stays, later doubles, starred and shelved halve")
  func highlightWaits() throws {
    let box = try library()
    try box.backdate()
    var days: [Int] = []
    var time = "2025-01-01T00:00:00Z"
    for choice in ["keep", "keep", "soon", "later", "later"] {
      let out = try box.succeed(["review", "rate", "h4", choice, "--at", time, "--format", "json"])
      let object = try #require(try json(out) as? [String: Any])
      days.append(object["scheduled_days"] as? Int ?? -1)
      time = try #require(object["due"] as? String)
    }
    #expect(days == [14, 28, 7, 60, 120])
    // h2 is starred and its book on the shelf: a keep of 14 days brings it back in 3.
    let rated = try #require(
      try json(
        try box.succeed([
          "review", "rate", "h2", "keep", "--at", "2025-01-01T00:00:00Z", "--format", "json",
        ])) as? [String: Any])
    let show = try #require(
      try json(try box.succeed(["review", "show", "h2", "--format", "json"])) as? [String: Any])
    #expect(show["due"] as? String == "2025-01-04T00:00:00.000Z")
    // rate says what show says.
    #expect(rated["due"] as? String == "2025-01-04T00:00:00.000Z")
    #expect(rated["scheduled_days"] as? Int == 3)
  }

  @Test("bad ratings and ids: each with its exit code, nothing recorded")
  func badHighlightInput() throws {
    let box = try library()
    _ = try box.succeed(["ask", "1", "Why fear?"])
    let good = try box.run(["review", "rate", "h1", "good"])
    #expect(good.status == 64)
    #expect(good.stderr.contains("keep, soon, later or discard"))
    let keep = try box.run(["review", "rate", "1", "keep"])
    #expect(keep.status == 64)
    #expect(keep.stderr.contains("soon, later, eventually or drop"))
    #expect(try box.run(["review", "rate", "h1", "meh"]).status == 64)
    #expect(try box.run(["review", "rate", "h99", "keep"]).status == 1)
    #expect(try box.run(["review", "show", "h99"]).status == 1)
    #expect(try box.run(["review", "rate", "x1", "keep"]).status == 64)
    #expect(try box.run(["review", "rate", "h0", "keep"]).status == 64)
    // A rating in the future (a year typo) would hide the item and outweigh every real rating.
    let future = try box.run(["review", "rate", "h1", "keep", "--at", "9999-12-31T23:59:59Z"])
    #expect(future.status == 64)
    #expect(future.stderr.contains("is in the future"))
    #expect(try box.run(["review", "rate", "1", "soon", "--at", "2999-01-01"]).status == 64)
    #expect(try box.run(["review", "due", "--new", "-1"]).status == 64)
    #expect(try box.run(["review", "due", "--category", "nope"]).status == 1)
    #expect(try box.run(["review", "due", "--filter", "nope"]).status == 1)
    #expect(try box.run(["review", "due", "--starred", "--unstarred"]).status == 64)
    #expect(
      try box.rows("SELECT count(*) FROM review_events, highlight_review_events") == [["0"]])
  }

  @Test("due: --recall, --open, --new and the question filters")
  func dueFilters() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    for text in ["One?", "Two?", "Three?"] { _ = try box.succeed(["ask", "1", text]) }
    _ = try box.succeed(["answer", "1", "Yes."])
    _ = try box.succeed(["answer", "2", "Yes."])
    _ = try box.succeed(["star", "2"])
    _ = try box.succeed(["highlight", "add", "1", "Water."])
    #expect(try items(box, []) == ["1", "2", "3", "h1"])
    #expect(try items(box, ["--recall"]) == ["1", "2"])
    #expect(try items(box, ["--open"]) == ["3"])
    #expect(try items(box, ["--open", "--highlights"]) == ["3", "h1"])
    #expect(try items(box, ["--new", "1"]) == ["1"])
    #expect(try items(box, ["--starred"]) == ["2"])
    #expect(try items(box, ["--unanswered"]) == ["3"])
    // A rated item is not new: --new 0 still lists it when due.
    try box.backdate()
    _ = try box.succeed(["review", "rate", "1", "again", "--at", "2025-01-01T00:00:00Z"])
    #expect(try items(box, ["--new", "0"]) == ["1"])
  }

  @Test("config: show, weights (21, 19 or 17), retention, highlights; replayed; undone")
  func config() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Spice?"])
    _ = try box.succeed(["answer", "1", "Melange."])
    _ = try box.succeed(["review", "config", "set", "fuzz", "off"])
    try box.backdate()
    for (rating, time) in [("good", "2022-11-29T12:30:00Z"), ("good", "2022-11-29T12:40:00Z")] {
      _ = try box.succeed(["review", "rate", "1", rating, "--at", time])
    }
    let shown = try #require(
      try json(try box.succeed(["review", "config", "show", "--format", "json"]))
        as? [String: Any])
    #expect(shown["retention"] as? Double == 0.9)
    #expect(shown["fuzz"] as? Bool == false)
    #expect((shown["weights"] as? [[String: Any]])?.count == 21)
    #expect(shown["learning_steps"] as? [String] == ["1m", "10m"])
    let before = try box.rows("SELECT due, stability FROM review_items")
    // FSRS-5's 19 weights become 21 (w19 0, w20 0.5).
    let nineteen =
      "0.40255,1.18385,3.173,15.69105,7.1949,0.5345,1.4604,0.0046,1.54575,0.1192,1.01925,1.9395,0.11,0.29605,2.2698,0.2315,2.9898,0.51655,0.6621"
    let set = try box.succeed(["review", "config", "set", "weights", nineteen])
    #expect(set == "weights\t\(nineteen),0.0,0.5\n")
    #expect(try box.rows("SELECT due, stability FROM review_items") != before)
    let changed = try box.rows("SELECT due, stability FROM review_items")
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT due, stability FROM review_items") == before)
    // Redo puts the setting and its schedules back (it failed on a foreign key).
    _ = try box.succeed(["redo"])
    #expect(try box.rows("SELECT due, stability FROM review_items") == changed)
    _ = try box.succeed(["undo"])
    // The optimizer's own output: brackets, commas and line breaks.
    let printed = "[" + nineteen.replacingOccurrences(of: ",", with: ",\n\t") + "]"
    #expect(try box.succeed(["review", "config", "set", "weights", printed]) == set)
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT due, stability FROM review_items") == before)
    // 17 weights (FSRS-4.5) are migrated too; 'default' puts FSRS-6's back.
    let seventeen =
      "0.4,0.6,2.4,5.8,4.93,0.94,0.86,0.01,1.49,0.14,0.94,2.18,0.05,0.34,1.26,0.29,2.61"
    #expect(try box.run(["review", "config", "set", "weights", seventeen]).status == 0)
    _ = try box.succeed(["review", "config", "set", "weights", "default"])
    #expect(try box.rows("SELECT due, stability FROM review_items") == before)
    #expect(
      try box.succeed(["review", "config", "set", "retention", "0.85"]) == "retention\t0.85\n")
    #expect(try box.succeed(["review", "config", "show"]).hasPrefix("retention\t0.85\n"))
    // Plain text is tab-separated, as every plain listing; a table keeps a space.
    #expect(
      try box.succeed(["review", "config", "show", "--format", "plain"]).split(separator: "\n")
        .allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 })
    #expect(
      try box.succeed(["review", "config", "show", "--format", "table"]).hasPrefix(
        "retention 0.85\n"))
    #expect(
      try box.succeed(["review", "config", "set", "highlights", "3"]) == "highlights\t3\n")
    #expect(
      try box.succeed(["review", "config", "set", "highlights", "3", "--format", "table"])
        == "highlights 3 a day\n")
    // Bad values: 64, nothing changed.
    let settings = try box.rows("SELECT key, value FROM settings ORDER BY key")
    for bad in [
      ["weights", "1,2,3"], ["weights", String(repeating: "1,", count: 20) + "x"],
      ["weights", "0x1" + nineteen.dropFirst("0.40255".count)],  // hexadecimal is not a weight
      ["weights", String(repeating: "200,", count: 20) + "1"], ["retention", "2"],
      ["retention", "x"], ["highlights", "-1"], ["highlights", "many"], ["colour", "on"],
      ["weights"],
    ] {
      let result = try box.run(["review", "config", "set"] + bad)
      #expect(result.status == 64, "\(bad): \(result.stderr)")
    }
    #expect(try box.rows("SELECT key, value FROM settings ORDER BY key") == settings)
  }

  @Test("digest: the same bytes all day, nothing when nothing is due")
  func digest() throws {
    let box = try library()
    _ = try box.succeed(["ask", "1", "Why fear?"])
    let morning = try box.succeed(["review", "digest", "--at", "2030-01-01T06:00:00Z"])
    let evening = try box.succeed(["review", "digest", "--at", "2030-01-01T20:00:00Z"])
    #expect(morning == evening)
    #expect(morning.hasPrefix("memo review 2030-01-01: "))
    // Five highlights (the day's quota) and one open question due: the limit cuts, and the
    // heading says how many of how many, the counts those of everything due.
    let full = try box.succeed(["review", "digest", "--at", "2030-01-01"])
    #expect(full.hasPrefix("memo review 2030-01-01: 6 due (1 open, 5 highlights)\n"))
    #expect(!full.contains("more"))
    let two = try box.succeed(["review", "digest", "--at", "2030-01-01", "--limit", "2"])
    let lines = two.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0] == "memo review 2030-01-01: 2 of 6 due (1 open, 5 highlights)")
    #expect(
      lines[1...2].map { String($0) } == full.split(separator: "\n")[1...2].map { String($0) })
    #expect(lines[3] == "  … and 4 more: 'memo review due --at 2030-01-01' lists them")
    #expect(
      try box.succeed(["review", "digest", "--at", "2030-01-01", "--limit", "0"])
        == "memo review 2030-01-01: 6 due (1 open, 5 highlights); "
        + "'memo review due --at 2030-01-01' lists them\n")
    let empty = try box.run(["review", "digest", "--at", "2000-01-01"])
    #expect(empty.status == 0)
    #expect(empty.stdout.isEmpty && empty.stderr.isEmpty)
    #expect(try box.run(["review", "digest", "--limit", "-1"]).status == 64)
    // --format: plain is what it prints; any other says where that format is.
    #expect(
      try box.succeed(["review", "digest", "--at", "2030-01-01", "--format", "plain"]) == morning)
    let json = try box.run(["review", "digest", "--format", "json"])
    #expect(json.status == 64)
    #expect(
      json.stderr.contains(
        "memo review digest prints plain text only; for json use 'memo review due --format json'"))
    let browse = try box.run(["browse", "--format", "csv"])
    #expect(browse.status == 64)
    #expect(
      browse.stderr.contains(
        "memo browse draws a screen (table only); for csv use 'memo list --format csv'"))
    #expect(try box.run(["review", "digest", "--at", "someday"]).status == 64)
  }

  @Test(
    "digest and memo review off a terminal honour the current filter as review due does; --all and --filter NAME as there"
  )
  func filteredDigestAndSession() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why fear?"])
    _ = try box.succeed(["ask", "1", "Who is Muad'Dib?"])
    _ = try box.succeed(["star", "2"])
    _ = try box.succeed(["highlight", "add", "1", "I must not fear."])
    // Asked and marked two days ago: due now.
    try box.execute(
      """
      UPDATE questions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days');
      UPDATE highlights SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days');
      """)
    _ = try box.succeed(["filter", "set", "--unanswered"])
    _ = try box.succeed(["filter", "save", "open"])
    _ = try box.succeed(["filter", "set", "--starred"])
    let digest = try box.succeed(["review", "digest", "--at", Self.later])
    #expect(digest.contains("Who is Muad'Dib?"))
    #expect(!digest.contains("Why fear?"))
    // --starred applies to highlights too: the passage is not starred.
    #expect(!digest.contains("I must not fear."))
    // It says so, under the heading: cron's mail must not look like everything due.
    #expect(
      digest.split(separator: "\n").dropFirst().first
        == "  (the current filter applies: --starred; --all reviews everything)")
    let all = try box.succeed(["review", "digest", "--at", Self.later, "--all"])
    #expect(all.contains("Why fear?") && all.contains("I must not fear."))
    #expect(!all.contains("current filter"))
    // Flags that cover the current filter leave nothing to say.
    #expect(
      !(try box.succeed(["review", "digest", "--at", Self.later, "--starred"]))
        .contains("current filter"))
    // A filter on answers leaves highlights out, as in review due.
    let open = try box.succeed(["review", "digest", "--at", Self.later, "--filter", "open"])
    #expect(open.contains("Why fear?") && open.contains("Muad") && !open.contains("I must"))
    // Off a terminal, `memo review` is `memo review due`, filter and all.
    let listed = try box.run(["review", "--format", "jsonl"])
    #expect(listed.stdout == (try box.run(["review", "due", "--format", "jsonl"]).stdout))
    #expect(listed.stdout.contains("Muad") && !listed.stdout.contains("Why fear?"))
    #expect(listed.stderr == (try box.run(["review", "due", "--format", "jsonl"]).stderr))
    #expect(
      try box.succeed(["review", "--all", "--format", "jsonl"])
        == box.succeed(["review", "due", "--all", "--format", "jsonl"]))
  }

  @Test("export --format fsrs-csv: the optimizer's review log")
  func export() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Spice?"])
    _ = try box.succeed(["answer", "1", "Melange."])
    try box.backdate()
    for (rating, time) in [
      ("good", "2022-11-29T12:30:00Z"), ("good", "2022-11-29T12:40:00Z"),
      ("again", "2022-12-10T12:30:00Z"),
    ] {
      _ = try box.succeed(["review", "rate", "1", rating, "--at", time])
    }
    let csv = try box.succeed(["review", "export", "--format", "fsrs-csv"])
    #expect(
      csv
        == "card_id,review_time,review_rating,review_state,review_duration\r\n"
        + "1,1669725000000,3,0,\r\n1,1669725600000,3,1,\r\n1,1670675400000,1,2,\r\n")
    #expect(try box.run(["review", "export", "--format", "csv"]).status == 64)
  }

  @Test("stats has a review section: due today, reviewed in 30 days, retention, forecast")
  func stats() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Spice?"])
    _ = try box.succeed(["answer", "1", "Melange."])
    _ = try box.succeed(["review", "rate", "1", "easy"])
    let object = try #require(
      try json(try box.succeed(["stats", "--format", "json"])) as? [String: Any])
    let review = try #require(object["review"] as? [String: Any])
    #expect(review["reviewed_30_days"] as? Int == 1)
    #expect(review["due_today"] as? Int == 0)
    #expect((review["forecast"] as? [[String: Any]])?.count == 30)
    #expect(
      (review["forecast"] as? [[String: Any]])?.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
        == 1)
    let table = try box.succeed(["stats", "--format", "table"])
    #expect(table.contains("Review"))
    #expect(table.contains("next 30 days: answered and open questions, highlights under review"))
    #expect(try box.succeed(["stats", "--format", "csv"]).contains("review,reviewed_30_days,1"))
    // An open question asked now comes back tomorrow (day 1); a highlight kept, in 14 days,
    // 7 once starred (the day it falls on depends on the hour: counted over the month).
    _ = try box.succeed(["ask", "1", "Who is Muad'Dib?"])
    _ = try box.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
    _ = try box.succeed(["review", "rate", "h1", "keep"])
    _ = try box.succeed(["highlight", "star", "1"])
    let after = try #require(
      try json(try box.succeed(["stats", "--format", "json"])) as? [String: Any])
    let forecast = try #require(
      (after["review"] as? [String: Any])?["forecast"] as? [[String: Any]])
    #expect(forecast.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 3)
    #expect(forecast[0]["count"] as? Int ?? 0 >= 1)
    #expect(forecast[10...].reduce(0) { $0 + ($1["count"] as? Int ?? 0) } <= 1)
  }

  @Test("config: every key show prints can be set to what it prints, and to a new value")
  func configRoundTrip() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Spice?"])
    _ = try box.succeed(["answer", "1", "Melange."])
    _ = try box.succeed(["review", "config", "set", "fuzz", "off"])
    try box.backdate()
    _ = try box.succeed(["review", "rate", "1", "good", "--at", "2022-11-29T12:30:00Z"])
    func shown() throws -> [(String, String)] {
      try box.succeed(["review", "config", "show"]).split(separator: "\n").map {
        let pair = $0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(pair[0]), String(pair[1]))
      }
    }
    let before = try shown()
    #expect(
      before.map(\.0) == [
        "retention", "learning_steps", "relearning_steps", "maximum_interval", "fuzz", "highlights",
        "weights",
      ])
    for (key, value) in before {
      let set = try box.run(["review", "config", "set", key, value])
      #expect(set.status == 0, "\(key) \(value): \(set.stderr)")
    }
    #expect(try shown().map { "\($0.0)=\($0.1)" } == before.map { "\($0.0)=\($0.1)" })
    // New values: shown as set, and the schedule replayed with them (one learning step of
    // 5 minutes: good finishes it; the longest interval is 30 days).
    let item = "SELECT state, due FROM review_items"
    #expect(try box.rows(item) == [["learning", "2022-11-29T12:40:00.000Z"]])
    #expect(
      try box.succeed(["review", "config", "set", "learning_steps", "5m"])
        == "learning_steps\t5m\n")
    #expect(try box.rows(item) == [["review", "2022-12-01T12:30:00.000Z"]])
    #expect(
      try box.succeed(["review", "config", "set", "relearning_steps", "none", "--format", "table"])
        == "relearning_steps none\n")
    #expect(
      try box.succeed(["review", "config", "set", "maximum_interval", "30"])
        == "maximum_interval\t30\n")
    let json = try #require(
      try json(try box.succeed(["review", "config", "show", "--format", "json"])) as? [String: Any])
    #expect(json["learning_steps"] as? [String] == ["5m"])
    #expect(json["relearning_steps"] as? [String] == [])
    #expect(json["maximum_interval"] as? Int == 30)
    // Undo puts the steps back, and the schedule with them.
    for _ in 1...3 { _ = try box.succeed(["undo"]) }
    #expect(try box.rows(item) == [["learning", "2022-11-29T12:40:00.000Z"]])
    #expect(try shown().map { "\($0.0)=\($0.1)" } == before.map { "\($0.0)=\($0.1)" })
    // What show prints for them is taken back as it is: none, 30.
    _ = try box.succeed(["review", "config", "set", "relearning_steps", "none"])
    _ = try box.succeed(["review", "config", "set", "maximum_interval", "30"])
    let changed = try shown()
    #expect(changed.first { $0.0 == "relearning_steps" }?.1 == "none")
    for (key, value) in changed {
      #expect(try box.run(["review", "config", "set", key, value]).status == 0, "\(key)")
    }
    #expect(try shown().map { "\($0.0)=\($0.1)" } == changed.map { "\($0.0)=\($0.1)" })
    // Bad values: 64, nothing changed.
    let settings = try box.rows("SELECT key, value FROM settings ORDER BY key")
    for bad in [
      ["learning_steps", "0m"], ["learning_steps", "2d"], ["learning_steps", "ten"],
      ["relearning_steps", "1x"], ["maximum_interval", "0"], ["maximum_interval", "36501"],
      ["maximum_interval", "a year"], ["learning_steps"],
    ] {
      let result = try box.run(["review", "config", "set"] + bad)
      #expect(result.status == 64, "\(bad): \(result.stderr)")
    }
    #expect(try box.rows("SELECT key, value FROM settings ORDER BY key") == settings)
  }

  @Test(
    "under a current filter that leaves nothing due, review due and digest say the filter may hide items"
  )
  func filterHidesDue() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why fear?"])
    _ = try box.succeed(["answer", "1", "The mind-killer."])
    _ = try box.succeed(["filter", "set", "--starred"])
    // A table says why it is empty (COLUMNS: as wide as a terminal).
    let columns = ["COLUMNS": "100"]
    let table = try box.run(["review", "due", "--format", "table"], environment: columns).stdout
    #expect(
      table.contains(
        "nothing due matches the filter: --all ignores it, 'memo filter clear' removes it"))
    #expect(!table.contains("every question is waiting"))
    // The digest keeps stdout empty (cron mails nothing) and names the filter on stderr.
    let digest = try box.run(["review", "digest"])
    #expect(digest.status == 0 && digest.stdout.isEmpty)
    #expect(
      digest.stderr
        == "memo: note: nothing due under the current filter (--starred); --all reviews everything, 'memo filter clear' removes it\n"
    )
    #expect(try box.run(["review", "digest", "--quiet"]).stderr.isEmpty)
    #expect(try box.succeed(["review", "digest", "--all"]).contains("Why fear?"))
    // Without a filter, nothing due is said as before.
    _ = try box.succeed(["filter", "clear"])
    _ = try box.succeed(["review", "rate", "1", "easy"])
    let empty = try box.run(["review", "digest"])
    #expect(empty.stdout.isEmpty && empty.stderr.isEmpty)
    #expect(
      try box.run(["review", "due", "--format", "table"], environment: columns).stdout
        .contains("nothing due: every question is waiting for its day"))
  }
}
