import MemoCore
import Testing

/// KOReader's sidecars as its `dump()` writes them (LuaJIT `%q` strings), read as data.
@Suite struct LuaReaderTests {
  func read(_ text: String) throws -> LuaValue {
    try LuaReader.read(Array(text.utf8), name: "metadata.epub.lua")
  }

  @Test func aSidecarWithTheCurrentAnnotationsTable() throws {
    let file = """
      -- we can read Lua syntax here!
      return {
          ["annotations"] = {
              [1] = {
                  ["chapter"] = "Chapter 1: \\"Oceania\\"",
                  ["datetime"] = "2023-05-14 23:36:07",
                  ["note"] = "Why here?",
                  ["pageno"] = 13,
                  ["text"] = "It was a bright cold day in April,\\
      and the clocks were striking thirteen.\\9(tab)",
              },
              [2] = {
                  ["pos0"] = "/body/DocFragment[12]/body/p[3]/text().0",
                  ["text"] = "日本語の\\226\\128\\148ハイライト",
              },
          },
          ["doc_props"] = {
              ["authors"] = "George Orwell",
              ["title"] = "Nineteen Eighty-Four",
          },
          ["percent_finished"] = 0.25,
          ["summary"] = { ["status"] = "reading", },
      }
      """
    let root = try #require(try read(file).table)
    let annotations = try #require(root["annotations"]?.table?.list)
    #expect(annotations.count == 2)
    let first = try #require(annotations[0].table)
    #expect(first["chapter"]?.string == "Chapter 1: \"Oceania\"")
    #expect(first["text"]?.string == "It was a bright cold day in April,\nand the clocks were striking thirteen.\t(tab)")
    #expect(first["pageno"]?.integer == 13)
    #expect(annotations[1].table?["text"]?.string == "日本語の—ハイライト")
    #expect(annotations[1].table?["pos0"]?.string == "/body/DocFragment[12]/body/p[3]/text().0")
    #expect(root["doc_props"]?.table?["title"]?.string == "Nineteen Eighty-Four")
    #expect(root["percent_finished"]?.number == 0.25)
  }

  @Test func theOlderHighlightAndBookmarksTables() throws {
    let file = """
      return {
          ["bookmarks"] = {
              [1] = {
                  ["datetime"] = "2023-05-14 23:36:07",
                  ["highlighted"] = true,
                  ["notes"] = "the highlighted passage",
                  ["page"] = 13,
                  ["text"] = "Page 13 Oceania @ 2023-05-14 23:36:07",
              },
          },
          ["highlight"] = {
              [13] = {
                  [1] = { ["text"] = "the highlighted passage", ["drawer"] = "lighten" },
              },
          },
      }
      """
    let root = try #require(try read(file).table)
    let bookmark = try #require(root["bookmarks"]?.table?[1]?.table)
    #expect(bookmark["highlighted"]?.boolean == true)
    #expect(bookmark["notes"]?.string == "the highlighted passage")
    #expect(root["highlight"]?.table?[13]?.table?[1]?.table?["drawer"]?.string == "lighten")
  }

  @Test func keysInAnyOrderNamesPositionsAndSemicolons() throws {
    let root = try #require(try read("{ b = 2; a = 'x', 'first', [\"k\"] = nil, 'second', [2.5] = -3e2 }").table)
    #expect(root["a"]?.string == "x")
    #expect(root["b"]?.number == 2)
    #expect(root[1]?.string == "first")
    #expect(root[2]?.string == "second")
    #expect(root["k"] == nil)
    #expect(root.entries.count == 5)
    #expect(root.list.map(\.string) == ["first", "second", nil])
  }

  @Test func everyStringEscape() throws {
    let text = #"return "a\nb\tc\\d\"e\'f\65\x42\u{2019}\z     g\r\0""#
    #expect(try read(text).string == "a\nb\tc\\d\"e'fAB\u{2019}g\r\0")
  }

  @Test func longStringsAndComments() throws {
    let root = try #require(
      try read("""
        --[[ a block
        comment ]] return { -- a line comment
          ["note"] = [==[
        keeps ]] and "quotes"]==],
          [ [[k]] ] = 0x1F,
          h = math.huge, m = -math.huge,
        }
        """).table)
    #expect(root["note"]?.string == "keeps ]] and \"quotes\"")
    #expect(root["k"]?.number == 31)
    #expect(root["h"]?.number == .infinity)
    #expect(root["m"]?.number == -.infinity)
  }

  @Test func aLaterKeyReplacesAnEarlierOne() throws {
    let root = try #require(try read(#"{ ["a"] = 1, ["a"] = 2 }"#).table)
    #expect(root["a"]?.number == 2)
    #expect(root.entries.count == 1)
  }

  @Test(arguments: [
    ("return {", "line 1, column 9: the file ends inside a table"),
    ("return { [\"a\"] = \"open", "line 1, column 18: a string is not closed"),
    ("return { [\"a\"] = 1 [\"b\"] = 2 }", "line 1, column 20: expected ',' or '}'"),
    ("return { a = print(1) }", "line 1, column 14: unexpected 'p' where a value should be"),
    ("return { \"\\q\" }", "unknown escape \\'q'"),
    ("return { \"\\300\" }", "\\300 is not a byte"),
    ("return { \"a\nb\" }", "a line break inside a quoted string"),
    ("return { [{}] = 1 }", "a table key must be a string or a number"),
    ("return {} x", "unexpected text after the value"),
    ("", "the file ends where a value should be"),
  ])
  func malformedFilesSayWhereAndWhat(text: String, message: String) {
    do {
      _ = try read(text)
      Issue.record("read \(text) without an error")
    } catch let error as MemoError {
      #expect(error.code == .badData)
      #expect(error.message.hasPrefix("metadata.epub.lua: "))
      #expect(error.message.contains(message), "\(error.message)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func invalidUTF8IsRefusedNotGuessed() {
    #expect(throws: MemoError.self) {
      try LuaReader.read([0x22, 0xFF, 0xFE, 0x22], name: "x.lua")
    }
  }

  @Test func hostileNestingStopsAtTheLimit() {
    let deep = String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)
    #expect(throws: MemoError.self) { try read(deep) }
    let fine = String(repeating: "{", count: 50) + String(repeating: "}", count: 50)
    #expect(throws: Never.self) { try read(fine) }
  }
}
