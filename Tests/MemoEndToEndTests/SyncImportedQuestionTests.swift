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

extension SyncImportedQuestionTests {
  /// The two machines, the one whose highlight has the smaller UUID first when `smallerFirst`
  /// (the second's round joins the copies and keeps the one it applied; else its own).
  static func ordered(_ a: Sandbox, _ b: Sandbox, smallerFirst: Bool) throws -> (
    Sandbox, Sandbox
  ) {
    let uuidA = try a.rows("SELECT uuid FROM highlights")
    let uuidB = try b.rows("SELECT uuid FROM highlights")
    let aSmaller = uuidA.description < uuidB.description
    return aSmaller == smallerFirst ? (a, b) : (b, a)
  }

  @Test(
    "the same KOReader file imported on both, the question's text edited on one: one question on both, with the edited text, and the imported text kept as a conflict",
    arguments: [true, false])
  func editedText(smallerFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    let onA = try #require(try a.rows("SELECT id FROM questions").first?.first)
    _ = try a.succeed(["question", "edit", onA, "--text", "Why does fear kill the mind?"])
    let (first, second) = try Self.ordered(a, b, smallerFirst: smallerFirst)
    try SyncIdenticalBackupTests.settle(first, second)
    for box in [a, b] {
      #expect(
        try Self.questions(box) == [["Why does fear kill the mind?", "Fear is the mind-killer."]])
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(conflicts.map { $0["field"] as? String } == ["text"])
      #expect(conflicts.map { $0["lost"] as? String } == ["Why is fear a killer?"])
      #expect(conflicts.map { $0["kept"] as? String } == ["Why does fear kill the mind?"])
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }

  @Test(
    "undoing the round that joined the two copies, everywhere or not, is refused with exit 64, saying how to drop the book everywhere; nothing changes",
    arguments: [true, false], [false, true])
  func joiningRoundUndone(smallerFirst: Bool, edited: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    let onA = try #require(try a.rows("SELECT id FROM questions").first?.first)
    _ = try a.succeed(
      edited ? ["question", "edit", onA, "--text", "Why does fear kill the mind?"] : ["star", onA])
    let (first, second) = try Self.ordered(a, b, smallerFirst: smallerFirst)
    _ = try SyncLab.round(first)
    _ = try SyncLab.round(second)  // meets the other's copies: joins them
    let before = try SyncLab.synced(second)
    let post = try #require(try second.rows("SELECT id FROM posts").first?.first)
    let round = try #require(try second.rows("SELECT max(id) FROM journal_entries").first?.first)
    for everywhere in [["--everywhere"], []] {
      let undone = try second.run(["undo"] + everywhere)
      #expect(undone.status == 64)
      #expect(
        undone.stderr.hasPrefix(
          "memo: error: refusing to undo #\(round) (sync: 3 changes from \(first === a ? "a" : "b")): that round joined this device's copy of a book imported from a reader's file with the copy another device imported (post \(post))"
        ))
      #expect(undone.stderr.contains("to drop it everywhere, run 'memo rm \(post)'"))
    }
    #expect(try SyncLab.synced(second) == before)
    #expect(try second.rows("SELECT count(*) FROM journal_entries WHERE undone = 1") == [["0"]])
    try SyncIdenticalBackupTests.settle(first, second)
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    #expect(try a.rows("SELECT count(*) FROM posts, highlights, questions") == [["1"]])
  }
}

extension SyncImportedQuestionTests {
  @Test(
    "the same KOReader file imported on both, the question deleted on one and answered and starred on the other before they sync: deleted on both, the answer and star kept as conflicts, as for a question asked by hand; restoring the answer brings it back on both",
    arguments: [true, false])
  func deletedWhileAnswered(deleterFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    _ = try a.succeed(["question", "rm", "1", "--yes"])
    _ = try b.succeed(["answer", "1", "It paralyses."])
    _ = try b.succeed(["star", "1"])
    try SyncIdenticalBackupTests.settle(deleterFirst ? a : b, deleterFirst ? b : a)
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(conflicts.compactMap { $0["field"] as? String }.sorted() == ["answer", "starred"])
      #expect(
        conflicts.allSatisfy { $0["deleted"] as? Bool == true && $0["device"] as? String == "b" })
      #expect(conflicts.allSatisfy { $0["winner"] as? String == "a" })
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    let answer = try #require(
      try SyncFieldTests.conflicts(a).first { $0["field"] as? String == "answer" }?["id"] as? Int)
    _ = try a.succeed(["sync", "conflicts", "restore", String(answer)])
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(
        try box.rows("SELECT text, answer, starred FROM questions") == [
          ["Why is fear a killer?", "It paralyses.", "1"]
        ])
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }
}

extension SyncImportedQuestionTests {
  @Test(
    "the same KOReader file imported on both, the question deleted on one and its text edited on the other before they sync: deleted on both, the edited text kept as a conflict, as for a question asked by hand; restoring it brings the question back on both",
    arguments: [true, false])
  func deletedWhileEdited(deleterFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    _ = try a.succeed(["question", "rm", "1", "--yes"])
    _ = try b.succeed(["question", "edit", "1", "--text", "Why does fear kill the mind?"])
    try SyncIdenticalBackupTests.settle(deleterFirst ? a : b, deleterFirst ? b : a)
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM posts, highlights") == [["1"]])
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(conflicts.compactMap { $0["field"] as? String } == ["text"])
      #expect(conflicts.compactMap { $0["lost"] as? String } == ["Why does fear kill the mind?"])
      #expect(
        conflicts.allSatisfy {
          $0["deleted"] as? Bool == true && $0["device"] as? String == "b"
            && $0["winner"] as? String == "a"
        })
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    let text = try #require(try SyncFieldTests.conflicts(b).first?["id"] as? Int)
    _ = try b.succeed(["sync", "conflicts", "restore", String(text)])
    try SyncIdenticalBackupTests.settle(b, a)
    for box in [a, b] {
      #expect(
        try Self.questions(box) == [["Why does fear kill the mind?", "Fear is the mind-killer."]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }
}

extension SyncImportedQuestionTests {
  @Test(
    "the same KOReader file imported on both, the highlight deleted on one and given a note on the other before they sync: one book on both, the highlight deleted, the note kept as a conflict marked deleted, the question it held one question; undoing the round that met them is refused (64)",
    arguments: [true, false])
  func highlightDeletedWhileNoted(deleterFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] { try Self.importSidecar(box) }
    _ = try a.succeed(["highlight", "rm", "1", "--yes"])
    _ = try b.succeed(["highlight", "edit", "1", "--note", "Litany against fear"])
    let (first, second) = deleterFirst ? (a, b) : (b, a)
    _ = try SyncLab.round(first)
    _ = try SyncLab.round(second)  // meets the other's copy: drops its own or the other's
    let undone = try second.run(["undo", "--everywhere"])
    #expect(undone.status == 64)
    #expect(undone.stderr.contains("that round joined this device's copy of a book"))
    try SyncIdenticalBackupTests.settle(first, second)
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["0"]])
      #expect(
        try box.rows("SELECT text, highlight_id IS NULL FROM questions") == [
          ["Why is fear a killer?", "1"]
        ])
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(conflicts.compactMap { $0["field"] as? String } == ["note"])
      #expect(conflicts.compactMap { $0["lost"] as? String } == ["Litany against fear"])
      #expect(
        conflicts.allSatisfy {
          $0["deleted"] as? Bool == true && $0["device"] as? String == "b"
            && $0["winner"] as? String == "a"
        })
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
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
