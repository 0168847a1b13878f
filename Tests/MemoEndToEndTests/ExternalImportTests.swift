import Foundation
import Testing

@Suite("markdown export; Kindle and Goodreads imports")
struct ExternalImportTests {
  @Test(
    "markdown: a file per post with front matter; re-export writes only changes; foreign files untouched"
  )
  func markdown() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank \"The\" Herbert", "--body", "Spice."])
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why spice?", "--star", "--category", "ecology"])
    _ = try box.run(["answer", "1", "Because."])
    _ = try box.run(["fav", "1"])
    let folder = box.root + "/notes"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "my own file\n".write(toFile: folder + "/dune.md", atomically: true, encoding: .utf8)
    let first = try box.run(["export", "--format", "markdown", "--output", folder])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr
        == "memo: exported 2 posts to \(folder) (2 files written)\n")
    #expect(try String(contentsOfFile: folder + "/dune.md", encoding: .utf8) == "my own file\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(files.count == 4)  // dune.md (not ours), two posts, the manifest
    let uuid = try box.rows("SELECT uuid FROM posts WHERE id = 1")[0][0]
    let name = try #require(
      files.first {
        $0.hasPrefix("dune-") && $0.hasSuffix(String(uuid.filter { $0 != "-" }.suffix(8)) + ".md")
      })
    let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "---\ntitle: \"Dune\"\nauthor: \"Frank \\\"The\\\" Herbert\"\nuuid: \"\(uuid)\"\n"))
    #expect(
      text.contains(
        "favorite: true\n---\n\n# Dune\n\nSpice.\n\n## Questions\n\n- ★ Why spice? _(ecology)_\n  - ✓ **Answer:** Because.\n"
      ))
    let again = try box.run(["export", "--format", "markdown", "--output", folder])
    #expect(again.stderr.contains("(0 files written"))
    _ = try box.run(["edit", "2", "--body", "new"])
    let changed = try box.run(["export", "--format", "markdown", "--output", folder])
    #expect(changed.stderr.contains("(1 file written"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == files)
  }

  @Test("markdown export needs a folder")
  func markdownNeedsFolder() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    #expect(try box.run(["export", "--format", "markdown"]).status == 64)
    try "x".write(toFile: box.root + "/file", atomically: true, encoding: .utf8)
    #expect(
      try box.run(["export", "--format", "markdown", "--output", box.root + "/file"]).status == 73)
  }

  static let clippings =
    "\u{FEFF}Dune (Frank Herbert)\r\n- Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nI must not fear.\r\n==========\r\n"
    + "Dune (Frank Herbert)\r\n- Your Note on Location 126 | Added on Sunday, January 1, 2023 10:05:00 AM\r\n\r\nWhy is fear the mind-killer?\r\n==========\r\n"
    + "Dune (Frank Herbert)\r\n- Your Bookmark on page 20 | Location 300 | Added on Monday, January 2, 2023 9:00:00 AM\r\n\r\n\r\n==========\r\n"
    + "吾輩は猫である (夏目漱石)\r\n- 位置No. 130のメモ |作成日: 2023年1月2日月曜日 21:30:00\r\n\r\nなぜ猫が語り手なのか？\r\n==========\r\n"

  @Test(
    "Kindle: books become posts, highlights become records (the body stays), questions from notes linked to their highlight; again adds nothing"
  )
  func kindle() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert", "--body", "My own notes."])
    let file = box.root + "/My Clippings.txt"
    try Self.clippings.write(toFile: file, atomically: true, encoding: .utf8)
    let first = try box.run(["import", file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout
        == "4 added, 0 updated, 0 unchanged: 2 books (1 new), 1 highlight, 0 notes, 2 questions; skipped 1 bookmark, 0 placeholders, 0 duplicates\n"
    )
    #expect(first.stderr == "")
    #expect(
      try box.rows("SELECT title, author, body FROM posts ORDER BY id") == [
        ["Dune", "Frank Herbert", "My own notes."],
        ["吾輩は猫である", "夏目漱石", "NULL"],
      ])
    #expect(
      try box.rows("SELECT post_id, text, page, location, source FROM highlights") == [
        ["1", "I must not fear.", "12", "123-125", "kindle"]
      ])
    #expect(
      try box.rows("SELECT post_id, text, created_at, highlight_id FROM questions ORDER BY id") == [
        ["1", "Why is fear the mind-killer?", "2023-01-01T10:05:00.000Z", "1"],
        ["2", "なぜ猫が語り手なのか？", "2023-01-02T21:30:00.000Z", "NULL"],
      ])
    let before = try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM highlights")
    let again = try box.run(["import", file, "--format", "kindle"])
    #expect(
      again.stdout
        == "0 added, 0 updated, 3 unchanged: 2 books (0 new), 0 highlights, 0 notes, 0 questions; skipped 1 bookmark, 0 placeholders, 3 duplicates\n"
    )
    #expect(try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM highlights") == before)
  }

  @Test(
    "Goodreads: rows become posts with ISBN, review and date; the favorites shelf; again adds nothing"
  )
  func goodreads() throws {
    let box = try Sandbox()
    let file = box.root + "/goodreads_library_export.csv"
    try #"""
    Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,My Review
    234225,Dune (Dune #1),Frank Herbert,"Herbert, Frank","=""0441013597""","=""9780441013593""",5,2023/02/01,2023/01/15,"favorites, classics",read,"Loved it.<br/>Spice!"
    77566,Hyperion,Dan Simmons,"Simmons, Dan","=""""","=""""",0,,2023/03/01,to-read,to-read,

    """#.write(toFile: file, atomically: true, encoding: .utf8)
    let first = try box.run(["import", file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "2 added, 0 updated, 0 unchanged\n")
    #expect(
      try box.rows("SELECT title, author, source, body, created_at FROM posts ORDER BY id") == [
        [
          "Dune (Dune #1)", "Frank Herbert", "9780441013593", "Loved it.\nSpice!",
          "2023-01-15T00:00:00.000Z",
        ],
        ["Hyperion", "Dan Simmons", "NULL", "NULL", "2023-03-01T00:00:00.000Z"],
      ])
    #expect(try box.rows("SELECT post_id FROM favorites") == [["1"]])
    #expect(try box.run(["import", file]).stdout == "0 added, 0 updated, 2 unchanged\n")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["2"]])
  }

  @Test(
    "Goodreads: two editions of one book (two Book Ids) are one post, counted as joined, with the earliest date and the first ISBN; the other ISBN is named"
  )
  func goodreadsEditions() throws {
    let box = try Sandbox()
    let file = box.root + "/editions.csv"
    try #"""
    Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,My Review
    5001,The Left Hand of Darkness,Ursula K. Le Guin,"Le Guin, Ursula K.","=""""","=""9780441478125""",4,,2020/06/01,,read,
    5002,The Left Hand of Darkness,Ursula K. Le Guin,"Le Guin, Ursula K.","=""""","=""9780575094734""",5,,2012/03/04,,read,Read it twice.
    5003,Solaris,Stanisław Lem,"Lem, Stanisław","=""""","=""""",0,,2019/01/01,,to-read,
    5004,Solaris,Stanisław Lem,"Lem, Stanisław","=""""","=""9780156027601""",0,,2021/01/01,,to-read,

    """#.write(toFile: file, atomically: true, encoding: .utf8)
    let json = try box.run(["import", file, "--summary-format", "jsonl", "--dry-run"])
    #expect(
      json.stdout
        == #"{"added":2,"updated":0,"unchanged":0,"deleted":0,"dry_run":true,"joined":2}"# + "\n")
    let first = try box.run(["import", file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout
        == "2 added, 0 updated, 0 unchanged, 2 joined to the post of the same book on an earlier row\n"
    )
    #expect(
      first.stderr
        == "memo: warning: \(file): Book Id 5002 (\"The Left Hand of Darkness\", ISBN 9780575094734) is another edition of a book on an earlier row: joined to its post, which keeps ISBN 9780441478125\n"
    )
    #expect(
      try box.rows("SELECT title, source, body, created_at FROM posts ORDER BY id") == [
        [
          "The Left Hand of Darkness", "9780441478125", "Read it twice.",
          "2012-03-04T00:00:00.000Z",
        ],
        ["Solaris", "9780156027601", "NULL", "2019-01-01T00:00:00.000Z"],
      ])
    let again = try box.run(["import", file])
    #expect(again.stdout == "0 added, 0 updated, 4 unchanged\n")
    #expect(again.stderr == "")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["2"]])
  }

  @Test("a malformed Goodreads row or Kindle entry exits 65 and writes nothing")
  func malformed() throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let csv = box.root + "/g.csv"
    try "Book Id,Title,Author,Date Added\n1,\"Dune,Frank Herbert,2023/01/15\n".write(
      toFile: csv, atomically: true, encoding: .utf8)
    let result = try box.run(["import", csv, "--format", "goodreads"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "memo: error: \(csv): line 2: a quoted field is not closed (a missing \"); nothing was imported\n"
    )
    let txt = box.root + "/c.txt"
    try "title,author\nDune,Frank Herbert\n".write(toFile: txt, atomically: true, encoding: .utf8)
    let notKindle = try box.run(["import", txt])
    #expect(notKindle.status == 65)
    #expect(
      notKindle.stderr
        == "memo: error: \(txt): line 1: not one Kindle clipping header (\"- Your Highlight on page 12 | Location 123-125 | Added on …\") could be read; is this a \"My Clippings.txt\"?; nothing was imported\n"
    )
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
  }

  @Test(
    "a CSV whose first row is no header memo knows (a Goodreads file without its header) exits 65 naming the headers memo reads and --format"
  )
  func headerless() throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let csv = box.root + "/library.csv"
    try #"""
    5001,The Left Hand of Darkness,Ursula K. Le Guin,"Le Guin, Ursula K.","=""""","=""9780441478125""",4,,2020/06/01,,read,
    5003,Solaris,Stanisław Lem,"Lem, Stanisław","=""""","=""""",0,,2019/01/01,,to-read,

    """#.write(toFile: csv, atomically: true, encoding: .utf8)
    let expected =
      "memo: error: \(csv): line 1: the first row (5001,The Left Hand of Darkness,Ursula K. Le Guin,…) is no header memo knows. A CSV memo imports starts with its header row: memo's own export (post_uuid,post_title,post_author,…), a Goodreads library export (Book Id,Title,Author,Author l-f,…) or a Readwise export (Highlight,Book Title,Book Author,…). Put the header row back at the top of the file, or name the file's format with --format (json, jsonl, kindle, koreader, kobo, apple-books); nothing was imported\n"
    for format in [[], ["--format", "csv"], ["--format", "goodreads"], ["--format", "readwise"]] {
      let result = try box.run(["import", csv] + format)
      #expect(result.status == 65, "\(format)")
      #expect(result.stderr == expected, "\(format)")
    }
    let other = box.root + "/books.csv"
    try "Title,Author,Year\nDune,Frank Herbert,1965\n".write(
      toFile: other, atomically: true, encoding: .utf8)
    let otherTool = try box.run(["import", other])
    #expect(otherTool.status == 65)
    #expect(
      otherTool.stderr.hasPrefix(
        "memo: error: \(other): line 1: the first row (Title,Author,Year) is no header memo knows.")
    )
    let empty = box.root + "/empty.csv"
    try "".write(toFile: empty, atomically: true, encoding: .utf8)
    let nothing = try box.run(["import", empty])
    #expect(nothing.status == 65)
    #expect(
      nothing.stderr.hasPrefix(
        "memo: error: \(empty): line 1: the file is empty. A CSV memo imports starts with its header row: memo's own export"
      ))
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
  }
}
