import Foundation
import MemoCore
import Testing

/// The same mistake said the same way however it is spelled (issue 35).
@Suite("consistent messages: --post=-1, --since=, memo log after rm")
struct ConsistentMessageTests {
  @Test("--post=-1 says what --post -1 says; --since= and --at= a missing value, as --limit=")
  func messages() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let spaced = try box.run(["highlights", "--post", "-1"])
    let joined = try box.run(["highlights", "--post=-1"])
    #expect(joined.status == 64)
    #expect(
      joined.stderr
        == "memo: error: '-1' is not an id: ids are positive whole numbers; see 'memo highlights --help'\n"
    )
    #expect(joined.stderr == spaced.stderr)
    let limit = try box.run(["list", "--limit=-1"])
    #expect(
      limit.stderr == "memo: error: --limit must be 0 or more, not -1; see 'memo list --help'\n")
    for (command, option) in [
      (["list"], "--since"), (["questions"], "--until"), (["highlights"], "--since"),
      (["export"], "--since"), (["review", "due"], "--at"),
    ] {
      let result = try box.run(command + [option + "="])
      #expect(result.status == 64)
      let path = (["memo"] + command).joined(separator: " ")
      #expect(
        result.stderr
          == "memo: error: missing value for '\(option) <date>'; see '\(path) --help'\n")
    }
    #expect(
      try box.run(["questions", "--limit="]).stderr
        == "memo: error: missing value for '--limit <limit>'; see 'memo questions --help'\n")
  }

  @Test("memo log's entry for rm of a post names the highlights that went with it")
  func removedHighlights() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Emma")
    for text in ["Fear is the mind-killer.", "Walk without rhythm."] {
      #expect(try box.run(["highlight", "add", "1", text]).status == 0)
    }
    #expect(try box.run(["ask", "1", "Why?"]).status == 0)
    #expect(try box.run(["rm", "1", "2", "--yes"]).status == 0)
    let log = try box.run(["log", "--format", "json"])
    #expect(
      log.stdout.contains(
        "rm post 1 'Dune' (1 question, 2 highlights); rm post 2 'Emma' (0 questions)"),
      "\(log.stdout)")
  }
}
