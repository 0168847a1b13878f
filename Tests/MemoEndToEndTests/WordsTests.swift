import Foundation
import Testing

/// Plurals, punctuation and symbols, everywhere (issue 22).
@Suite("words: plurals, punctuation, one symbol per meaning, search hits alike")
struct WordsTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  @Test("no message template puts a count straight before a plural noun ('\\(n) files'): counted() does")
  func noCountBeforePlural() throws {
    // `\(expression) nouns` inside a string literal: "1 files" whenever the count is 1.
    let pattern = try Regex(#"\\\((?:[^()]|\([^()]*\))*\) ([a-z]+)"#)
    let nouns: Set<String> = [
      "posts", "questions", "files", "favorites", "categories", "changes", "rows", "deletions",
      "fields", "tries", "entries", "records", "problems", "clippings", "books", "items",
      "devices", "conflicts", "answers", "filters", "hits", "lines", "versions", "warnings",
    ]
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: Self.sources.path)
    while let file = files?.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n").enumerated() {
        if line.drop(while: { $0 == " " }).hasPrefix("//") { continue }
        for match in line.matches(of: pattern) {
          let noun = String(line[match.range].split(separator: " ").last ?? "")
          // "json files": a format's name, not a count.
          if line[match.range].hasPrefix("\\(format.rawValue)") { continue }
          if nouns.contains(noun) { found.append("\(file):\(number + 1): \(line[match.range])") }
        }
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("one of each: singular nouns, the old name in a rename, ♥ for the shelf")
  func singulars() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why?", "--category", "physics", "--star"])
    _ = try box.run(["fav", "1"])
    let stats = try box.run(["stats", "--format", "table"]).stdout
    #expect(
      stats.hasPrefix(
        "memo  1 post · 1 question (1 starred, 0 answered) · 0 highlights · 1 favorite · 1 category\n"))
    let markdown = try box.run(["export", "--format", "markdown", "--output", box.root + "/notes"])
    #expect(
      markdown.stderr
        == "memo: exported 1 post to \(box.root)/notes (1 file written)\n")
    let json = try box.run(["export", "--output", box.root + "/x.json"])
    #expect(json.stderr == "memo: exported 1 post, 0 highlights, 1 question, 0 deletions to \(box.root)/x.json\n")
    #expect(
      try box.run(["category", "rename", "physics", "Physique", "--format", "table"]).stdout
        == "renamed category \"physics\" to \"Physique\"\n")
    let table = try box.run(["list", "--format", "table"]).stdout
    #expect(table.contains("♥") && !table.contains("★"))
    #expect(
      try box.run(["show", "1", "--format", "table"]).stdout.contains(
        "post 1 · ♥ favorite · 1 question\n"))
    let tree = try box.run(["list", "--starred", "--format", "table"]).stdout
    #expect(tree.contains(")\n1  Dune ♥\n    ★ 1  Why?"))
  }

  @Test("a short CJK hit reads as any other: 'title · author', no trailing space")
  func cjkHitsAlike() throws {
    let box = try Sandbox()
    _ = try box.add("吾輩は猫である", ["--author", "夏目漱石"])
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    _ = try box.run(["ask", "1", "猫の名前は？"])
    _ = try box.run(["answer", "1", "名前はまだ無い。"])
    #expect(
      try box.run(["search", "猫"]).stdout
        == "question\t1\t吾輩は猫である\t猫の名前は？\npost\t1\t吾輩は猫である\t吾輩は猫である · 夏目漱石\n")
    #expect(try box.run(["search", "無い"]).stdout == "question\t1\t吾輩は猫である\t名前はまだ無い。\n")
    #expect(try box.run(["search", "Herbert"]).stdout == "post\t2\tDune\tDune · Frank Herbert\n")
  }

  @Test("emoji are found, in posts and questions")
  func emoji() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "a forest 🌲 on Arrakis"])
    _ = try box.run(["ask", "1", "Why 🌲 trees?"])
    _ = try box.add("Hyperion", ["--body", "no trees"])
    let result = try box.run(["search", "🌲"])
    #expect(result.status == 0)
    #expect(
      result.stdout == "question\t1\tDune\tWhy 🌲 trees?\npost\t1\tDune\ta forest 🌲 on Arrakis\n")
    #expect(try box.run(["search", "🌲", "--posts", "--format", "json"]).stdout.contains("Arrakis"))
  }

  @Test("words and an emoji together: a hit holds both, not only the words")
  func wordsAndEmoji() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "a forest 🌲 on Arrakis"])
    _ = try box.add("Hyperion", ["--body", "a forest of tesla trees"])
    _ = try box.add("Solaris", ["--body", "an ocean 🌊 and a forest"])
    let both = try box.run(["search", "forest 🌲", "--format", "tsv"])
    #expect(both.status == 0)
    #expect(both.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[3] } == ["Dune"])
    #expect(try box.run(["search", "forest", "--format", "tsv"]).stdout.split(separator: "\n").count == 4)
    // Glued to a word, and two of them: each must be there.
    #expect(try box.run(["search", "forest🌊", "--all"]).stdout.contains("Solaris"))
    #expect(try box.run(["search", "forest 🌲 🌊"]).stdout.isEmpty)
  }
}
