import Foundation
import Testing

/// `memo merge A B` on one machine and `memo merge B A` on another, unseen by each other: one
/// of the two books stays on every machine (the same one) with every question, a third
/// machine's among them, and their backups end the same bytes (issue 35).
@Suite("memo sync: opposite merges on two machines keep one book everywhere")
struct SyncOppositeMergeTests {
  static func id(_ box: Sandbox, _ title: String) throws -> String {
    try box.rows("SELECT id FROM posts WHERE title = '\(title)'").first?.first ?? "?"
  }

  @Test(
    "u merges B into A, v merges A into B, w asks about B: after rounds u v w u v w, one book on all three with the three questions, no conflict, the same backup"
  )
  func oppositeMerges() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let u = try lab.device("u", initialize: false)
    _ = try u.add("Book A", ["--body", "A body"])
    _ = try u.add("Book B", ["--body", "B body"])
    _ = try u.succeed(["ask", try Self.id(u, "Book A"), "Asked about A?"])
    _ = try u.succeed(["ask", try Self.id(u, "Book B"), "Asked about B?"])
    _ = try u.succeed(["sync", "init", lab.remote, "--name", "u"])
    let v = try lab.device("v")
    let w = try lab.device("w")
    _ = try u.succeed(["merge", try Self.id(u, "Book A"), try Self.id(u, "Book B")])
    _ = try v.succeed(["merge", try Self.id(v, "Book B"), try Self.id(v, "Book A")])
    _ = try w.succeed(["ask", try Self.id(w, "Book B"), "W asks B?"])
    for box in [u, v, w, u, v, w] {
      let round = try box.run(["sync"])
      #expect(round.status == 0, "\(round.stderr)")
    }
    let survivor = try u.rows("SELECT title FROM posts")
    #expect(survivor.count == 1, "\(survivor)")
    for box in [u, v, w] {
      #expect(try box.rows("SELECT title FROM posts") == survivor)
      #expect(
        try box.rows(
          "SELECT q.text FROM questions q JOIN posts p ON p.id = q.post_id ORDER BY q.text")
          == [["Asked about A?"], ["Asked about B?"], ["W asks B?"]])
      // Each body once: the merge here took the other's, the one elsewhere the same two.
      let body = try box.rows("SELECT body FROM posts").first?.first ?? ""
      #expect(body.components(separatedBy: "\n\n").sorted() == ["A body", "B body"], "\(body)")
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    try SyncIdenticalBackupTests.settle(u, v)
    try SyncIdenticalBackupTests.settle(w, u)
    try SyncIdenticalBackupTests.settle(v, w)
    let backup = try SyncIdenticalBackupTests.export(u)
    #expect(try SyncIdenticalBackupTests.export(v) == backup)
    #expect(try SyncIdenticalBackupTests.export(w) == backup)
  }

  @Test(
    "both books on the shelf; u merges B into A, v merges A into B and gives B an author, w later gives A another: in any order of rounds every machine keeps A on the shelf with w's author, v's kept as the one conflict, the same export",
    arguments: [["u", "v", "w"], ["w", "v", "u"], ["v", "w", "u"]])
  func oppositeMergesShelfAndAuthors(_ order: [String]) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let u = try lab.device("u", initialize: false)
    _ = try u.add("Book A")
    _ = try u.add("Book B")
    _ = try u.succeed(["fav", try Self.id(u, "Book A"), try Self.id(u, "Book B")])
    _ = try u.succeed(["sync", "init", lab.remote, "--name", "u"])
    let v = try lab.device("v")
    let w = try lab.device("w")
    _ = try u.succeed(["merge", try Self.id(u, "Book A"), try Self.id(u, "Book B")])
    _ = try v.succeed(["merge", try Self.id(v, "Book B"), try Self.id(v, "Book A")])
    _ = try v.succeed(["edit", try Self.id(v, "Book B"), "--author", "V author"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try w.succeed(["edit", try Self.id(w, "Book A"), "--author", "W author"])
    let boxes = order.map { ["u": u, "v": v, "w": w][$0]! }
    try SyncAgreeTests.rounds(3, boxes)
    for box in [u, v, w] {
      #expect(try box.rows("SELECT title, author FROM posts") == [["Book A", "W author"]])
      #expect(
        try box.rows("SELECT p.title FROM favorites f JOIN posts p ON p.id = f.post_id")
          == [["Book A"]])
      #expect(try SyncAgreeTests.lost(box) == ["V author"])
    }
    try SyncAgreeTests.expectAgree([u, v, w])
  }
}
