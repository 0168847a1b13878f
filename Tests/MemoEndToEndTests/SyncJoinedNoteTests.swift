import Foundation
import Testing

/// The same reader's file imported on two synced machines, one highlight's note edited
/// differently on each before they sync: the round that joins the duplicates keeps the later
/// note and the other as a conflict on both machines, restorable from either, whichever
/// machine rounds first; their backups end the same bytes (issue 35).
@Suite("memo sync: a note edited on two machines' copies of one import")
struct SyncJoinedNoteTests {
  static let readwise = """
    Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at
    "Fear is the mind-killer.",Dune,Frank Herbert,B00B7NPRY8,the litany,yellow,,location,40,2023-01-02 08:00:00
    "The spice must flow.",Dune,Frank Herbert,B00B7NPRY8,,yellow,,location,120,2023-01-02 08:05:00

    """

  @Test(
    "a Readwise CSV on both, the litany's note edited on each: the later note on both, the other a conflict on both, restored from the machine that lost it",
    arguments: [true, false])
  func noteEditedOnBoth(earlierFirst: Bool) throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] {
      let file = box.root + "/readwise.csv"
      try Self.readwise.write(toFile: file, atomically: true, encoding: .utf8)
      _ = try box.succeed(["import", file])
    }
    func litany(_ box: Sandbox) throws -> String {
      try box.rows("SELECT id FROM highlights WHERE text LIKE 'Fear%'")[0][0]
    }
    _ = try a.succeed(["highlight", "edit", try litany(a), "--note", "a's note"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["highlight", "edit", try litany(b), "--note", "b's note"])
    try SyncIdenticalBackupTests.settle(earlierFirst ? a : b, earlierFirst ? b : a)
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["2"]])
      #expect(try box.rows("SELECT note FROM highlights WHERE text LIKE 'Fear%'") == [["b's note"]])
      let listed = try SyncFieldTests.conflicts(box)
      #expect(listed.map { $0["field"] as? String } == ["note"])
      #expect(listed.map { $0["lost"] as? String } == ["a's note"])
      #expect(listed.map { $0["device"] as? String } == ["a"])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
    let id = try #require(try SyncFieldTests.conflicts(a).first?["id"] as? Int)
    _ = try a.succeed(["sync", "conflicts", "restore", "\(id)"])
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(try box.rows("SELECT note FROM highlights WHERE text LIKE 'Fear%'") == [["a's note"]])
      // The note it replaced is kept in turn (issue 35).
      #expect(try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String } == ["b's note"])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }
}
