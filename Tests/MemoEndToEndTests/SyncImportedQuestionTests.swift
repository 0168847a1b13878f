import Foundation
import Testing

/// A reader's note asked as a question, its file imported on two synced machines: the
/// machines' questions from it become one, as their highlights do (issue 35).
@Suite("memo sync: a file's note-question imported on two machines is one question")
struct SyncImportedQuestionTests {
  static let sidecar = """
    return { ["doc_props"] = { ["title"] = "Dune", ["authors"] = "Frank Herbert" },
      ["annotations"] = { { ["text"] = "Fear is the mind-killer.",
        ["pos0"] = "/body/DocFragment[5]/body/p[1]/text().0", ["pageno"] = 3,
        ["datetime"] = "2023-05-14 23:36:07", ["note"] = "Why is fear a killer?" } } }

    """

  /// Writes the KOReader sidecar into `box`'s folder and imports it there.
  static func importSidecar(_ box: Sandbox) throws {
    let folder = box.root + "/books/Dune.sdr"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try sidecar.write(toFile: folder + "/metadata.epub.lua", atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", box.root + "/books"])
  }

  static func questions(_ box: Sandbox) throws -> [[String]] {
    try box.rows(
      """
      SELECT q.text, h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id
      ORDER BY q.uuid
      """)
  }

  @Test(
    "the same KOReader file imported on both, starred on one and answered on the other: one question on both, with its star and answer; importing again adds none",
    arguments: [true, false])
  func oneQuestion(firstRoundsFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    let onB = try #require(try b.rows("SELECT id FROM questions").first?.first)
    _ = try b.succeed(["star", onB])
    let onA = try #require(try a.rows("SELECT id FROM questions").first?.first)
    _ = try a.succeed(["answer", onA, "It paralyses."])
    try SyncIdenticalBackupTests.settle(firstRoundsFirst ? a : b, firstRoundsFirst ? b : a)
    for box in [a, b] {
      #expect(
        try Self.questions(box) == [["Why is fear a killer?", "Fear is the mind-killer."]])
      #expect(try box.rows("SELECT starred, answer FROM questions") == [["1", "It paralyses."]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    for box in [a, b] { try Self.importSidecar(box) }
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] { #expect(try box.rows("SELECT count(*) FROM questions") == [["1"]]) }
  }
}

/// A book a machine keeps by `memo merge`, its highlights' duplicates imported on another
/// machine: the book the user kept stays, with its title, on every machine (issue 35).
@Suite("memo sync: the book a merge kept stays when duplicates of its highlights are joined")
struct SyncMergeKeptBookTests {
  @Test(
    "x has 'Existing Dune', both import a KOReader Dune, x merges its Dune into 'Existing Dune': it stays on both, with one highlight and one question",
    arguments: [true, false])
  func keptBookStays(xFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let x = try lab.device("x", initialize: false)
    _ = try x.add("Existing Dune", ["--author", "Frank Herbert"])
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    let y = try lab.device("y")
    for box in [x, y] { try SyncImportedQuestionTests.importSidecar(box) }
    let kept = try x.rows("SELECT uuid FROM posts WHERE title = 'Existing Dune'")
    _ = try x.succeed([
      "merge", try SyncOppositeMergeTests.id(x, "Existing Dune"),
      try SyncOppositeMergeTests.id(x, "Dune"),
    ])
    try SyncIdenticalBackupTests.settle(xFirst ? x : y, xFirst ? y : x)
    for box in [x, y] {
      #expect(try box.rows("SELECT uuid FROM posts") == kept)
      #expect(try box.rows("SELECT title FROM posts") == [["Existing Dune"]])
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
      #expect(
        try SyncImportedQuestionTests.questions(box) == [
          ["Why is fear a killer?", "Fear is the mind-killer."]
        ])
    }
    #expect(try SyncLab.synced(x) == SyncLab.synced(y))
    #expect(
      try SyncRemovedMergeTargetTests.listed(x) == SyncRemovedMergeTargetTests.listed(y))
  }
}
