import Foundation
import Testing

/// A question or highlight deleted on one machine while the other rated it (and changed it):
/// restoring the lost change on the other brings the record back with its review events, and
/// the next rounds carry them all, the one made there while it was deleted here too, so both
/// machines hold the same events and schedule. Undoing the restore leaves them alike again.
@Suite("memo sync conflicts restore: a deleted item's review events reach every machine")
struct SyncRestoreReviewTests {
  /// `memo review show ITEM --format json` without the item's id (each machine's own).
  static func shown(_ box: Sandbox, _ item: String) throws -> String {
    let result = try box.run(["review", "show", item, "--format", "json"])
    guard result.status == 0,
      var object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        as? [String: Any]
    else { throw SandboxError.failed(result) }
    object["id"] = nil
    object["item"] = nil
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// Two machines holding Dune; `setUp` runs on a before the first rounds, `deleteOnA` on a and
  /// `changeOnB` on b after them (b unseen by a); then rounds b, a twice, and b restores its
  /// one conflict.
  static func restored(
    setUp: (Sandbox) throws -> Void, deleteOnA: [String], changeOnB: [[String]]
  ) throws -> (lab: SyncLab, a: Sandbox, b: Sandbox) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try setUp(a)
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.succeed(deleteOnA)
    for command in changeOnB { _ = try b.succeed(command) }
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    let conflicts = try SyncFieldTests.conflicts(b)
    #expect(conflicts.count == 1)
    let id = try #require(conflicts.first?["id"] as? Int)
    let result = try b.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(result.status == 0, "\(result.stderr)")
    return (lab, a, b)
  }

  /// The rows both machines must hold alike after the rounds.
  static func expectAlike(
    _ a: Sandbox, _ b: Sandbox, _ events: String, item: (Sandbox) throws -> String?
  ) throws {
    #expect(try a.rows(events) == b.rows(events))
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    let onA = try item(a)
    let onB = try item(b)
    #expect((onA == nil) == (onB == nil))
    if let onA, let onB { #expect(try shown(a, onA) == shown(b, onB)) }
  }

  @Test(
    "a question deleted on a, rated again and starred on b, restored on b: both hold both events and the same schedule; undo of the restore leaves them alike"
  )
  func question() throws {
    let (lab, a, b) = try Self.restored(
      setUp: { a in
        _ = try a.succeed(["ask", "1", "Q?"])
        _ = try a.succeed(["answer", "1", "A"])
        _ = try a.succeed(["review", "rate", "1", "good"])
      },
      deleteOnA: ["question", "rm", "1", "--yes"],
      changeOnB: [["review", "rate", "1", "again"], ["star", "1"]])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let events =
      "SELECT e.uuid, e.rating, q.uuid FROM review_events e JOIN questions q ON q.id = e.question_id ORDER BY e.uuid"
    let item: (Sandbox) throws -> String? = { box in
      try box.rows("SELECT id FROM questions").first.map { $0[0] }
    }
    #expect(
      try b.rows("SELECT rating FROM review_events ORDER BY reviewed_at") == [["good"], ["again"]])
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    #expect(
      try a.rows("SELECT rating FROM review_events ORDER BY reviewed_at") == [["good"], ["again"]])
    #expect(try a.rows("SELECT starred FROM questions") == [["1"]])
    try Self.expectAlike(a, b, events, item: item)

    // Undone on b after the rounds: the question goes again, on both.
    #expect(try b.run(["undo"]).status == 0)
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    try Self.expectAlike(a, b, events, item: item)
    #expect(try a.rows("SELECT count(*) FROM review_events") == [["0"]])
  }

  @Test(
    "a highlight deleted on a, chosen later and its note edited on b, restored on b: both hold both choices and the same schedule; undo of the restore leaves them alike"
  )
  func highlight() throws {
    let (lab, a, b) = try Self.restored(
      setUp: { a in
        _ = try a.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
        _ = try a.succeed(["review", "rate", "h1", "keep"])
      },
      deleteOnA: ["highlight", "rm", "1", "--yes"],
      changeOnB: [
        ["review", "rate", "h1", "later"], ["highlight", "edit", "1", "--note", "the litany"],
      ])
    defer { withExtendedLifetime(lab) {} }
    let events =
      "SELECT e.uuid, e.rating, h.uuid FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id ORDER BY e.uuid"
    let item: (Sandbox) throws -> String? = { box in
      try box.rows("SELECT 'h' || id FROM highlights").first.map { $0[0] }
    }
    #expect(
      try b.rows("SELECT rating FROM highlight_review_events ORDER BY reviewed_at") == [
        ["keep"], ["later"],
      ])
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    #expect(
      try a.rows("SELECT rating FROM highlight_review_events ORDER BY reviewed_at") == [
        ["keep"], ["later"],
      ])
    #expect(try a.rows("SELECT note FROM highlights") == [["the litany"]])
    try Self.expectAlike(a, b, events, item: item)

    #expect(try b.run(["undo"]).status == 0)
    for _ in 0..<2 {
      try SyncLab.round(b)
      try SyncLab.round(a)
    }
    try Self.expectAlike(a, b, events, item: item)
    #expect(try a.rows("SELECT count(*) FROM highlight_review_events") == [["0"]])
  }
}
