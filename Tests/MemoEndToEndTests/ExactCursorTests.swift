import Foundation
import Testing

/// `export --cursor NAME` exports exactly what changed, categories, favorites and saved filters
/// included (issue 20).
@Suite("Exact cursors")
struct ExactCursorTests {
  func populated() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Emma")
    _ = try box.run(["ask", "1", "Why spice?", "--category", "ecology"])
    _ = try box.run(["fav", "1"])
    _ = try box.run(["filter", "set", "--starred"])
    _ = try box.run(["filter", "save", "starred"])
    return box
  }

  func lines(_ result: RunResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init)
  }

  func types(_ result: RunResult) -> [String] {
    lines(result).compactMap { line in
      guard let start = line.range(of: "{\"type\":\"") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test("run twice with nothing changed: the second writes only its header, naming the cursor")
  func nothingChanged() throws {
    let box = try populated()
    let first = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(
      types(first) == [
        "header", "category", "post", "question", "post", "favorite", "saved_filter",
        "current_filter",
      ])
    #expect(
      lines(first).first
        == "{\"type\":\"header\",\"format\":\"memo\",\"version\":3,\"since\":null,\"cursor\":\"nightly\",\"since_seq\":null}"
    )
    let seq = try box.rows("SELECT seq FROM export_cursors WHERE name = 'nightly'")[0][0]
    let time = try box.rows("SELECT exported_at FROM export_cursors WHERE name = 'nightly'")[0][0]
    let second = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(second.status == 0)
    #expect(
      second.stdout
        == "{\"type\":\"header\",\"format\":\"memo\",\"version\":3,\"since\":\"\(time)\",\"cursor\":\"nightly\",\"since_seq\":\(seq)}\n"
    )
    let json = try box.run(["export", "--cursor", "nightly"])
    #expect(
      json.stdout.contains(
        "\"categories\":[\n],\n\"posts\":[\n],\n\"favorites\":[],\n\"saved_filters\":[],\n\"current_filter\":null,\n\"deleted\":[],\n\"review_events\":[]}"
      ))
  }

  @Test("one category, favorite or saved filter changed: only it travels")
  func onlyWhatChanged() throws {
    let box = try populated()
    _ = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    _ = try box.run(["category", "add", "biology"])
    let category = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(types(category) == ["header", "category"])
    #expect(lines(category)[1].hasPrefix("{\"type\":\"category\",\"name\":\"biology\""))

    _ = try box.run(["fav", "2"])
    let favorite = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(types(favorite) == ["header", "favorite"])
    let emma = try box.rows("SELECT uuid FROM posts WHERE id = 2")[0][0]
    #expect(
      lines(favorite)[1].hasPrefix(
        "{\"type\":\"favorite\",\"post_uuid\":\"\(emma)\",\"position\":2,"))

    _ = try box.run(["filter", "set", "--unanswered"])
    _ = try box.run(["filter", "save", "open"])
    let filter = try box.run(["export", "--format", "jsonl", "--cursor", "nightly"])
    #expect(types(filter) == ["header", "saved_filter"])
    #expect(lines(filter)[1].hasPrefix("{\"type\":\"saved_filter\",\"name\":\"open\""))
  }
}
