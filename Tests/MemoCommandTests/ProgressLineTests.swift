import MemoStorage
import Testing

@testable import memo

@Suite("the progress line: its words, and when it is drawn")
struct ProgressLineTests {
  @Test("count, total, rate and time left, with grouped digits")
  func words() {
    #expect(
      ProgressLine.text("exporting", 16_576, 150_000, 0.51)
        == "exporting: 16,576 of 150,000 records · 32,501/s · 5 s left")
    #expect(ProgressLine.text("importing", 1_280, nil, 1.9) == "importing: 1,280 records · 673/s")
    #expect(ProgressLine.duration(75.2) == "1 min 16 s")
    #expect(ProgressLine.grouped(999) == "999" && ProgressLine.grouped(1_000_000) == "1,000,000")
  }

  @Test("quick work draws nothing and erases nothing")
  func quickWorkIsSilent() {
    var reports = 0
    var erased = 0
    let meter = ProgressMeter(report: { _, _, _ in reports += 1 }, erase: { erased += 1 })
    meter.advance(by: 10_000)
    meter.finish()
    #expect(reports == 0 && erased == 0)
    #expect(meter.done == 10_000)
  }
}

@Suite("progress inside one long SQLite statement")
struct StatementProgressTests {
  @Test("an integrity check ticks the meter while it runs, and erases the line at the end")
  func checkTicks() throws {
    let database = try Database(path: ":memory:")
    try database.execute(sql: "CREATE TABLE t (x TEXT)")
    try database.execute(
      sql: """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
        INSERT INTO t SELECT hex(randomblob(20)) FROM n
        """)
    try database.execute(sql: "CREATE INDEX t_x ON t (x)")
    var reports: [Double] = []
    var erased = 0
    let meter = ProgressMeter(
      report: { _, _, elapsed in reports.append(elapsed) }, erase: { erased += 1 }, delay: 0,
      interval: 0)
    let problems = try database.reportingProgress(meter) { try database.problems() }
    #expect(problems.isEmpty)
    #expect(!reports.isEmpty)
    #expect(erased == 1)
    // The handler is gone afterwards: more work reports nothing.
    let count = reports.count
    _ = try database.problems()
    #expect(reports.count == count)
  }

  @Test("no meter (quiet, or stderr not a terminal): the work runs as it would")
  func noMeter() throws {
    let database = try Database(path: ":memory:")
    #expect(try database.reportingProgress(nil) { try database.problems() }.isEmpty)
  }
}

@Suite("a long USAGE line, wrapped at its brackets")
struct UsageWrapTests {
  @Test("the command's words stay on the first line; later lines line up under the first option")
  func wrapsAtBrackets() {
    let help = """
      OVERVIEW: Ask.

      USAGE: memo ask <post> <text|-> [--category <category>] [--star] [--db <path>] [--color <color>] [--quiet]

      OPTIONS:
      """
    #expect(
      Help.wrappingUsage(help, columns: 50) == """
        OVERVIEW: Ask.

        USAGE: memo ask <post> <text|->
                        [--category <category>] [--star]
                        [--db <path>] [--color <color>]
                        [--quiet]

        OPTIONS:
        """)
  }

  @Test("a line that fits, and prose, are left alone")
  func leavesShortLines() {
    let help = "USAGE: memo add <title>\n\nA very long line of prose that is not a usage line at all."
    #expect(Help.wrappingUsage(help, columns: 30) == help)
  }
}

extension UsageWrapTests {
  @Test("the parser's JSON dump is not touched")
  func leavesJSON() {
    let dump = "{\n  \"command\" : {\n       \"usage\" : \"USAGE: " + String(repeating: "x ", count: 60) + "\"\n  }\n}"
    #expect(Help.wrappingUsage(dump, columns: 40) == dump)
  }
}
