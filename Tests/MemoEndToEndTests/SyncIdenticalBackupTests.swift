import Foundation
import Testing

/// After a round on every machine, their JSON backups are the same bytes (SPEC §7, §8; README
/// "Deletions converge"): a highlight's place as a number read back exactly, and the deletions
/// a join of duplicates made dated alike on every machine (issue 35).
@Suite("memo sync: synced machines' backups are byte-identical")
struct SyncIdenticalBackupTests {
  static let clippings =
    KindleImportTests.entry(
      "- Your Highlight on page 3 | Location 40-44 | Added on Monday, 2 January 2023 08:00:00",
      "Fear is the mind-killer.")
    + KindleImportTests.entry(
      "- Your Highlight on page 9 | Location 120-121 | Added on Monday, 2 January 2023 08:05:00",
      "The spice must flow.")

  /// A memo backup with one book and one highlight at a place 15 digits cannot hold.
  static let backup = """
    {"format":"memo","version":3,"since":null,"categories":[],"posts":[
    {"uuid":"0185717e-9800-72f8-bde3-000000000001","title":"Solaris","author":"Stanisław Lem","body":null,"source":null,"favorite":false,"created_at":"2023-01-01T08:00:00.000Z","updated_at":"2023-01-01T08:00:00.000Z","highlights":[
     {"uuid":"0185717e-9800-72aa-9f1d-000000000002","text":"We have no need of other worlds.","note":null,"chapter":null,"page":"5","location":null,"position":5.277777777777778,"highlighted_at":"2023-01-01T08:00:00.000Z","starred":false,"source":null,"source_key":null,"created_at":"2023-01-01T08:00:00.000Z","updated_at":"2023-01-01T08:00:00.000Z"}
    ],"questions":[]}],"favorites":[],"saved_filters":[],"current_filter":null,"deleted":[],"review_events":[]}
    """

  static func export(_ box: Sandbox) throws -> String {
    let result = try box.run(["export", "--format", "json"])
    guard result.status == 0 else { throw SandboxError.failed(result) }
    return result.stdout
  }

  /// Rounds on both, one after the other, until a round on each has nothing to push or
  /// apply (a round that joins duplicates has a change of its own to push at the next).
  static func settle(_ first: Sandbox, _ second: Sandbox) throws {
    for _ in 0..<6 {
      var quiet = true
      for box in [first, second] {
        let counts = try SyncLab.round(box)
        quiet = quiet && counts["pushed"] == 0 && counts["applied"] == 0
        Thread.sleep(forTimeInterval: 0.01)
      }
      if quiet { return }
    }
    Issue.record("the machines kept pushing changes after six rounds each")
  }

  @Test(
    "two machines import the same highlights and one a place of 16 digits; after the rounds that join the duplicates, their exports are the same bytes"
  )
  func importedOnBoth() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    for box in [a, b] {
      let file = box.root + "/My Clippings.txt"
      try Self.clippings.write(toFile: file, atomically: true, encoding: .utf8)
      _ = try box.succeed(["import", file])
    }
    let file = a.root + "/solaris.json"
    try Self.backup.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try a.succeed(["import", file])
    try Self.settle(a, b)
    #expect(try b.rows("SELECT count(*) FROM highlights") == [["3"]])
    #expect(
      try b.rows("SELECT position = 5.277777777777778 FROM highlights WHERE page = '5'") == [["1"]])
    #expect(try Self.export(b).contains("\"position\":5.277777777777778,"))
    #expect(try Self.export(a) == Self.export(b))
    // A deletion made on one machine is dated alike on the other.
    let solaris = try b.rows("SELECT id FROM posts WHERE title = 'Solaris'")[0][0]
    _ = try b.succeed(["rm", solaris, "--yes"])
    try Self.settle(b, a)
    #expect(try Self.export(a).contains("\"kind\":\"highlight\",\"deleted_at\""))
    #expect(try Self.export(a) == Self.export(b))
  }
}
