import Foundation
import Testing

/// A highlight deleted on one machine while the other asked about it and edited its note:
/// restored from the note's conflict, it is what the question asks about again on both
/// machines, not only on the one that restored it (issue 35).
@Suite("memo sync: a highlight restored from a conflict is asked about again everywhere")
struct SyncRestoredHighlightLinkTests {
  @Test(
    "u deletes a highlight while v asks about it and edits its note; v restores the note's conflict: after the rounds the question asks about it on both, the same backup"
  )
  func relinkedEverywhere() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let u = try lab.device("u")
    let v = try lab.device("v")
    _ = try u.add("Dune")
    _ = try u.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
    for box in [u, v] { try SyncLab.round(box) }
    _ = try u.succeed(["highlight", "rm", "1", "--yes"])
    _ = try v.succeed(["ask", "--highlight", "1", "Which truth?"])
    _ = try v.succeed(["highlight", "edit", "1", "--note", "Litany"])
    for box in [u, v, u] { try SyncLab.round(box) }
    let conflicts = try SyncFieldTests.conflicts(v)
    #expect(conflicts.count == 1, "\(conflicts)")
    let id = conflicts.first?["id"] as? Int ?? 0
    let restored = try v.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    try SyncIdenticalBackupTests.settle(v, u)
    for box in [u, v] {
      #expect(
        try box.rows(
          "SELECT q.text, h.text, h.note FROM questions q JOIN highlights h ON h.id = q.highlight_id"
        ) == [["Which truth?", "Fear is the mind-killer.", "Litany"]])
    }
    #expect(try SyncIdenticalBackupTests.export(u) == SyncIdenticalBackupTests.export(v))
  }
}
