import Foundation
import Testing

/// `memo review digest --limit N`: when the limit cuts the list, the heading's numbers are
/// counted in the database (not by reading every item due), and are the same.
@Suite("review digest: the counts when --limit cuts")
struct DigestCountTests {
  @Test("'N of M due' and each kind's count when the limit cuts; the same without a cut; filters counted too")
  func countsWhenCut() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    for i in 1...12 { _ = try box.succeed(["ask", "1", "Question \(i)?"]) }
    for i in 1...5 { _ = try box.succeed(["answer", "\(i)", "Answer \(i)."]) }
    _ = try box.succeed(["star", "6", "7", "8"])
    for i in 1...3 { _ = try box.succeed(["highlight", "add", "1", "Passage \(i)."]) }
    let at = "2030-01-01"
    let all = try box.succeed(["review", "digest", "--at", at, "--limit", "100"])
    let lines = all.split(separator: "\n").map(String.init)
    #expect(lines.count == 16)
    #expect(lines[0] == "memo review 2030-01-01: 15 due (5 to recall, 7 open, 3 highlights)")
    // Every item listed is what 'review due' lists.
    let due = try box.succeed(["review", "due", "--at", "2030-01-01T23:59:59.999Z"])
    #expect(due.split(separator: "\n").count == 15)

    let cut = try box.run(["review", "digest", "--at", at, "--limit", "2"])
    #expect(cut.status == 0)
    #expect(cut.stderr == "")
    #expect(
      cut.stdout
        == "memo review 2030-01-01: 2 of 15 due (5 to recall, 7 open, 3 highlights)\n"
        + "  1  Question 1? — Dune\n  2  Question 2? — Dune\n"
        + "  … and 13 more: 'memo review due' lists them\n")
    // Cut at the last but one, at exactly all, and at none.
    #expect(
      try box.succeed(["review", "digest", "--at", at, "--limit", "14"]).hasPrefix(
        "memo review 2030-01-01: 14 of 15 due (5 to recall, 7 open, 3 highlights)\n"))
    #expect(try box.succeed(["review", "digest", "--at", at, "--limit", "15"]) == all)
    #expect(
      try box.succeed(["review", "digest", "--at", at, "--limit", "0"])
        == "memo review 2030-01-01: 15 due (5 to recall, 7 open, 3 highlights); 'memo review due' lists them\n"
    )
    // A filter: the starred questions (open ones here); highlights not starred are out.
    let starred = try box.succeed(["review", "digest", "--at", at, "--limit", "1", "--starred"])
    #expect(starred.hasPrefix("memo review 2030-01-01: 1 of 3 due (3 open)\n"))
    #expect(starred.hasSuffix("  … and 2 more: 'memo review due' lists them\n"))
    // Nothing was written by reading.
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
  }
}
