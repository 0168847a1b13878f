import Foundation
import Testing

/// A deletion against an edit it had not seen keeps the edit's values as conflicts (issue 35),
/// but a field that holds nothing on both sides (the deletion's, and an empty author or body)
/// is no conflict: three empty conflicts were listed for a book made again by an undo.
@Suite("memo sync: no empty conflicts against a deletion")
struct SyncEmptyConflictTests {
  @Test(
    "a deletes a book, b undoes the round that brought it, c deletes it unaware: it stays deleted, and only its title and author are kept, not its empty body and source"
  )
  func noEmptyConflicts() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    try SyncLab.round(a)
    let b = try lab.device("b")
    let c = try lab.device("c")
    _ = try a.succeed(["rm", "1", "--yes"])
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try b.run(["undo", "--everywhere"]).status == 0)
    try SyncLab.round(b)
    _ = try c.succeed(["rm", "1", "--yes"])
    for _ in 0..<2 { for box in [c, a, b] { try SyncLab.round(box) } }
    for box in [a, b, c] {
      #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
      let kept = try SyncFieldTests.conflicts(box).map {
        "\($0["field"] as? String ?? "") \($0["lost"] as? String ?? "-")"
      }
      #expect(kept.sorted() == ["author Frank Herbert", "title Dune"])
    }
  }

  @Test(
    "a deletes a book while b clears its author: the book stays deleted, and no empty author is kept on either machine"
  )
  func clearedAgainstDeletion() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    try SyncLab.round(a)
    let b = try lab.device("b")
    _ = try a.succeed(["rm", "1", "--yes"])
    _ = try b.succeed(["edit", "1", "--author", ""])
    for _ in 0..<2 { for box in [a, b] { try SyncLab.round(box) } }
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
  }
}
