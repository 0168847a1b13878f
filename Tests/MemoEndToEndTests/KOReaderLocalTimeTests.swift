import Foundation
import Testing

/// KOReader writes each highlight's time as the device's wall clock; memo reads it in the
/// importing machine's zone (`TZ`). It asks the zone once per hour where no clock change is
/// near (`LocalClock`), so these tests walk through clock changes minute by minute and hold
/// every time to the zone's own rules (Foundation's `TimeZone`, tzdata).
@Suite("KOReader local times across clock changes")
struct KOReaderLocalTimeTests {
  /// A sidecar with one highlight per wall-clock time.
  static func sidecar(_ times: [String]) -> String {
    var lua = "return {\n    [\"annotations\"] = {\n"
    for (index, time) in times.enumerated() {
      lua += """
                [\(index + 1)] = {
                    ["datetime"] = "\(time)",
                    ["drawer"] = "lighten",
                    ["page"] = "/body/p[\(index + 1)]/text().0",
                    ["pageno"] = \(index / 25 + 1),
                    ["pos0"] = "/body/p[\(index + 1)]/text().0",
                    ["pos1"] = "/body/p[\(index + 1)]/text().9",
                    ["text"] = "passage \(index + 1)",
                },

        """
    }
    return lua + "    },\n    [\"doc_props\"] = { [\"title\"] = \"Clocks\" },\n}\n"
  }

  /// The instants a wall-clock time names in a zone: none in a gap, two in an hour named
  /// twice, else one.
  static func instants(_ wall: Date, in zone: TimeZone) -> Set<Date> {
    // The zone's offsets within six hours of the time, each kept where it names it.
    let near = wall.addingTimeInterval(TimeInterval(-zone.secondsFromGMT(for: wall)))
    let offsets = Set(
      stride(from: -6 * 3600, through: 6 * 3600, by: 900).map {
        zone.secondsFromGMT(for: near.addingTimeInterval(TimeInterval($0)))
      })
    return Set(
      offsets.filter { zone.secondsFromGMT(for: wall.addingTimeInterval(TimeInterval(-$0))) == $0 }
        .map { wall.addingTimeInterval(TimeInterval(-$0)) })
  }

  @Test(
    "every minute-spaced time over clock changes (Berlin, Lord Howe's half hour, St John's -3:30) is the instant the zone names; a skipped time is kept without one",
    arguments: [
      ("Europe/Berlin", ["2024-03-31", "2024-10-27"]),
      ("Australia/Lord_Howe", ["2024-04-07", "2024-10-06"]),
      ("America/St_Johns", ["2024-03-10", "2024-11-03"]),
    ])
  func clockChanges(zoneName: String, days: [String]) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    let box = try Sandbox()
    box.environment["TZ"] = zoneName
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyy-MM-dd HH:mm:ss"
    var walls: [Date] = []
    for day in days {
      let midnight = try #require(format.date(from: day + " 00:00:00"))
      // From 22:00 the day before to 06:00: every 7 minutes and 13 seconds.
      var wall = midnight.addingTimeInterval(-2 * 3600)
      while wall < midnight.addingTimeInterval(6 * 3600) {
        walls.append(wall)
        wall = wall.addingTimeInterval(433)
      }
    }
    let file = box.root + "/metadata.epub.lua"
    try Self.sidecar(walls.map { format.string(from: $0) }).write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file])
    #expect(result.status == 0)
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let rows = try box.rows("SELECT text, coalesce(highlighted_at, '') FROM highlights")
    #expect(rows.count == walls.count)
    var skipped = 0
    for row in rows {
      let index = try #require(Int(row[0].dropFirst("passage ".count))) - 1
      let expected = Self.instants(walls[index], in: zone)
      let label = "\(zoneName) \(format.string(from: walls[index]))"
      if expected.isEmpty {
        skipped += 1
        #expect(row[1] == "", "\(label) is skipped by the clock change, yet read as \(row[1])")
      } else {
        let read = try #require(iso.date(from: row[1]), "\(label): \(row[1])")
        #expect(expected.contains(read), "\(label) read as \(row[1]), not one of \(expected)")
      }
    }
    // Each spring-forward gap skips some of the times (30 minutes at Lord Howe, an hour elsewhere).
    #expect(skipped > 0)
    #expect(result.stderr.components(separatedBy: "clock change").count - 1 == skipped)
  }
}
