import MemoCore
import PropertyBased
import Testing

@testable import MemoStorage

/// Everything the journal must restore, as text: every row of every recorded table.
func contents(_ temp: TemporaryDatabase) throws -> [String] {
  var rows: [String] = []
  for (table, columns) in JournalTables.columns.sorted(by: { $0.key < $1.key }) {
    for row in try temp.rows(
      "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(columns[0])")
    {
      rows.append(table + ": " + row.joined(separator: " | "))
    }
  }
  return rows
}

@Suite("the journal: undo and redo on real files")
struct JournalTests {
  /// Performs the `n`th kind of change on whatever the database holds; some fail, which is
  /// part of the property (a failed command records nothing).
  static func act(_ code: Int, _ runner: EffectRunner, _ temp: TemporaryDatabase) throws {
    let posts = try temp.rows("SELECT id FROM posts ORDER BY id").compactMap { Int64($0[0]) }
    let questions = try temp.rows("SELECT id FROM questions ORDER BY id").compactMap {
      Int64($0[0])
    }
    let post = PostID(posts.isEmpty ? 1 : posts[code % posts.count])
    let question = QuestionID(questions.isEmpty ? 1 : questions[code % questions.count])
    let effect: Effect
    switch code % 12 {
    case 0, 1:
      effect = .posts(
        .insert(
          NewPost(title: "Book \(code)", author: code % 3 == 0 ? nil : "A\(code % 4)")))
    case 2, 3:
      effect = .questions(
        .insert(
          NewQuestion(
            postID: post, text: "Q\(code)?", category: "c\(code % 3)", isStarred: code % 2 == 0)))
    case 4: effect = .questions(.setStarred([question], code % 2 == 0))
    case 5: effect = .questions(.setAnswer(question, code % 2 == 0 ? "A\(code)" : nil))
    case 6: effect = .favorites(.add([post]))
    case 7: effect = .favorites(.remove([post]))
    case 8:
      effect = .posts(.update(post, PostPatch(title: "Edited \(code)", body: .some("b\(code)"))))
    case 9: effect = .posts(.delete([post]))
    case 10:
      effect = .filters(
        .saveCurrent(
          QuestionFilter(starred: code % 2 == 0, categories: ["c\(code % 3)"])))
    default: effect = .questions(.delete([question]))
    }
    _ = runner.run(effect)
  }

  @Test("for random sequences of changes, undoing all restores the start and redoing all the end")
  func undoRedoProperty() async {
    await propertyCheck(count: 40, input: Gen.int(in: 0...1000).array(of: 1...25)) { codes in
      do {
        let temp = try TemporaryDatabase()
        let runner = temp.runner()
        // Something to start from, outside the sequence.
        _ = runner.run(.posts(.insert(NewPost(title: "Start"))))
        _ = try temp.database.inTransaction { try Journal(database: temp.database).prune(keep: 0) }
        let start = try contents(temp)
        for code in codes { try Self.act(code, runner, temp) }
        let end = try contents(temp)
        let entries = try Journal(database: temp.database).size().entries
        if entries > 0 {
          #expect(runner.run(.journal(.undo(entries))) != .failed(.nothingToUndo()))
        }
        #expect(try contents(temp) == start)
        #expect(runner.run(.journal(.undo(1))) == .failed(.nothingToUndo()))
        if entries > 0 { _ = runner.run(.journal(.redo(entries))) }
        #expect(try contents(temp) == end)
        #expect(try temp.rows("PRAGMA integrity_check") == [["ok"]])
        #expect(try temp.rows("PRAGMA foreign_key_check").isEmpty)
      } catch {
        Issue.record("unexpected error: \(error)")
      }
    }
  }

  @Test("a change that changes nothing is not recorded; a failed one neither")
  func noEmptyEntries() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.posts(.update(1, PostPatch(title: "A"))))
    _ = runner.run(.posts(.delete([9])))
    #expect(
      try Journal(database: temp.database).log(limit: 10).map(\.summary) == ["add post 1 'A'"])
  }

  @Test("a new change after an undo discards what could have been redone")
  func redoBranch() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.posts(.insert(NewPost(title: "B"))))
    _ = runner.run(.journal(.undo(1)))
    _ = runner.run(.posts(.insert(NewPost(title: "C"))))
    #expect(runner.run(.journal(.redo(1))) == .failed(.nothingToRedo()))
    #expect(try temp.rows("SELECT title FROM posts ORDER BY id") == [["A"], ["C"]])
  }

  @Test("undo refuses, changing nothing, when a row was changed outside the journal")
  func mismatch() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    _ = runner.run(.posts(.update(1, PostPatch(title: "B"))))
    try temp.database.executeScript("UPDATE posts SET title = 'changed by hand'")
    guard case .failed(let error) = runner.run(.journal(.undo(2))) else {
      Issue.record("undo should have refused")
      return
    }
    #expect(error.code == .notFound)
    #expect(
      error.message
        == "cannot undo #2 (edit post 1 'B'): post 1 is no longer as that change left it; nothing was changed"
    )
    #expect(try temp.rows("SELECT title FROM posts") == [["changed by hand"]])
    #expect(try Journal(database: temp.database).log(limit: 5).map(\.isUndone) == [false, false])
  }

  @Test("undoing a post's creation refuses while rows outside the journal depend on it")
  func dependents() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "A"))))
    try temp.database.executeScript(
      "INSERT INTO questions (uuid, post_id, text, created_at, updated_at) VALUES ('q', 1, 'by hand', 'x', 'x')"
    )
    guard case .failed(let error) = runner.run(.journal(.undo(1))) else {
      Issue.record("undo should have refused")
      return
    }
    #expect(error.code == .notFound)
    #expect(try temp.rows("SELECT count(*) FROM questions") == [["1"]])
  }

  @Test("the journal keeps at most its limit, and prunes on request")
  func prune() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    for i in 0..<5 { _ = runner.run(.posts(.insert(NewPost(title: "P\(i)")))) }
    _ = runner.run(.journal(.prune(keep: 2)))
    #expect(
      try Journal(database: temp.database).log(limit: 10).map(\.summary) == [
        "add post 5 'P4'", "add post 4 'P3'",
      ])
    #expect(try temp.rows("SELECT count(*) FROM journal_changes") == [["2"]])
  }

  @Test("the journal triggers record the columns JournalTables lists, in its order")
  func tablesMatchTriggers() throws {
    let temp = try TemporaryDatabase()
    for (table, columns) in JournalTables.columns {
      let sql = try temp.rows(
        "SELECT sql FROM sqlite_schema WHERE name = '\(table)_journal_insert'")
      let image =
        "json_object(" + columns.map { "'\($0)', new.\($0)" }.joined(separator: ", ") + ")"
      #expect(sql.first?.first?.contains(image) == true, "\(table)")
      let tableColumns = try temp.rows("SELECT name FROM pragma_table_info('\(table)')").map {
        $0[0]
      }
      #expect(Set(tableColumns) == Set(columns), "\(table) has columns the journal does not record")
    }
  }

  @Test(
    "an import that edits and deletes its own new rows is undone and redone exactly, its trigger intact"
  )
  func importImagedAtTheEnd() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "Old"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Old question?"))))
    let q0 = try temp.rows("SELECT uuid FROM questions")[0][0]
    let p0 = try temp.rows("SELECT uuid FROM posts")[0][0]
    let trigger = "SELECT sql FROM sqlite_schema WHERE name = 'questions_journal_insert'"
    let triggerBefore = try temp.rows(trigger)
    let t1 = "\"created_at\":\"2027-01-01T00:00:00Z\",\"updated_at\":\"2027-01-01T00:00:00Z\""
    let t2 = "\"created_at\":\"2027-01-01T00:00:00Z\",\"updated_at\":\"2027-02-01T00:00:00Z\""
    let file = temp.folder + "/changes.jsonl"
    try """
    {"type":"category","name":"new","created_at":"2027-01-01T00:00:00Z"}
    {"type":"post","uuid":"p1","title":"New",\(t1)}
    {"type":"question","uuid":"q1","post_uuid":"p1","text":"First text","category":"new",\(t1)}
    {"type":"question","uuid":"q2","post_uuid":"p1","text":"Gone again",\(t1)}
    {"type":"question","uuid":"q1","post_uuid":"p1","text":"Second text","starred":true,\(t2)}
    {"type":"question","uuid":"\(q0)","post_uuid":"\(p0)","text":"Old question, edited?",\(t2)}
    {"type":"question","uuid":"q3","post_uuid":"\(p0)","text":"New on an old post",\(t1)}
    {"type":"deleted","uuid":"q2","kind":"question","deleted_at":"2027-03-01T00:00:00Z"}
    {"type":"favorite","post_uuid":"p1","position":1,"added_at":"2027-01-01T00:00:00Z"}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let before = try contents(temp)
    guard
      case .transfer(.imported(let summary)) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    else {
      Issue.record(
        "the import failed: \(runner.run(.transfer(.importFile(ImportRequest(path: file, format: .jsonl)))))"
      )
      return
    }
    #expect(summary.added == 6 && summary.updated == 2 && summary.deleted == 1)
    #expect(try temp.rows(trigger) == triggerBefore)
    let after = try contents(temp)
    #expect(
      try temp.rows("SELECT text FROM questions ORDER BY id") == [
        ["Old question, edited?"], ["Second text"], ["New on an old post"],
      ])
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try contents(temp) == before)
    _ = runner.run(.journal(.redo(1)))
    #expect(try contents(temp) == after)
    #expect(try temp.rows("PRAGMA foreign_key_check").isEmpty)
    // The per-row images are back for what comes next.
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Later?"))))
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try contents(temp) == after)
  }

  /// Imports `count` new questions on one new post; returns the runner.
  func importQuestions(_ temp: TemporaryDatabase, count: Int) throws -> EffectRunner {
    let runner = temp.runner()
    let t = "\"created_at\":\"2027-01-01T00:00:00Z\",\"updated_at\":\"2027-01-01T00:00:00Z\""
    var lines = ["{\"type\":\"post\",\"uuid\":\"p\",\"title\":\"Loaded\",\(t)}"]
    for n in 1...count {
      lines.append(
        "{\"type\":\"question\",\"uuid\":\"q\(n)\",\"post_uuid\":\"p\",\"text\":\"Question \(n)?\",\(t)}"
      )
    }
    let file = temp.folder + "/load.jsonl"
    try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    guard
      case .transfer(.imported) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    else {
      Issue.record("the import failed")
      return runner
    }
    return runner
  }

  @Test("an import's new questions are journaled as one range of ids, counted in the log")
  func importJournaledAsRange() throws {
    let temp = try TemporaryDatabase()
    _ = temp.runner().run(.posts(.insert(NewPost(title: "Before"))))
    _ = temp.runner().run(.questions(.insert(NewQuestion(postID: 1, text: "Before?"))))
    _ = try importQuestions(temp, count: 50)
    #expect(
      try temp.rows("SELECT table_name, first_id, last_id, row_count FROM journal_loads")
        == [["questions", "2", "51", "50"]])
    // Only the post's image is a row of its own.
    #expect(
      try temp.rows(
        "SELECT table_name FROM journal_changes WHERE entry_id = (SELECT max(id) FROM journal_entries)"
      ) == [["posts"]])
    let log = try Journal(database: temp.database).log(limit: 1)
    #expect(log.map(\.changeCount) == [51])
    #expect(try Journal(database: temp.database).size().changes == 1 + 1 + 51)
  }

  @Test("undoing an import takes its range out, and redo and undo again restore it exactly")
  func importRangeUndoRedo() throws {
    let temp = try TemporaryDatabase()
    _ = temp.runner().run(.posts(.insert(NewPost(title: "Before"))))
    let before = try contents(temp)
    let runner = try importQuestions(temp, count: 30)
    let after = try contents(temp)
    let search = "SELECT count(*) FROM search_words WHERE search_words MATCH 'question'"
    #expect(try temp.rows(search) == [["30"]])
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try contents(temp) == before)
    #expect(try temp.rows(search) == [["0"]])
    #expect(try temp.rows("SELECT images_from IS NOT NULL FROM journal_loads") == [["1"]])
    // The rows went as deletions do: their tombstones tell the next incremental export.
    #expect(try temp.rows("SELECT count(*) FROM tombstones WHERE kind = 'question'") == [["30"]])
    #expect(try Journal(database: temp.database).log(limit: 1).map(\.changeCount) == [31])
    _ = runner.run(.journal(.redo(1)))
    #expect(try contents(temp) == after)
    #expect(try temp.rows(search) == [["30"]])
    #expect(try temp.rows("SELECT count(*) FROM tombstones") == [["0"]])
    // A range again: the images undo wrote for redo are gone.
    #expect(
      try temp.rows("SELECT row_count, images_from FROM journal_loads") == [["30", "NULL"]])
    #expect(try temp.rows("SELECT table_name FROM journal_changes") == [["posts"], ["posts"]])
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try contents(temp) == before)
    #expect(try Journal(database: temp.database).log(limit: 1).map(\.changeCount) == [31])
  }

  @Test("undoing an import whose rows were deleted outside memo refuses and changes nothing")
  func importRangeChangedOutside() throws {
    let temp = try TemporaryDatabase()
    let runner = try importQuestions(temp, count: 10)
    try temp.database.executeScript("DELETE FROM questions WHERE id = 4")
    let changed = try contents(temp)
    let result = runner.run(.journal(.undo(1)))
    guard case .failed(let error) = result else {
      Issue.record("undo did not refuse: \(result)")
      return
    }
    #expect(error.code == .notFound)
    #expect(
      error.message.hasPrefix("cannot undo #1 (import \(temp.folder)/load.jsonl (11 added")
        && error.message.hasSuffix(
          "questions 1–10 hold 9 rows, not the 10 it added; nothing was changed"),
      "\(error.message)")
    #expect(try contents(temp) == changed)
    #expect(
      try temp.rows("SELECT row_count, undone FROM journal_loads, journal_entries") == [
        ["10", "0"]
      ])
  }

  @Test("redoing an import whose ids were taken outside memo refuses and changes nothing")
  func importRangeTakenOutside() throws {
    let temp = try TemporaryDatabase()
    let runner = try importQuestions(temp, count: 10)
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    try temp.database.executeScript(
      """
      INSERT INTO posts (id, uuid, title, created_at, updated_at)
      VALUES (99, 'outside', 'Outside', '2027-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z');
      INSERT INTO questions (id, uuid, post_id, text, created_at, updated_at)
      VALUES (7, 'outside', 99, 'Outside?', '2027-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')
      """)
    let changed = try contents(temp)
    let result = runner.run(.journal(.redo(1)))
    guard case .failed(let error) = result else {
      Issue.record("redo did not refuse: \(result)")
      return
    }
    #expect(error.code == .notFound)
    #expect(
      error.message.hasSuffix(
        "1 row of questions has taken ids 1–10 since; nothing was changed"), "\(error.message)")
    #expect(try contents(temp) == changed)
  }
}
