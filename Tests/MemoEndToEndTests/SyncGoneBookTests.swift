import Foundation
import Testing

/// One machine deletes a book while the other asks about it, answers a question of it and
/// edits a note of one of its highlights: on the other, the book is a conflict too, so that
/// restoring it, then the rest, brings all back on both machines (issue 35).
@Suite("memo sync: a book deleted elsewhere while its questions were edited here can come back")
struct SyncGoneBookTests {
  @Test(
    "a deletes the book while b asks, answers and edits a note: b has a conflict for the book; restoring it then the others brings all back on both, the same backup"
  )
  func restoresTheBookFirst() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    _ = try a.succeed(["ask", "1", "Who are the Fremen?"])
    _ = try a.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--page", "8"])
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["rm", "1", "--yes"])
    _ = try b.succeed(["ask", "1", "What is the spice?"])
    _ = try b.succeed(["answer", "1", "Desert people"])
    _ = try b.succeed(["highlight", "edit", "1", "--note", "Litany"])
    for box in [a, b, a] { try SyncLab.round(box) }
    let conflicts = try SyncFieldTests.conflicts(b)
    let book = conflicts.first { $0["kind"] as? String == "post" }
    #expect(book?["record"] as? String == "Dune", "\(conflicts)")
    #expect(conflicts.count == 4, "\(conflicts)")
    // The book first, then the others, as listed.
    var ids = conflicts.compactMap { $0["id"] as? Int }
    if let id = book?["id"] as? Int { ids = [id] + ids.filter { $0 != id } }
    for id in ids {
      let restored = try b.run(["sync", "conflicts", "restore", "\(id)"])
      #expect(restored.status == 0, "\(restored.stderr)")
    }
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "Frank Herbert"]])
      #expect(
        try box.rows("SELECT text, coalesce(answer, '') FROM questions ORDER BY text")
          == [["What is the spice?", ""], ["Who are the Fremen?", "Desert people"]])
      #expect(
        try box.rows("SELECT text, note FROM highlights") == [
          ["Fear is the mind-killer.", "Litany"]
        ])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }
}
