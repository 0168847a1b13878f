import Foundation
import Testing

/// `TZ` as memo reads it: a zone it cannot name is said on stderr (glibc reads it as UTC, and
/// every local time would be silently wrong); with `TZ` unset, an import reads the machine's
/// own zone (/etc/localtime), as every other command does.
@Suite("time zones, end to end")
struct TimeZoneTests {
  @Test(
    "a TZ that names no zone warns, once, and the command still runs",
    arguments: ["Bogus/Zone", ":Bogus/Zone", "Europe", "X1"])
  func unknownZone(zone: String) throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["list", "--format", "plain"], environment: ["TZ": zone])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("1\tDune"))
    #expect(
      result.stderr
        == "memo: warning: TZ=\(zone) names no time zone this machine knows; times are read and shown in UTC (a name from /usr/share/zoneinfo, like Europe/Berlin, or a POSIX rule like CET-1CEST)\n"
    )
  }

  @Test(
    "a zone file, a POSIX rule, UTC's names and an empty TZ are zones: no warning",
    arguments: [
      "UTC", "Etc/UTC", ":UTC", "GMT", "UTC-9", "JST-9", "CET-1CEST,M3.5.0,M10.5.0/3",
      "<+0330>-3:30", "",
    ])
  func knownZone(zone: String) throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["list", "--format", "plain"], environment: ["TZ": zone])
    #expect(result.status == 0)
    #expect(result.stderr == "")
  }

  @Test("a zone file of this machine is no warning (Europe/Berlin where tzdata is installed)")
  func zoneFile() throws {
    guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin") else {
      return
    }
    let box = try Sandbox()
    let result = try box.run(["list"], environment: ["TZ": "Europe/Berlin"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
  }

  @Test("with TZ unset, a KOReader import reads the device's times in this machine's zone")
  func unsetZoneImport() throws {
    let box = try Sandbox()
    box.environment.removeValue(forKey: "TZ")
    let file = box.root + "/metadata.epub.lua"
    try KOReaderLocalTimeTests.sidecar(["2024-07-01 12:30:00", "2024-01-15 08:05:09"]).write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    // This machine's zone, as /etc/localtime names it (UTC where there is none).
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")) ?? ""
    let name = link.components(separatedBy: "zoneinfo/").last ?? ""
    let zone = TimeZone(identifier: name.isEmpty ? "UTC" : name) ?? TimeZone(identifier: "UTC")!
    let wall = DateFormatter()
    wall.locale = Locale(identifier: "en_US_POSIX")
    wall.timeZone = zone
    wall.dateFormat = "yyyy-MM-dd HH:mm:ss"
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    iso.timeZone = TimeZone(identifier: "UTC")
    let expected = try ["2024-07-01 12:30:00", "2024-01-15 08:05:09"].map {
      try #require(wall.date(from: $0))
    }
    let rows = try box.rows("SELECT highlighted_at FROM highlights ORDER BY id")
    #expect(rows.map { iso.date(from: $0[0]) } == expected)
  }
}
