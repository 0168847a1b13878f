import Foundation
import Testing

/// A backup taken between an `rm` and its undo, restored as a new device (issue 35): the
/// restored database holds the deletion not pushed yet, which the machine it came from pushed
/// and undid since. It must take up that undo, not send the deletion again as its own (which
/// deleted the book on every machine).
@Suite("memo sync: a backup from between an rm and its undo, restored as a new device")
struct SyncRestoredBeforeUndoTests {
  /// A makes a book (an author, a question answered, on the shelf), b joins; a deletes the
  /// book and backs up before its round; the deletion goes out, and is undone: by `memo undo`
  /// on a, or (`undoOnB`) by `memo undo --everywhere` of the round that brought it to b. Then r
  /// takes the backup as a new device. Every machine has synced twice after it.
  static func restored(undoOnB: Bool) throws -> (SyncLab, [Sandbox]) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    _ = try a.succeed(["ask", "1", "Who are the Fremen?"])
    _ = try a.succeed(["answer", "1", "Desert people"])
    _ = try a.succeed(["fav", "1"])
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.succeed(["rm", "1", "--yes"])
    let backup = a.root + "/backup.db"
    _ = try a.succeed(["db", "backup", backup])
    try SyncLab.round(a)
    let undoing = undoOnB ? b : a
    if undoOnB { try SyncLab.round(b) }
    let undone = try undoing.run(["undo"] + (undoOnB ? ["--everywhere"] : []))
    #expect(undone.status == 0, "\(undone.stderr)")
    try SyncLab.round(undoing)
    for box in [a, b] { try SyncLab.round(box) }
    let r = try lab.device("r", initialize: false)
    try SyncCopyTests.place(backup, into: r)
    let renewed = try r.run(["sync", "init", "--new-device", "--name", "r"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    for _ in 0..<2 { for box in [a, b, r] { try SyncLab.round(box) } }
    return (lab, [a, b, r])
  }

  @Test(
    "restored on r, the backup's deletion does not win over a's undo: the book, its answered question and its shelf place are on every machine, no conflict, the same backup",
    arguments: [false, true])
  func undoTakenUp(undoOnB: Bool) throws {
    let (lab, boxes) = try Self.restored(undoOnB: undoOnB)
    defer { withExtendedLifetime(lab) {} }
    for box in boxes {
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "Frank Herbert"]])
      #expect(
        try box.rows("SELECT text, answer FROM questions") == [
          ["Who are the Fremen?", "Desert people"]
        ])
      #expect(try box.rows("SELECT count(*) FROM favorites") == [["1"]])
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
    let first = try SyncLab.synced(boxes[0])
    for box in boxes.dropFirst() { #expect(try SyncLab.synced(box) == first) }
  }

  /// As `restored`, but the `rm` is undone on a before any round (a pushes nothing about the
  /// book), and r takes the backup, which holds the deletion not pushed, as a new device.
  /// `aGoesOn`: a syncs on after it (else a's machine is gone: only b and r sync).
  static func restoredAfterLocalUndo(aGoesOn: Bool) throws -> (SyncLab, [Sandbox]) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    _ = try a.succeed(["ask", "1", "Who are the Fremen?"])
    _ = try a.succeed(["answer", "1", "Desert people"])
    _ = try a.succeed(["fav", "1"])
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["rm", "1", "--yes"])
    let backup = a.root + "/backup.db"
    _ = try a.succeed(["db", "backup", backup])
    _ = try a.succeed(["undo"])
    for box in [a, b] { try SyncLab.round(box) }
    let r = try lab.device("r", initialize: false)
    try SyncCopyTests.place(backup, into: r)
    let renewed = try r.run(["sync", "init", "--new-device", "--name", "r"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    let boxes = aGoesOn ? [a, b, r] : [b, r]
    for _ in 0..<3 { for box in boxes { try SyncLab.round(box) } }
    return (lab, boxes)
  }

  @Test(
    "an rm undone on a before any round, restored on r from a backup taken between them: a, still syncing, takes the deletion r sends as its own undone one; the book, its answered question and its shelf place stay on every machine, no conflict, the same backup"
  )
  func localUndoTakenUp() throws {
    let (lab, boxes) = try Self.restoredAfterLocalUndo(aGoesOn: true)
    defer { withExtendedLifetime(lab) {} }
    for box in boxes {
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "Frank Herbert"]])
      #expect(
        try box.rows("SELECT text, answer FROM questions") == [
          ["Who are the Fremen?", "Desert people"]
        ])
      #expect(try box.rows("SELECT count(*) FROM favorites") == [["1"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    let first = try SyncLab.synced(boxes[0])
    for box in boxes.dropFirst() { #expect(try SyncLab.synced(box) == first) }
  }

  @Test(
    "the same backup restored on r when a's machine is gone (a never syncs again): the deletion it held goes out and stands on b and r, the same backup"
  )
  func deletionOfGoneMachineStands() throws {
    let (lab, boxes) = try Self.restoredAfterLocalUndo(aGoesOn: false)
    defer { withExtendedLifetime(lab) {} }
    for box in boxes {
      #expect(try box.rows("SELECT count(*) FROM posts, questions") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    }
    #expect(try SyncLab.synced(boxes[0]) == SyncLab.synced(boxes[1]))
  }
}
