import Foundation
import Testing

/// Issue 35 (machines end identical: same data, same conflict lists): undone dismissals,
/// restores racing edits and other restores, and what a restore prints. After the rounds,
/// every machine's export and `sync conflicts --format json` (but for each machine's own ids
/// and times of meeting) are the same.
@Suite("memo sync: every machine ends with the same conflicts after dismissals and restores")
struct SyncAgreeTests {
  /// `sync conflicts --format json` as every machine must list it: each conflict without its
  /// id and the time this machine met it (each machine's own), in the order of their values.
  static func agreed(_ box: Sandbox) throws -> [String] {
    try SyncFieldTests.conflicts(box).map { conflict in
      var conflict = conflict
      conflict["id"] = nil
      conflict["detected_at"] = nil
      let data = try JSONSerialization.data(withJSONObject: conflict, options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }.sorted()
  }

  /// Checks every machine holds what the first does: the export and the conflicts.
  static func expectAgree(
    _ boxes: [Sandbox], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let export = try SyncLab.synced(boxes[0])
    let conflicts = try agreed(boxes[0])
    for box in boxes.dropFirst() {
      #expect(try SyncLab.synced(box) == export, sourceLocation: sourceLocation)
      #expect(try agreed(box) == conflicts, sourceLocation: sourceLocation)
    }
  }

  static func rounds(_ count: Int, _ boxes: [Sandbox]) throws {
    for _ in 0..<count { for box in boxes { try SyncLab.round(box) } }
  }

  @Test(
    "a dismissal pushed, then undone (here, or everywhere): the conflict comes back on every machine, and a redo dismisses it on every machine again",
    arguments: [[], ["--everywhere"]])
  func undoneDismissal(_ undo: [String]) throws {
    let (lab, x, y, z) = try SyncThreeWayTests.threeSources()
    defer { withExtendedLifetime(lab) {} }
    try Self.rounds(1, [x, y, z])
    let before = try Self.agreed(x)
    #expect(before.count == 2)
    _ = try x.succeed(["sync", "conflicts", "dismiss", try SyncThreeWayTests.id(x, lost: "from X")])
    try Self.rounds(1, [x, y, z])
    for box in [x, y, z] { #expect(try Self.lost(box) == ["from Y"]) }
    _ = try x.succeed(["undo"] + undo)
    try Self.rounds(2, [x, y, z])
    for box in [x, y, z] { #expect(try Self.agreed(box) == before) }
    try Self.expectAgree([x, y, z])
    _ = try x.succeed(["redo"])
    try Self.rounds(2, [x, y, z])
    for box in [x, y, z] { #expect(try Self.lost(box) == ["from Y"]) }
    try Self.expectAgree([x, y, z])
  }

  static func lost(_ box: Sandbox) throws -> [String] {
    try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String }.sorted()
  }
}
