import Testing

@testable import MemoCore

@Suite("the strict CSV reader")
struct CSVReaderTests {
  @Test("quoted fields keep commas, doubled quotes, line breaks and spaces; CRLF or LF ends rows")
  func quoting() throws {
    let rows = try CSVReader.parse("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",  x ,\n\nlast")
    #expect(
      rows.map(\.fields) == [["a", "b,c", "say \"hi\""], ["two\nlines", "  x ", ""], ["last"]])
    #expect(rows.map(\.line) == [1, 2, 5])
  }

  @Test(
    "malformed CSV is refused with its line",
    arguments: [
      ("a,b\n\"open", 2, "a quoted field is not closed (a missing \")"),
      (
        "a,b\nx\"y,z", 2,
        "a quote inside an unquoted field (quote the whole field and double the quote)"
      ),
      ("a\n\"q\"x", 2, "text after a closing quote"),
    ])
  func malformed(text: String, line: Int, reason: String) {
    #expect(throws: CSVReader.Failure(line: line, reason: reason)) { try CSVReader.parse(text) }
  }

  @Test("records need as many fields as the header")
  func fieldCount() {
    #expect(throws: CSVReader.Failure(line: 3, reason: "1 field where the header has 2")) {
      try CSVReader.records("a,b\n1,2\n3\n")
    }
  }
}

@Suite("Kindle clippings")
struct KindleClippingsTests {
  let english = """
    \u{FEFF}Dune (Frank Herbert)\r
    - Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023 10:00:00 PM\r
    \r
    I must not fear.\r
    ==========\r
    Dune (Frank Herbert)\r
    - Your Note on Location 126 | Added on Sunday, January 1, 2023 10:05:00 AM\r
    \r
    Why is fear the mind-killer?\r
    ==========\r
    Dune (Frank Herbert)\r
    - Your Bookmark on page 20 | Location 300 | Added on Monday, January 2, 2023 9:00:00 AM\r
    \r
    \r
    ==========\r
    \u{FEFF}The Name (of the Rose) (Umberto Eco)\r
    - Your Highlight on Location 12 | Added on Tuesday, March 7, 2023 1:01:00 PM\r
    \r
    \r
    ==========\r

    """

  @Test(
    "English: books by title and author, highlights with location and time, notes; bookmarks and empty highlights skipped"
  )
  func englishClippings() throws {
    let books = try KindleClippings.parse(english, name: "c.txt")
    #expect(books.map(\.title) == ["Dune"])
    let dune = try #require(books.first)
    #expect(dune.author == "Frank Herbert")
    #expect(dune.clippings.map(\.kind) == [.highlight, .note])
    #expect(dune.clippings[0].text == "I must not fear.")
    #expect(dune.clippings[0].location == "p. 12, loc. 123-125")
    #expect(dune.clippings[0].addedAt?.rfc3339 == "2023-01-01T22:00:00.000Z")
    #expect(dune.clippings[1].addedAt?.rfc3339 == "2023-01-01T10:05:00.000Z")
    #expect(dune.clippings[1].isQuestion)
    #expect(!dune.clippings[0].isQuestion)
    #expect(dune.addedAt?.rfc3339 == "2023-01-01T10:05:00.000Z")
    #expect(dune.clippings[0].bodyText == "> I must not fear.\n> — p. 12, loc. 123-125")
  }

  @Test("Japanese headers: page, 位置No., のメモ, 作成日, a full-width question mark")
  func japaneseClippings() throws {
    let text = """
      吾輩は猫である (夏目漱石)
      - 12ページ|位置No. 123-125のハイライト |作成日: 2023年1月1日日曜日 10:00:00

      吾輩は猫である。
      ==========
      吾輩は猫である (夏目漱石)
      - 位置No. 130のメモ |作成日: 2023年1月2日月曜日 21:30:00

      なぜ猫が語り手なのか？
      ==========
      吾輩は猫である (夏目漱石)
      - 位置No. 140のブックマーク |作成日: 2023年1月3日火曜日 8:00:00


      ==========
      """
    let books = try KindleClippings.parse(text, name: "c.txt")
    #expect(books.count == 1)
    #expect(books[0].author == "夏目漱石")
    #expect(books[0].clippings.map(\.location) == ["p. 12, loc. 123-125", "loc. 130"])
    #expect(books[0].clippings[1].isQuestion)
    #expect(books[0].clippings[1].addedAt?.rfc3339 == "2023-01-02T21:30:00.000Z")
  }

  @Test("titles with parentheses; a title without an author")
  func titles() {
    #expect(
      KindleClippings.splitTitle("The Name (of the Rose) (Umberto Eco)") == (
        "The Name (of the Rose)", "Umberto Eco"
      ))
    #expect(KindleClippings.splitTitle("No Author Here") == ("No Author Here", nil))
    #expect(KindleClippings.splitTitle("Book (A (B) C)") == ("Book", "A (B) C"))
  }

  @Test("an absurd year in a clipping's date is no date, not a crash (found by fuzzing)")
  func hugeYear() throws {
    let text = """
      Book (A)
      - 位置No. 1のハイライト |作成日: 87460126799624201年1月1日日曜日 10:00:00

      text
      ==========
      Book (A)
      - Your Highlight on Location 2 | Added on Sunday, January 1, 99999999999999999 10:00:00 AM

      more
      ==========
      """
    let books = try KindleClippings.parse(text, name: "c.txt")
    #expect(books.first?.clippings.map(\.addedAt) == [nil, nil])
    #expect(GoodreadsLibrary.parseDate("99999999999999/01/01") == nil)
  }

  @Test("the same clipping twice is one; keys are stable")
  func dedupe() throws {
    let once = try KindleClippings.parse(english, name: "c.txt")
    let twice = try KindleClippings.parse(english + english, name: "c.txt")
    #expect(once == twice)
  }

  @Test(
    "a note edited back to an earlier text within one minute (Kindle 3 writes minutes) is the note; a repeat with its old time is not"
  )
  func noteEditedBackInOneMinute() throws {
    func note(_ time: String, _ text: String) -> String {
      "Psalms (Anon)\n- Note Loc. 9001  | Added on Tuesday, May 15, 2018, \(time) AM\n\n\(text)\n==========\n"
    }
    let highlight =
      "Psalms (Anon)\n- Highlight Loc. 9000-01  | Added on Tuesday, May 15, 2018, 04:40 AM\n\nsome verse\n==========\n"
    let back = highlight + note("04:48", "one") + note("04:48", "two") + note("04:48", "one")
    let notes = try KindleClippings.parse(back, name: "c.txt").first?.clippings.filter {
      $0.kind == .note
    }
    #expect(notes?.map(\.text) == ["one"])
    #expect(notes?.first?.replaces.map(\.text) == ["one", "two"])
    let repeated = highlight + note("04:46", "one") + note("04:47", "two") + note("04:46", "one")
    let kept = try KindleClippings.parse(repeated, name: "c.txt").first?.clippings.filter {
      $0.kind == .note
    }
    #expect(kept?.map(\.text) == ["two"])
  }

  @Test(
    "a passage holding ten equals signs inside a line (a highlight of a clippings file read on the Kindle) is one passage: only a line of its own ends a clipping"
  )
  func separatorInsideText() throws {
    let text =
      "Notes on Notes (Me)\r\n- Your Highlight on Location 5-9 | Added on Monday, May 4, 2020 9:00:00 PM\r\n\r\n"
      + "first part ========== Notes on Notes (Me) - Your Highlight on Location 1-2 | Added on Monday, May 4, 2020 8:00:00 PM second part\r\n==========\r\n"
      + "Notes on Notes (Me)\r\n- Your Highlight on Location 12-13 | Added on Monday, May 4, 2020 9:05:00 PM\r\n\r\nthe next one\r\n==========  \r\n"
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.headerless == 0)
    #expect(
      report.books.first?.clippings.map(\.text) == [
        "first part ========== Notes on Notes (Me) - Your Highlight on Location 1-2 | Added on Monday, May 4, 2020 8:00:00 PM second part",
        "the next one",
      ])
  }

  @Test(
    "a Russian header's bare range after the page is the location (en dash); a part no language reads is reported, not dropped"
  )
  func headerParts() throws {
    let text =
      "Война и мир (Лев Толстой)\n- Ваш выделенный отрывок на странице 5 | 901–931 | Добавлено: понедельник, 2 января 2023 г. в 10:00:00\n\nВсе счастливые семьи.\n==========\n"
      + "Dune (Frank Herbert)\n- Your Highlight on page 3 | Lokation 33-34 | Added on Sunday, January 1, 2023 10:00:00 AM\n\nGarbage part.\n==========\n"
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(
      report.books.map { $0.clippings.map(\.location) } == [["p. 5, loc. 901-931"], ["p. 3"]])
    #expect(report.books.first?.clippings.first?.addedAt?.rfc3339 == "2023-01-02T10:00:00.000Z")
    #expect(
      report.problems.map(\.description) == [
        "line 7: cannot read \"Lokation 33-34\" in \"- Your Highlight on page 3 | Lokation 33-34 | Added on Sunday, January 1, 2023 10:00:00 AM\"; imported without it"
      ])
  }

  @Test(
    "a line of ten equals signs inside a passage is passage text when no title and header line follow it"
  )
  func separatorLineInsidePassage() throws {
    let text =
      "Dune (Frank Herbert)\n- Your Highlight on Location 10-12 | Added on Sunday, January 1, 2023 10:00:00 AM\n\n"
      + "A passage with\n==========\ninside it and more.\n==========\n"
      + "Dune (Frank Herbert)\n- Your Highlight on Location 20-22 | Added on Sunday, January 1, 2023 10:01:00 AM\n\nSecond.\n==========\n"
      + "Dune (Frank Herbert)\n- Your Bookmark on Location 30 | Added on Sunday, January 1, 2023 10:02:00 AM\n\n\n==========\n"
      + "Stray line\nDune (Frank Herbert)\n- Your Highlight on Location 40-41 | Added on Sunday, January 1, 2023 10:03:00 AM\n\nAfter a bookmark.\n==========\n"
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(
      report.books.first?.clippings.map(\.text) == [
        "A passage with\n==========\ninside it and more.", "Second.",
      ])
    // After a bookmark (no passage begun) the mark ends it: the stray entry is reported.
    #expect(report.headerless == 1)
    #expect(report.bookmarks == 1)
  }

  @Test("an entry without a header line is reported by its line and skipped; the others are read")
  func malformed() throws {
    let text =
      "Just a title\nno metadata\n==========\nDune (Frank Herbert)\n- Your Highlight on Location 1 | Added on Sunday, January 1, 2023 10:00:00 AM\n\nok\n==========\n"
    // First in the file: after a clipping's passage, lines that are no clipping are more of the
    // passage (`separatorLineInsidePassage`).
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(
      report.problems.map(\.description) == [
        "line 1: no clipping header under \"Just a title\"; the entry was skipped"
      ])
    #expect(report.books.first?.clippings.map(\.text) == ["ok"])
    #expect(report.books.map(\.title) == ["Dune"])
  }
}

@Suite("Goodreads library exports")
struct GoodreadsTests {
  let csv = #"""
    Book Id,Title,Author,ISBN,ISBN13,Date Added,Bookshelves,My Review
    234225,Dune (Dune #1),Frank Herbert,"=""0441013597""","=""9780441013593""",2023/01/15,"favorites, classics","Loved it.<br/><br/>Spice!"
    77566,Hyperion,Dan Simmons,"=""""","=""""",2023/03/01,to-read,

    """#

  @Test("rows become books: ISBN13 as source, review with line breaks, favorites shelf, date added")
  func rows() throws {
    let books = try GoodreadsLibrary.parse(csv, name: "g.csv")
    #expect(books.count == 2)
    #expect(
      books[0]
        == ExternalBook(
          title: "Dune (Dune #1)", author: "Frank Herbert", source: "9780441013593",
          review: "Loved it.\n\nSpice!",
          addedAt: Timestamp(rfc3339: "2023-01-15T00:00:00Z"), isFavorite: true,
          key: "goodreads:234225"))
    #expect(books[1].source == nil && books[1].review == nil && !books[1].isFavorite)
    #expect(GoodreadsLibrary.looksLikeGoodreads(Array(csv.utf8)))
    #expect(!GoodreadsLibrary.looksLikeGoodreads(Array("post_uuid,post_title".utf8)))
  }

  @Test("a CRLF file: a review's line breaks (CRLF, a lone CR) are LF, none kept as \\r")
  func crlf() throws {
    let csv =
      "Book Id,Title,Author,ISBN,ISBN13,Date Added,Bookshelves,My Review\r\n"
      + "1,Dune,Frank Herbert,,,2023/01/15,,\"First line.\r\nSecond line.\rThird.\"\r\n"
    let books = try GoodreadsLibrary.parse(csv, name: "g.csv")
    #expect(books.map(\.review) == ["First line.\nSecond line.\nThird."])
  }

  @Test("a bad date or a missing column is malformed")
  func malformed() {
    #expect(throws: MemoError.self) {
      try GoodreadsLibrary.parse(
        "Book Id,Title,Author,Date Added\n1,T,A,15/01/2023\n", name: "g.csv")
    }
    #expect(throws: MemoError.self) {
      try GoodreadsLibrary.parse("Title,Author\nT,A\n", name: "g.csv")
    }
  }
}

@Suite("the export encoder and the backup decoder")
struct BackupRoundTripTests {
  @Test("what the encoder writes, the decoder reads back, in json and jsonl")
  func roundTrip() throws {
    let t = Timestamp(rfc3339: "2026-01-01T00:00:00.000Z")!
    let post = PostRecord(
      uuid: "p", title: "Dune, \"1\"", author: nil, body: "a\nb", source: "s", createdAt: t,
      updatedAt: t)
    let question = QuestionRecord(
      uuid: "q", postUUID: "p", text: "Why?", category: "c", isStarred: true, answer: "Because",
      answeredAt: t, createdAt: t, updatedAt: t, highlightUUID: "h")
    let highlight = HighlightRecord(
      uuid: "h", postUUID: "p", text: "A passage, \"quoted\"", note: "n", chapter: "1",
      page: "xii", location: "140-142", position: 0.25, highlightedAt: t, isStarred: true,
      source: "kobo", sourceKey: "k", createdAt: t, updatedAt: t)
    for format in [ExportFormat.json, .jsonl] {
      let encoder = ExportEncoder(format: format)
      var text = encoder.begin(since: nil)
      text += encoder.category(name: "c", createdAt: t, index: 0)
      text += encoder.beginPosts()
      text += encoder.post(post, isFavorite: true, index: 0)
      text += encoder.highlight(highlight, of: post, isFavorite: true, index: 0)
      text += encoder.beginQuestions(highlightCount: 1)
      text += encoder.question(question, of: post, isFavorite: true, index: 0)
      text += encoder.endPost(post, isFavorite: true, highlightCount: 1, questionCount: 1)
      text += encoder.end(
        favorites: [("p", 1, t)], savedFilters: [("s", QuestionFilter(starred: true), t, t)],
        currentFilter: QuestionFilter(categories: ["c"]),
        deleted: [("gone", "post", t), ("h0", "highlight", t)])
      let records = try BackupDecoder.decode(
        Array(text.utf8), format: format == .json ? .json : .jsonl, name: "x")
      #expect(
        records == [
          .category(name: "c", createdAt: t), .post(post), .highlight(highlight),
          .question(question),
          .favorite(postUUID: "p", position: 1, addedAt: t),
          .savedFilter(
            name: "s", filter: QuestionFilter(starred: true), createdAt: t, updatedAt: t),
          .currentFilter(QuestionFilter(categories: ["c"])),
          .deleted(uuid: "gone", kind: "post", deletedAt: t),
          .deleted(uuid: "h0", kind: "highlight", deletedAt: t),
        ])
    }
  }

  @Test("a newer export version is refused with a clear reason")
  func newerVersion() {
    #expect(
      throws: MemoError.malformedImport(
        "x", place: "line 1",
        reason: "export version 9 is newer than this memo reads (3); upgrade memo")
    ) {
      try BackupDecoder.decode(
        Array("{\"type\":\"header\",\"format\":\"memo\",\"version\":9}".utf8), format: .jsonl,
        name: "x")
    }
  }
}
