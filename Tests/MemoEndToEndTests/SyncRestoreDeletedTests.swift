import Foundation
import Testing

/// An old conflict of a record deleted after it was met (issue 35): its row is the record as
/// it was then, so restoring it would bring back half of it (a book's old title, without its
/// questions). The restore is refused, exit 1, changing nothing, saying where the record was
/// deleted and what to do; undoing the deletion here first lets it go ahead, whole.
@Suite("memo sync conflicts restore: a record deleted after its conflict was met")
struct SyncRestoreDeletedTests {
  /// desktop and laptop hold "Dune" with a question; both retitle it before a round: laptop's
  /// title wins, desktop's is conflict 1 on desktop.
  static func titleConflict() throws -> (SyncLab, Sandbox, Sandbox) {
    let lab = try SyncLab()
    let desktop = try lab.device("desktop")
    let laptop = try lab.device("laptop")
    let dune = try desktop.add("Dune")
    _ = try desktop.run(["ask", "\(dune)", "Why spice?"])
    try SyncLab.round(desktop)
    try SyncLab.round(laptop)
    try SyncLab.retitled([(desktop, "Dune (desktop)"), (laptop, "Dune (laptop)")])
    try SyncLab.round(desktop)
    try SyncLab.round(laptop)
    #expect(try SyncLab.round(desktop)["conflicts"] == 1)
    return (lab, desktop, laptop)
  }

  @Test("deleted here after the conflict: refused, nothing changed; undone first, restored whole")
  func deletedHere() throws {
    let (lab, desktop, _) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }
    #expect(try desktop.run(["rm", "1", "--yes"]).status == 0)
    let refused = try desktop.run(["sync", "conflicts", "restore", "1", "--format", "table"])
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr.contains(
        "refusing to restore conflict 1: the post was deleted here on desktop (#"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("without its questions, highlights and shelf place"))
    #expect(refused.stderr.contains("nothing was changed"))
    #expect(refused.stderr.contains("'memo undo'"))
    #expect(refused.stderr.contains("'memo sync conflicts dismiss 1'"))
    #expect(try desktop.rows("SELECT count(*) FROM posts") == [["0"]])
    #expect(try SyncFieldTests.conflicts(desktop).count == 1)
    // As the message says: undo the deletion, then restore.
    #expect(try desktop.run(["undo"]).status == 0)
    let restored = try desktop.run(["sync", "conflicts", "restore", "1", "--format", "table"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(
      restored.stdout
        == "restored the post's title 'Dune (desktop)' from desktop over 'Dune (laptop)' from laptop (conflict 1) on every device; 'Dune (laptop)' is kept as conflict 2; 'memo sync' pushes it\n"
    )
    #expect(try desktop.rows("SELECT title FROM posts") == [["Dune (desktop)"]])
    #expect(try desktop.rows("SELECT text FROM questions") == [["Why spice?"]])
  }

  @Test("deleted on laptop after the conflict: refused on desktop, naming laptop")
  func deletedElsewhere() throws {
    let (lab, desktop, laptop) = try Self.titleConflict()
    defer { withExtendedLifetime(lab) {} }
    #expect(try laptop.run(["rm", "1", "--yes"]).status == 0)
    try SyncLab.round(laptop)
    try SyncLab.round(desktop)
    let refused = try desktop.run(["sync", "conflicts", "restore", "1"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "refusing to restore conflict 1: the post was deleted on laptop (round #"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("undo the deletion on laptop ('memo undo' there)"))
    #expect(try desktop.rows("SELECT count(*) FROM posts") == [["0"]])
    #expect(try SyncFieldTests.conflicts(desktop).count == 1)
  }
}
