import Foundation
import Testing

/// A backup's deletions apply only when the record was not changed after them (README,
/// "Import"): a post, question or highlight, or what its deletion would take with it, made or
/// changed here after the deletion is kept, and the import says so.
@Suite("import: a deletion never takes what was changed after it")
struct ImportDeletionTests {
  func memo(_ box: Sandbox, _ arguments: [String]) throws -> RunResult {
    let result = try box.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return result
  }

  /// A.db holds post 1 with a question; C.db got it from A's backup; A then deletes the post
  /// and writes `del.json`.
  func twoMachines(_ box: Sandbox) throws {
    for args in [
      ["--db", "A.db", "add", "Orig"], ["--db", "A.db", "ask", "1", "q"],
      ["--db", "A.db", "highlight", "add", "1", "Fear is the mind-killer."],
      ["--db", "A.db", "export", "--output", "old.json"], ["--db", "C.db", "import", "old.json"],
      ["--db", "A.db", "rm", "1", "--yes"], ["--db", "A.db", "export", "--output", "del.json"],
    ] { _ = try memo(box, args) }
  }

  @Test(
    "a question asked here after the post's deletion keeps the post, with a warning and a count")
  func newerQuestionKeepsPost() throws {
    let box = try Sandbox()
    try twoMachines(box)
    _ = try memo(box, ["--db", "C.db", "ask", "1", "new local q"])
    for dry in [true, false] {
      let result = try memo(
        box, ["--db", "C.db", "import", "del.json"] + (dry ? ["--dry-run"] : []))
      #expect(result.stdout.contains("1 deletion not applied"), "\(result.stdout)")
      #expect(
        result.stderr.contains(
          "memo: warning: del.json: the deletion of post 1 \"Orig\" (made "),
        "\(result.stderr)")
      #expect(
        result.stderr.contains(
          "post 1 has newer changes here (1 question made or changed after it)"))
      #expect(result.stderr.contains("'memo rm 1'"))
      // The old question and the highlight, deleted with the post on A and not changed here
      // since, go: their own deletions are in the file.
      #expect(
        result.stdout
          == (dry ? "would be: " : "")
          + "0 added, 0 updated, 0 unchanged, 2 deleted, 1 deletion not applied (changed here since)\n"
      )
    }
    let questions = try memo(box, ["--db", "C.db", "questions", "--all"])
    #expect(questions.stdout.contains("new local q"), "\(questions.stdout)")
    // The post's old question, deleted on A and not changed here since, is deleted.
    #expect(
      try box.rows("SELECT text FROM questions", database: box.root + "/C.db") == [["new local q"]])
    let list = try memo(box, ["--db", "C.db", "list"])
    #expect(list.stdout.contains("Orig"))
    let json = try memo(box, ["--db", "C.db", "import", "del.json", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["deletions_not_applied"] as? Int == 1, "\(json.stdout)")
  }

  @Test("a highlight noted here after the deletion keeps the post and the highlight")
  func newerHighlightKeepsPost() throws {
    let box = try Sandbox()
    try twoMachines(box)
    _ = try memo(box, ["--db", "C.db", "highlight", "edit", "1", "--note", "mine"])
    let result = try memo(box, ["--db", "C.db", "import", "del.json"])
    // The post's deletion and the highlight's own: both kept.
    #expect(result.stdout.contains("1 deleted, 2 deletions not applied"), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "post 1 has newer changes here (1 highlight made or changed after it)"), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "highlight 1 has newer changes here (the highlight itself made or changed after it)"),
      "\(result.stderr)")
    let shown = try memo(box, ["--db", "C.db", "highlight", "show", "1"])
    #expect(shown.stdout.contains("mine"))
  }

  @Test("with nothing changed after it, the deletion applies as before")
  func unchangedPostIsDeleted() throws {
    let box = try Sandbox()
    try twoMachines(box)
    let result = try memo(box, ["--db", "C.db", "import", "del.json"])
    #expect(result.stdout.contains("deleted"), "\(result.stdout)")
    #expect(!result.stdout.contains("not applied"))
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let list = try memo(box, ["--db", "C.db", "list"])
    #expect(!list.stdout.contains("Orig"))
  }

  @Test("a question edited here after its deletion is kept")
  func newerQuestionEditKeepsQuestion() throws {
    let box = try Sandbox()
    for args in [
      ["--db", "A.db", "add", "Orig"], ["--db", "A.db", "ask", "1", "q"],
      ["--db", "A.db", "export", "--output", "old.json"], ["--db", "C.db", "import", "old.json"],
      ["--db", "A.db", "question", "rm", "1", "--yes"],
      ["--db", "A.db", "export", "--output", "del.json"],
      ["--db", "C.db", "answer", "1", "kept answer"],
    ] { _ = try memo(box, args) }
    let result = try memo(box, ["--db", "C.db", "import", "del.json"])
    #expect(result.stdout.contains("1 deletion not applied"), "\(result.stdout)")
    #expect(result.stderr.contains("the deletion of question 1 \"q\""), "\(result.stderr)")
    #expect(result.stderr.contains("'memo question rm 1'"), "\(result.stderr)")
    let shown = try memo(box, ["--db", "C.db", "question", "show", "1"])
    #expect(shown.stdout.contains("kept answer"))
  }
}
