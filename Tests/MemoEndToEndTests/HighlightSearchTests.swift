import Foundation
import Testing

@Suite("search finds highlights")
struct HighlightSearchTests {
  func hits(_ box: Sandbox, _ arguments: [String]) throws -> [String] {
    try box.jsonArray(["search"] + arguments).map {
      "\($0["kind"] as? String ?? "?") \($0["id"] as? Int ?? 0) post \($0["post_id"] as? Int ?? 0)"
    }
  }

  @Test("by its passage and its note, in words, long and short CJK text; --highlights alone; edited and deleted highlights leave the index")
  func found() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("吾輩は猫である")
    _ = try box.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--note", "litany"])
    _ = try box.succeed(["highlight", "add", "2", "名前はまだ無い。", "--note", "猫の独白"])
    #expect(try hits(box, ["mind"]) == ["highlight 1 post 1"])
    #expect(try hits(box, ["litany"]) == ["highlight 1 post 1"])
    #expect(try hits(box, ["名前はまだ"]) == ["highlight 2 post 2"])
    // One letter: the post's title and the highlight's note, newest first.
    #expect(try hits(box, ["猫"]) == ["highlight 2 post 2", "post 2 post 2"])
    #expect(try hits(box, ["猫", "--highlights"]) == ["highlight 2 post 2"])
    #expect(try hits(box, ["猫", "--posts"]) == ["post 2 post 2"])
    let table = try box.succeed(["search", "mind", "--format", "tsv"])
    #expect(table == "kind\tid\tpost_id\tpost_title\tsnippet\trank\nhighlight\t1\t1\tDune\tFear is the mind-killer.\t" + table.split(separator: "\t").last!)
    _ = try box.succeed(["highlight", "edit", "1", "--text", "I must not fear."])
    #expect(try hits(box, ["mind"]) == [])
    #expect(try hits(box, ["fear"]) == ["highlight 1 post 1"])
    _ = try box.succeed(["highlight", "rm", "2", "--yes"])
    #expect(try hits(box, ["猫", "--highlights"]) == [])
    #expect(try hits(box, ["名前はまだ"]) == [])
    let both = try box.run(["search", "x", "--posts", "--highlights"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--posts and --highlights contradict each other"))
  }

  @Test("highlights an import adds are found (the bulk load indexes them)")
  func imported() throws {
    let box = try Sandbox()
    let clippings = """
      Dune (Frank Herbert)
      - Your Highlight on page 8 | location 140-141 | Added on Monday, 1 January 2024 10:00:00

      The spice must flow.
      ==========

      """
    try clippings.write(toFile: box.root + "/My Clippings.txt", atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", box.root + "/My Clippings.txt"])
    #expect(try hits(box, ["spice"]) == ["highlight 1 post 1"])
  }

  @Test("highlights --since: when it was highlighted on the reader, else when it was added")
  func sinceIsWhenHighlighted() throws {
    let box = try Sandbox()
    try
      ("Dune (Frank Herbert)\r\n- Your Highlight on Location 10-11 | Added on Friday, January 1, 2021 10:00:00 AM\r\n\r\nI must not fear.\r\n==========\r\n")
      .write(toFile: box.root + "/My Clippings.txt", atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", box.root + "/My Clippings.txt"])
    _ = try box.succeed(["highlight", "add", "1", "Added by hand, no reader date."])
    func texts(_ since: String) throws -> [String] {
      try box.succeed(["highlights", "--since", since, "--format", "tsv"])
        .split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[3]) }
    }
    #expect(try texts("2025-01-01") == ["Added by hand, no reader date."])
    #expect(try texts("2020-12-31") == ["Added by hand, no reader date.", "I must not fear."])
  }
}
