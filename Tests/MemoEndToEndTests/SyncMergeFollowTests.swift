import Foundation
import Testing

/// `memo merge A B` on one machine while the other, not having seen it, adds to B: what it
/// added follows the merge into A on both machines, nothing is a conflict that needs B back,
/// and their backups end the same bytes (issue 35).
@Suite("memo sync: what another machine added to a merged-away post follows the merge")
struct SyncMergeFollowTests {
  /// Machines a and b holding Dune (1, body "A body") and its copy (2, body "B body", one
  /// question), after a round each; then a merges 2 into 1 while b asks about 2, adds a
  /// highlight to it and edits its body.
  static func mergedWhileAdded() throws -> (lab: SyncLab, a: Sandbox, b: Sandbox) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert", "--body", "A body"])
    _ = try a.add("Dune (copy)", ["--body", "B body"])
    _ = try a.succeed(["ask", "2", "Who are the Fremen?"])
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["merge", "1", "2"])
    _ = try b.succeed(["ask", "2", "What is the spice?"])
    _ = try b.succeed(["highlight", "add", "2", "Fear is the mind-killer.", "--page", "8"])
    _ = try b.succeed(["edit", "2", "--body", "B body, edited on b"])
    return (lab, a, b)
  }

  @Test(
    "a merges B into A while b asks about B, highlights it and edits its body: after two rounds each, both hold them on A, no conflict, the same backup",
    arguments: [true, false])
  func followsTheMerge(mergerFirst: Bool) throws {
    let (lab, a, b) = try Self.mergedWhileAdded()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let order = mergerFirst ? [a, b] : [b, a]
    for _ in 0..<2 {
      for box in order {
        let round = try box.run(["sync"])
        #expect(round.status == 0, "\(round.stderr)")
        #expect(round.stderr == "", "a round met a conflict or set something aside")
      }
    }
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
      #expect(
        try box.rows("SELECT body FROM posts")
          == [["A body\n\nB body\n\nB body, edited on b"]])
      #expect(
        try box.rows(
          "SELECT p.title, q.text FROM questions q JOIN posts p ON p.id = q.post_id ORDER BY q.text"
        ) == [["Dune", "What is the spice?"], ["Dune", "Who are the Fremen?"]])
      #expect(
        try box.rows(
          "SELECT p.title, h.text FROM highlights h JOIN posts p ON p.id = h.post_id"
        ) == [["Dune", "Fear is the mind-killer."]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    try SyncIdenticalBackupTests.settle(a, b)
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
    // A third machine set up now gets the same.
    let c = try lab.device("c")
    #expect(try SyncLab.synced(c) == SyncLab.synced(a))
  }

  @Test(
    "a merges B into A while b gives B a source and another author: A takes the source it lacked; the author is a conflict of A's on both, restorable"
  )
  func authorAndSource() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    _ = try a.add("Dune (copy)")
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["merge", "1", "2"])
    _ = try b.succeed(["edit", "2", "--author", "F. Herbert", "--source", "ISBN 9780441013593"])
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(
        try box.rows("SELECT title, author, source FROM posts")
          == [["Dune", "Frank Herbert", "ISBN 9780441013593"]])
      let listed = try SyncFieldTests.conflicts(box)
      #expect(listed.map { $0["record"] as? String } == ["Dune"])
      #expect(listed.map { $0["field"] as? String } == ["author"])
      #expect(listed.map { $0["lost"] as? String } == ["F. Herbert"])
      #expect(listed.map { $0["deleted"] as? Bool } == [false])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
    let id = try #require(try SyncFieldTests.conflicts(b).first?["id"] as? Int)
    _ = try b.succeed(["sync", "conflicts", "restore", "\(id)"])
    try SyncIdenticalBackupTests.settle(b, a)
    for box in [a, b] {
      #expect(try box.rows("SELECT author FROM posts") == [["F. Herbert"]])
      // The author it replaced is kept in turn (issue 35).
      #expect(
        try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String } == ["Frank Herbert"])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "a third machine that held B applies the merge and b's additions in either order: all on A, the same as a and b"
  )
  func thirdMachine() throws {
    let (lab, a, b) = try Self.mergedWhileAdded()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let c = try lab.device("c")
    for box in [b, a, c, b, a, c] { try SyncLab.round(box) }
    try SyncIdenticalBackupTests.settle(a, b)
    try SyncIdenticalBackupTests.settle(c, a)
    for box in [a, b, c] {
      #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
      #expect(try box.rows("SELECT count(*) FROM questions") == [["2"]])
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
    #expect(try SyncIdenticalBackupTests.export(c) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "undoing the merge and deleting B later is a plain deletion: b's question on B is a conflict")
  func undoneMergeThenDeleted() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.add("Dune (copy)")
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["merge", "1", "2"])
    _ = try a.succeed(["undo"])
    _ = try a.succeed(["rm", "2", "--yes"])
    _ = try b.succeed(["ask", "2", "What is the spice?"])
    for box in [a, b, a] { try SyncLab.round(box) }
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(
        conflicts.filter { $0["kind"] as? String == "question" }.map { $0["lost"] as? String }
          == ["What is the spice?"])
      // Where it was asked, the book too, to restore first (SyncGoneBookTests).
      #expect(
        conflicts.filter { $0["kind"] as? String == "post" }.map { $0["lost"] as? String }
          == (box === b ? ["Dune (copy)"] : []))
    }
  }
}
