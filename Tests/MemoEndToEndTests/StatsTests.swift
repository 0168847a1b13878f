import Foundation
import Testing

@Suite("memo stats")
struct StatsTests {
  @Test("JSON gives the counts, categories by use, and 53 weeks of daily activity ending today")
  func json() throws {
    let box = try Sandbox()
    _ = try box.add("A")
    _ = try box.add("B")
    _ = try box.run(["ask", "1", "q1", "--category", "physics", "--star"])
    _ = try box.run(["ask", "1", "q2", "--category", "physics"])
    _ = try box.run(["ask", "2", "q3", "--category", "ecology"])
    _ = try box.run(["ask", "2", "q4"])
    _ = try box.run(["answer", "1", "yes"])
    _ = try box.run(["fav", "2"])
    // One question a year ago falls outside the calendar; one three days ago falls in it.
    try box.execute(
      """
      UPDATE questions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-400 days') WHERE id = 3;
      UPDATE questions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days') WHERE id = 4;
      """)
    let result = try box.run(["stats", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["posts"] as? Int == 2)
    #expect(object["questions"] as? Int == 4)
    #expect(object["starred"] as? Int == 1)
    #expect(object["answered"] as? Int == 1)
    #expect(object["favorites"] as? Int == 1)
    #expect(object["uncategorized"] as? Int == 1)
    let categories = try #require(object["categories"] as? [[String: Any]])
    #expect(categories.map { $0["name"] as? String } == ["physics", "ecology"])
    let activity = try #require(object["activity"] as? [[String: Any]])
    #expect(activity.count >= 365 && activity.count <= 371)
    let counts = activity.compactMap { $0["count"] as? Int }
    #expect(counts.reduce(0, +) == 5)  // 2 posts + 2 questions today, 1 three days ago
    #expect(counts.last == 4)
    #expect(counts[counts.count - 4] == 1)
    let today = activity.last?["date"] as? String
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    #expect(today == formatter.string(from: Date()))
  }

  @Test("the page shows the counts, a 7-row calendar and bars; colour only when asked")
  func page() throws {
    let box = try Sandbox()
    _ = try box.add("A")
    _ = try box.run(["ask", "1", "q", "--category", "physics"])
    let page = try box.run(["stats", "--format", "table", "--color", "never"])
    let lines = page.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(
      lines[0] == "memo  1 post · 1 question (0 starred, 0 answered) · 0 highlights · 0 favorites · 1 category"
    )
    #expect(
      lines.filter { $0.hasPrefix("Mon  ") || $0.hasPrefix("Wed  ") || $0.hasPrefix("Sun  ") }.count
        == 3)
    #expect(page.stdout.contains("  physics  ██████████████████████████████ 1\n"))
    #expect(!page.stdout.contains("\u{1B}"))
    let colour = try box.run(["stats", "--format", "table", "--color", "always"])
    #expect(colour.stdout.contains("\u{1B}[38;5;"))
  }

  @Test("an empty database has stats too")
  func empty() throws {
    let result = try Sandbox().run(["stats", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\n  \"posts\": 0,\n  \"questions\": 0,\n"))
  }

  @Test("stats in CSV, TSV and plain: section, name, value rows (totals, categories, days)")
  func rows() throws {
    let box = try Sandbox()
    _ = try box.run(["add", "Dune"])
    _ = try box.run(["ask", "1", "Why, though?", "--category", "eco, logy"])
    let csv = try box.run(["stats", "--format", "csv"])
    #expect(csv.status == 0)
    let lines = csv.stdout.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(
      Array(lines.prefix(12)) == [
        "section,name,value", "total,posts,1", "total,questions,1", "total,highlights,0",
        "total,starred,0", "total,answered,0", "total,favorites,0", "total,uncategorized,0",
        "total,journal_entries,2", "total,journal_changes,3", "category,\"eco, logy\",1",
        lines[11],
      ])
    #expect(lines[11].hasPrefix("activity,"))
    // A row a day from the Monday 52 weeks back to today (365 to 371 days), then review's
    // rows (its counts and a forecast row for each of the next 30 days), then the final line
    // break.
    #expect((365...371).contains(lines.filter { $0.hasPrefix("activity,") }.count))
    #expect(lines.filter { $0.hasPrefix("forecast,") }.count == 30)
    #expect(lines.contains("review,due_today,0"))
    #expect(lines.last == "")
    let tsv = try box.run(["stats", "--format", "tsv"]).stdout
    #expect(tsv.hasPrefix("section\tname\tvalue\ntotal\tposts\t1\n"))
    #expect(tsv.contains("\ncategory\teco, logy\t1\n"))
    let plain = try box.run(["stats", "--format", "plain"]).stdout
    #expect(plain.hasPrefix("total\tposts\t1\n"))
  }
}
