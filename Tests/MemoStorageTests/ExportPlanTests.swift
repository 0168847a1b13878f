import MemoCore
import Testing

@testable import MemoStorage

/// The export's order (posts by created_at then uuid; a post's questions by created_at then
/// uuid, its highlights in reading order) comes from indexes, never from sorting every row
/// (issue 35: an export at 100,000 questions sorted them all through a temporary file, twice
/// as slow). On a database without statistics, as every user's is (memo never runs ANALYZE).
@Suite("export: its order from the indexes, not a sort of every row")
struct ExportPlanTests {
  func plan(_ temp: TemporaryDatabase, _ sql: String) throws -> String {
    let statement = try temp.database.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
    var plan: [String] = []
    while try statement.step() { plan.append(statement.string(3)) }
    return plan.joined(separator: "\n")
  }

  @Test("the posts come from posts_by_created_uuid, unsorted")
  func postsPlan() throws {
    let temp = try TemporaryDatabase()
    let text = try plan(temp, Exporter.postsSQL)
    #expect(text.contains("SCAN p USING INDEX posts_by_created_uuid"), "\(text)")
    #expect(!text.contains("TEMP B-TREE"), "\(text)")
  }

  @Test(
    "questions and highlights: the posts in order outside, each post's rows in order inside",
    arguments: [
      ("questions", Exporter.questionsSQL, "questions_by_post_uuid"),
      ("highlights", Exporter.highlightsSQL, "highlights_by_post_order"),
    ])
  func rowsPlan(name: String, sql: String, index: String) throws {
    let temp = try TemporaryDatabase()
    let text = try plan(temp, sql)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "SCAN p USING COVERING INDEX posts_by_created_uuid", "\(name): \(text)")
    #expect(text.contains("USING INDEX \(index) (post_id=?)"), "\(name): \(text)")
    #expect(!text.contains("TEMP B-TREE"), "\(name): \(text)")
  }

  @Test("memo highlights (every book's, newest first) reads highlights_by_time, unsorted")
  func highlightsListingPlan() throws {
    let temp = try TemporaryDatabase()
    let statement = try HighlightRepository(database: temp.database).listing(
      HighlightQuery(limit: 20))
    let sql = statement.sql
    statement.reset()
    let text = try plan(temp, sql)
    #expect(text.contains("SCAN h USING INDEX highlights_by_time"), "\(text)")
    #expect(!text.contains("TEMP B-TREE"), "\(text)")
  }

  @Test("posts made at one time come by uuid, and so do a post's questions made at one time")
  func tiesByUUID() throws {
    let temp = try TemporaryDatabase()
    let at = "2026-01-01T00:00:00.000Z"
    try temp.database.executeScript(
      """
      INSERT INTO posts (id, uuid, title, created_at, updated_at) VALUES
        (1, 'p-c', 'C', '\(at)', '\(at)'), (2, 'p-a', 'A', '\(at)', '\(at)'),
        (3, 'p-b', 'B', '2025-12-31T00:00:00.000Z', '\(at)');
      INSERT INTO questions (uuid, post_id, text, created_at, updated_at) VALUES
        ('q-z', 2, 'z', '\(at)', '\(at)'), ('q-y', 2, 'y', '\(at)', '\(at)'),
        ('q-x', 2, 'x', '2025-01-01T00:00:00.000Z', '\(at)'), ('q-c', 1, 'c', '\(at)', '\(at)');
      INSERT INTO highlights (uuid, post_id, text, position, created_at, updated_at) VALUES
        ('h-2', 1, 'two', 2, '\(at)', '\(at)'), ('h-n', 1, 'none', NULL, '\(at)', '\(at)'),
        ('h-1', 1, 'one', 1, '\(at)', '\(at)');
      """)
    var order: [String] = []
    try Exporter(database: temp.database).forEachPost(.init(since: nil, afterSeq: nil)) {
      post, _, highlights, questions in
      order.append(post.uuid)
      order += highlights.map(\.uuid) + questions.map(\.uuid)
    }
    #expect(order == ["p-b", "p-a", "q-x", "q-y", "q-z", "p-c", "h-1", "h-2", "h-n", "q-c"])
  }
}
