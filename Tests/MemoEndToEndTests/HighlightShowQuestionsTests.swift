import Foundation
import Testing

/// `memo highlight show` lists the questions asked about the highlight, as `memo show` lists a
/// post's (issue 35).
@Suite("highlight show: the questions about it")
struct HighlightShowQuestionsTests {
  func dune() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--location", "140"])
    _ = try box.succeed(["highlight", "add", "1", "The spice must flow.", "--location", "300"])
    _ = try box.succeed(["ask", "1", "Unrelated?"])
    _ = try box.succeed([
      "ask", "--highlight", "1", "Why is fear the mind-killer?", "--category", "ideas",
    ])
    _ = try box.succeed(["answer", "2", "It paralyses."])
    _ = try box.succeed(["star", "2"])
    return box
  }

  @Test("a page lists them under Questions; JSON and JSON Lines nest them; only that highlight's")
  func listed() throws {
    let box = try dune()
    let page = try box.run(["highlight", "show", "1", "--format", "table"])
    #expect(page.status == 0)
    #expect(
      page.stdout.hasSuffix(
        "\nQuestions\n  ★ 2  Why is fear the mind-killer?  [ideas]\n       ✓ It paralyses.\n"))
    #expect(!page.stdout.contains("Unrelated?"))
    let json = try box.run(["highlight", "show", "1", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let questions = try #require(object["questions"] as? [[String: Any]])
    #expect(questions.count == 1)
    #expect(questions.first?["id"] as? Int == 2)
    #expect(questions.first?["highlight_id"] as? Int == 1)
    #expect(questions.first?["answer"] as? String == "It paralyses.")
    let line = try box.run(["highlight", "show", "1", "--format", "jsonl"])
    #expect(line.stdout.hasSuffix(",\"highlight_id\":1}]}\n"))
    // None asked: an empty list, and no Questions heading.
    let other = try box.run(["highlight", "show", "2", "--format", "json"])
    #expect(other.stdout.hasSuffix(",\n  \"questions\": []\n}\n"))
    #expect(
      !(try box.run(["highlight", "show", "2", "--format", "table"]).stdout.contains("Questions")))
  }
}
