import MemoCore
import Testing

/// Readwise's CSV export in each header generation, written from the format.
@Suite struct ReadwiseExportTests {
  static let eleven =
    "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags\n"
  static let ten =
    "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at\n"
  static let nine =
    "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location\n"

  func parse(_ text: String) throws -> ReadwiseExport.Report {
    try ReadwiseExport.parse(text, name: "readwise.csv")
  }

  @Test func elevenColumns() throws {
    let report = try parse(
      Self.eleven
        + "\"Fear is the mind-killer.\",Dune,Frank Herbert,B00B7NPRY8,\"Why fear? .h1\",yellow,\"favorite\",location,140,2023-05-14 21:36:07+00:00,scifi\n"
        + "\"She said \"\"so\"\",\nthen left.\",Dune,Frank Herbert,B00B7NPRY8,,,,page,12,2023-05-15 08:00:00.123456+02:00,\n"
    )
    #expect(report.problems.isEmpty && report.notices.isEmpty)
    #expect(report.books.count == 1)
    let book = try #require(report.books.first)
    #expect(book.title == "Dune")
    #expect(book.author == "Frank Herbert")
    #expect(book.source == "B00B7NPRY8")
    #expect(book.addedAt?.rfc3339 == "2023-05-14T21:36:07.000Z")
    #expect(book.clippings.map(\.text) == ["Fear is the mind-killer.", "She said \"so\",\nthen left."])
    #expect(book.clippings.map(\.note) == ["Why fear?", nil])
    #expect(book.clippings.map(\.start) == [140, nil])
    #expect(book.clippings.map(\.page) == [nil, "12"])
    #expect(
      book.clippings.map { $0.addedAt?.rfc3339 } == [
        "2023-05-14T21:36:07.000Z", "2023-05-15T06:00:00.123Z",
      ])
  }

  @Test func tenColumnsAndArticlesAndTweets() throws {
    let report = try parse(
      Self.ten
        + "Read slowly.,How to Read,Jane Doe,,,,,order,3,2024-01-01T10:00:00Z\n"
        + "A tweet.,Tweets From Someone,@someone,,,,,,,2024-01-02\n")
    #expect(report.books.map(\.title) == ["How to Read", "Tweets From Someone"])
    #expect(report.books.map(\.author) == ["Jane Doe", "@someone"])
    #expect(report.books[0].clippings[0].position == 3)
    #expect(report.books[0].clippings[0].page == nil && report.books[0].clippings[0].start == nil)
    #expect(report.books[1].clippings[0].addedAt?.rfc3339 == "2024-01-02T00:00:00.000Z")
  }

  @Test func nineColumnsHaveNoDates() throws {
    let report = try parse(Self.nine + "A passage.,Emma,Jane Austen,,A note,,,page,4\n")
    let clipping = try #require(report.books.first?.clippings.first)
    #expect(clipping.addedAt == nil)
    #expect(report.books.first?.addedAt == nil)
    #expect(clipping.note == "A note")
    #expect(report.problems.isEmpty)
  }

  @Test func anEmptyDateIsUnknownAndAnUnreadableOneIsReported() throws {
    let report = try parse(
      Self.eleven + "One.,Emma,,,,,,,,,\n" + "Two.,Emma,,,,,,,,yesterday,\n" + ",Emma,,,a note,,,,,,\n")
    #expect(report.books.first?.clippings.map(\.addedAt) == [nil, nil])
    #expect(
      report.problems == [
        "readwise.csv: line 3: cannot read the date \"yesterday\" (Highlighted at); imported without one"
      ])
    #expect(report.notices == ["readwise.csv: line 4: no Highlight text; skipped"])
  }

  @Test func inlineTagsAreNotNoteText() {
    #expect(ReadwiseExport.noteWithoutTags(".h1 Chapter heading") == "Chapter heading")
    #expect(ReadwiseExport.noteWithoutTags("A thought and more .c1") == "A thought and more")
    // A dotted word inside the text is the reader's words.
    #expect(
      ReadwiseExport.noteWithoutTags("Take .5 mg of .NET daily") == "Take .5 mg of .NET daily")
    #expect(
      ReadwiseExport.noteWithoutTags("real note with .dot word at end.")
        == "real note with .dot word at end.")
    #expect(ReadwiseExport.noteWithoutTags(".c1") == nil)
    #expect(ReadwiseExport.noteWithoutTags(".h2 .favorite .to-read") == nil)
    #expect(ReadwiseExport.noteWithoutTags("Line one\n.h1\nLine two") == "Line one\n\nLine two")
    // Not tags: a lone dot, an ellipsis, a decimal, a dot inside a word.
    #expect(ReadwiseExport.noteWithoutTags("... or .5 mg, e.g. this.") == "... or .5 mg, e.g. this.")
  }

  @Test func aNoteOfOnlyTagsIsNoNote() throws {
    let report = try parse(Self.ten + "Text.,Emma,,,\".h1 .c2\",,,page,1,\n")
    #expect(report.books.first?.clippings.first?.note == nil)
  }

  /// Readwise's CSV with CRLF row ends: a multi-line passage or note holds CRLF (or a lone CR)
  /// inside its quotes; memo keeps LF.
  @Test func aCRLFFileKeepsNoCarriageReturnInACell() throws {
    let report = try parse(
      Self.ten.replacing("\n", with: "\r\n")
        + "\"First line.\r\nSecond line.\rThird.\",Dune,Frank Herbert,,\"A note\rover two lines\",,,location,140,\r\n"
    )
    let clipping = try #require(report.books.first?.clippings.first)
    #expect(clipping.text == "First line.\nSecond line.\nThird.")
    #expect(clipping.note == "A note\nover two lines")
    #expect(report.books.first?.title == "Dune")
  }

  @Test func keysAreStableAndTellPlacesApart() throws {
    let text = Self.nine + "Same.,Emma,,,,,,page,1\nSame.,Emma,,,,,,page,2\n"
    let a = try parse(text).books[0].clippings.map(\.key)
    #expect(a == (try parse(text).books[0].clippings.map(\.key)))
    #expect(Set(a).count == 2)
  }

  @Test func detection() {
    #expect(ReadwiseExport.looksLikeReadwise(Array(Self.eleven.utf8)))
    #expect(ReadwiseExport.looksLikeReadwise([0xEF, 0xBB, 0xBF] + Array(Self.nine.utf8)))
    #expect(!ReadwiseExport.looksLikeReadwise(Array("post_uuid,post_title\n".utf8)))
    #expect(!ReadwiseExport.looksLikeReadwise(Array("Book Id,Title,Author\n".utf8)))
  }

  @Test func aFileWithoutTheColumnsIs65() {
    #expect(throws: MemoError.self) { try parse("Title,Author\nx,y\n") }
    #expect(throws: MemoError.self) { try parse(Self.nine + "\"unclosed,Emma,,,,,,page,1\n") }
  }
}
