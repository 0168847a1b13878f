import Foundation
import Testing

/// Sync conflicts and the journal (schema 22): undoing a restore brings the conflict back as it
/// was, redoing it restores again, undoing a round takes back the conflicts it met; a place
/// conflict shows every part of the place on both sides; a restore names the value that wins
/// now and its device.
@Suite("memo sync conflicts: undo and redo of a restore and of a round, what a conflict shows")
struct SyncConflictUndoTests {
  static let conflictRow =
    "SELECT id, kind, key, row, hlc, device, winner, detected_at, field, lost FROM sync_conflicts ORDER BY id"

  /// Two machines, a and b, both holding "Dune"; a retitles it, then b (later): after the rounds
  /// a, b, a, both hold b's title and a conflict keeping a's.
  static func lost(_ box: Sandbox) throws -> [String] {
    try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String }
  }

  static func titleConflict() throws -> (lab: SyncLab, a: Sandbox, b: Sandbox) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.retitled([(a, "Dune (a)"), (b, "Dune (b)")])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (b)"]])
      #expect(
        try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String } == ["Dune (a)"])
    }
    return (lab, a, b)
  }

  @Test(
    "undo of a restore brings back the record's value and the conflict exactly as it was; redo restores again; nothing is lost once the redo branch goes"
  )
  func undoRestore() throws {
    let (lab, a, b) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let before = try a.rows(Self.conflictRow)
    let id = try #require(before.first?.first)
    let restored = try a.run(["sync", "conflicts", "restore", id, "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let keptAs = try SyncThreeWayTests.id(a, lost: "Dune (b)")
    #expect(
      restored.stdout
        == "restored the post's title 'Dune (a)' from a over 'Dune (b)' from b (conflict \(id)) on every device; 'Dune (b)' is kept as conflict \(keptAs); 'memo sync' pushes it\n"
    )
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (a)"]])
    // The value it replaced is kept in turn (issue 35), a conflict of its own.
    #expect(try Self.lost(a) == ["Dune (b)"])
    #expect(try a.rows("SELECT resolution FROM sync_resolved") == [["restored"]])
    // The journal says whose value came back.
    #expect(
      try a.run(["log"]).stdout.contains("restore the post's title as a had it (conflict \(id))"))

    let undone = try a.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (b)"]])
    #expect(try a.rows(Self.conflictRow) == before)
    #expect(try a.rows("SELECT count(*) FROM sync_resolved") == [["0"]])
    let listed = try SyncFieldTests.conflicts(a)
    #expect(listed.count == 1)
    #expect(listed.first?["id"] as? Int == Int(id))
    #expect(listed.first?["kept"] as? String == "Dune (b)")
    #expect(listed.first?["winner"] as? String == "b")
    #expect(listed.first?["lost"] as? String == "Dune (a)")
    #expect(listed.first?["device"] as? String == "a")

    let redone = try a.run(["redo"])
    #expect(redone.status == 0, "\(redone.stderr)")
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (a)"]])
    // The value it replaced is kept in turn (issue 35), a conflict of its own.
    #expect(try Self.lost(a) == ["Dune (b)"])
    #expect(try a.rows("SELECT resolution FROM sync_resolved") == [["restored"]])

    // Undone again, then a new command drops the redo branch: the conflict stays, restorable.
    #expect(try a.run(["undo"]).status == 0)
    _ = try a.add("Children of Dune")
    #expect(try a.run(["redo"]).status == 1)
    #expect(try a.rows(Self.conflictRow) == before)
    #expect(try a.rows("SELECT title FROM posts WHERE title LIKE 'Dune%'") == [["Dune (b)"]])

    // The restore undone before any round was never pushed: b keeps its conflict too.
    for box in [a, b] { try SyncLab.round(box) }
    #expect(try SyncFieldTests.conflicts(b).compactMap { $0["lost"] as? String } == ["Dune (a)"])
    #expect(try b.rows("SELECT title FROM posts WHERE title LIKE 'Dune%'") == [["Dune (b)"]])

    // Restored again for good: both machines hold a's title, no conflict left anywhere.
    #expect(try a.run(["sync", "conflicts", "restore", id]).status == 0)
    for box in [a, b] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts WHERE title LIKE 'Dune%'") == [["Dune (a)"]])
      #expect(try Self.lost(box) == ["Dune (b)"])
    }
  }

  @Test(
    "undo of a restore that was pushed brings the conflict back here; the next round pushes the value it had"
  )
  func undoPushedRestore() throws {
    let (lab, a, b) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let before = try a.rows(Self.conflictRow)
    let id = try #require(before.first?.first)
    #expect(try a.run(["sync", "conflicts", "restore", id]).status == 0)
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try b.rows("SELECT title FROM posts") == [["Dune (a)"]])
    #expect(try Self.lost(b) == ["Dune (b)"])
    // The round applied nothing on a: the undo is the restore's.
    let undone = try a.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (b)"]])
    #expect(try a.rows(Self.conflictRow) == before)
    for box in [a, b] { try SyncLab.round(box) }
    for box in [a, b] { #expect(try box.rows("SELECT title FROM posts") == [["Dune (b)"]]) }
    // The value a restored is not lost: a still keeps it, and can restore it again.
    #expect(try SyncFieldTests.conflicts(a).compactMap { $0["lost"] as? String } == ["Dune (a)"])
  }

  @Test(
    "a restore over a value set after the conflict was met is refused: that value would be lost with no conflict left"
  )
  func restoreOverNewerValue() throws {
    let (lab, a, b) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    _ = try a.succeed(["edit", "1", "--title", "Dune (final, a)"])
    for box in [a, b] { try SyncLab.round(box) }
    let before = try b.rows(Self.conflictRow)
    let id = try #require(before.first?.first)
    let refused = try b.run(["sync", "conflicts", "restore", id])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "refusing to restore conflict \(id): the post's title was changed again"),
      "\(refused.stderr)")
    #expect(try b.rows("SELECT title FROM posts") == [["Dune (final, a)"]])
    #expect(try b.rows(Self.conflictRow) == before)
  }

  @Test("the machine whose value won restores the one that lost")
  func restoreOnWinner() throws {
    let (lab, _, b) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let id = try #require(try b.rows(Self.conflictRow).first?.first)
    let restored = try b.run(["sync", "conflicts", "restore", id])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try b.rows("SELECT title FROM posts") == [["Dune (a)"]])
  }

  @Test(
    "dismiss is an entry of its own: undo brings the conflict back (not the command before), redo dismisses again"
  )
  func undoDismiss() throws {
    let (lab, a, _) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let before = try a.rows(Self.conflictRow)
    let id = try #require(before.first?.first)
    _ = try a.succeed(["edit", "1", "--author", "Frank Herbert"])
    _ = try a.succeed(["sync", "conflicts", "dismiss", id])
    #expect(try a.rows(Self.conflictRow).isEmpty)
    #expect(
      try a.run(["log"]).stdout.contains(
        "dismiss the conflict over the post's title (conflict \(id))"))
    let undone = try a.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try a.rows(Self.conflictRow) == before)
    #expect(try a.rows("SELECT title, author FROM posts") == [["Dune (b)", "Frank Herbert"]])
    #expect(try a.rows("SELECT count(*) FROM sync_resolved") == [["0"]])
    _ = try a.succeed(["redo"])
    #expect(try a.rows(Self.conflictRow).isEmpty)
    #expect(try a.rows("SELECT resolution FROM sync_resolved") == [["dismissed"]])
  }

  @Test(
    "undo of a round that met a conflict takes the conflict back with the value it applied (no conflict names a value no longer held); redo brings both back"
  )
  func undoRound() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.retitled([(a, "Dune (a)"), (b, "Dune (b)")])
    try SyncLab.round(b)
    #expect(try SyncLab.round(a)["conflicts"] == 1)
    let met = try a.rows(Self.conflictRow)
    #expect(met.count == 1)
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (b)"]])
    // The round changed a record: refused without --everywhere, nothing changed.
    let refused = try a.run(["undo"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--everywhere"))
    #expect(try a.rows(Self.conflictRow) == met)
    let undone = try a.run(["undo", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (a)"]])
    #expect(try a.rows(Self.conflictRow).isEmpty)
    #expect(try a.run(["sync", "conflicts"]).stdout == "")
    let redone = try a.run(["redo", "--everywhere"])
    #expect(redone.status == 0, "\(redone.stderr)")
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (b)"]])
    #expect(try a.rows(Self.conflictRow) == met)
  }

  @Test(
    "undo of a restore that brought a deleted record back deletes it again and keeps the conflict; redo brings it back"
  )
  func undoRestoreOfDeleted() throws {
    let lab = try SyncLab()
    let editor = try lab.device("editor")
    let deleter = try lab.device("deleter")
    _ = try editor.add("Dune")
    try SyncLab.round(editor)
    try SyncLab.round(deleter)
    _ = try editor.succeed(["edit", "1", "--title", "Dune (edited)"])
    _ = try deleter.succeed(["rm", "1", "--yes"])
    for box in [deleter, editor, deleter] { try SyncLab.round(box) }
    let before = try deleter.rows(Self.conflictRow)
    let id = try #require(before.first?.first)
    #expect(try deleter.rows("SELECT count(*) FROM posts") == [["0"]])
    let restored = try deleter.run(["sync", "conflicts", "restore", id, "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(
      restored.stdout
        == "restored the post's title 'Dune (edited)' from editor over its deletion on deleter (conflict \(id)) on every device; 'memo sync' pushes it\n"
    )
    #expect(try deleter.rows("SELECT title FROM posts") == [["Dune (edited)"]])
    #expect(try deleter.run(["undo"]).status == 0)
    #expect(try deleter.rows("SELECT count(*) FROM posts") == [["0"]])
    #expect(try deleter.rows(Self.conflictRow) == before)
    #expect(try SyncFieldTests.conflicts(deleter).first?["deleted"] as? Bool == true)
    #expect(try deleter.run(["redo"]).status == 0)
    #expect(try deleter.rows("SELECT title FROM posts") == [["Dune (edited)"]])
    #expect(try deleter.rows(Self.conflictRow).isEmpty)
    for box in [deleter, editor] { try SyncLab.round(box) }
    #expect(try editor.rows("SELECT title FROM posts") == [["Dune (edited)"]])
    #expect(try SyncFieldTests.conflicts(editor).isEmpty)
  }

  @Test("a conflict on a highlight's place shows the chapter, page and location on both sides")
  func placeConflict() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.succeed([
      "highlight", "add", "1", "Fear is the mind-killer.", "--page", "8", "--location", "140",
    ])
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.succeed(["highlight", "edit", "1", "--chapter", "Part One"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["highlight", "edit", "1", "--chapter", "Part Two", "--page", "9"])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      let list = try SyncFieldTests.conflicts(box)
      #expect(list.count == 1)
      #expect(list.first?["field"] as? String == "place")
      #expect(list.first?["kept"] as? String == "chapter Part Two · p. 9, loc. 140")
      #expect(list.first?["lost"] as? String == "chapter Part One · p. 8, loc. 140")
      let table = try box.run(["sync", "conflicts", "--format", "table"])
      #expect(table.status == 0)
      #expect(table.stdout.contains("chapter Part Two · p. 9, loc. 140"))
      #expect(table.stdout.contains("chapter Part One · p. 8, loc. 140"))
    }
    let id = try #require(try SyncFieldTests.conflicts(b).first?["id"] as? Int)
    let restored = try b.run(["sync", "conflicts", "restore", "\(id)", "--format", "table"])
    let keptAs = try SyncThreeWayTests.id(b, lost: "chapter Part Two · p. 9, loc. 140")
    #expect(
      restored.stdout
        == "restored the highlight's place 'chapter Part One · p. 8, loc. 140' from a over 'chapter Part Two · p. 9, loc. 140' from b (conflict \(id)) on every device; 'chapter Part Two · p. 9, loc. 140' is kept as conflict \(keptAs); 'memo sync' pushes it\n"
    )
    #expect(
      try b.rows("SELECT chapter, page, location FROM highlights") == [["Part One", "8", "140"]])
    #expect(try b.run(["undo"]).status == 0)
    #expect(
      try b.rows("SELECT chapter, page, location FROM highlights") == [["Part Two", "9", "140"]])
    #expect(
      try SyncFieldTests.conflicts(b).first?["lost"] as? String
        == "chapter Part One · p. 8, loc. 140")
  }

  @Test(
    "after a restore, the restore and the conflicts left on the field name the value that won and its device, on every machine"
  )
  func winnerAfterRestore() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let c = try lab.device("c")
    _ = try a.add("Dune")
    try SyncLab.retitled([(a, "Dune (a)"), (b, "Dune (b)"), (c, "Dune (c)")])
    for box in [b, a, c, b, a] { try SyncLab.round(box) }
    let onC = try SyncFieldTests.conflicts(c)
    #expect(Set(onC.compactMap { $0["winner"] as? String }) == ["c"])
    let id = try #require(onC.first { $0["lost"] as? String == "Dune (b)" }?["id"] as? Int)
    let restored = try c.run(["sync", "conflicts", "restore", "\(id)", "--format", "json"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let record = try #require(try SyncFieldTests.json(restored.stdout) as? [String: Any])
    #expect(record["kept"] as? String == "Dune (b)")
    #expect(record["winner"] as? String == "b")
    #expect(record["lost"] as? String == "Dune (c)")
    #expect(record["device"] as? String == "c")
    #expect(record["deleted"] as? Bool == false)
    for box in [c, a, b] { try SyncLab.round(box) }
    for box in [a, b, c] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (b)"]])
      // "Dune (c)", which the restore replaced, is kept in turn (issue 35).
      let left = try SyncFieldTests.conflicts(box)
      #expect(Set(left.compactMap { $0["lost"] as? String }) == ["Dune (a)", "Dune (c)"])
      #expect(left.count == 2)
      #expect(left.allSatisfy { $0["kept"] as? String == "Dune (b)" })
      #expect(left.allSatisfy { $0["winner"] as? String == "b" })
    }
    let table = try c.run(["sync", "conflicts", "--format", "table"])
    #expect(table.stdout.contains("KEPT FROM"))
  }
}
