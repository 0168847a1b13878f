import Foundation
import Testing

/// `memo db check` holds memo's own bookkeeping against the records (a live record listed as
/// deleted, a record missing from the search index: what an earlier memo's bulk load left when
/// it got back the ids of rows deleted in the same load), and `--repair` makes it again.
@Suite("db check: memo's bookkeeping, and --repair")
struct DbRepairTests {
  /// A library damaged as the old bulk load left it: a live book and a live question listed as
  /// deleted, a question and a highlight missing from the search index.
  func damaged() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    _ = try box.add("Emma")
    _ = try box.run(["ask", "1", "Why is fear the mind-killer?"])
    _ = try box.run(["ask", "2", "Who is Mr Knightley?"])
    _ = try box.run(["highlight", "add", "1", "Fear is the little-death."])
    try box.execute(
      """
      INSERT INTO tombstones (uuid, kind, deleted_at)
        SELECT uuid, 'post', '2026-01-01T00:00:00.000Z' FROM posts WHERE title = 'Emma';
      INSERT INTO tombstones (uuid, kind, deleted_at)
        SELECT uuid, 'question', '2026-01-01T00:00:00.000Z' FROM questions WHERE id = 1;
      DELETE FROM search_words WHERE rowid = 2 * 2 + 1;
      DELETE FROM search_words WHERE rowid = -1;
      """)
    return box
  }

  @Test("each problem is a line, exit 74, and the message names --repair")
  func finds() throws {
    let box = try damaged()
    let check = try box.run(["db", "check"])
    #expect(check.status == 74)
    #expect(
      check.stdout == """
        1 book here is listed as deleted (an export with --since or --cursor tells its readers to delete it)
        1 question here is listed as deleted (an export with --since or --cursor tells its readers to delete it)
        1 question missing from the search index ('memo search' cannot find it)
        1 highlight missing from the search index ('memo search' cannot find it)

        """)
    #expect(check.stderr.contains("has 4 problem(s) in memo's bookkeeping"))
    #expect(check.stderr.contains("'memo db check --repair'"))
    // Nothing changed by the check.
    #expect(try box.rows("SELECT count(*) FROM tombstones") == [["2"]])
  }

  @Test("--repair mends both, says what on stderr, then checks: ok, and search and exports agree")
  func repairs() throws {
    let box = try damaged()
    #expect(try box.run(["search", "Knightley"]).stdout == "")
    let repair = try box.run(["db", "check", "--repair", "--format", "table"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(repair.stdout == "ok: \(box.defaultDatabase)\n")
    #expect(
      repair.stderr == """
        repaired: 1 book no longer listed as deleted
        repaired: 1 question no longer listed as deleted
        repaired: the search index made again from the rows (2 records were missing)

        """)
    #expect(try box.rows("SELECT count(*) FROM tombstones") == [["0"]])
    #expect(try box.run(["search", "Knightley"]).stdout.contains("Who is Mr Knightley?"))
    #expect(try box.run(["search", "little-death"]).stdout.contains("Fear is the little-death."))
    // An export since before the damage lists no deletion.
    let export = try box.run(["export", "--since", "2025-01-01", "--format", "jsonl"])
    #expect(export.status == 0)
    #expect(!export.stdout.contains("\"deleted\""), "\(export.stdout)")
    // A second repair has nothing to do, and says nothing.
    let again = try box.run(["db", "check", "--repair"])
    #expect(again.status == 0 && again.stderr == "" && again.stdout == "")
  }

  @Test("a record with CJK letters missing from the trigram or gram index is found, and mended")
  func cjkIndexes() throws {
    let box = try Sandbox()
    _ = try box.add("吾輩は猫である", ["--author", "夏目漱石"])
    _ = try box.run(["ask", "1", "なぜ猫が語り手なのか？"])
    try box.execute("DELETE FROM search_trigrams; DELETE FROM search_grams;")
    #expect(try box.run(["search", "猫"]).stdout == "")
    let check = try box.run(["db", "check"])
    #expect(check.status == 74)
    #expect(
      check.stdout == """
        1 book missing from the search index ('memo search' cannot find it)
        1 question missing from the search index ('memo search' cannot find it)

        """)
    let repair = try box.run(["db", "check", "--repair"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(
      repair.stderr
        == "repaired: the search index made again from the rows (2 records were missing)\n")
    #expect(try box.run(["search", "猫"]).stdout.contains("なぜ猫が語り手なのか？"))
  }

  @Test("--repair on a missing database is 66 and makes no file; -q says nothing of what it mended")
  func repairEdges() throws {
    let box = try damaged()
    let other = box.root + "/none.db"
    let missing = try box.run(["db", "check", "--repair", "--db", other])
    #expect(missing.status == 66)
    #expect(!FileManager.default.fileExists(atPath: other))
    let quiet = try box.run(["db", "check", "--repair", "-q"])
    #expect(quiet.status == 0 && quiet.stderr == "")
    #expect(try box.rows("SELECT count(*) FROM tombstones") == [["0"]])
  }
}
