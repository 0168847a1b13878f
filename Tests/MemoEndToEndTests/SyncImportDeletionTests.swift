import Foundation
import Testing

/// A highlight or question a reader's file gave, deleted on a synced machine, stays deleted
/// when the same file is imported again on a machine that never saw it (one joining sync, a
/// backup from before the import restored as a new device), through compactions (issue 35).
@Suite("memo sync: deletions hold when the same reader's file is imported again")
struct SyncImportDeletionTests {
  /// Two highlights of Dune, a note on the first and a note that asks about the second.
  static let clippings =
    SyncIdenticalBackupTests.clippings
    + KindleImportTests.entry(
      "- Your Note on page 9 | Location 121 | Added on Monday, 2 January 2023 08:06:00",
      "Why does it flow?")
    + KindleImportTests.entry(
      "- Your Note on page 3 | Location 44 | Added on Monday, 2 January 2023 08:01:00",
      "The litany")

  static func importFile(_ box: Sandbox) throws -> RunResult {
    let path = box.root + "/My Clippings.txt"
    try clippings.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try box.run(["import", path])
    #expect(result.status == 0, "\(result.stderr)")
    return result
  }

  /// Deletes the highlight "Fear is the mind-killer." and the question.
  static func deleteFearAndQuestion(_ box: Sandbox) throws {
    let fear = try #require(
      box.rows("SELECT id FROM highlights WHERE text LIKE 'Fear%'").first?.first)
    #expect(try box.run(["highlight", "rm", fear, "--yes"]).status == 0)
    let question = try #require(box.rows("SELECT id FROM questions").first?.first)
    #expect(try box.run(["question", "rm", question, "--yes"]).status == 0)
    #expect(try Self.texts(box) == [["The spice must flow."]])
  }

  static func texts(_ box: Sandbox) throws -> [[String]] {
    try box.rows("SELECT text FROM highlights ORDER BY text")
      + box.rows("SELECT text FROM questions ORDER BY text")
  }

  @Test(
    "deleted on a and compacted, imported on b as it joins: nothing comes back, on b or on a")
  func joiningMachine() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try Self.importFile(a)
    try SyncLab.round(a)
    try Self.deleteFearAndQuestion(a)
    try SyncLab.round(a)
    try SyncLab.round(a, ["--compact"])
    let b = try lab.device("b")
    let imported = try Self.importFile(b)
    #expect(imported.stdout.hasPrefix("0 added, 0 updated, 4 unchanged:"), "\(imported.stdout)")
    #expect(try Self.texts(b) == [["The spice must flow."]])
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    #expect(try Self.texts(a) == [["The spice must flow."]])
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "a backup from before the import restored as a new device, the deletions made on b since: the file imported again brings nothing back"
  )
  func restoredBackup() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let backup = a.root + "/backup.db"
    #expect(try a.run(["db", "backup", backup]).status == 0)
    _ = try Self.importFile(a)
    try SyncLab.round(a)
    try SyncLab.round(b)
    try Self.deleteFearAndQuestion(b)
    try SyncLab.round(b)
    try SyncLab.round(a)
    try SyncCopyTests.place(backup, into: a)
    #expect(try a.run(["sync"]).status == 73)
    #expect(try a.run(["sync", "init", "--new-device"]).status == 0)
    let imported = try Self.importFile(a)
    #expect(imported.stdout.hasPrefix("0 added, 0 updated, 4 unchanged:"), "\(imported.stdout)")
    #expect(try Self.texts(a) == [["The spice must flow."]])
    for _ in 0..<2 {
      try SyncLab.round(a)
      try SyncLab.round(b)
    }
    #expect(try Self.texts(b) == [["The spice must flow."]])
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test("the book deleted on a with all it had, imported on b as it joins: it stays deleted")
  func deletedBook() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try Self.importFile(a)
    try SyncLab.round(a)
    #expect(try a.run(["rm", "1", "--yes"]).status == 0)
    try SyncLab.round(a)
    let b = try lab.device("b")
    let imported = try Self.importFile(b)
    #expect(imported.stdout.hasPrefix("0 added, 0 updated, 4 unchanged:"), "\(imported.stdout)")
    #expect(imported.stdout.contains("1 book deleted here (kept deleted)"), "\(imported.stdout)")
    #expect(try b.rows("SELECT count(*) FROM posts") == [["0"]])
    try SyncLab.round(b)
    try SyncLab.round(a)
    #expect(try a.rows("SELECT count(*) FROM posts") == [["0"]])
  }
}
