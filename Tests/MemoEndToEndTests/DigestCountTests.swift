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
        + "  … and 13 more: 'memo review due --at 2030-01-01' lists them\n")
    // Cut at the last but one, at exactly all, and at none.
    #expect(
      try box.succeed(["review", "digest", "--at", at, "--limit", "14"]).hasPrefix(
        "memo review 2030-01-01: 14 of 15 due (5 to recall, 7 open, 3 highlights)\n"))
    #expect(try box.succeed(["review", "digest", "--at", at, "--limit", "15"]) == all)
    #expect(
      try box.succeed(["review", "digest", "--at", at, "--limit", "0"])
        == "memo review 2030-01-01: 15 due (5 to recall, 7 open, 3 highlights); "
        + "'memo review due --at 2030-01-01' lists them\n"
    )
    // A filter: the starred questions (open ones here); highlights not starred are out.
    let starred = try box.succeed(["review", "digest", "--at", at, "--limit", "1", "--starred"])
    #expect(starred.hasPrefix("memo review 2030-01-01: 1 of 3 due (3 open)\n"))
    #expect(
      starred.hasSuffix("  … and 2 more: 'memo review due --at 2030-01-01 --starred' lists them\n"))
    // Nothing was written by reading.
    #expect(try box.rows("SELECT count(*) FROM review_events") == [["0"]])
  }
  @Test("the line after the items names what lists the same items: the day, --all, --filter, the flags")
  func moreLineListsTheSame() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    for i in 1...6 { _ = try box.succeed(["ask", "1", "Question \(i)?"]) }
    for i in 1...2 { _ = try box.succeed(["answer", "\(i)", "Answer \(i)."]) }
    _ = try box.succeed(["star", "1", "3", "4", "5"])
    _ = try box.succeed(["highlight", "add", "1", "Passage."])
    _ = try box.succeed(["filter", "set", "--unanswered"])
    _ = try box.succeed(["filter", "save", "open"])
    _ = try box.succeed(["filter", "set", "--starred"])
    for (options, listing) in [
      ([String](), "--at 2030-01-01"), (["--all"], "--at 2030-01-01 --all"),
      (["--filter", "open"], "--at 2030-01-01 --filter open"),
      (["--filter", "open", "--starred"], "--at 2030-01-01 --filter open --starred"),
      (["--all", "--answered", "--unstarred"], "--at 2030-01-01 --all --unstarred --answered"),
    ] {
      let digest = try box.succeed(["review", "digest", "--at", "2030-01-01"] + options)
      let items = digest.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  (") }
        .map { $0.split(separator: " ").first.map(String.init) ?? "" }
      let cut = try box.succeed(
        ["review", "digest", "--at", "2030-01-01", "--limit", "0"] + options)
      #expect(
        cut.split(separator: "\n").first?.hasSuffix("; 'memo review due \(listing)' lists them")
          == true, "\(options): \(cut)")
      // Following the line lists what the digest counted, in its order.
      let due = try box.succeed(
        ["review", "due"] + listing.split(separator: " ").map(String.init) + ["--format", "plain"])
      let listed = due.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
      #expect(listed == items, "\(options)")
      #expect(!listed.isEmpty)
    }
    // The day is the digest's, not now: following the line tomorrow lists the same.
    let today = try box.succeed(["review", "digest", "--limit", "0", "--all"])
    #expect(today.contains("'memo review due --at 20"))
  }
}
