import Foundation
import Testing

/// One machine deletes a book while another merges a second book into it, unseen by each
/// other: the deletion wins on both, and what the merge moved into the book (the second
/// book's question and highlight) is kept as a conflict on both, once, restorable from either
/// with the book; both list the same deletions at the same times (issue 35).
@Suite("memo sync: a book deleted on one machine while another merges into it")
struct SyncRemovedMergeTargetTests {
  /// The conflicts as the listing gives them, without what is each machine's own (ids,
  /// when each met them).
  static func listed(_ box: Sandbox) throws -> [String] {
    try SyncFieldTests.conflicts(box).map { item in
      ["kind", "field", "lost", "device", "winner", "changed_at"]
        .map { "\(item[$0] ?? "")" }.joined(separator: "|")
    }.sorted()
  }

  /// The deletions a backup lists, by UUID.
  static func deleted(_ box: Sandbox) throws -> [String] {
    let result = try box.run(["export", "--format", "json"])
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        as? [String: Any]
    else { throw SandboxError.failed(result) }
    return ((object["deleted"] as? [[String: Any]]) ?? []).map {
      "\($0["uuid"] ?? "") \($0["kind"] ?? "") \($0["deleted_at"] ?? "")"
    }.sorted()
  }

  @Test(
    "x deletes A, y merges B (asked and highlighted) into A: both keep A, B's question and highlight as conflicts once, list the same deletions, and A comes back with both from a restore"
  )
  func deletedWhileMergedInto() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let x = try lab.device("x", initialize: false)
    _ = try x.add("A")
    _ = try x.add("B")
    _ = try x.succeed(["ask", try SyncOppositeMergeTests.id(x, "B"), "qB?"])
    _ = try x.succeed(["highlight", "add", try SyncOppositeMergeTests.id(x, "B"), "hlB"])
    _ = try x.succeed(["sync", "init", lab.remote, "--name", "x"])
    let y = try lab.device("y")
    _ = try x.succeed(["rm", try SyncOppositeMergeTests.id(x, "A"), "--yes"])
    _ = try y.succeed([
      "merge", try SyncOppositeMergeTests.id(y, "A"), try SyncOppositeMergeTests.id(y, "B"),
    ])
    try SyncIdenticalBackupTests.settle(x, y)
    let onX = try Self.listed(x)
    #expect(
      onX.map { $0.split(separator: "|").prefix(3).joined(separator: "|") } == [
        "highlight|record|hlB", "post|record|A", "question|record|qB?",
      ])
    #expect(try Self.listed(y) == onX)
    #expect(try Self.deleted(x) == Self.deleted(y))
    #expect(try Self.deleted(x).count == 4)
    // The book first, then what was moved into it.
    for kind in ["post", "question", "highlight"] {
      let id = try #require(
        try SyncFieldTests.conflicts(y).first { $0["kind"] as? String == kind }?["id"] as? Int)
      _ = try y.succeed(["sync", "conflicts", "restore", "\(id)"])
    }
    try SyncIdenticalBackupTests.settle(y, x)
    for box in [x, y] {
      #expect(try box.rows("SELECT title FROM posts") == [["A"]])
      #expect(try box.rows("SELECT text FROM questions") == [["qB?"]])
      #expect(try box.rows("SELECT text FROM highlights") == [["hlB"]])
    }
    #expect(try SyncLab.synced(x) == SyncLab.synced(y))
  }
}
