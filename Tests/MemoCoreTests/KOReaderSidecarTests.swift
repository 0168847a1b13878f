import MemoCore
import Testing

/// KOReader sidecars in both shapes, written from the format (KOReader's `dump()` output).
@Suite struct KOReaderSidecarTests {
  func read(_ text: String) throws -> KOReaderSidecar.Book {
    try KOReaderSidecar.read(Array(text.utf8), name: "metadata.epub.lua")
  }

  @Test func theCurrentAnnotationsShape() throws {
    let book = try read(
      """
      return {
          ["annotations"] = {
              [1] = {
                  ["chapter"] = "Part One",
                  ["color"] = "yellow",
                  ["datetime"] = "2023-05-14 23:36:07",
                  ["drawer"] = "lighten",
                  ["note"] = "Why thirteen?",
                  ["page"] = "/body/DocFragment[5]/body/p[1]/text().0",
                  ["pageno"] = 3,
                  ["pos0"] = "/body/DocFragment[5]/body/p[1]/text().0",
                  ["pos1"] = "/body/DocFragment[5]/body/p[1]/text().61",
                  ["text"] = "It was a bright cold day in April, and the clocks were striking thirteen.",
              },
              [2] = {
                  ["chapter"] = "Part One",
                  ["datetime"] = "2023-05-15 08:00:00",
                  ["page"] = "/body/DocFragment[6]/body/p[2]/text().0",
                  ["pageno"] = 9,
                  ["text"] = "in Part One",
              },
          },
          ["doc_props"] = {
              ["authors"] = "George Orwell",
              ["title"] = "Nineteen Eighty-Four",
          },
      }
      """)
    #expect(book.title == "Nineteen Eighty-Four")
    #expect(book.author == "George Orwell")
    #expect(book.bookmarks == 1)
    #expect(book.highlights.count == 1)
    let h = try #require(book.highlights.first)
    #expect(h.text == "It was a bright cold day in April, and the clocks were striking thirteen.")
    #expect(h.note == "Why thirteen?")
    #expect(h.chapter == "Part One")
    #expect(h.page == 3)
    #expect(h.position == "/body/DocFragment[5]/body/p[1]/text().0")
    #expect(h.localTime?.timestamp(utcOffsetSeconds: 7200).rfc3339 == "2023-05-14T21:36:07.000Z")
    #expect(book.problems.isEmpty)
  }

  @Test func theOlderShapeTakesThePassageFromNotesAndSkipsTheAutomaticText() throws {
    let book = try read(
      """
      return {
          ["bookmarks"] = {
              [1] = {
                  ["chapter"] = "Oceania",
                  ["datetime"] = "2023-05-14 23:36:07",
                  ["highlighted"] = true,
                  ["notes"] = "Who controls the past controls the future.",
                  ["page"] = 13,
                  ["pos0"] = "/body/DocFragment[9]/body/p[4]/text().0",
                  ["text"] = "Page 13 Oceania @ 2023-05-14 23:36:07",
              },
              [2] = {
                  ["datetime"] = "2023-05-14 23:40:00",
                  ["highlighted"] = true,
                  ["notes"] = "War is peace.",
                  ["page"] = 20,
                  ["pos0"] = "/body/DocFragment[10]/body/p[1]/text().0",
                  ["text"] = "The party's slogans?",
              },
              [3] = {
                  ["datetime"] = "2023-05-15 07:00:00",
                  ["notes"] = "Seite 30 Kapitel @ 2023-05-15 07:00:00",
                  ["page"] = 30,
                  ["text"] = "Seite 30 Kapitel @ 2023-05-15 07:00:00",
              },
          },
          ["highlight"] = {
              [20] = {
                  [1] = { ["chapter"] = "Two", ["datetime"] = "2023-05-14 23:40:00", ["drawer"] = "lighten",
                          ["pos0"] = "/body/DocFragment[10]/body/p[1]/text().0", ["text"] = "War is peace." },
              },
              [13] = {
                  [1] = { ["chapter"] = "Oceania", ["datetime"] = "2023-05-14 23:36:07", ["drawer"] = "lighten",
                          ["pos0"] = "/body/DocFragment[9]/body/p[4]/text().0",
                          ["text"] = "Who controls the past controls the future." },
              },
          },
          ["stats"] = { ["authors"] = "George Orwell", ["title"] = "1984" },
      }
      """)
    #expect(book.title == "1984")
    #expect(book.bookmarks == 1)
    #expect(book.highlights.map(\.text) == ["Who controls the past controls the future.", "War is peace."])
    #expect(book.highlights.map(\.note) == [nil, "The party's slogans?"])
    #expect(book.highlights.map(\.page) == [13, 20])
  }

  @Test func aHighlightedBookmarkWithoutItsHighlightEntryIsKept() throws {
    let book = try read(
      """
      return { ["bookmarks"] = { { ["datetime"] = "2023-01-02 03:04:05", ["highlighted"] = true,
        ["notes"] = "A passage", ["page"] = 4, ["text"] = "a note" } }, ["highlight"] = {} }
      """)
    #expect(book.highlights.map(\.text) == ["A passage"])
    #expect(book.highlights.first?.note == "a note")
  }

  @Test func anUnreadableDateIsReportedNotGuessed() throws {
    let book = try read(
      #"return { ["annotations"] = { { ["pos0"] = "x", ["text"] = "t", ["datetime"] = "14/05/2023" } } }"#)
    #expect(book.highlights.first?.localTime == nil)
    #expect(book.problems == ["metadata.epub.lua: annotations[1]: '14/05/2023' is not a date; kept without one"])
  }

  @Test func anUnreadableDateInTheOlderShapeNamesItsPlace() throws {
    let book = try read(
      """
      return { ["highlight"] = { [13] = { [1] = { ["pos0"] = "a", ["text"] = "t", ["datetime"] = "x" } } },
        ["bookmarks"] = { [1] = { ["highlighted"] = true, ["notes"] = "u", ["datetime"] = "y" } } }
      """)
    #expect(
      book.problems == [
        "metadata.epub.lua: highlight[13][1]: 'x' is not a date; kept without one",
        "metadata.epub.lua: bookmarks[1]: 'y' is not a date; kept without one",
      ])
  }

  @Test func theSameSidecarGivesTheSameKeys() throws {
    let text = #"return { ["annotations"] = { { ["pos0"] = "p", ["text"] = "t" }, { ["pos0"] = "q", ["text"] = "t" } } }"#
    let a = try read(text).highlights.map(\.key)
    let b = try read(text).highlights.map(\.key)
    #expect(a == b)
    #expect(Set(a).count == 2)  // the same words at two places are two highlights
  }

  @Test(arguments: ["2023-02-29 10:00:00", "2023-13-01 10:00:00", "2023-05-14 24:00:00", "2023-05-14"])
  func impossibleTimesAreNotDates(text: String) {
    #expect(KOReaderSidecar.LocalDateTime(text) == nil)
  }

  @Test func aFileThatIsNotATableIs65() {
    #expect(throws: MemoError.self) { try read("return \"text\"") }
  }
}
