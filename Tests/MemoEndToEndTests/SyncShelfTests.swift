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
}
