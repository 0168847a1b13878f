import MemoCore
import Testing

/// KOReader's files as books to import: sidecars and `.annotations.lua` (through
/// `KOReaderSidecar`), and the exporter plugin's JSON, written from KOReader's source
/// (plugins/exporter.koplugin/target/json.lua and clip.lua).
@Suite struct KOReaderImportTests {
  static func utc(_ time: KOReaderSidecar.LocalDateTime) -> Timestamp? {
    time.timestamp(utcOffsetSeconds: 0)
  }

  static let oneBook = """
    {
        "author": "Frank Herbert",
        "created_on": 1700000000,
        "entries": [
            {
                "chapter": "Prologue",
                "drawer": "lighten",
                "note": "Why fear?",
                "page": 3,
                "pn_xp": "/body/DocFragment[5]/body/p[1]/text().0",
                "sort": "highlight",
                "text": "Fear is the mind-killer.",
                "time": 1684100167
            },
            {
                "page": "xii",
                "sort": "highlight",
                "text": "A page label.",
                "time": 1684100200
            },
            {
                "image": { "hash": "0f", "png": "iVBOR" },
                "page": 5,
                "sort": "highlight",
                "time": 1684100300
            }
        ],
        "file": "/mnt/onboard/Books/Dune.epub",
        "number_of_pages": 600,
        "title": "Dune",
        "version": "v2024.07"
    }
    """

  @Test func theJSONExportOfOneBook() throws {
    let report = try KOReaderImport.jsonExport(Array(Self.oneBook.utf8), name: "Dune.json")
    #expect(report.books.count == 1)
    let book = try #require(report.books.first)
    #expect(book.title == "Dune")
    #expect(book.author == "Frank Herbert")
    #expect(book.clippings.map(\.text) == ["Fear is the mind-killer.", "A page label."])
    #expect(book.clippings.map(\.note) == ["Why fear?", nil])
    #expect(book.clippings.map(\.chapter) == ["Prologue", nil])
    #expect(book.clippings.map(\.page) == ["3", "xii"])
    #expect(book.clippings.map { $0.addedAt?.rfc3339 } == ["2023-05-14T21:36:07.000Z", "2023-05-14T21:36:40.000Z"])
    #expect(report.notices == ["Dune.json: entries[2]: no text (a picture?); skipped"])
    #expect(report.problems.isEmpty)
  }

  @Test func theJSONExportOfSeveralBooks() throws {
    let text = """
      {"created_on": 1700000000, "version": "v2024.07", "documents": [
        {"title": "A", "author": "X\\nY", "entries": [{"text": "a", "page": 1, "time": 1600000000}]},
        {"title": "B", "entries": []},
        {"title": "C", "entries": [{"text": " c ", "page": 2, "time": "soon"}]}
      ]}
      """
    let report = try KOReaderImport.jsonExport(Array(text.utf8), name: "all.json")
    #expect(report.books.map(\.title) == ["A", "C"])  // a book without highlights is no post
    #expect(report.books.map(\.author) == ["X, Y", nil])
    #expect(report.books[1].clippings.map(\.text) == ["c"])
    #expect(report.books[1].clippings.map(\.addedAt) == [nil])
    #expect(report.problems == ["all.json: documents[2].entries[0]: \"time\" is not Unix seconds; kept without one"])
  }

  @Test func theSameHighlightFromTheSidecarAndTheJSONHasOneKey() throws {
    let sidecar = """
      return { ["annotations"] = { [1] = { ["datetime"] = "2023-05-14 21:36:07", ["drawer"] = "lighten",
        ["page"] = "/body/DocFragment[5]/body/p[1]/text().0", ["pos0"] = "/body/DocFragment[5]/body/p[1]/text().0",
        ["pageno"] = 3, ["text"] = "Fear is the mind-killer.\\n" } },
        ["doc_props"] = { ["title"] = "Dune" } }
      """
    let fromLua = try KOReaderImport.sidecar(Array(sidecar.utf8), path: "metadata.epub.lua", localInstant: Self.utc)
    let fromJSON = try KOReaderImport.jsonExport(Array(Self.oneBook.utf8), name: "Dune.json")
    #expect(fromLua.books[0].clippings[0].key == fromJSON.books[0].clippings[0].key)
    #expect(fromLua.books[0].clippings[0].text == "Fear is the mind-killer.")
    #expect(fromLua.books[0].clippings[0].addedAt == fromJSON.books[0].clippings[0].addedAt)
  }

  @Test func aSidecarWithOnlyPageBookmarksIsNoBook() throws {
    let text = #"return { ["annotations"] = { { ["page"] = "/x", ["pageno"] = 2, ["text"] = "in Chapter 1" } } }"#
    let report = try KOReaderImport.sidecar(Array(text.utf8), path: "A.sdr/metadata.epub.lua", localInstant: Self.utc)
    #expect(report.books.isEmpty)
    #expect(report.bookmarks == 1)
  }

  @Test func toldApartFromMemosOwnJSON() {
    #expect(KOReaderImport.looksLikeJSONExport(Array(Self.oneBook.utf8)))
    #expect(KOReaderImport.looksLikeJSONExport(Array(#"{"documents": []}"#.utf8)))
    #expect(!KOReaderImport.looksLikeJSONExport(Array(#"{"format": "memo", "version": 1, "posts": []}"#.utf8)))
    #expect(!KOReaderImport.looksLikeJSONExport(Array("[1, 2]".utf8)))
    #expect(!KOReaderImport.looksLikeJSONExport(Array("{".utf8)))
  }

  @Test func aMalformedJSONExportIs65WithItsPlace() {
    do {
      _ = try KOReaderImport.jsonExport(Array("{\n  \"entries\": [\n    {\"text\": }\n]}".utf8), name: "x.json")
      Issue.record("no error")
    } catch let error as MemoError {
      #expect(error.code == .badData)
      #expect(error.message.hasPrefix("x.json: line 3, column 14: "))
    } catch { Issue.record("\(error)") }
    #expect(throws: MemoError.self) {
      try KOReaderImport.jsonExport(Array(#"{"entries": [], "title": 5}"#.utf8), name: "x.json")
    }
  }

  @Test(arguments: [
    ("/mnt/onboard/Books/Dune.sdr/metadata.epub.lua", "/mnt/onboard/Books/Dune.epub", "Dune"),
    ("/mnt/onboard/Books/Dune.sdr/metadata.epub.lua", nil, "Dune"),
    ("docsettings/mnt/us/Mr. Smith Goes.sdr/metadata.pdf.lua", nil, "Mr. Smith Goes"),
    ("exports/Emma.epub.annotations.lua", nil, "Emma"),
    ("Emma.annotations.lua", nil, "Emma"),
    ("metadata.epub.lua", nil, "metadata.epub"),
  ] as [(String, String?, String)])
  func titlesFromFileNames(path: String, documentPath: String?, title: String) {
    #expect(KOReaderImport.fallbackTitle(path: path, documentPath: documentPath) == title)
  }
}
