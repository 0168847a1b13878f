import Foundation
import Testing

/// A markdown re-export never overwrites what the user edited (issue 20: the Obsidian
/// workflow).
@Suite("markdown export keeps the user's edits")
struct MarkdownEditsTests {
  func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
  }

  func export(_ box: Sandbox, _ more: [String] = []) throws -> RunResult {
    try box.run(["export", "--format", "markdown", "--output", "vault"] + more)
  }

  func files(_ box: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: box.root + "/vault").sorted()
  }

  @Test("an edited file is kept; the new version goes beside it with a warning naming both")
  func editedKept() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    #expect(try export(box).status == 0)
    let file = box.root + "/vault/dune.md"
    let edited = read(file) + "My own thoughts.\n"
    try edited.write(toFile: file, atomically: true, encoding: .utf8)

    // The post did not change: nothing to deliver, nothing said.
    let same = try export(box)
    #expect(
      same.stderr == "memo: exported 1 post to vault (0 files written, the others unchanged)\n")
    #expect(read(file) == edited)

    _ = try box.run(["edit", "1", "--body", "More spice."])
    let changed = try export(box)
    #expect(changed.status == 0)
    #expect(
      changed.stderr
        == "memo: warning: vault/dune.md was edited since memo wrote it; its post changed too, so the new version is in vault/dune.memo.md (merge it by hand, or export with --force to overwrite)\n"
        + "memo: exported 1 post to vault (0 files written, 1 edited kept with the new version beside, the others unchanged)\n"
    )
    #expect(read(file) == edited)
    #expect(read(box.root + "/vault/dune.memo.md").contains("More spice."))
    #expect(try files(box) == [".memo-export", "dune.md", "dune.memo.md"])

    // Exported again with nothing new: the version beside still waits, and memo says so again
    // (a cron job's log must not go silent after one warning).
    let again = try export(box)
    #expect(
      again.stderr
        == "memo: warning: vault/dune.md was edited since memo wrote it; memo's newer version still waits in vault/dune.memo.md (merge it by hand, or export with --force to overwrite)\n"
        + "memo: exported 1 post to vault (0 files written, the others unchanged)\n")
    #expect(read(file) == edited)

    // --force: memo's version wins, the side file goes.
    let forced = try export(box, ["--force"])
    #expect(forced.status == 0)
    #expect(read(file).contains("More spice."))
    #expect(!read(file).contains("My own thoughts."))
    #expect(try files(box) == [".memo-export", "dune.md"])
  }

  @Test("--force replaces a symlink put in a file's place; the file it points to is untouched")
  func forceNeverWritesThroughALink() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    #expect(try export(box).status == 0)
    let precious = box.root + "/precious.txt"
    try "PRECIOUS\n".write(toFile: precious, atomically: true, encoding: .utf8)
    let file = box.root + "/vault/dune.md"
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "../precious.txt")
    _ = try box.succeed(["edit", "1", "--body", "More spice."])
    let forced = try export(box, ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    // One line says what was replaced, before the summary.
    #expect(
      forced.stderr
        == "memo: warning: replaced the symlink vault/dune.md (to ../precious.txt) with memo's file\n"
        + "memo: exported 1 post to vault (1 file written)\n")
    #expect(read(precious) == "PRECIOUS\n")
    #expect(read(file).contains("More spice."))
    #expect(
      (try FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType)
        == .typeRegular)
  }

  @Test("--force replaces a FIFO in a file's place, saying so; a folder there stops the export (73), named, never removed")
  func forceOnAFIFOAndAFolder() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    _ = try box.add("Emma")
    #expect(try export(box).status == 0)
    let file = box.root + "/vault/dune.md"
    try FileManager.default.removeItem(atPath: file)
    #expect(mkfifo(file, 0o600) == 0)
    _ = try box.succeed(["edit", "1", "--body", "More spice."])
    let forced = try export(box, ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stderr.hasPrefix("memo: warning: replaced the FIFO vault/dune.md with memo's file\n"))
    #expect(read(file).contains("More spice."))
    // A folder where emma.md goes: the export stops, naming it and what to do; the folder
    // and what is in it stay.
    let emma = box.root + "/vault/emma.md"
    try FileManager.default.removeItem(atPath: emma)
    try FileManager.default.createDirectory(atPath: emma, withIntermediateDirectories: false)
    try "keep\n".write(toFile: emma + "/inside.txt", atomically: true, encoding: .utf8)
    _ = try box.succeed(["edit", "2", "--body", "Highbury."])
    let folder = try export(box, ["--force"])
    #expect(folder.status == 73)
    #expect(
      folder.stderr
        == "memo: error: vault/emma.md is a folder, where memo's file for a post goes; memo does not remove folders and has written nothing: move or rename it, then export again\n")
    #expect(read(emma + "/inside.txt") == "keep\n")
  }

  @Test("an unedited file is rewritten when its post changes")
  func uneditedRewritten() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    _ = try export(box)
    _ = try box.run(["edit", "1", "--body", "More spice."])
    let result = try export(box)
    #expect(
      result.stderr == "memo: exported 1 post to vault (1 file written)\n")
    #expect(read(box.root + "/vault/dune.md").contains("More spice."))
  }

  @Test("a deleted post's file goes when unedited, stays with a warning when edited")
  func deletedPosts() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Emma")
    _ = try export(box)
    try (read(box.root + "/vault/emma.md") + "Mine.\n").write(
      toFile: box.root + "/vault/emma.md", atomically: true, encoding: .utf8)
    _ = try box.run(["rm", "1", "2", "--yes"])
    let result = try export(box)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "memo: warning: vault/emma.md was edited since memo wrote it and its post was deleted; memo leaves it to you\n"
        + "memo: exported 0 posts to vault (0 files written, 1 removed)\n")
    #expect(try files(box) == [".memo-export", "emma.md"])
    #expect(read(box.root + "/vault/emma.md").hasSuffix("Mine.\n"))
    // The kept file is the user's now: no warning again, never removed.
    let again = try export(box)
    #expect(
      again.stderr == "memo: exported 0 posts to vault (0 files written)\n")
    #expect(try files(box) == [".memo-export", "emma.md"])
  }

  @Test("a file memo never wrote is never touched, even with --force or its post deleted")
  func foreignFiles() throws {
    let box = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: box.root + "/vault", withIntermediateDirectories: true)
    try "mine\n".write(toFile: box.root + "/vault/dune.md", atomically: true, encoding: .utf8)
    _ = try box.add("Dune")
    _ = try export(box, ["--force"])
    #expect(read(box.root + "/vault/dune.md") == "mine\n")
    _ = try box.run(["rm", "1", "--yes"])
    _ = try export(box, ["--force"])
    #expect(read(box.root + "/vault/dune.md") == "mine\n")
    #expect(try files(box) == [".memo-export", "dune.md"])
  }

  @Test("a manifest from before hashes: a changed file is kept rather than guessed at")
  func oldManifest() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try export(box)
    let manifest = box.root + "/vault/.memo-export"
    let old = read(manifest).split(separator: "\n").map {
      $0.split(separator: "\t").prefix(2).joined(separator: "\t") + "\n"
    }.joined()
    try old.write(toFile: manifest, atomically: true, encoding: .utf8)
    _ = try box.run(["edit", "1", "--title", "Dune Messiah"])
    let result = try export(box)
    #expect(result.stderr.hasPrefix("memo: warning: vault/dune.md was edited since memo wrote it"))
    #expect(read(box.root + "/vault/dune.memo.md").contains("Dune Messiah"))
  }

  @Test("--force is for markdown only")
  func forceNeedsMarkdown() throws {
    let box = try Sandbox()
    let result = try box.run(["export", "--force"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "memo: error: --force applies to --format markdown only; drop it; see 'memo export --help'\n")
  }
}
