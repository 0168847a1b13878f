import Foundation
import Testing

@Suite("question commands, run as a reader would")
struct QuestionCommandTests {
  @Test("list --starred as a table shows each book with its starred questions indented beneath")
  func listStarredTree() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let result = try box.run(["list", "--starred", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        filter: --starred  (--all ignores it; 'memo filter clear' removes it)
        3  The Left Hand of Darkness · Ursula K. Le Guin
            ★ 9  What is kemmer?  [biology]  ✓
            ★ 12  Who is Estraven?
        2  Hyperion · Dan Simmons
            ★ 5  What is the Shrike?  [myth]
            ★ 7  Why does time run backwards in the Tombs?  [physics]  ✓
        1  Dune · Frank Herbert
            ★ 1  Why does the spice matter?  [ecology]
            ★ 3  How do stillsuits work?  [physics]  ✓

        """)
  }

  @Test("questions --category physics --unanswered --format json: the matching ones, newest first")
  func questionsJSON() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let array = try box.jsonArray(["questions", "--category", "physics", "--unanswered"])
    #expect(array.map { $0["id"] as? Int } == [10, 6])
    let first = try #require(array.first)
    #expect(
      Set(first.keys) == [
        "id", "uuid", "post_id", "post_title", "text", "category", "starred", "answer",
        "answered_at", "created_at", "updated_at", "highlight_id",
      ])
    #expect(first["highlight_id"] is NSNull)
    #expect(first["post_id"] as? Int == 3)
    #expect(first["post_title"] as? String == "The Left Hand of Darkness")
    #expect(first["text"] as? String == "How cold is Gethen?")
    #expect(first["category"] as? String == "physics")
    #expect(first["starred"] as? Bool == false)
    #expect(first["answer"] is NSNull)
    #expect(first["answered_at"] is NSNull)
    #expect(first["created_at"] as? String == "2026-02-01T00:00:10.000Z")
    let uuid = try #require(first["uuid"] as? String)
    let pattern = #"^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#
    #expect(uuid.range(of: pattern, options: .regularExpression) != nil)
    #expect(array[1]["post_title"] as? String == "Hyperion")
    #expect(array[1]["text"] as? String == "How do farcasters work?")
  }

  @Test("questions: a flat list, newest first; --post, repeated --category (OR), --limit, --offset")
  func questionsOptions() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let plain = try box.succeed(["questions", "--post", "2"])
    #expect(
      plain == """
        8\t2\tfalse\tWho is the Consul?\t\t\t2026-02-01T00:00:08.000Z
        7\t2\ttrue\tWhy does time run backwards in the Tombs?\tphysics\t\
        The Time Tombs move backwards.\t2026-02-01T00:00:07.000Z
        6\t2\tfalse\tHow do farcasters work?\tphysics\t\t2026-02-01T00:00:06.000Z
        5\t2\ttrue\tWhat is the Shrike?\tmyth\t\t2026-02-01T00:00:05.000Z

        """)
    #expect(try box.questionIDs([]) == Array((1...12).reversed()))
    #expect(try box.questionIDs(["--category", "history", "--category", "MYTH"]) == [5, 4, 2])
    #expect(try box.questionIDs(["--starred", "--answered"]) == [9, 7, 3])
    #expect(try box.questionIDs(["--limit", "3", "--offset", "2"]) == [10, 9, 8])
    #expect(try box.questionIDs(["--since", "2026-02-01T00:00:11Z"]) == [12, 11])
  }

  @Test("answer --format csv quotes a leading space, as listings do; the same field in a listing")
  func answerCSV() throws {
    let box = try Sandbox()
    _ = try box.run(["add", "Dune"])
    _ = try box.run(["ask", "1", "Spice?"])
    let answered = try box.run(["answer", "1", " yes", "--format", "csv"])
    #expect(answered.status == 0, "\(answered.stderr)")
    let lines = answered.stdout.split(separator: "\r\n")
    #expect(lines.count == 2)
    #expect(lines[1].contains(",Spice?,,false,\" yes\","))
    let listed = try box.run(["questions", "--format", "csv"]).stdout.split(separator: "\r\n")
    #expect(listed[1].contains(",Spice?,,false,\" yes\","))
  }

  @Test("ask prints only the id, creates a new category, reuses one named in another case")
  func askCreatesCategory() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let result = try box.run(
      ["ask", "2", "Is the Shrike a god?", "--category", "Theology", "--star"])
    #expect(result.status == 0)
    #expect(result.stdout == "13\n")
    #expect(try box.succeed(["ask", "1", "What is a sietch?", "--category", "PHYSICS"]) == "14\n")
    #expect(
      try box.rows(
        "SELECT name, (SELECT count(*) FROM questions q WHERE q.category_id = c.id) "
          + "FROM categories c WHERE name IN ('Theology', 'physics') ORDER BY id")
        == [["physics", "5"], ["Theology", "1"]])
    #expect(try box.rows("SELECT count(*) FROM categories") == [["7"]])
    #expect(
      try box.rows("SELECT post_id, text, starred, answer FROM questions WHERE id = 13")
        == [["2", "Is the Shrike a god?", "1", "NULL"]])
  }

  @Test("ask - reads the question from stdin, without its last line break")
  func askFromStdin() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let result = try box.run(["ask", "3", "-"], input: "Why do the Gethenians\nnot war?\n")
    #expect(result.status == 0)
    #expect(result.stdout == "13\n")
    #expect(
      try box.rows("SELECT text, category_id FROM questions WHERE id = 13")
        == [["Why do the Gethenians\nnot war?", "NULL"]])
  }

  @Test("answer stores the answer and answered_at; unanswer clears both")
  func answerAndUnanswer() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let answer = "SELECT answer, answered_at FROM questions WHERE id = 2"
    #expect(try box.rows(answer) == [["NULL", "NULL"]])
    let result = try box.run(["answer", "2", "The people of the deep desert.", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stdout == "answered question 2 \"Who are the Fremen?\"\n")
    let row = try #require(try box.rows(answer).first)
    #expect(row[0] == "The people of the deep desert.")
    let stamp = #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#
    #expect(row[1].range(of: stamp, options: .regularExpression) != nil)
    #expect(try box.questionIDs(["--answered"]) == [9, 7, 3, 2])
    let off = try box.run(["unanswer", "2", "--format", "table"])
    #expect(off.status == 0)
    #expect(off.stdout == "unanswered question 2 \"Who are the Fremen?\"\n")
    #expect(try box.rows(answer) == [["NULL", "NULL"]])
    _ = try box.succeed(["answer", "2", "-"], input: "From stdin.\n")
    #expect(try box.rows("SELECT answer FROM questions WHERE id = 2") == [["From stdin."]])
  }

  @Test("piped (plain: rows, no header), star, answer, fav, category add and undo print the records they changed, as a listing prints them; --quiet prints nothing")
  func plainReports() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let row = { (id: Int) throws -> String? in
      try box.succeed(["questions", "--all"]).split(separator: "\n").first { $0.hasPrefix("\(id)\t") }
        .map { $0 + "\n" }
    }
    let star = try box.succeed(["star", "2"])
    #expect(star == (try row(2)))
    #expect(try box.succeed(["answer", "2", "Desert people."]) == (try row(2)))
    // --quiet: nothing (the change is no data to a script; the answer could be megabytes).
    #expect(try box.succeed(["unanswer", "2", "-q"]) == "")
    #expect(try box.succeed(["fav", "1"]).hasPrefix("1\tDune\t"))
    #expect(try box.succeed(["category", "add", "astronomy"]).hasPrefix("astronomy\t0\t"))
    let undo = try box.succeed(["undo"])
    #expect(undo.hasSuffix("\ttrue\tadd category 'astronomy'\n"), "\(undo)")
    #expect(undo.split(separator: "\n").count == 1)
  }

  @Test("star and unstar report each question and change only the starred flag")
  func starAndUnstar() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let star = try box.run(["star", "2", "4", "--format", "table"])
    #expect(star.status == 0)
    #expect(
      star.stdout == "starred question 2 \"Who are the Fremen?\"\n"
        + "starred question 4 \"What is the Butlerian Jihad?\"\n")
    #expect(
      try box.rows("SELECT id FROM questions WHERE starred = 1 AND post_id = 1")
        == [["1"], ["2"], ["3"], ["4"]])
    let unstar = try box.run(["unstar", "1", "--format", "table"])
    #expect(unstar.stdout == "unstarred question 1 \"Why does the spice matter?\"\n")
    #expect(try box.questionIDs(["--starred", "--post", "1"]) == [4, 3, 2])
  }

  @Test("question show prints a page, one JSON object, and in plain text the question's row")
  func questionShow() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    try box.execute(
      "UPDATE questions SET uuid = 'u-3', answered_at = '2026-02-02T09:30:00.000Z' WHERE id = 3")
    let page = try box.succeed(["question", "show", "3", "--format", "table"])
    #expect(
      page == """
        How do stillsuits work?
        question 3 · post 1 "Dune" · physics · ★ starred
        created 2026-02-01 00:00 · updated 2026-02-01 00:00 · u-3

        Answer 2026-02-02 09:30:
        They recycle water.

        """)
    let object = try box.jsonObject(["question", "show", "3"])
    #expect(object["answered_at"] as? String == "2026-02-02T09:30:00.000Z")
    // Plain text (the default when piped) is the question's line in 'memo questions'.
    let row = try box.succeed(["question", "show", "3"])
    #expect(row.split(separator: "\n").count == 1)
    let listed = try box.succeed(["questions", "--all"]).split(separator: "\n")
    #expect(listed.contains { $0 + "\n" == row })
    #expect(row.hasPrefix("3\t1\ttrue\tHow do stillsuits work?\tphysics\tThey recycle water.\t"))
    #expect(object["starred"] as? Bool == true)
  }

  @Test("question edit --text and --category change the question; --category \"\" removes it")
  func questionEditFlags() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let result = try box.run(["question", "edit", "6", "--text", "How do farcasters fold space?"])
    #expect(result.status == 0)
    #expect(result.stdout == "6\n")
    _ = try box.succeed(["question", "edit", "6", "--category", "Engineering"])
    let row =
      "SELECT q.text, c.name, q.updated_at > q.created_at FROM questions q "
      + "LEFT JOIN categories c ON c.id = q.category_id WHERE q.id = 6"
    #expect(try box.rows(row) == [["How do farcasters fold space?", "Engineering", "1"]])
    _ = try box.succeed(["question", "edit", "6", "--category", ""])
    #expect(try box.rows(row) == [["How do farcasters fold space?", "NULL", "1"]])
  }

  @Test("question edit naming the question's own category in another case changes nothing")
  func questionEditSameCategory() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let before = try box.everyRow()
    let result = try box.run(["question", "edit", "6", "--category", "PHYSICS"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "memo: no change to question 6\n")
    #expect(try box.everyRow() == before)
  }

  @Test("question edit with no flag opens $EDITOR on the category and the text")
  func questionEditInEditor() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let script = box.root + "/editor.sh"
    try """
    #!/bin/sh
    cp "$1" "\(box.root)/seen.txt"
    sed -i -e 's/^category: .*/category: engineering/' \\
      -e 's/^How do stillsuits work?$/How do stillsuits recycle water?/' "$1"
    """.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    let result = try box.run(["question", "edit", "3"], environment: ["EDITOR": script])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "3\n")
    #expect(
      try String(contentsOfFile: box.root + "/seen.txt", encoding: .utf8) == """
        # Edit the question, save and quit. Leave the category empty to remove it.
        category: physics
        ---
        How do stillsuits work?

        """)
    #expect(
      try box.rows(
        "SELECT q.text, c.name FROM questions q JOIN categories c ON c.id = q.category_id "
          + "WHERE q.id = 3")
        == [["How do stillsuits recycle water?", "engineering"]])
    let before = try box.everyRow()
    let same = try box.run(
      ["question", "edit", "3"], environment: ["EDITOR": "true", "VISUAL": ""])
    #expect(same.status == 0)
    #expect(same.stderr == "memo: no change to question 3\n")
    #expect(try box.everyRow() == before)
  }

  @Test("question rm asks for --yes off a terminal; with it, the questions are deleted")
  func questionRm() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let result = try box.run(["question", "rm", "3", "8", "--yes", "--format", "table"])
    #expect(result.status == 0)
    #expect(
      result.stdout == "deleted question 3 \"How do stillsuits work?\"\n"
        + "deleted question 8 \"Who is the Consul?\"\n")
    #expect(try box.rows("SELECT count(*) FROM questions WHERE id IN (3, 8)") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM questions") == [["10"]])
    #expect(try box.rows("SELECT count(*) FROM categories WHERE name = 'physics'") == [["1"]])
  }

  @Test(
    "question errors: exit status, one stderr line, nothing written",
    arguments: [
      (["question", "show", "99"], 1, QuestionCommandTests.noQuestion99),
      (["question", "edit", "99", "--text", "x"], 1, QuestionCommandTests.noQuestion99),
      (["question", "rm", "99", "--yes"], 1, QuestionCommandTests.noQuestion99),
      (["question", "rm", "1", "99", "--yes"], 1, QuestionCommandTests.noQuestion99),
      (["answer", "99", "x"], 1, QuestionCommandTests.noQuestion99),
      (["unanswer", "99"], 1, QuestionCommandTests.noQuestion99),
      (
        ["star", "1", "99", "98"], 1,
        "no questions 99, 98; 'memo questions --all' shows the questions and their ids"
      ),
      (["unstar", "3", "99"], 1, QuestionCommandTests.noQuestion99),
      (["ask", "99", "Why?"], 1, "no post 99; 'memo list' shows the posts and their ids"),
      (["questions", "--post", "99"], 1, "no post 99; 'memo list' shows the posts and their ids"),
      (
        ["questions", "--category", "nope"], 1,
        "no category 'nope'; 'memo category list' shows them"
      ),
      (["ask", "1", "   "], 64, QuestionCommandTests.emptyQuestion),
      (["ask", "1", "-", "--category", "new"], 64, QuestionCommandTests.emptyQuestion),
      (["question", "edit", "1", "--text", " "], 64, QuestionCommandTests.emptyQuestion),
      (["answer", "1", " "], 64, "the answer is empty; to remove an answer use 'memo unanswer 1'"),
      (
        ["question", "rm", "1"], 64,
        "refusing to delete without confirmation: stdin is not a terminal; pass --yes"
      ),
      (
        ["questions", "--since", "nonsense"], 64,
        "'nonsense' is not a date; use YYYY-MM-DD, an RFC 3339 time, today, yesterday, or an age "
          + "like 30m, 12h, 7d, 2w, 6mo, 1y"
      ),
      (
        ["questions", "--starred", "--unstarred"], 64,
        "--starred and --unstarred contradict each other; give one; see 'memo questions --help'"
      ),
      (
        ["questions", "--answered", "--unanswered"], 64,
        "--answered and --unanswered contradict each other; give one; see 'memo questions --help'"
      ),
    ] as [([String], Int32, String)])
  func errors(arguments: [String], status: Int32, message: String) throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    try box.expectFailure(arguments, status: status, message: message, input: "\n \n")
  }

  static let noQuestion99 =
    "no question 99; 'memo questions --all' shows the questions and their ids"
  static let emptyQuestion = "the question is empty; write it out, e.g. memo ask 3 \"Why spice?\""
}
