import Foundation
import Testing

/// A merge taken back everywhere (`undo --everywhere` of the round that brought it) while a
/// third machine, not having seen the merge, edited the merged-away book: every machine keeps
/// that edit the same way (issue 35).
@Suite("memo sync: a merge undone everywhere meets an edit of the book it took")
struct SyncUndoneMergeTests {
  @Test(
    "x merges B into A, z edits B's body unseen, y takes the merge back everywhere: every machine lists z's body as the same conflict"
  )
  func editOfUndoneMerge() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let x = try lab.device("x", initialize: false)
    _ = try x.add("A", ["--body", "body A"])
    _ = try x.add("B", ["--body", "body B"])
    _ = try x.succeed(["ask", "2", "qB?"])
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    let y = try lab.device("y")
    let z = try lab.device("z")
    _ = try x.succeed(["merge", "1", "2"])
    try SyncLab.round(x)
    try SyncLab.round(y)
    _ = try z.succeed(["edit", "2", "--body", "B body by z"])
    _ = try y.succeed(["undo", "--everywhere"])
    for _ in 0..<3 { for box in [x, y, z] { try SyncLab.round(box) } }
    for box in [x, y, z] {
      #expect(try box.rows("SELECT body FROM posts WHERE title = 'B'") == [["body B"]])
      let lost = try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String }
      #expect(lost == ["B body by z"])
    }
    try SyncThreeWayTests.expectSameConflicts([x, y, z])
  }
}
