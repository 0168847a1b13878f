import Foundation
import Testing

/// Cases where a round lost a note without a conflict (found by a hostile tester), each now a
/// conflict or refused: the same reader's file imported on two machines, a place restored, a
/// restore over an edit not yet pushed.
@Suite("memo sync: no value lost without a conflict")
struct SyncNoLossTests {
  static let clippings = KindleImportTests.entry(
    "- Your Highlight on page 3 | Location 40-44 | Added on Monday, 2 January 2023 08:00:00",
    "Fear is the mind-killer.")

  /// Machines a and b that each imported the same Kindle file before any round (one book, one
  /// highlight, id 1 on each).
  static func importedOnBoth() throws -> (lab: SyncLab, a: Sandbox, b: Sandbox) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] {
      let file = box.root + "/My Clippings.txt"
      try clippings.write(toFile: file, atomically: true, encoding: .utf8)
      _ = try box.succeed(["import", file])
    }
    return (lab, a, b)
  }

  @Test(
    "the same file imported on two machines, its note and its book's title edited on each: both converge on the later values, the others are conflicts, restorable"
  )
  func sameImportEditedOnBoth() throws {
    let (lab, a, b) = try Self.importedOnBoth()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    _ = try a.succeed(["highlight", "edit", "1", "--note", "a's note"])
    _ = try a.succeed(["edit", "1", "--title", "Dune (a)"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["highlight", "edit", "1", "--note", "b's note"])
    _ = try b.succeed(["edit", "1", "--title", "Dune (b)"])
    try SyncLab.round(a)
    #expect(try SyncLab.round(b)["conflicts"] == 2)
    #expect(try SyncLab.round(a)["conflicts"] == 2)
    for box in [b, a] { try SyncLab.round(box) }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    // A third machine, set up now, that never held both copies: the values that won.
    let c = try lab.device("c")
    #expect(try SyncLab.synced(c) == SyncLab.synced(a))
    #expect(try c.rows("SELECT note FROM highlights") == [["b's note"]])
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (b)"]])
      #expect(
        try box.rows("SELECT text, note FROM highlights") == [
          ["Fear is the mind-killer.", "b's note"]
        ])
      let listed = try SyncFieldTests.conflicts(box).sorted {
        "\($0["field"]!)" < "\($1["field"]!)"
      }
      #expect(listed.map { $0["field"] as? String } == ["note", "title"])
      #expect(listed.map { $0["lost"] as? String } == ["a's note", "Dune (a)"])
      #expect(listed.map { $0["kept"] as? String } == ["b's note", "Dune (b)"])
      #expect(listed.map { $0["device"] as? String } == ["a", "a"])
      #expect(listed.map { $0["winner"] as? String } == ["b", "b"])
    }
    // Restored on b (where the value won): a's note everywhere, the conflict gone everywhere,
    // b's note kept in its place (issue 35: a restore keeps the value it replaces).
    let id = try #require(
      try SyncFieldTests.conflicts(b).first { $0["field"] as? String == "note" }?["id"] as? Int)
    let restored = try b.run(["sync", "conflicts", "restore", "\(id)", "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let keptAs = try SyncThreeWayTests.id(b, lost: "b's note")
    #expect(
      restored.stdout
        == "restored the highlight's note 'a's note' from a over 'b's note' from b (conflict \(id)) on every device; 'b's note' is kept as conflict \(keptAs); 'memo sync' pushes it\n"
    )
    for box in [b, a, c] { try SyncLab.round(box) }
    #expect(try c.rows("SELECT note FROM highlights") == [["a's note"]])
    for box in [a, b] {
      #expect(try box.rows("SELECT note FROM highlights") == [["a's note"]])
      let left = try SyncFieldTests.conflicts(box).sorted { "\($0["field"]!)" < "\($1["field"]!)" }
      #expect(left.map { $0["field"] as? String } == ["note", "title"], "\(left)")
      #expect(left.first?["lost"] as? String == "b's note")
      #expect(left.first?["kept"] as? String == "a's note")
      #expect(left.first?["winner"] as? String == "a")
    }
  }

  @Test(
    "the same file imported on two machines, a note added on one only and a question asked on each: nothing is a conflict, nothing is lost; a question edited on both is one"
  )
  func sameImportNoteOnOne() throws {
    let (lab, a, b) = try Self.importedOnBoth()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    _ = try a.succeed(["highlight", "edit", "1", "--note", "a's note"])
    _ = try a.succeed(["ask", "--highlight", "1", "Why fear, a?"])
    _ = try b.succeed(["ask", "--highlight", "1", "Why fear, b?"])
    _ = try b.succeed(["highlight", "star", "1"])
    for box in [a, b, a, b] { #expect(try SyncLab.round(box)["conflicts"] == 0) }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    for box in [a, b] {
      #expect(try box.rows("SELECT note, starred FROM highlights") == [["a's note", "1"]])
      #expect(
        try box.rows(
          "SELECT q.text FROM questions q JOIN highlights h ON h.id = q.highlight_id ORDER BY q.text"
        ) == [["Why fear, a?"], ["Why fear, b?"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    // A question edited on both: the later text wins, the other is a conflict.
    let question = try #require(
      try a.rows("SELECT id FROM questions WHERE text = 'Why fear, a?'").first?.first)
    let onB = try #require(
      try b.rows("SELECT id FROM questions WHERE text = 'Why fear, a?'").first?.first)
    _ = try a.succeed(["question", "edit", question, "--text", "Why is fear the mind-killer?"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["question", "edit", onB, "--text", "What kills the mind?"])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(
        try box.rows("SELECT text FROM questions ORDER BY text")
          == [["What kills the mind?"], ["Why fear, b?"]])
      #expect(
        try SyncFieldTests.conflicts(box).map { $0["lost"] as? String }
          == ["Why is fear the mind-killer?"])
    }
  }

  @Test(
    "a place conflict restored brings back the whole place the listing shows as lost, every part of it (`no place` when it had none)"
  )
  func placeRestoredWhole() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--page", "8"])
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["highlight", "edit", "1", "--page", ""])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["highlight", "edit", "1", "--chapter", "Part Two"])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      let listed = try SyncFieldTests.conflicts(box)
      #expect(listed.count == 1)
      #expect(listed.first?["kept"] as? String == "chapter Part Two · p. 8")
      #expect(listed.first?["lost"] as? String == "no place")
      let table = try box.run(["sync", "conflicts", "--format", "table"])
      #expect(table.status == 0)
      #expect(table.stdout.contains("chapter Part Two · p. 8  no place  a"), "\(table.stdout)")
    }
    let id = try #require(try SyncFieldTests.conflicts(a).first?["id"] as? Int)
    let restored = try a.run(["sync", "conflicts", "restore", "\(id)", "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let keptAs = try SyncThreeWayTests.id(a, lost: "chapter Part Two · p. 8")
    #expect(
      restored.stdout
        == "restored the highlight's place 'no place' from a over 'chapter Part Two · p. 8' from b (conflict \(id)) on every device; 'chapter Part Two · p. 8' is kept as conflict \(keptAs); 'memo sync' pushes it\n"
    )
    for box in [a, b] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(
        try box.rows("SELECT chapter, page, location FROM highlights") == [
          ["NULL", "NULL", "NULL"]
        ])
      // The place it replaced is kept in turn, whole.
      let left = try SyncFieldTests.conflicts(box)
      #expect(left.count == 1)
      #expect(left.first?["lost"] as? String == "chapter Part Two · p. 8")
      #expect(left.first?["kept"] as? String == "no place")
    }
  }

  @Test(
    "a restore over a value edited here since the conflict was met, not pushed yet, is refused and changes nothing; an edit of another field does not stop it"
  )
  func restoreOverUnpushedEdit() throws {
    let (lab, _, b) = try SyncConflictUndoTests.titleConflict()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let before = try b.rows(SyncConflictUndoTests.conflictRow)
    let id = try #require(before.first?.first)
    _ = try b.succeed(["edit", "1", "--author", "Frank Herbert"])
    _ = try b.succeed(["edit", "1", "--title", "Dune (final, b)"])
    let refused = try b.run(["sync", "conflicts", "restore", id])
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "memo: error: refusing to restore conflict \(id): the post's title was changed again after the conflict was met, and restoring would replace that value with no conflict left to bring it back; nothing was changed. Set the value by hand ('memo sync conflicts --format json' shows it as lost), or dismiss the conflict\n"
    )
    #expect(
      try b.rows("SELECT title, author FROM posts") == [["Dune (final, b)", "Frank Herbert"]])
    #expect(try b.rows(SyncConflictUndoTests.conflictRow) == before)
    #expect(try b.rows("SELECT count(*) FROM sync_resolved") == [["0"]])
    // The title edit undone: the title is the one the conflict kept again, and it restores.
    _ = try b.succeed(["undo"])
    let restored = try b.run(["sync", "conflicts", "restore", id])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try b.rows("SELECT title, author FROM posts") == [["Dune (a)", "Frank Herbert"]])
    #expect(try SyncFieldTests.conflicts(b).compactMap { $0["lost"] as? String } == ["Dune (b)"])
  }

  @Test(
    "a rating made offline of a question deleted on the other machine: each round says it was set aside; undoing the deletion brings it back on both"
  )
  func ratingOfDeletedQuestion() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.succeed(["ask", "1", "What is the spice?"])
    _ = try a.succeed(["answer", "1", "Melange."])
    try a.backdate()  // before the rating --at 2026-01-02
    for box in [a, b] { try SyncLab.round(box) }
    _ = try b.succeed(["review", "rate", "1", "good", "--at", "2026-01-02T10:00:00Z"])
    _ = try a.succeed(["question", "rm", "1", "--yes"])
    try SyncLab.round(a)
    let note =
      "memo: 1 review rating of items deleted on another device was set aside with its item; they come back with it: 'memo sync conflicts restore ID' of the item on the device that rated it, or 'memo undo' of its deletion on the device that deleted it\n"
    // b, which rated it, keeps it as a conflict too (SyncRatedDeletedTests restores it).
    let conflicts =
      "memo: the later value won each conflict; 'memo sync conflicts' lists the other values, 'memo sync conflicts restore ID' brings one back\n"
    for box in [b, a] {
      let round = try box.run(["sync"])
      #expect(round.status == 0, "\(round.stderr)")
      #expect(round.stderr == (box === b ? conflicts + note : note))
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
    }
    // The deletion undone on a: the question comes back, b takes its rating back from its
    // journal as the question arrives, and sends it again at its next round.
    let undone = try a.run(["undo", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try a.rows("SELECT text FROM questions") == [["What is the spice?"]])
    try SyncLab.round(a)
    #expect(try SyncLab.round(b)["applied"] == 1)
    #expect(try b.rows("SELECT rating FROM review_events") == [["good"]])
    #expect(try SyncLab.round(b)["pushed"] == 1)
    #expect(try SyncLab.round(a)["applied"] == 1)
    for box in [a, b] {
      #expect(
        try box.rows(
          "SELECT q.text, e.rating, e.reviewed_at FROM review_events e JOIN questions q ON q.id = e.question_id"
        ) == [["What is the spice?", "good", "2026-01-02T10:00:00.000Z"]])
      // b's conflict of the question it rated left as the question came back.
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }
}
