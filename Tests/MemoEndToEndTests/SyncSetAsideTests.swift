import Foundation
import Testing

/// A question or highlight deleted on machine a while b edited and rated it: a's round sets
/// b's ratings aside with the deleted item (`sync_set_aside`), and restoring b's edit on a
/// brings them back at once, with the schedule replayed from them, before b syncs again.
/// Undoing the restore sets them aside again; redoing it takes them back.
@Suite("memo sync conflicts restore: the ratings set aside with a deleted item come back at once")
struct SyncSetAsideTests {
  /// Machines a and b holding Dune and what `setUp` makes on a, after a round each; then a runs
  /// `deleteOnA`, b runs `changeOnB`, and the rounds a, b, a. Returns what `review show ITEM`
  /// gives on b before its round took the item away (`SyncRestoreReviewTests.shown`), and a's
  /// last round.
  static func setAside(
    setUp: [[String]], deleteOnA: [String], changeOnB: [[String]], item: String
  ) throws -> (lab: SyncLab, a: Sandbox, b: Sandbox, shownOnB: String, round: RunResult) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    for command in setUp { _ = try a.succeed(command) }
    try a.backdate()  // before the ratings --at 2026-01-02
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.succeed(deleteOnA)
    for command in changeOnB { _ = try b.succeed(command) }
    let shownOnB = try SyncRestoreReviewTests.shown(b, item)
    try SyncLab.round(a)
    try SyncLab.round(b)
    let round = try a.run(["sync"])
    #expect(round.status == 0, "\(round.stderr)")
    return (lab, a, b, shownOnB, round)
  }

  /// Restores a's one conflict, then checks what the restore, its undo and its redo leave on a
  /// (before any other round), then that the next rounds leave both machines alike.
  static func restoreOnA(
    _ lab: SyncLab, _ a: Sandbox, _ b: Sandbox, shownOnB: String, events: String,
    item: (Sandbox) throws -> String?
  ) throws {
    let conflicts = try SyncFieldTests.conflicts(a)
    #expect(conflicts.count == 1)
    let id = try #require(conflicts.first?["id"] as? Int)
    let restored = try a.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    // At once: b's ratings, and the schedule b had computed from them.
    let itemOnA = try #require(try item(a))
    #expect(try SyncRestoreReviewTests.shown(a, itemOnA) == shownOnB)
    #expect(try a.rows("SELECT count(*) FROM sync_set_aside") == [["0"]])
    // Undone: the item goes, its ratings set aside again; redone: back with them.
    let undone = try a.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try item(a) == nil)
    #expect(try a.rows("SELECT count(*) FROM \(events)") == [["0"]])
    #expect(try a.rows("SELECT count(*) FROM sync_set_aside") == [["2"]])
    #expect(try SyncFieldTests.conflicts(a).count == 1)
    let redone = try a.run(["redo"])
    #expect(redone.status == 0, "\(redone.stderr)")
    let again = try #require(try item(a))
    #expect(try SyncRestoreReviewTests.shown(a, again) == shownOnB)
    #expect(try a.rows("SELECT count(*) FROM sync_set_aside") == [["0"]])
    // The next rounds: b gets its item back with the same events and schedule.
    try SyncLab.round(a)
    try SyncLab.round(b)
    try SyncLab.round(a)
    let onB = try #require(try item(b))
    #expect(try SyncRestoreReviewTests.shown(b, onB) == shownOnB)
    try SyncRestoreReviewTests.expectAlike(
      a, b, "SELECT uuid, rating, reviewed_at FROM \(events) ORDER BY uuid", item: item)
    #expect(try a.rows("SELECT count(*) FROM \(events)") == [["2"]])
  }

  @Test(
    "a question deleted on a, edited and rated twice on b: a's round sets the 2 ratings aside; restoring b's edit on a brings them back at once; undo and redo of the restore"
  )
  func question() throws {
    let (lab, a, b, shownOnB, round) = try Self.setAside(
      setUp: [["ask", "1", "What is the spice?"], ["answer", "1", "Melange."]],
      deleteOnA: ["question", "rm", "1", "--yes"],
      changeOnB: [
        ["question", "edit", "1", "--text", "What is melange?"],
        ["review", "rate", "1", "good", "--at", "2026-01-02T10:00:00Z"],
        ["review", "rate", "1", "hard", "--at", "2026-01-05T10:00:00Z"],
      ], item: "1")
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(
      round.stderr.contains(
        "\nmemo: 2 review ratings of items deleted on another device were set aside with their items;"
      ), "\(round.stderr)")
    #expect(
      try a.rows("SELECT count(*) FROM sync_set_aside WHERE kind = 'review_event'") == [["2"]])
    try Self.restoreOnA(
      lab, a, b, shownOnB: shownOnB, events: "review_events",
      item: { box in try box.rows("SELECT id FROM questions").first.map { $0[0] } })
    #expect(try a.rows("SELECT text FROM questions") == [["What is melange?"]])
  }

  @Test(
    "a highlight deleted on a, its note edited and chosen twice on b: restoring b's note on a brings both choices back at once; undo and redo of the restore"
  )
  func highlight() throws {
    let (lab, a, b, shownOnB, _) = try Self.setAside(
      setUp: [["highlight", "add", "1", "Fear is the mind-killer."]],
      deleteOnA: ["highlight", "rm", "1", "--yes"],
      changeOnB: [
        ["highlight", "edit", "1", "--note", "the litany"],
        ["review", "rate", "h1", "keep", "--at", "2026-01-02T10:00:00Z"],
        ["review", "rate", "h1", "later", "--at", "2026-01-05T10:00:00Z"],
      ], item: "h1")
    defer { withExtendedLifetime(lab) {} }
    #expect(
      try a.rows("SELECT count(*) FROM sync_set_aside WHERE kind = 'highlight_review_event'")
        == [["2"]])
    try Self.restoreOnA(
      lab, a, b, shownOnB: shownOnB, events: "highlight_review_events",
      item: { box in try box.rows("SELECT 'h' || id FROM highlights").first.map { $0[0] } })
    #expect(try a.rows("SELECT note FROM highlights") == [["the litany"]])
  }

  @Test(
    "a rating set aside on a and then undone on b (its deletion reaches a) does not come back with the restore"
  )
  func takenBack() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.succeed(["ask", "1", "What is the spice?"])
    _ = try a.succeed(["answer", "1", "Melange."])
    try a.backdate()  // before the ratings --at 2026-01-02
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["question", "rm", "1", "--yes"])
    _ = try b.succeed(["question", "edit", "1", "--text", "What is melange?"])
    _ = try b.succeed(["review", "rate", "1", "good", "--at", "2026-01-02T10:00:00Z"])
    _ = try b.succeed(["review", "rate", "1", "hard", "--at", "2026-01-05T10:00:00Z"])
    // b sends its edit and ratings before it meets the deletion, then takes one rating back.
    try SyncLab.round(b)
    try SyncLab.round(a)
    #expect(try a.rows("SELECT count(*) FROM sync_set_aside") == [["2"]])
    _ = try b.succeed(["undo"])
    #expect(try b.rows("SELECT rating FROM review_events") == [["good"]])
    try SyncLab.round(b)
    try SyncLab.round(a)
    #expect(try a.rows("SELECT json_extract(row, '$.rating') FROM sync_set_aside") == [["good"]])
    let id = try #require(try SyncFieldTests.conflicts(a).first?["id"] as? Int)
    let restored = try a.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try a.rows("SELECT rating FROM review_events") == [["good"]])
  }
}
