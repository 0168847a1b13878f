import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("an import's bulk load: triggers out for its transaction, their work done at the end")
struct BulkLoadTests {
  @Test("a database missing one of the triggers is refused (74) with what to do, nothing imported")
  func missingTrigger() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    try temp.database.executeScript("DROP TRIGGER questions_untombstone")
    let cacheSize = try temp.rows("PRAGMA cache_size")
    let file = temp.folder + "/in.jsonl"
    try """
    {"type":"post","uuid":"p2","title":"Hyperion","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    guard
      case .failed(let error) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    else {
      Issue.record("the import should have been refused")
      return
    }
    #expect(error.code == .io)
    #expect(
      error.message
        == "\(temp.path) has no trigger questions_untombstone: its schema is damaged; 'memo db check' examines it, 'memo db backup' copies it"
    )
    #expect(try temp.rows("SELECT title FROM posts") == [["Dune"]])
    // The import's larger page cache is given back, failed or not.
    #expect(try temp.rows("PRAGMA cache_size") == cacheSize)
    // The triggers that were there are there still.
    #expect(
      try temp.rows(
        "SELECT count(*) FROM sqlite_schema WHERE name IN ('posts_search_insert', 'questions_search_insert', 'questions_journal_insert')"
      ) == [["3"]])
  }

  @Test("a dry run puts the triggers back too, and writes nothing")
  func dryRun() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let schema = "SELECT name, sql FROM sqlite_schema ORDER BY name"
    let before = try temp.rows(schema)
    let cacheSize = try temp.rows("PRAGMA cache_size")
    let file = temp.folder + "/in.jsonl"
    try """
    {"type":"post","uuid":"p2","title":"Hyperion","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"question","uuid":"q2","post_uuid":"p2","text":"Shrike?","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    guard
      case .transfer(.imported(let summary)) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl, isDryRun: true))))
    else {
      Issue.record("the dry run failed")
      return
    }
    #expect(summary.added == 2 && summary.isDryRun)
    #expect(try temp.rows(schema) == before)
    #expect(try temp.rows("SELECT count(*) FROM posts") == [["0"]])
    #expect(try temp.rows("PRAGMA cache_size") == cacheSize)
  }

  @Test(
    "the ids an import remembers follow its own changes: a post it deletes is gone for later lines")
  func rememberedIDs() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let t = "\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\""
    let file = temp.folder + "/in.jsonl"
    // The same category in two spellings is one category (names ignore case).
    try """
    {"type":"post","uuid":"p2","title":"Hyperion",\(t)}
    {"type":"question","uuid":"q1","post_uuid":"p2","text":"Shrike?","category":"Myth",\(t)}
    {"type":"question","uuid":"q2","post_uuid":"p2","text":"Time tombs?","category":"myth",\(t)}
    {"type":"category","name":"MYTH","created_at":"2026-01-01T00:00:00Z"}
    {"type":"deleted","uuid":"p2","kind":"post","deleted_at":"2026-02-01T00:00:00Z"}
    {"type":"question","uuid":"q3","post_uuid":"p2","text":"Still there?",\(t)}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    guard
      case .failed(let error) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    else {
      Issue.record("a question on a post deleted earlier in the file was imported")
      return
    }
    #expect(error.code == .badData)
    #expect(
      error.message
        == "\(file): question q3: its post p2 is neither in the file nor in the database; nothing was imported"
    )
    #expect(try temp.rows("SELECT count(*) FROM posts") == [["0"]])
    // Without the last line: both questions share the one category.
    try String(
      try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropLast(2)
        .joined(separator: "\n")
    ).write(toFile: file, atomically: true, encoding: .utf8)
    guard
      case .transfer(.imported(let summary)) = runner.run(
        .transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    else {
      Issue.record("the import failed")
      return
    }
    #expect(summary.added == 3 && summary.unchanged == 1)
    #expect(try temp.rows("SELECT id, name FROM categories") == [["1", "Myth"]])
    #expect(try temp.rows("SELECT category_id FROM questions") == [["1"], ["1"]])
  }

  @Test(
    "a load that deletes the newest question and then adds one (which takes its id): the new one is searched, not listed as deleted, and undo puts the old one back"
  )
  func reusedID() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let t = "\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\""
    let first = temp.folder + "/first.jsonl"
    try """
    {"type":"post","uuid":"p1","title":"Dune",\(t)}
    {"type":"question","uuid":"q1","post_uuid":"p1","text":"Who are the Fremen?",\(t)}
    """.write(toFile: first, atomically: true, encoding: .utf8)
    _ = runner.run(.transfer(.importFile(ImportRequest(path: first, format: .jsonl))))
    let second = temp.folder + "/second.jsonl"
    try """
    {"type":"deleted","uuid":"q1","kind":"question","deleted_at":"2026-02-01T00:00:00Z"}
    {"type":"question","uuid":"q2","post_uuid":"p1","text":"What is the spice?",\(t)}
    """.write(toFile: second, atomically: true, encoding: .utf8)
    _ = runner.run(.transfer(.importFile(ImportRequest(path: second, format: .jsonl))))
    #expect(try temp.rows("SELECT id, uuid FROM questions") == [["1", "q2"]])
    #expect(try temp.rows("SELECT uuid FROM tombstones") == [["q1"]])
    #expect(
      try temp.rows("SELECT ref FROM search_words WHERE search_words MATCH 'spice'") == [["1"]])
    #expect(
      try temp.rows("SELECT count(*) FROM search_words WHERE search_words MATCH 'Fremen'") == [
        ["0"]
      ])
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try temp.rows("SELECT id, uuid FROM questions") == [["1", "q1"]])
    #expect(try temp.rows("SELECT uuid FROM tombstones") == [["q2"]])  // undone creation
    #expect(
      try temp.rows("SELECT ref FROM search_words WHERE search_words MATCH 'Fremen'") == [["1"]])
    #expect(runner.run(.journal(.redo(1))) != .failed(.nothingToRedo()))
    #expect(try temp.rows("SELECT id, uuid FROM questions") == [["1", "q2"]])
    #expect(try temp.rows("SELECT uuid FROM tombstones") == [["q1"]])
  }
}
