import Foundation
import Testing

/// An import of thousands of rows fills the search indexes with FTS5's big term list
/// ('hashsize', `SearchRepository.withBulkHashSize`): the setting must not outlive the
/// import, and every row must be found as a row indexed one by one is.
@Suite("Search index after a bulk import")
struct BulkIndexTests {
  @Test(
    "6,000 KOReader highlights: each found by a word and by a CJK term, no 'hashsize' left in any index's settings; a later highlight indexed too"
  )
  func bulkImport() throws {
    let box = try Sandbox()
    let count = 6000
    var lua = "return {\n    [\"annotations\"] = {\n"
    for index in 1...count {
      let cjk = index % 3 == 0 ? " 記憶\(index % 7)読書" : ""
      lua += """
                [\(index)] = {
                    ["datetime"] = "2024-05-01 10:00:00",
                    ["drawer"] = "lighten",
                    ["page"] = "/body/p[\(index)]/text().0",
                    ["pageno"] = \(index / 25 + 1),
                    ["pos0"] = "/body/p[\(index)]/text().0",
                    ["pos1"] = "/body/p[\(index)]/text().9",
                    ["text"] = "passage word\(index)\(cjk)",
                },

        """
    }
    lua += "    },\n    [\"doc_props\"] = { [\"title\"] = \"Many\" },\n}\n"
    let file = box.root + "/metadata.epub.lua"
    try lua.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    for table in ["search_words", "search_trigrams", "search_grams"] {
      #expect(try box.rows("SELECT k FROM \(table)_config WHERE k = 'hashsize'") == [])
    }
    #expect(
      try box.rows("SELECT count(*) FROM search_words WHERE kind = 'highlight'") == [["\(count)"]])
    #expect(
      try box.rows("SELECT count(*) FROM search_trigrams WHERE kind = 'highlight'") == [
        ["\(count / 3)"]
      ])
    for word in ["word1", "word2999", "word6000"] {
      let found = try box.succeed(["search", word, "--format", "tsv"])
      #expect(found.contains("passage \(word)"), "\(word): \(found)")
    }
    let cjk = try box.succeed(["search", "記憶3読書", "--all", "--format", "jsonl"])
    #expect(
      cjk.split(separator: "\n").count == (1...count).filter { $0 % 3 == 0 && $0 % 7 == 3 }.count)
    // A highlight added after the import is indexed by the triggers, as always.
    _ = try box.succeed(["highlight", "add", "1", "a later passage wordlater"])
    #expect(try box.succeed(["search", "wordlater", "--format", "tsv"]).contains("wordlater"))
  }
}
