import Foundation
import Testing

/// The reader of an output going away before the end. Stdout's (`memo … | head`) is its
/// choice: a quiet exit 0 (SPEC §4), the pipeline's status reporting a reader that failed.
/// The reader of a named `--output` or backup target (a FIFO, `/dev/fd/N`, `>(gzip > x.gz)`)
/// is another matter: nothing but memo can tell a cron job that `gzip` on a full disk cut the
/// backup short, so it is an error (74) naming the path, and a cursor does not move.
@Suite("A named output's reader going away is an error; stdout's is not", .serialized)
struct ReaderGoneTests {
  /// 3000 posts: an export (and a backup) far larger than a pipe's buffer, so the writer is
  /// still writing when the reader goes.
  static func bigBox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("seed")
    try box.execute(
      """
      DELETE FROM posts;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO posts (id, uuid, title, body, created_at, updated_at)
      SELECT i, printf('00000000-0000-0000-0000-%012d', i), 'Book ' || i,
             'A body long enough that three thousand of them fill many pipe buffers. ' || i,
             '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z' FROM n;
      """)
    return box
  }

  var memo: String { "'\(Sandbox.binary)'" }

  /// Whether `stderr` is the one line saying `path`'s reader went away and the `what` is
  /// incomplete.
  func isReaderGone(_ stderr: String, path: String, what: String) -> Bool {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count == 2 && lines[1].isEmpty
      && stderr.hasPrefix("memo: error: cannot write \(path): the reader went away after ")
      && stderr.hasSuffix(" bytes; the \(what) is incomplete\n")
  }

  @Test(
    "export --output >(head -c 100) in every format exits 74 naming /dev/fd/N",
    arguments: ["json", "jsonl", "csv"])
  func processSubstitution(_ format: String) throws {
    let box = try Self.bigBox()
    let result = try box.shell(
      "\(memo) export --format \(format) --output >(head -c 100 > /dev/null); echo \"status $?\"")
    #expect(result.stdout == "status 74\n")
    #expect(isReaderGone(result.stderr, path: "/dev/fd/63", what: "export"), "\(result.stderr)")
  }

  @Test("db backup >(head -c 100) exits 74: the backup is incomplete; nothing left in $TMPDIR")
  func backupProcessSubstitution() throws {
    let box = try Self.bigBox()
    let result = try box.shell(
      "\(memo) db backup >(head -c 100 > /dev/null); echo \"status $?\"")
    #expect(result.stdout == "status 74\n")
    #expect(isReaderGone(result.stderr, path: "/dev/fd/63", what: "backup"), "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
        $0.contains("memo-tmp")
      } == [])
  }

  @Test("a FIFO whose reader takes 10 bytes: export and db backup exit 74 naming it")
  func fifo() throws {
    let box = try Self.bigBox()
    let result = try box.shell(
      """
      mkfifo f
      (head -c 10 f > /dev/null) & \(memo) export --output f; echo "export $?"; wait
      (head -c 10 f > /dev/null) & \(memo) db backup f; echo "backup $?"; wait
      """)
    #expect(result.stdout == "export 74\nbackup 74\n")
    let lines = result.stderr.split(separator: "\n").map { String($0) + "\n" }
    #expect(lines.count == 2, "\(result.stderr)")
    if lines.count == 2 {
      #expect(isReaderGone(lines[0], path: "f", what: "export"), "\(lines[0])")
      #expect(isReaderGone(lines[1], path: "f", what: "backup"), "\(lines[1])")
    }
  }

  @Test("with --cursor the cursor does not move: the next run exports everything")
  func cursorStays() throws {
    let box = try Self.bigBox()
    let failed = try box.shell(
      "\(memo) export --format jsonl --cursor nightly --output >(head -c 100 > /dev/null); echo \"status $?\""
    )
    #expect(failed.stdout == "status 74\n")
    #expect(isReaderGone(failed.stderr, path: "/dev/fd/63", what: "export"), "\(failed.stderr)")
    #expect(try box.rows("SELECT count(*) FROM export_cursors") == [["0"]])
    let next = try box.run(
      ["export", "--format", "jsonl", "--cursor", "nightly", "--output", "changes.jsonl"])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stderr.hasPrefix("memo: exported 3,000 posts, "), "\(next.stderr)")
    #expect(try box.rows("SELECT count(*) FROM export_cursors") == [["1"]])
  }

  @Test("stdout's reader going away (| head, --output - or /dev/stdout) is still a quiet 0")
  func stdoutQuiet() throws {
    let box = try Self.bigBox()
    let result = try box.shell(
      """
      \(memo) export --format jsonl | head -c 100 > /dev/null; echo "plain ${PIPESTATUS[0]}"
      \(memo) export --output - | head -c 100 > /dev/null; echo "dash ${PIPESTATUS[0]}"
      \(memo) export --output /dev/stdout | head -c 100 > /dev/null; echo "named ${PIPESTATUS[0]}"
      \(memo) list | head -c 100 > /dev/null; echo "list ${PIPESTATUS[0]}"
      """)
    #expect(result.stdout == "plain 0\ndash 0\nnamed 0\nlist 0\n")
    #expect(result.stderr == "")
  }

  @Test("a reader that takes everything: 0, the whole export and backup received")
  func wholeRead() throws {
    let box = try Self.bigBox()
    let result = try box.shell(
      """
      \(memo) export --format jsonl --quiet --output >(cat > all.jsonl); echo "export $?"; wait $!
      \(memo) db backup --quiet >(cat > copy.db); echo "backup $?"; wait $!
      """)
    #expect(result.stdout == "export 0\nbackup 0\n")
    #expect(result.stderr == "")
    let lines = try String(contentsOfFile: box.root + "/all.jsonl", encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("{\"type\":\"post\"") }.count == 3000)
    #expect(
      try box.rows("SELECT count(*) FROM posts", database: box.root + "/copy.db") == [["3000"]])
  }
}
