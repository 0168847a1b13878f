import Foundation
import Testing

/// What `memo sync` says where a person reads it (issue 35): the way forward from a remote
/// that does not answer at set-up, times in local time, an empty list of conflicts.
@Suite("memo sync: messages and tables")
struct SyncMessagesTests {
  @Test(
    "an unreachable remote at 'sync init' or 'sync remote URL' says to check its address and run that command again, not 'memo sync'"
  )
  func unreachableAtSetUp() throws {
    let lab = try SyncLab()
    let box = try lab.device("a", initialize: false)
    let nowhere = lab.root.root + "/nowhere.git"
    let initialized = try box.run(["sync", "init", nowhere])
    #expect(initialized.status == 69)
    #expect(
      initialized.stderr.hasPrefix("memo: error: cannot reach the sync remote \(nowhere) (git: "))
    #expect(
      initialized.stderr.hasSuffix(
        "; nothing was changed. Check the remote's address or path (a bare repository made with 'git init --bare PATH', mounted or online), then run 'memo sync init REMOTE' again\n"
      ))
    #expect(!initialized.stderr.contains("'memo sync' again"))
    #expect(try box.run(["sync", "init", lab.remote, "--name", "a"]).status == 0)
    let moved = try box.run(["sync", "remote", nowhere])
    #expect(moved.status == 69)
    #expect(moved.stderr.hasSuffix("then run 'memo sync remote URL' again\n"))
    #expect(try box.run(["sync", "remote"]).stdout == lab.remote + "\n")
  }

  @Test("'sync status' as a table shows the last round and the other devices' in local time")
  func statusLocalTime() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    let zone = ["TZ": "UTC-9"]  // POSIX: nine hours ahead of UTC
    let table = try b.run(["sync", "status", "--format", "table"], environment: zone)
    #expect(table.status == 0, "\(table.stderr)")
    let json = try b.run(["sync", "status", "--format", "json"], environment: zone)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let round = try #require(object["last_round"] as? [String: Any])
    let other = try #require((object["devices"] as? [[String: Any]])?.first)
    func local(_ text: Any?) throws -> String {
      let parser = ISO8601DateFormatter()
      parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let string = try #require(text as? String)
      let date = try #require(parser.date(from: string))
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      return formatter.string(from: date)
    }
    #expect(
      table.stdout.contains(
        "\nlast round: \(try local(round["at"])), pushed 0, applied 1, conflicts 0\n"),
      "\(table.stdout)")
    #expect(
      table.stdout.contains(
        "  a (\(other["id"] as? String ?? "")): last change \(try local(other["last_round"]))\n"))
    #expect(!table.stdout.contains("Z,"))
  }

  @Test(
    "an empty 'sync conflicts' table says there are none, beneath its header, as every empty listing"
  )
  func noConflicts() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let listed = try a.run(
      ["sync", "conflicts", "--format", "table"], environment: ["COLUMNS": "80"])
    #expect(listed.status == 0)
    #expect(listed.stdout.hasSuffix("\nno conflicts: every machine agrees\n"))
    #expect(listed.stderr.isEmpty)
  }
}
