import Foundation
import Testing

/// Listings at size, through the built binary (SPEC §4, §6): every row comes out, well formed,
/// and a reader that goes away stops memo quietly.
@Suite("listings stream at any size")
struct StreamingTests {
  static let questionCount = 100_000

  /// A library of `questionCount` questions over 500 posts, made with SQL (memo's own schema
  /// and triggers; seconds, not an import's minute in a debug build).
  static func library() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("seed")
    try box.execute(
      """
      DELETE FROM posts;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
      INSERT INTO posts (id, uuid, title, created_at, updated_at)
      SELECT i, printf('p-%05d', i), 'Book ' || i || ' 猫',
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes'),
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes') FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(questionCount))
      INSERT INTO questions (id, uuid, post_id, text, starred, answer, created_at, updated_at)
      SELECT i, printf('q-%06d', i), (i - 1) % 500 + 1,
             'Question ' || i || ' "quoted",' || char(9) || 'tab' || char(10) || 'line 🐈',
             i % 10 = 0, CASE WHEN i % 3 = 0 THEN 'yes, ' || i END,
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' seconds'),
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' seconds') FROM n;
      """)
    return box
  }

  @Test("100,000 questions in JSON, JSON Lines and CSV: every row, parsed back whole")
  func largeListing() throws {
    let box = try Self.library()
    let json = try box.run(["questions", "--all", "--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(array?.count == Self.questionCount)
    #expect(array?.first?["id"] as? Int == Self.questionCount)
    #expect(array?.last?["text"] as? String == "Question 1 \"quoted\",\ttab\nline 🐈")

    let lines = try box.run(["questions", "--all", "--format", "jsonl"])
    #expect(lines.status == 0)
    let objects = lines.stdout.split(separator: "\n")
    #expect(objects.count == Self.questionCount)
    #expect(
      objects.allSatisfy {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any]
      })

    let csv = try box.run(["questions", "--all", "--format", "csv"])
    #expect(csv.status == 0)
    // Each row ends in CRLF; the line feeds inside quoted text do not.
    #expect(csv.stdout.components(separatedBy: "\r\n").count == Self.questionCount + 2)

    let posts = try box.run(["list", "--all", "--format", "json"])
    #expect(posts.status == 0)
    let list = try JSONSerialization.jsonObject(with: Data(posts.stdout.utf8)) as? [[String: Any]]
    #expect(list?.count == 500)
    let nested = list?.reduce(0) { $0 + (($1["questions"] as? [Any])?.count ?? 0) }
    #expect(nested == Self.questionCount)
  }

  @Test("a reader that goes away (head -n 1) ends memo at once with status 0 and no word")
  func closedPipe() throws {
    let box = try Self.library()
    for format in ["jsonl", "json", "csv", "tsv", "plain", "table"] {
      for command in [["questions", "--all"], ["list", "--all"], ["search", "Question", "--all"]] {
        let line = (command + ["--format", format]).joined(separator: " ")
        let result = try box.shell(
          "set -o pipefail; '\(Sandbox.binary)' \(line) | head -n 1 > first; echo \"$?\" > status")
        #expect(result.status == 0, "\(line): \(result.stderr)")
        #expect(result.stderr == "", "\(line)")
        let first = try String(contentsOfFile: box.root + "/first", encoding: .utf8)
        #expect(first.split(separator: "\n").count == 1, "\(line)")
        let status = try String(contentsOfFile: box.root + "/status", encoding: .utf8)
        #expect(status == "0\n", "\(line)")
      }
    }
  }

  @Test("stdout that cannot be written (a full disk) exits 74 with one line, mid-listing or at the end")
  func unwritableOutput() throws {
    let box = try Self.library()
    // Mid-listing (the buffer fills many times) and at the final flush (one small row).
    for limit in ["100000", "1"] {
      let result = try box.shell(
        "'\(Sandbox.binary)' questions --all --limit \(limit) --format jsonl > /dev/full")
      #expect(result.status == 74, "--limit \(limit): \(result.stderr)")
      #expect(
        result.stderr == "memo: error: cannot write stdout: No space left on device\n",
        "--limit \(limit)")
    }
  }

  @Test("a change whose output cannot be written exits 74 saying the change was kept; one that changed nothing does not say so")
  func unwritableOutputAfterChange() throws {
    let box = try Self.library()
    let added = try box.shell("'\(Sandbox.binary)' add 'Kept anyway' > /dev/full")
    #expect(added.status == 74)
    #expect(
      added.stderr
        == "memo: error: cannot write stdout: No space left on device; the change itself was made and kept ('memo log' shows it, 'memo undo' takes it back)\n"
    )
    #expect(try box.rows("SELECT count(*) FROM posts WHERE title = 'Kept anyway'") == [["1"]])
    // A write command that changed nothing (the post is already starred) does not claim one.
    _ = try box.run(["star", "1"])
    let again = try box.shell("'\(Sandbox.binary)' star 1 --format json > /dev/full")
    #expect(again.status == 74)
    #expect(again.stderr == "memo: error: cannot write stdout: No space left on device\n")
  }
}
