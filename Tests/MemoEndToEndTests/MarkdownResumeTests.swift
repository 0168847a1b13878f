import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A markdown export that was interrupted (killed, Ctrl-C, a full disk) is finished by the
/// next run: memo's own files are recognised, never copied beside themselves.
@Suite("an interrupted markdown export is finished, not duplicated", .serialized)
struct MarkdownResumeTests {
  func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
  }

  func export(_ box: Sandbox, _ more: [String] = []) throws -> RunResult {
    try box.run(["export", "--format", "markdown", "--output", "vault"] + more)
  }

  func files(_ box: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: box.root + "/vault").sorted()
  }

  /// The manifest's lines: `uuid \t name \t hash`.
  func manifest(_ box: Sandbox) -> [[String]] {
    let text = (try? String(contentsOfFile: box.root + "/vault/.memo-export", encoding: .utf8))
    return (text ?? "").split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }.filter { $0.count == 3 }
  }

  @Test("the manifest lost: memo adopts the files it wrote, copies none, and leaves the user's")
  func manifestLost() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    _ = try box.add("Dune", ["--body", "Another edition."])
    _ = try box.add("Emma")
    #expect(try export(box).status == 0)
    let written = try files(box)
    #expect(written.count == 4)
    let first = read(box.root + "/vault/.memo-export")
    try FileManager.default.removeItem(atPath: box.root + "/vault/.memo-export")

    let again = try export(box)
    #expect(again.status == 0)
    #expect(
      again.stderr == "memo: exported 3 posts to vault (0 files written, the others unchanged)\n")
    #expect(try files(box) == written)
    #expect(read(box.root + "/vault/.memo-export") == first)

    // Adopted files are memo's again: a changed post rewrites its file in place.
    _ = try box.run(["edit", "3", "--body", "Highbury."])
    let changed = try export(box)
    #expect(
      changed.stderr == "memo: exported 3 posts to vault (1 file written, the others unchanged)\n")
    #expect(read(box.root + "/vault/emma.md").contains("Highbury."))
    #expect(try files(box) == written)

    // A file that is not byte for byte memo's is the user's: kept, the post gets another name.
    try FileManager.default.removeItem(atPath: box.root + "/vault/.memo-export")
    try (read(box.root + "/vault/emma.md") + "Mine.\n").write(
      toFile: box.root + "/vault/emma.md", atomically: true, encoding: .utf8)
    let user = try export(box)
    #expect(user.status == 0)
    #expect(
      user.stderr == "memo: exported 3 posts to vault (1 file written, the others unchanged)\n")
    #expect(read(box.root + "/vault/emma.md").hasSuffix("Mine.\n"))
    #expect(try files(box).count == 5)
    #expect(manifest(box).map { $0[1] }.filter { $0.hasPrefix("emma-") }.count == 1)
  }

  @Test("a manifest that misses the files written after its last save: completed, no copies")
  func manifestBehind() throws {
    let box = try Sandbox()
    for title in ["Dune", "Emma", "Hyperion", "Solaris"] { _ = try box.add(title) }
    _ = try export(box)
    let written = try files(box)
    let full = read(box.root + "/vault/.memo-export")
    let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
    try (lines.prefix(2).joined(separator: "\n") + "\n").write(
      toFile: box.root + "/vault/.memo-export", atomically: true, encoding: .utf8)
    let again = try export(box)
    #expect(
      again.stderr == "memo: exported 4 posts to vault (0 files written, the others unchanged)\n")
    #expect(try files(box) == written)
    #expect(read(box.root + "/vault/.memo-export") == full)
  }

  @Test("killed with SIGKILL mid-run: a manifest covers what was written; the next run finishes")
  func killed() throws {
    let box = try Sandbox()
    let count = 300
    _ = try box.add("seed")
    try box.execute(
      """
      DELETE FROM posts;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
      INSERT INTO posts (id, uuid, title, body, created_at, updated_at)
      SELECT i, printf('00000000-0000-0000-0000-%012d', i), 'Book ' || (i % 7), 'Text ' || i,
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes'),
             strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes') FROM n;
      """)
    let folder = box.root + "/vault"
    func markdownFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0.hasSuffix(".md")
      }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sandbox.binary)
    process.arguments = ["export", "--format", "markdown", "--output", folder]
    process.environment = box.environment
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    // Past the first save of the manifest (every 64 files at this size), well before the end.
    while process.isRunning && markdownFiles().count < 100 { usleep(2_000) }
    let wasKilled = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let left = Set(markdownFiles())
    print("markdown resume: killed \(wasKilled) with \(left.count) of \(count) files written")

    // What the killed run saved names files it wrote, each holding what the manifest says.
    let saved = manifest(box)
    #expect(saved.count >= 64)
    for line in saved { #expect(left.contains(line[1]), "\(line)") }

    let again = try export(box)
    #expect(again.status == 0, "\(again.stderr)")
    let names = markdownFiles()
    #expect(names.count == count, "\(names.sorted().prefix(20))")
    #expect(Set(names).isSuperset(of: left))
    let final = manifest(box)
    #expect(final.count == count)
    #expect(Set(final.map { $0[1] }) == Set(names))
    // Nothing stale from the killed process.
    #expect(try files(box).filter { $0.contains(".memo-tmp-") }.isEmpty)
    // And a third run has nothing to do.
    #expect(
      try export(box).stderr
        == "memo: exported \(count) posts to vault (0 files written, the others unchanged)\n")
  }
}
