import Foundation
import Testing

/// The shelf (`memo fav`) across machines and merges: one shelf, in the same order, on every
/// machine; a book on it merged into another leaves the kept book on it (issue 35).
@Suite("memo sync: the shelf converges across merges")
struct SyncShelfTests {
  static func shelf(_ box: Sandbox) throws -> [String] {
    let out = try box.succeed(["favorites", "--format", "json"])
    let items = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
    return items.map { $0["title"] as? String ?? "?" }
  }

  /// x holds A, B, C with C then A on the shelf (one `memo fav 3 1`); y and z join.
  static func threeMachines(_ lab: SyncLab) throws -> (Sandbox, Sandbox, Sandbox) {
    let x = try lab.device("x", initialize: false)
    for title in ["A", "B", "C"] { _ = try x.add(title) }
    _ = try x.succeed(["fav", "3", "1"])
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    return (x, try lab.device("y"), try lab.device("z"))
  }

  @Test(
    "x merges B into A, y merges A (on the shelf) into B, z does nothing: after rounds every shelf is C, A"
  )
  func oppositeMergesKeepTheShelf() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let (x, y, z) = try Self.threeMachines(lab)
    _ = try x.succeed(["merge", "1", "2"])
    _ = try y.succeed(["merge", "2", "1"])
    for _ in 0..<3 { for box in [x, y, z] { try SyncLab.round(box) } }
    for box in [x, y, z] { #expect(try Self.shelf(box) == ["C", "A"]) }
  }

  @Test("x merges B into A, z puts B on the shelf: after rounds every shelf is C, A")
  func shelvedBookMergedAway() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let (x, y, z) = try Self.threeMachines(lab)
    _ = try x.succeed(["merge", "1", "2"])
    _ = try z.succeed(["fav", "2"])
    for _ in 0..<3 { for box in [x, y, z] { try SyncLab.round(box) } }
    for box in [x, y, z] { #expect(try Self.shelf(box) == ["C", "A"]) }
  }

  @Test(
    "x merges B (on the shelf) into A, y takes back the round that brought it everywhere: both shelves hold B again; stderr counts one shelf place each way"
  )
  func mergeUndoneEverywhere() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let x = try lab.device("x", initialize: false)
    _ = try x.add("A")
    _ = try x.add("B")
    _ = try x.succeed(["fav", "2"])
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    let y = try lab.device("y")
    _ = try x.succeed(["merge", "1", "2"])
    try SyncLab.round(x)
    try SyncLab.round(y)
    let undo = try y.run(["undo", "--everywhere"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(
      undo.stderr.contains(
        "it will delete 1 shelf place and change 1 post and bring back 1 post and 1 shelf place on the other devices"
      ), "\(undo.stderr)")
    for _ in 0..<3 { for box in [y, x] { try SyncLab.round(box) } }
    for box in [x, y] { #expect(try Self.shelf(box) == ["B"]) }
  }

  @Test(
    "x merges B into A (on the shelf) and syncs, y puts B on the shelf unseen by the merge, x undoes it: every shelf is C, A, B, every export the same"
  )
  func undoneMergeGivesThePlaceBack() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let (x, y, z) = try Self.threeMachines(lab)
    _ = try x.succeed(["merge", "1", "2"])
    try SyncLab.round(x)
    _ = try y.succeed(["fav", "2"])
    _ = try x.succeed(["undo"])
    try SyncAgreeTests.rounds(3, [x, y, z])
    for box in [x, y, z] { #expect(try Self.shelf(box) == ["C", "A", "B"]) }
    try SyncAgreeTests.expectAgree([x, y, z])
  }

  @Test(
    "x merges B into A, y merges B into C, z puts B on the shelf (none of them on it): B's place ends on C, the later merge's book, on every machine"
  )
  func bookMergedIntoTwo() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let x = try lab.device("x", initialize: false)
    for title in ["A", "B", "C"] { _ = try x.add(title) }
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    let (y, z) = (try lab.device("y"), try lab.device("z"))
    _ = try x.succeed(["merge", "1", "2"])
    _ = try y.succeed(["merge", "3", "2"])
    _ = try z.succeed(["fav", "2"])
    try SyncAgreeTests.rounds(3, [x, y, z])
    for box in [x, y, z] { #expect(try Self.shelf(box) == ["C"]) }
    try SyncAgreeTests.expectAgree([x, y, z])
  }
}
