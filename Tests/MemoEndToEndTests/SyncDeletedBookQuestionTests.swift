import Foundation
import Testing

/// A question asked on one machine about a book another machine deleted, neither having seen
/// the other's change (issue 35): the deletion wins everywhere, and the question is kept as a
/// conflict on both machines, the one that deleted the book and the one that asked it.
@Suite("memo sync: a question asked about a book another machine deleted")
struct SyncDeletedBookQuestionTests {
  static func questionConflicts(_ box: Sandbox) throws -> [[String: Any]] {
    try SyncFieldTests.conflicts(box).filter { $0["kind"] as? String == "question" }
  }

  @Test(
    "asked on d, the book deleted on c: the round that deletes it on d counts the question as a conflict there too, and both list it"
  )
  func askedWhereNotDeleted() throws {
    let lab = try SyncLab()
    let c = try lab.device("c")
    let d = try lab.device("d")
    let dune = try c.add("Dune")
    _ = try c.run(["ask", "\(dune)", "Seen by both?"])
    try SyncLab.round(c)
    try SyncLab.round(d)
    _ = try c.succeed(["rm", "\(dune)", "--yes"])
    let asked = try d.run(["ask", "\(dune)", "Why spice?"])
    #expect(asked.status == 0, "\(asked.stderr)")
    // d pushes its question first; c meets it after its deletion: a conflict on c.
    try SyncLab.round(d)
    #expect(try SyncLab.round(c)["conflicts"] == 1)
    // d meets the deletion: the book and both questions go, and the one c never saw is a
    // conflict here too, and the book with it (to restore first, SyncGoneBookTests).
    let round = try d.run(["sync", "--format", "table"])
    #expect(round.status == 0, "\(round.stderr)")
    #expect(round.stdout.contains("conflicts 2"), "\(round.stdout)")
    #expect(try d.rows("SELECT count(*) FROM posts") == [["0"]])
    for box in [c, d] {
      let listed = try Self.questionConflicts(box)
      #expect(listed.count == 1, "\(listed)")
      #expect(listed.first?["record"] as? String == "Why spice?")
      #expect(listed.first?["lost"] as? String == "Why spice?")
      #expect(listed.first?["deleted"] as? Bool == true)
      #expect(listed.first?["device"] as? String == "d")
    }
    // Nothing more to do on either: the next rounds meet no new conflict.
    #expect(try SyncLab.round(c)["conflicts"] == 0)
    #expect(try SyncLab.round(d)["conflicts"] == 0)
    #expect(try SyncLab.synced(c) == SyncLab.synced(d))
  }

  @Test(
    "the book deleted on c after d's question reached it: the question goes with it, no conflict")
  func askedAndSeen() throws {
    let lab = try SyncLab()
    let c = try lab.device("c")
    let d = try lab.device("d")
    let dune = try c.add("Dune")
    try SyncLab.round(c)
    try SyncLab.round(d)
    _ = try d.succeed(["ask", "\(dune)", "Why spice?"])
    try SyncLab.round(d)
    try SyncLab.round(c)
    _ = try c.succeed(["rm", "\(dune)", "--yes"])
    try SyncLab.round(c)
    #expect(try SyncLab.round(d)["conflicts"] == 0)
    #expect(try d.rows("SELECT count(*) FROM questions") == [["0"]])
    #expect(try SyncFieldTests.conflicts(d).isEmpty)
  }
  @Test(
    "the book deleted on p and brought back by undo, the question restored on q where it was asked: both machines hold both, backups identical"
  )
  func restoredWhereAsked() throws {
    let lab = try SyncLab()
    let p = try lab.device("p")
    let q = try lab.device("q")
    let dune = try p.add("Dune")
    try SyncLab.round(p)
    try SyncLab.round(q)
    _ = try p.succeed(["rm", "\(dune)", "--yes"])
    _ = try q.succeed(["ask", "\(dune)", "Why spice?"])
    try SyncLab.round(p)
    // The question, and its book (to restore first, SyncGoneBookTests).
    #expect(try SyncLab.round(q)["conflicts"] == 2)
    try SyncLab.round(p)
    _ = try p.succeed(["undo"])
    try SyncLab.round(p)
    try SyncLab.round(q)
    let restored = try q.run(["sync", "conflicts", "restore", "1", "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    for _ in 0..<2 {
      try SyncLab.round(p)
      try SyncLab.round(q)
    }
    for box in [p, q] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
      #expect(try box.rows("SELECT text FROM questions") == [["Why spice?"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncIdenticalBackupTests.export(p) == SyncIdenticalBackupTests.export(q))
  }
}
