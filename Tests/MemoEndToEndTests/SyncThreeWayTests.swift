import Foundation
import Testing

/// Issue 35 ("each keeps both versions or says where the other went"): one field set on three
/// machines. Every machine agrees on the value live, on the values kept and on the machine
/// that won; restoring any kept value keeps the one it replaced; undoing a round that brought
/// a restore in puts the restored value back as a conflict on every machine.
@Suite("memo sync: one field set on three machines, restores, and undoing a round that held one")
struct SyncThreeWayTests {
  /// x, y and z hold "Dune"; each sets its source offline (x first, z last), then the rounds
  /// x y z x y: z's value is live everywhere, x's and y's kept.
  static func threeSources() throws -> (lab: SyncLab, x: Sandbox, y: Sandbox, z: Sandbox) {
    let lab = try SyncLab()
    let x = try lab.device("x")
    let y = try lab.device("y")
    let z = try lab.device("z")
    _ = try x.add("Dune")
    for box in [x, y, z] { try SyncLab.round(box) }
    for (i, (box, name)) in [(x, "X"), (y, "Y"), (z, "Z")].enumerated() {
      if i > 0 { Thread.sleep(forTimeInterval: 0.01) }
      _ = try box.succeed(["edit", "1", "--source", "from \(name)"])
    }
    for box in [x, y, z, x, y] { try SyncLab.round(box) }
    return (lab, x, y, z)
  }

  /// Checks `box` holds `live` and keeps exactly `kept`, each naming `winner`.
  static func expect(
    _ box: Sandbox, live: String, kept: Set<String>, winner: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try box.rows("SELECT source FROM posts") == [[live]], sourceLocation: sourceLocation)
    let list = try SyncFieldTests.conflicts(box)
    #expect(
      Set(list.compactMap { $0["lost"] as? String }) == kept && list.count == kept.count,
      "\(list)", sourceLocation: sourceLocation)
    for conflict in list {
      #expect(conflict["field"] as? String == "source", sourceLocation: sourceLocation)
      #expect(conflict["kept"] as? String == live, sourceLocation: sourceLocation)
      #expect(
        conflict["winner"] as? String == winner, "\(conflict)", sourceLocation: sourceLocation)
    }
  }

  /// Each kept value with the machine that set it and when: the conflict's identity, which
  /// must be the same on every machine for a restore or dismissal to clear it everywhere.
  static func identities(_ box: Sandbox) throws -> Set<String> {
    Set(
      try SyncFieldTests.conflicts(box).map {
        "\($0["lost"] ?? "") \($0["device"] ?? "") \($0["changed_at"] ?? "")"
      })
  }

  static func expectSameConflicts(
    _ boxes: [Sandbox], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try identities(boxes[0])
    for box in boxes.dropFirst() {
      #expect(try identities(box) == first, sourceLocation: sourceLocation)
    }
  }

  static func id(_ box: Sandbox, lost: String) throws -> String {
    let list = try SyncFieldTests.conflicts(box)
    let id = try #require(list.first { $0["lost"] as? String == lost }?["id"] as? Int)
    return String(id)
  }

  @Test(
    "three values of one field: every machine names the same winner; each restore keeps the value it replaced, and every machine converges after it"
  )
  func restoresKeepWhatTheyReplace() throws {
    let (lab, x, y, z) = try Self.threeSources()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    for box in [x, y, z] {
      try Self.expect(box, live: "from Z", kept: ["from X", "from Y"], winner: "z")
    }
    // Restoring x's value keeps z's, and y's value still restores (over x's, kept in turn).
    let first = try x.run(["sync", "conflicts", "restore", try Self.id(x, lost: "from X")])
    #expect(first.status == 0, "\(first.stderr)")
    try Self.expect(x, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    let second = try x.run([
      "sync", "conflicts", "restore", try Self.id(x, lost: "from Y"), "--format", "json",
    ])
    #expect(second.status == 0, "\(second.stderr)")
    let record = try #require(try SyncFieldTests.json(second.stdout) as? [String: Any])
    #expect(record["kept"] as? String == "from Y")
    #expect(record["lost"] as? String == "from X")
    #expect(record["winner"] as? String == "y")
    try Self.expect(x, live: "from Y", kept: ["from X", "from Z"], winner: "y")
    for box in [x, y, z, x, y, z] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from Y", kept: ["from X", "from Z"], winner: "y")
    }
    // Restored on another machine, after rounds: the same again.
    let third = try z.run(["sync", "conflicts", "restore", try Self.id(z, lost: "from Z")])
    #expect(third.status == 0, "\(third.stderr)")
    for box in [z, x, y, z, x, y] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from Z", kept: ["from X", "from Y"], winner: "z")
    }
    #expect(try SyncLab.synced(x) == SyncLab.synced(y))
    #expect(try SyncLab.synced(y) == SyncLab.synced(z))
  }

  @Test(
    "two restores of one field, the second undone before the round: every machine holds the first's value and keeps the two others"
  )
  func secondRestoreUndone() throws {
    let (lab, x, y, z) = try Self.threeSources()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(
      try x.run(["sync", "conflicts", "restore", try Self.id(x, lost: "from X")]).status == 0)
    #expect(
      try x.run(["sync", "conflicts", "restore", try Self.id(x, lost: "from Y")]).status == 0)
    let undone = try x.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    try Self.expect(x, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    for box in [x, y, z, x, y, z] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    }
  }

  @Test(
    "undo --everywhere of a round that brought in a restore: the value before it is live again and the restored one a conflict, on every machine; stderr counts both"
  )
  func undoRoundWithRestore() throws {
    let (lab, x, y, z) = try Self.threeSources()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let restored = try y.run(["sync", "conflicts", "restore", try Self.id(y, lost: "from X")])
    #expect(restored.status == 0, "\(restored.stderr)")
    try SyncLab.round(y)
    try SyncLab.round(x)
    try Self.expect(x, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    let undone = try x.run(["undo", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(
      undone.stderr
        == "memo: the next 'memo sync' pushes this undo: it will change 1 post and bring back 1 conflict on the other devices ('memo redo' brings the round back first)\n"
    )
    try Self.expect(x, live: "from Z", kept: ["from X", "from Y"], winner: "z")
    for box in [x, y, z, x, y, z] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from Z", kept: ["from X", "from Y"], winner: "z")
    }
    try Self.expectSameConflicts([x, y, z])
    // And the value restored is restorable again, everywhere; the value that replaces is kept
    // as one conflict on every machine, and dismissing it on one clears it on all.
    let again = try z.run(["sync", "conflicts", "restore", try Self.id(z, lost: "from X")])
    #expect(again.status == 0, "\(again.stderr)")
    for box in [z, x, y, z, x, y] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    }
    try Self.expectSameConflicts([x, y, z])
    _ = try x.succeed(["sync", "conflicts", "dismiss", try Self.id(x, lost: "from Z")])
    for box in [x, y, z, x, y, z] { try SyncLab.round(box) }
    for box in [x, y, z] { try Self.expect(box, live: "from X", kept: ["from Y"], winner: "x") }
  }

  @Test(
    "a pushed restore undone where it was made: every machine keeps the restored value again, the same conflict, and it restores again there"
  )
  func pushedRestoreUndone() throws {
    let (lab, x, y, z) = try Self.threeSources()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    #expect(
      try y.run(["sync", "conflicts", "restore", try Self.id(y, lost: "from X")]).status == 0)
    for box in [y, x, z] { try SyncLab.round(box) }
    let undone = try y.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    for box in [y, x, z, y, x, z] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from Z", kept: ["from X", "from Y"], winner: "z")
    }
    try Self.expectSameConflicts([x, y, z])
    let again = try y.run(["sync", "conflicts", "restore", try Self.id(y, lost: "from X")])
    #expect(again.status == 0, "\(again.stderr)")
    for box in [y, x, z, y, x, z] { try SyncLab.round(box) }
    for box in [x, y, z] {
      try Self.expect(box, live: "from X", kept: ["from Y", "from Z"], winner: "x")
    }
    try Self.expectSameConflicts([x, y, z])
  }

  @Test(
    "x restores its value and y its own, unseen by each other: every machine keeps the same conflicts, each lost value once, never the live one"
  )
  func twoRestoresUnseen() throws {
    let (lab, x, y, z) = try Self.threeSources()
    defer { withExtendedLifetime(lab) {} }
    _ = try x.succeed(["sync", "conflicts", "restore", try Self.id(x, lost: "from X")])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try y.succeed(["sync", "conflicts", "restore", try Self.id(y, lost: "from Y")])
    for _ in 0..<3 { for box in [x, y, z] { try SyncLab.round(box) } }
    for box in [x, y, z] {
      try Self.expect(box, live: "from Y", kept: ["from X", "from Z"], winner: "y")
    }
    try Self.expectSameConflicts([x, y, z])
  }
}
