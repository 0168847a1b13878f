import Foundation
import Testing

/// Ratings made offline of an item another machine deleted: the machine that rated keeps the
/// item as a conflict, and restoring it there brings the item and its ratings back on every
/// machine, with no `memo undo --everywhere` of a round (issue 35).
@Suite("memo sync: an item rated here and deleted elsewhere is a conflict here")
struct SyncRatedDeletedTests {
  /// Machines a and b holding Dune and what `setUp` makes on a, after a round each; then a
  /// runs `deleteOnA`, b rates with `rateOnB`, and the rounds a, b, a.
  static func ratedWhileDeleted(
    setUp: [[String]], deleteOnA: [String], rateOnB: [[String]]
  ) throws -> (lab: SyncLab, a: Sandbox, b: Sandbox, roundOnB: RunResult) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    for command in setUp { _ = try a.succeed(command) }
    try a.backdate()  // before the ratings --at 2026-01-02
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(deleteOnA)
    for command in rateOnB { _ = try b.succeed(command) }
    try SyncLab.round(a)
    let roundOnB = try b.run(["sync"])
    #expect(roundOnB.status == 0, "\(roundOnB.stderr)")
    try SyncLab.round(a)
    return (lab, a, b, roundOnB)
  }

  /// b's one conflict: the item, deleted, lost on b; restored on b, then rounds until both
  /// are quiet; returns its id.
  static func restoreOnB(_ a: Sandbox, _ b: Sandbox, kind: String, record: String) throws {
    #expect(try SyncFieldTests.conflicts(a).isEmpty)
    let listed = try SyncFieldTests.conflicts(b)
    #expect(listed.count == 1)
    let conflict = try #require(listed.first)
    #expect(conflict["kind"] as? String == kind)
    #expect(conflict["field"] as? String == "record")
    #expect(conflict["record"] as? String == record)
    #expect(conflict["deleted"] as? Bool == true)
    #expect(conflict["device"] as? String == "b")
    #expect(conflict["winner"] as? String == "a")
    let id = try #require(conflict["id"] as? Int)
    let restored = try b.run(["sync", "conflicts", "restore", "\(id)", "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(
      restored.stdout
        == "restored the \(kind)'s record '\(record)' from b over its deletion on a (conflict \(id)) on every device; 'memo sync' pushes it\n"
    )
    try SyncIdenticalBackupTests.settle(b, a)
  }

  @Test(
    "a question rated offline on b and deleted on a: b lists it as a conflict; restoring it on b brings the question and the rating back on both, the same backup"
  )
  func ratedQuestion() throws {
    let (lab, a, b, roundOnB) = try Self.ratedWhileDeleted(
      setUp: [["ask", "1", "What is the spice?"], ["answer", "1", "Melange."]],
      deleteOnA: ["question", "rm", "1", "--yes"],
      rateOnB: [["review", "rate", "1", "good", "--at", "2026-01-02T10:00:00Z"]])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(
      roundOnB.stderr
        == "memo: the later value won each conflict; 'memo sync conflicts' lists the other values, 'memo sync conflicts restore ID' brings one back\n"
        + "memo: 1 review rating of items deleted on another device was set aside with its item; they come back with it: 'memo sync conflicts restore ID' of the item on the device that rated it, or 'memo undo' of its deletion on the device that deleted it\n"
    )
    #expect(try b.rows("SELECT count(*) FROM questions") == [["0"]])
    try Self.restoreOnB(a, b, kind: "question", record: "What is the spice?")
    for box in [a, b] {
      #expect(
        try box.rows(
          "SELECT q.text, e.rating, e.reviewed_at FROM review_events e JOIN questions q ON q.id = e.question_id"
        ) == [["What is the spice?", "good", "2026-01-02T10:00:00.000Z"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "a question rated offline on b, its book deleted on a: b lists the book and the question; restoring both on b brings them back with the rating on both"
  )
  func ratedQuestionOfDeletedBook() throws {
    let (lab, a, b, _) = try Self.ratedWhileDeleted(
      setUp: [["ask", "1", "What is the spice?"], ["answer", "1", "Melange."]],
      deleteOnA: ["rm", "1", "--yes"],
      rateOnB: [["review", "rate", "1", "good", "--at", "2026-01-02T10:00:00Z"]])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(try SyncFieldTests.conflicts(a).isEmpty)
    let listed = try SyncFieldTests.conflicts(b).sorted { "\($0["kind"]!)" < "\($1["kind"]!)" }
    #expect(listed.map { $0["kind"] as? String } == ["post", "question"])
    #expect(listed.map { $0["record"] as? String } == ["Dune", "What is the spice?"])
    #expect(listed.map { $0["deleted"] as? Bool } == [true, true])
    for conflict in listed {
      let id = try #require(conflict["id"] as? Int)
      _ = try b.succeed(["sync", "conflicts", "restore", "\(id)"])
    }
    try SyncIdenticalBackupTests.settle(b, a)
    for box in [a, b] {
      #expect(
        try box.rows(
          """
          SELECT p.title, q.text, e.rating FROM review_events e
          JOIN questions q ON q.id = e.question_id JOIN posts p ON p.id = q.post_id
          """) == [["Dune", "What is the spice?", "good"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "a highlight chosen offline on b and deleted on a: b lists it as a conflict; restoring it on b brings the highlight and both choices back on both, the same backup"
  )
  func chosenHighlight() throws {
    let (lab, a, b, _) = try Self.ratedWhileDeleted(
      setUp: [["highlight", "add", "1", "Fear is the mind-killer."]],
      deleteOnA: ["highlight", "rm", "1", "--yes"],
      rateOnB: [
        ["review", "rate", "h1", "keep", "--at", "2026-01-02T10:00:00Z"],
        ["review", "rate", "h1", "later", "--at", "2026-01-05T10:00:00Z"],
      ])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(try b.rows("SELECT count(*) FROM highlights") == [["0"]])
    try Self.restoreOnB(a, b, kind: "highlight", record: "Fear is the mind-killer.")
    for box in [a, b] {
      #expect(
        try box.rows(
          "SELECT h.text, e.rating FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id ORDER BY e.reviewed_at"
        ) == [["Fear is the mind-killer.", "keep"], ["Fear is the mind-killer.", "later"]])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test("a question rated on a itself, then deleted there: b, which never rated it, lists nothing")
  func ratedByTheDeleter() throws {
    let (lab, a, b, roundOnB) = try Self.ratedWhileDeleted(
      setUp: [["ask", "1", "What is the spice?"], ["answer", "1", "Melange."]],
      deleteOnA: ["review", "rate", "1", "good"], rateOnB: [])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(roundOnB.status == 0)
    for box in [b, a] { try SyncLab.round(box) }
    _ = try a.succeed(["question", "rm", "1", "--yes"])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
  }
}
