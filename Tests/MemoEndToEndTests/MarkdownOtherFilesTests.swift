import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A symlink, a FIFO or a folder put where memo's markdown file of a post was: called what it
/// is, never written through, and a folder stops a forced export before anything is replaced.
@Suite("markdown export: other things in the place of memo's files")
struct MarkdownOtherFilesTests {
  func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
  }

  func export(_ box: Sandbox, _ more: [String] = []) throws -> RunResult {
    try box.run(["export", "--format", "markdown", "--output", "vault"] + more)
  }

  func kind(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  /// Three posts exported, then dune.md a symlink, emma.md a FIFO, zed.md a folder, and every
  /// post changed.
  func setUp() throws -> Sandbox {
    let box = try Sandbox()
    for title in ["Dune", "Emma", "Zed"] { _ = try box.add(title, ["--body", "First."]) }
    #expect(try export(box).status == 0)
    let vault = box.root + "/vault/"
    try "PRECIOUS\n".write(toFile: box.root + "/precious.txt", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: vault + "dune.md")
    try FileManager.default.createSymbolicLink(
      atPath: vault + "dune.md", withDestinationPath: "../precious.txt")
    try FileManager.default.removeItem(atPath: vault + "emma.md")
    #expect(mkfifo(vault + "emma.md", 0o600) == 0)
    try FileManager.default.removeItem(atPath: vault + "zed.md")
    try FileManager.default.createDirectory(atPath: vault + "zed.md", withIntermediateDirectories: false)
    try "keep\n".write(toFile: vault + "zed.md/inside.txt", atomically: true, encoding: .utf8)
    for id in 1...3 { _ = try box.succeed(["edit", "\(id)", "--body", "Second."]) }
    return box
  }

  @Test("without --force: each is named for what it is (symlink, FIFO, folder) with what to do; the new versions go beside")
  func named() throws {
    let box = try setUp()
    let vault = box.root + "/vault/"
    let result = try export(box)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "memo: warning: vault/dune.md is a symlink (to ../precious.txt), not the file memo wrote; its post changed, so the new version is in vault/dune.memo.md (remove it and export again, or export with --force to have memo replace it with the file)\n"
        + "memo: warning: vault/emma.md is a FIFO, not the file memo wrote; its post changed, so the new version is in vault/emma.memo.md (remove it and export again, or export with --force to have memo replace it with the file)\n"
        + "memo: warning: vault/zed.md is a folder, not the file memo wrote; its post changed, so the new version is in vault/zed.memo.md (move or rename the folder, then export again)\n"
        + "memo: exported 3 posts to vault (0 files written, 3 edited kept with the new version beside, the others unchanged)\n"
    )
    #expect(kind(vault + "dune.md") == .typeSymbolicLink)
    #expect(read(box.root + "/precious.txt") == "PRECIOUS\n")
    #expect(kind(vault + "emma.md") == .typeUnknown || kind(vault + "emma.md") != .typeRegular)
    #expect(read(vault + "zed.md/inside.txt") == "keep\n")
    for name in ["dune", "emma", "zed"] {
      #expect(read(vault + name + ".memo.md").contains("Second."))
    }

    // Nothing new: the warning again, with what waits.
    let again = try export(box)
    #expect(
      again.stderr.hasPrefix(
        "memo: warning: vault/dune.md is a symlink (to ../precious.txt), not the file memo wrote; memo's newer version still waits in vault/dune.memo.md (remove it and export again, or export with --force to have memo replace it with the file)\n"
      ))

    // Done as said: the folder moved away, the symlink removed. memo writes its files and
    // removes the versions beside them.
    try FileManager.default.moveItem(atPath: vault + "zed.md", toPath: box.root + "/zed-notes")
    try FileManager.default.removeItem(atPath: vault + "dune.md")
    let after = try export(box)
    #expect(after.status == 0)
    #expect(read(vault + "zed.md").contains("Second."))
    #expect(read(vault + "dune.md").contains("Second."))
    let names = try FileManager.default.contentsOfDirectory(atPath: vault).sorted()
    #expect(names == [".memo-export", "dune.md", "emma.md", "emma.memo.md", "zed.md"])
  }

  @Test("--force with a folder in one file's place: refused before anything is replaced (73), naming it")
  func forcedFolderRefusedFirst() throws {
    let box = try setUp()
    let vault = box.root + "/vault/"
    let manifest = read(vault + ".memo-export")
    let result = try export(box, ["--force"])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "memo: error: vault/zed.md is a folder, where memo's file for a post goes; memo does not remove folders and has written nothing: move or rename it, then export again\n"
    )
    // dune.md sorts before zed.md: it is still the symlink, emma.md the FIFO, nothing beside.
    #expect(kind(vault + "dune.md") == .typeSymbolicLink)
    #expect(kind(vault + "emma.md") != .typeRegular)
    #expect(read(vault + "zed.md/inside.txt") == "keep\n")
    #expect(read(vault + ".memo-export") == manifest)
    let names = try FileManager.default.contentsOfDirectory(atPath: vault).sorted()
    #expect(names == [".memo-export", "dune.md", "emma.md", "zed.md"])

    // Two folders (one where the version beside goes): both named.
    try FileManager.default.createDirectory(
      atPath: vault + "dune.memo.md", withIntermediateDirectories: false)
    let two = try export(box)
    #expect(two.status == 73)
    #expect(
      two.stderr
        == "memo: error: vault/dune.memo.md is a folder, where memo's file for a post goes; memo does not remove folders and has written nothing: move or rename it, then export again\n"
    )
    let both = try export(box, ["--force"])
    #expect(
      both.stderr
        == "memo: error: vault/dune.memo.md and vault/zed.md are folders, where memo's files for posts go; memo does not remove folders and has written nothing: move or rename them, then export again\n"
    )
    try FileManager.default.removeItem(atPath: vault + "dune.memo.md")

    // The folder moved away: --force replaces the symlink and the FIFO, saying so.
    try FileManager.default.moveItem(atPath: vault + "zed.md", toPath: box.root + "/zed-notes")
    let forced = try export(box, ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(
      forced.stderr
        == "memo: warning: replaced the symlink vault/dune.md (to ../precious.txt) with memo's file\n"
        + "memo: warning: replaced the FIFO vault/emma.md with memo's file\n"
        + "memo: exported 3 posts to vault (3 files written)\n")
    #expect(read(box.root + "/precious.txt") == "PRECIOUS\n")
    for name in ["dune", "emma", "zed"] {
      #expect(kind(vault + name + ".md") == .typeRegular)
      #expect(read(vault + name + ".md").contains("Second."))
    }
  }
}
