import Foundation
import Testing

@Suite("memo review: off a terminal, and history across machines")
struct ReviewSessionOffTerminalTests {
  @Test("off a terminal, memo review lists what is due, as memo review due does")
  func listsDue() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "What does the litany call fear?"])
    _ = try box.succeed(["answer", "1", "The mind-killer."])
    let session = try box.run(["review", "--format", "jsonl"])
    #expect(session.status == 0)
    #expect(session.stdout.contains("\"kind\":\"recall\""))
    #expect(session.stdout == (try box.succeed(["review", "due", "--format", "jsonl"])))
  }

  @Test(
    "two machines rate the same question offline, fuzz on, then sync: both keep every rating and show the same schedule and history"
  )
  func twoMachinesOffline() throws {
    let lab = try SyncLab()
    let one = try lab.device("one")
    let two = try lab.device("two", skewHours: 2)
    _ = try one.add("Dune")
    _ = try one.succeed(["ask", "1", "What does the litany call fear?"])
    _ = try one.succeed(["answer", "1", "The mind-killer."])
    // Asked before the ratings below (given with --at): a rating may not come before it.
    try one.backdate()
    try SyncLab.round(one)
    try SyncLab.round(two)
    // Offline: each rates the question its own way, some at one instant.
    _ = try one.succeed(["review", "rate", "1", "good", "--at", "2026-03-01T10:00:00Z"])
    _ = try one.succeed(["review", "rate", "1", "good", "--at", "2026-03-04T10:00:00Z"])
    _ = try two.succeed(["review", "rate", "1", "again", "--at", "2026-03-01T10:00:00Z"])
    _ = try two.succeed(["review", "rate", "1", "easy", "--at", "2026-03-02T09:00:00Z"])
    var conflicts = 0
    for box in [one, two, one] { conflicts += try SyncLab.round(box)["conflicts"] ?? 0 }
    #expect(conflicts == 0)
    let show = try one.succeed(["review", "show", "1", "--format", "json"])
    #expect(show.contains("\"again\"") && show.contains("\"easy\""))
    #expect(try two.succeed(["review", "show", "1", "--format", "json"]) == show)
    #expect(try two.succeed(["review", "show", "1"]) == one.succeed(["review", "show", "1"]))
    #expect(try SyncLab.synced(two) == SyncLab.synced(one))
    #expect(try one.rows("SELECT count(*) FROM review_events") == [["4"]])
  }

  @Test(
    "two machines review the same highlight offline, then sync: both keep every choice and show the same schedule and history; the backup carries them"
  )
  func twoMachinesHighlightOffline() throws {
    let lab = try SyncLab()
    let one = try lab.device("one")
    let two = try lab.device("two", skewHours: 2)
    _ = try one.add("Dune")
    _ = try one.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--page", "8"])
    try one.backdate()
    try SyncLab.round(one)
    try SyncLab.round(two)
    _ = try one.succeed(["review", "rate", "h1", "keep", "--at", "2026-03-01T10:00:00Z"])
    _ = try two.succeed(["review", "rate", "h1", "soon", "--at", "2026-03-01T10:00:00Z"])
    _ = try two.succeed(["review", "rate", "h1", "later", "--at", "2026-03-09T10:00:00Z"])
    var conflicts = 0
    for box in [one, two, one] { conflicts += try SyncLab.round(box)["conflicts"] ?? 0 }
    #expect(conflicts == 0)
    let show = try one.succeed(["review", "show", "h1", "--format", "json"])
    #expect(show.contains("\"keep\"") && show.contains("\"soon\"") && show.contains("\"later\""))
    #expect(try two.succeed(["review", "show", "h1", "--format", "json"]) == show)
    #expect(try SyncLab.synced(two) == SyncLab.synced(one))
    let backup = try one.succeed(["export", "--format", "jsonl"])
    #expect(backup.components(separatedBy: "\"kind\":\"highlight\"").count == 4)
    #expect(
      try two.succeed(["export", "--format", "jsonl"]).split(separator: "\n").dropFirst()
        == backup.split(separator: "\n").dropFirst())
  }
}

@Suite(
  "memo review: a session driven in tmux",
  .enabled(
    if: TmuxSession.path != nil,
    "tmux is not installed: apt-get install -y tmux (scripts/setup does) to run this suite"),
  .serialized)
struct ReviewSessionTmuxTests {
  /// Runs `memo review` in the sandbox, then shows its exit status and whether the terminal
  /// is back in its normal mode.
  func script(_ box: Sandbox, command: String = "review", now: String? = nil) throws -> String {
    let path = box.root + "/review.sh"
    let text = """
      #!/bin/sh
      trap true INT
      ulimit -c 0
      export HOME='\(box.root)' XDG_DATA_HOME='\(box.root)/.local/share' LANG=C.UTF-8 TZ=UTC NO_COLOR=1\(now.map { " MEMO_NOW=" + $0 } ?? "")
      sh -c 'echo $$ > "$HOME/review.pid"; exec "$0" \(command)' '\(Sandbox.binary)'
      status=$?
      echo "exit=$status tty=$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ')"
      sleep 600
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return "sh '\(path)'"
  }

  /// Dune with an answered question (a new recall item, due now) and an open one asked two
  /// days ago (due since yesterday).
  func reader() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "What does the litany call fear?"])
    _ = try box.succeed(["answer", "1", "The mind-killer."])
    _ = try box.succeed(["ask", "1", "Where is the spice?"])
    try box.execute(
      "UPDATE questions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days') WHERE id = 2"
    )
    return box
  }

  @Test(
    "the question and its book, Space, a rating, an answer typed, undo, a choice, q and the line at the end"
  )
  func session() throws {
    let box = try reader()
    let tmux = try TmuxSession(command: try script(box))
    var lines = try tmux.wait(for: "What does the litany call fear?")
    #expect(lines.contains { $0.contains("Book: Dune") })
    #expect(lines.first?.hasPrefix("Review · 1/2") == true)
    #expect(!lines.contains { $0.contains("The mind-killer.") })
    try tmux.send("Space")
    try tmux.wait(for: "The mind-killer.")
    try tmux.send("3")
    lines = try tmux.wait(for: "Where is the spice?")
    #expect(lines.contains { $0.contains("good: due ") })
    try tmux.send("a")
    try tmux.wait("the prompt line") { $0.last?.hasPrefix("Answer:") == true }
    try tmux.type("Arrakis")
    try tmux.send("Enter")
    // Good on a new item is a learning step of 10 minutes: the session waits for it.
    try tmux.wait(for: "Nothing else is due yet: 1 item comes back in its learning steps")
    #expect(!(try tmux.screen()).contains { $0.contains("That was everything due.") })
    #expect(try box.rows("SELECT answer FROM questions WHERE id = 2") == [["Arrakis"]])
    try tmux.send("u")
    try tmux.wait(for: "Where is the spice?")
    #expect(try box.rows("SELECT answer IS NULL FROM questions WHERE id = 2") == [["1"]])
    try tmux.send("l")
    try tmux.wait(for: "Nothing else is due yet")
    try tmux.send("q")
    lines = try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(lines.contains { $0.hasPrefix("reviewed 2, next due ") })
    #expect(
      try box.rows("SELECT question_id, rating FROM review_events ORDER BY id")
        == [["1", "good"], ["2", "later"]])
    #expect(try box.run(["db", "check"]).status == 0)
  }

  @Test(
    "at 23:55 (MEMO_NOW, the tests' clock) good on a new item waits for 00:05, and the line at the end says so"
  )
  func stepOverMidnight() throws {
    let box = try Sandbox()
    let now = "2026-03-01T23:55:00Z"
    box.environment["MEMO_NOW"] = now
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "What does the litany call fear?"])
    _ = try box.succeed(["answer", "1", "The mind-killer."])
    let tmux = try TmuxSession(command: try script(box, now: now))
    try tmux.wait(for: "What does the litany call fear?")
    try tmux.send("Space")
    try tmux.wait(for: "The mind-killer.")
    try tmux.send("3")
    try tmux.wait(for: "Nothing else is due yet: 1 item comes back in its learning steps")
    let screen = try tmux.screen()
    #expect(screen.contains { $0.contains("good: due 2026-03-02 00:05") }, "\(screen)")
    try tmux.send("q")
    let lines = try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(lines.contains("reviewed 1, next due 2026-03-02 00:05"), "\(lines)")
    #expect(
      try box.rows("SELECT substr(reviewed_at, 1, 16) FROM review_events")
        == [["2026-03-01T23:55"]])
  }

  @Test("a question deleted elsewhere while it shows is skipped, saying so; the session goes on")
  func deletedElsewhere() throws {
    let box = try reader()
    let tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "What does the litany call fear?")
    _ = try box.succeed(["question", "rm", "1", "--yes"])
    try tmux.send("Space")
    let lines = try tmux.wait(for: "Where is the spice?")
    #expect(
      lines.contains { $0.contains("question 1 was deleted since the session began: skipped") })
    #expect(lines.first?.hasPrefix("Review · 1/1") == true, "\(lines)")
    try tmux.send("s")
    try tmux.wait(for: "That was everything due.")
    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(try box.rows("SELECT question_id, rating FROM review_events") == [["2", "soon"]])
  }

  @Test(
    "a highlight due comes after the questions: its passage, book, page and note; k keeps it, u takes it back, x discards it"
  )
  func highlight() throws {
    let box = try reader()
    _ = try box.succeed(
      [
        "highlight", "add", "1", "Fear is the mind-killer.", "--page", "8", "--location", "140",
        "--note", "the litany",
      ])
    try box.execute(
      "UPDATE highlights SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')")
    let tmux = try TmuxSession(command: try script(box))
    var lines = try tmux.wait(for: "What does the litany call fear?")
    #expect(lines.first?.hasPrefix("Review · 1/3") == true)
    try tmux.send("Space")
    try tmux.wait(for: "The mind-killer.")
    try tmux.send("3")
    try tmux.wait(for: "Where is the spice?")
    try tmux.send("s")
    lines = try tmux.wait(for: "Fear is the mind-killer.")
    #expect(lines.first?.contains("3/3") == true && lines.first?.contains("highlight") == true)
    #expect(lines.contains { $0.contains("Book: Dune") })
    #expect(lines.contains { $0.contains("p. 8, loc. 140") })
    #expect(lines.contains { $0.contains("Note: the litany") })
    #expect(lines.last?.contains("k keep  s soon  l later  x discard  u undo  q quit") == true)
    // A question's key is not a highlight's: it says which keys it has.
    try tmux.send("3")
    try tmux.wait(for: "k keeps it; s soon, l later, x discards it")
    try tmux.send("k")
    lines = try tmux.wait(for: "Nothing else is due yet")
    #expect(lines.contains { $0.contains("keep: due ") })
    #expect(try box.rows("SELECT rating FROM highlight_review_events") == [["keep"]])
    try tmux.send("u")
    try tmux.wait(for: "Fear is the mind-killer.")
    #expect(try box.rows("SELECT count(*) FROM highlight_review_events") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM highlight_review_items") == [["0"]])
    try tmux.send("x")
    lines = try tmux.wait(for: "Nothing else is due yet")
    #expect(lines.contains { $0.contains("discard: out of review") })
    try tmux.send("q")
    lines = try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(lines.contains { $0.hasPrefix("reviewed 3, next due ") })
    #expect(try box.rows("SELECT rating FROM highlight_review_events") == [["discard"]])
    #expect(try box.rows("SELECT state FROM highlight_review_items") == [["discarded"]])
  }

  @Test(
    "memo browse: R runs the session over the same store; q comes back to the books with its line")
  func browseReview() throws {
    let box = try reader()
    let tmux = try TmuxSession(command: try script(box, command: "browse"))
    try tmux.wait(for: "Dune")
    try tmux.send("R")
    try tmux.wait(for: "What does the litany call fear?")
    try tmux.send("Space")
    try tmux.wait(for: "The mind-killer.")
    try tmux.send("4")
    try tmux.wait(for: "Where is the spice?")
    try tmux.send("x")
    try tmux.wait(for: "That was everything due.")
    try tmux.send("q")
    let lines = try tmux.wait(for: "reviewed 2, next due ")
    #expect(lines.first?.contains("Books") == true)
    #expect(
      try box.rows("SELECT question_id, rating FROM review_events ORDER BY id")
        == [["1", "easy"], ["2", "drop"]])
    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
  }

  @Test("a paste of \"1 2 3\" (tmux's bracketed paste) rates nothing")
  func paste() throws {
    let box = try reader()
    let tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "What does the litany call fear?")
    try tmux.send("Space")
    try tmux.wait(for: "The mind-killer.")
    // -p brackets the paste only when the program turned bracketed paste on.
    _ = try tmux.tmux(["set-buffer", "-b", "memo", "1 2 3"])
    _ = try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "memo", "-t", "t"])
    let lines = try tmux.wait(for: "pasted text is not taken as keys")
    #expect(lines.first?.hasPrefix("Review · 1/2") == true)
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
  }

  @Test("Ctrl-C and SIGTERM give the terminal back (no raw mode, no alternate screen)")
  func signals() throws {
    let box = try reader()
    var tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "Book: Dune")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "1\n")
    try tmux.send("C-c")
    try tmux.wait(for: "exit=130 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")

    tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "Book: Dune")
    let pid = try String(contentsOfFile: box.root + "/review.pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(kill(pid_t(pid) ?? 0, SIGTERM) == 0)
    try tmux.wait(for: "exit=143 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")
  }

  @Test("memo review on a missing database says there is none, exits 0 and creates no file")
  func missingDatabase() throws {
    let box = try Sandbox()
    let tmux = try TmuxSession(command: try script(box))
    let lines = try tmux.wait(for: "exit=0 tty=icanon echo")
    // One line, wrapped at the window's 80 columns.
    #expect(
      lines.joined().hasPrefix(
        "nothing to review: there is no database at \(box.defaultDatabase) yet; memo add TITLE starts one"
      ), "\(lines)")
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    #expect(!FileManager.default.fileExists(atPath: box.root + "/.local/share/memo"))
  }

  @Test("browse's R on a missing database says there is none and creates no file")
  func browseMissingDatabase() throws {
    let box = try Sandbox()
    let tmux = try TmuxSession(command: try script(box, command: "browse"))
    try tmux.wait(for: "Books")
    try tmux.send("R")
    let lines = try tmux.wait(for: "there is no database at")
    #expect(lines.first?.contains("Books") == true)
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }
}
