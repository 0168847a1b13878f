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

  @Test(
    "a restore prints, in every format, the conflict that now keeps the value it replaced, as 'memo sync conflicts' lists it: its id, never the id restored",
    arguments: ["plain", "json", "jsonl", "csv", "tsv"])
  func restorePrintsWhatItKept(_ format: String) throws {
    let (lab, x, _, _) = try SyncThreeWayTests.threeSources()
    defer { withExtendedLifetime(lab) {} }
    let id = try SyncThreeWayTests.id(x, lost: "from X")
    let printed = try x.succeed(["sync", "conflicts", "restore", id, "--format", format])
    let keptAs = try SyncThreeWayTests.id(x, lost: "from Z")
    #expect(keptAs != id)
    let listed = try x.succeed(["sync", "conflicts", "--format", format])
    let lines = printed.split(whereSeparator: \.isNewline)
    let listedLines = listed.split(whereSeparator: \.isNewline)
    switch format {
    case "json":
      let record = try #require(try SyncFieldTests.json(printed) as? [String: Any])
      let list = try #require(try SyncFieldTests.json(listed) as? [[String: Any]])
      #expect(record["id"] as? Int == Int(keptAs))
      let same = try #require(list.first { $0["id"] as? Int == Int(keptAs) })
      #expect(NSDictionary(dictionary: record) == NSDictionary(dictionary: same))
    case "jsonl":
      #expect(lines.count == 1)
      #expect(lines[0].hasPrefix("{\"id\":\(keptAs),"), "\(printed)")
      #expect(listedLines.contains(lines[0]), "\(printed)\n\(listed)")
    case "csv", "tsv":
      #expect(lines.count == 2)
      #expect(lines.first == listedLines.first)
      #expect(lines.last?.hasPrefix("\(keptAs)") == true)
      #expect(listedLines.contains(lines[1]), "\(printed)\n\(listed)")
    default:
      #expect(lines.count == 1)
      #expect(lines[0].hasPrefix("\(keptAs)\t"), "\(printed)")
      #expect(listedLines.contains(lines[0]), "\(printed)\n\(listed)")
    }
  }

  @Test("a restore that kept nothing (it brought back a deleted book) prints no conflict id")
  func restoreKeptNothing() throws {
    let lab = try SyncLab()
    let editor = try lab.device("editor")
    let deleter = try lab.device("deleter")
    _ = try editor.add("Dune")
    try Self.rounds(1, [editor, deleter])
    _ = try editor.succeed(["edit", "1", "--title", "Dune (edited)"])
    _ = try deleter.succeed(["rm", "1", "--yes"])
    try Self.rounds(1, [deleter, editor, deleter])
    let id = try SyncThreeWayTests.id(deleter, lost: "Dune (edited)")
    let printed = try deleter.succeed(["sync", "conflicts", "restore", id, "--format", "json"])
    let record = try #require(try SyncFieldTests.json(printed) as? [String: Any])
    #expect(record["id"] is NSNull)
    #expect(record["kept"] as? String == "Dune (edited)")
    #expect(try SyncFieldTests.conflicts(deleter).isEmpty)
  }

  @Test(
    "x restores its value while y edits the same field, unseen by each other (either first): every machine ends with the same value and the same conflicts",
    arguments: [true, false])
  func restoreRacesEdit(_ restoreFirst: Bool) throws {
    let (lab, x, y, z) = try SyncThreeWayTests.threeSources()
    defer { withExtendedLifetime(lab) {} }
    let id = try SyncThreeWayTests.id(x, lost: "from X")
    for step in restoreFirst ? [0, 1] : [1, 0] {
      if step == 0 {
        _ = try x.succeed(["sync", "conflicts", "restore", id])
      } else {
        _ = try y.succeed(["edit", "1", "--source", "y again"])
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    try Self.rounds(4, [z, y, x])
    let live = restoreFirst ? "y again" : "from X"
    for box in [x, y, z] { #expect(try box.rows("SELECT source FROM posts") == [[live]]) }
    // The edit replaced z's value where it was made: no loss, so no machine keeps it.
    #expect(try Self.lost(x) == (restoreFirst ? ["from X", "from Y"] : ["from Y", "y again"]))
    try Self.expectAgree([x, y, z])
  }

  @Test(
    "restores of one field on x and y race; x's is undone (here, or everywhere), synced, then redone: every machine ends with x's value and the same two conflicts, z's value kept from z",
    arguments: [[], ["--everywhere"]])
  func racedRestoreUndoneRedone(_ undo: [String]) throws {
    let (lab, x, y, z) = try SyncThreeWayTests.threeSources()
    defer { withExtendedLifetime(lab) {} }
    _ = try x.succeed(["sync", "conflicts", "restore", try SyncThreeWayTests.id(x, lost: "from X")])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try y.succeed(["sync", "conflicts", "restore", try SyncThreeWayTests.id(y, lost: "from Y")])
    try Self.rounds(1, [x, y, z])
    _ = try x.succeed(["undo"] + undo)
    try Self.rounds(1, [x, y, z])
    _ = try x.succeed(["redo"])
    try Self.rounds(3, [x, y, z])
    for box in [x, y, z] {
      #expect(try box.rows("SELECT source FROM posts") == [["from X"]])
      #expect(try Self.lost(box) == ["from Y", "from Z"])
      let fromZ = try SyncFieldTests.conflicts(box).first { $0["lost"] as? String == "from Z" }
      #expect(fromZ?["device"] as? String == "z")
    }
    try Self.expectAgree([x, y, z])
  }

  static func lost(_ box: Sandbox) throws -> [String] {
    try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String }.sorted()
  }
}
