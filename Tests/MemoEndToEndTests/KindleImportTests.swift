import Foundation
import Testing

/// The Kindle fixtures of MemoCoreTests (one "My Clippings.txt" per language and firmware).
enum KindleFiles {
  static let folder: String = {
    let tests = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent()
    return tests.path + "/MemoCoreTests/Fixtures/Kindle/"
  }()

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
  }
}

@Suite("Kindle import, end to end")
struct KindleImportTests {
  @Test("there is a fixture for every language table")
  func fixturesPresent() {
    #expect(KindleFiles.names.count >= 20)
  }

  @Test(
    "each language: two books with their authors, highlights with their places and the note at its highlight, no placeholder, one question linked to its highlight, dated by the earliest clipping; again changes nothing",
    arguments: KindleFiles.names)
  func language(_ name: String) throws {
    let box = try Sandbox()
    let file = KindleFiles.folder + name + ".txt"
    let first = try box.run(["import", file, "--format", "kindle"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "")
    #expect(
      first.stdout
        == "7 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 1 note, 1 question, 1 replaced by a longer highlight; skipped 1 bookmark, 1 placeholder, 1 duplicate\n"
    )
    let posts = try box.rows("SELECT title, author, body, created_at FROM posts ORDER BY id")
    try #require(posts.count == 2)
    #expect(posts.map { $0[3] } == ["2023-01-01T22:05:00.000Z", "2022-12-31T23:59:00.000Z"])
    // Nothing in the bodies: every clipping is a record.
    #expect(posts.map { $0[2] } == ["NULL", "NULL"])
    let highlights = try box.rows(
      "SELECT post_id, page, location, position, source, note IS NOT NULL, instr(text, '<') FROM highlights ORDER BY id"
    )
    #expect(
      highlights == [
        ["1", "12", "123-125", "123.0", "kindle", "0", "0"],
        ["1", "NULL", "130-134", "130.0", "kindle", "0", "0"],
        ["2", "5", "40-42", "40.0", "kindle", "1", "0"],
      ])
    let questions = try box.rows("SELECT post_id, created_at, highlight_id FROM questions")
    #expect(questions == [["1", "2023-01-02T09:15:00.000Z", "1"]])
    let before =
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM questions")
      + box.rows("SELECT * FROM highlights")
    let again = try box.run(["import", file, "--format", "kindle"])
    #expect(
      again.stdout
        == "0 added, 0 updated, 5 unchanged: 2 books (0 new), 0 highlights, 0 notes, 0 questions; skipped 1 bookmark, 1 placeholder, 7 duplicates\n"
    )
    #expect(
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM questions")
        + box.rows("SELECT * FROM highlights") == before)
  }

  static func entry(_ header: String, _ text: String, title: String = "Dune (Frank Herbert)")
    -> String
  {
    "\(title)\r\n\(header)\r\n\r\n\(text)\r\n==========\r\n"
  }

  static let unreadable =
    entry(
      "- Your Highlight on Location 10-12 | Added on Sunday, January 1, 2023 10:00:00 AM", "Good.")
    + entry(
      "- Your Highlight on Location 20-22 | Added on Blursday, the 40th of Smarch", "No date.")

  @Test(
    "an unreadable date: a warning with its line on stderr, counted; the clipping imported without a time"
  )
  func unreadableWarns() throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let file = box.root + "/My Clippings.txt"
    try Self.unreadable.write(toFile: file, atomically: true, encoding: .utf8)
    let dry = try box.run(["import", file, "--dry-run"])
    #expect(dry.status == 0)
    let warning =
      "memo: warning: \(file): line 7: cannot read the date in \"- Your Highlight on Location 20-22 | Added on Blursday, the 40th of Smarch\"; imported without a time\n"
    #expect(dry.stderr == warning)
    #expect(dry.stdout.hasPrefix("would be: 3 added"))
    #expect(dry.stdout.hasSuffix("; 1 not fully read (see the warnings)\n"))
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
    let real = try box.run(["import", file])
    #expect(real.status == 0)
    #expect(real.stderr == warning)
    #expect(
      try box.rows("SELECT body, created_at FROM posts WHERE title = 'Dune'") == [
        ["NULL", "2023-01-01T10:00:00.000Z"]
      ])
    #expect(
      try box.rows("SELECT text, location, highlighted_at FROM highlights ORDER BY id") == [
        ["Good.", "10-12", "2023-01-01T10:00:00.000Z"], ["No date.", "20-22", "NULL"],
      ])
  }

  @Test(
    "a header part memo cannot read is a warning; with --strict --dry-run an error (65) naming the line"
  )
  func unreadPart() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try
      (Self.entry(
        "- Your Highlight on page 3 | Location 10-12 | Added on Sunday, January 1, 2023 10:00:00 AM",
        "Good.")
      + Self.entry(
        "- Your Highlight on page 4 | Lokation 33-34 | Added on Sunday, January 1, 2023 10:01:00 AM",
        "Garbage part.")).write(toFile: file, atomically: true, encoding: .utf8)
    let strict = try box.run(["import", file, "--strict", "--dry-run"])
    #expect(strict.status == 65)
    #expect(
      strict.stderr
        == "memo: error: \(file): line 7: cannot read \"Lokation 33-34\" in \"- Your Highlight on page 4 | Lokation 33-34 | Added on Sunday, January 1, 2023 10:01:00 AM\"; --strict refuses a file with anything memo cannot read (1 problem in all), so nothing was imported: fix the file, or import it without --strict to import the rest with each problem reported\n"
    )
    let plain = try box.run(["import", file])
    #expect(plain.status == 0)
    #expect(plain.stdout.hasSuffix("; 1 not fully read (see the warnings)\n"))
    #expect(
      plain.stderr
        == "memo: warning: \(file): line 7: cannot read \"Lokation 33-34\" in \"- Your Highlight on page 4 | Lokation 33-34 | Added on Sunday, January 1, 2023 10:01:00 AM\"; imported without it\n"
    )
    #expect(
      try box.rows("SELECT text, page, location FROM highlights ORDER BY id") == [
        ["Good.", "3", "10-12"], ["Garbage part.", "4", "NULL"],
      ])
  }

  @Test("a passage holding a line of ten equals signs is imported whole, nothing skipped")
  func separatorLineInPassage() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try
      (Self.entry(
        "- Your Highlight on Location 10-12 | Added on Sunday, January 1, 2023 10:00:00 AM",
        "A passage with\r\n==========\r\ninside it and more.")
      + Self.entry(
        "- Your Highlight on Location 20-22 | Added on Sunday, January 1, 2023 10:01:00 AM",
        "Second.")).write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file, "--strict"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "3 added, 0 updated, 0 unchanged: 1 book (1 new), 2 highlights, 0 notes, 0 questions; skipped 0 bookmarks, 0 placeholders, 0 duplicates\n"
    )
    #expect(
      try box.rows("SELECT text FROM highlights ORDER BY id") == [
        ["A passage with\n==========\ninside it and more."], ["Second."],
      ])
  }

  @Test("--strict: an unreadable date is an error (65) naming the line; nothing is written")
  func strict() throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let file = box.root + "/My Clippings.txt"
    try Self.unreadable.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file, "--strict"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "memo: error: \(file): line 7: cannot read the date in \"- Your Highlight on Location 20-22 | Added on Blursday, the 40th of Smarch\"; --strict refuses a file with anything memo cannot read (1 problem in all), so nothing was imported: fix the file, or import it without --strict to import the rest with each problem reported\n"
    )
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
    let clean = box.root + "/clean.txt"
    try Self.entry(
      "- Your Highlight on Location 10-12 | Added on Sunday, January 1, 2023 10:00:00 AM", "Good."
    ).write(toFile: clean, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", clean, "--strict"]).status == 0)
    let usage = try box.run(["import", box.root + "/x.jsonl", "--strict"])
    #expect(usage.status == 64)
    #expect(
      usage.stderr
        == "memo: error: --strict applies to Kindle, KOReader, Readwise, Kobo and Apple Books files only; drop it or pass --format kindle, koreader, readwise, kobo or apple-books\n"
    )
    // A .json may be KOReader's: the file decides.
    _ = try box.succeed(["export", "--output", box.root + "/x.json"])
    let backup = try box.run(["import", box.root + "/x.json", "--strict"])
    #expect(backup.status == 64)
    #expect(
      backup.stderr
        == "memo: error: --strict applies to Kindle, KOReader, Readwise, Kobo and Apple Books files only, and \(box.root)/x.json is json; drop --strict\n"
    )
  }

  @Test(
    "--json: the summary with books, highlights, notes, questions, skipped, pretty like every JSON memo prints"
  )
  func json() throws {
    let box = try Sandbox()
    let result = try box.run(["import", KindleFiles.folder + "de.txt", "--json"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == """
        {
          "added": 7,
          "updated": 0,
          "unchanged": 0,
          "deleted": 0,
          "dry_run": false,
          "books": 2,
          "new_books": 2,
          "highlights": 3,
          "notes": 1,
          "questions": 1,
          "replaced": 1,
          "changed_on_device": 0,
          "kept_edited": 0,
          "skipped": {
            "bookmarks": 1,
            "placeholders": 1,
            "duplicates": 1,
            "deleted_on_device": 0,
            "books_deleted_here": 0,
            "incomplete": 0,
            "empty": 0,
            "without_header": 0
          },
          "unreadable": 0
        }

        """)
  }

  @Test(
    "a highlight extended after an earlier import replaces the shorter one in place (its note and star stay); again changes nothing"
  )
  func extendedAcrossImports() throws {
    let box = try Sandbox()
    let short = Self.entry(
      "- Your Highlight on page 3 | Location 40-41 | Added on Monday, 2 January 2023 08:00:00",
      "Fear is")
    let long = Self.entry(
      "- Your Highlight on page 3 | Location 40-44 | Added on Monday, 2 January 2023 08:01:00",
      "Fear is the mind-killer.")
    let file = box.root + "/My Clippings.txt"
    try
      (short
      + Self.entry(
        "- Your Note on page 3 | Location 41 | Added on Monday, 2 January 2023 08:02:00", "Mine."))
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", file]).status == 0)
    _ = try box.succeed(["highlight", "star", "1"])
    try (short + long).write(toFile: file, atomically: true, encoding: .utf8)
    let second = try box.run(["import", file])
    #expect(
      second.stdout
        == "0 added, 1 updated, 0 unchanged: 1 book (0 new), 0 highlights, 0 notes, 0 questions, 1 replaced by a longer highlight; skipped 0 bookmarks, 0 placeholders, 1 duplicate\n"
    )
    let row = [["1", "Fear is the mind-killer.", "Mine.", "3", "40-44", "40.0", "1"]]
    let query = "SELECT id, text, note, page, location, position, starred FROM highlights"
    #expect(try box.rows(query) == row)
    #expect(try box.rows("SELECT body FROM posts") == [["NULL"]])
    let third = try box.run(["import", file])
    #expect(third.stdout.hasPrefix("0 added, 0 updated, 1 unchanged"))
    #expect(try box.rows(query) == row)
  }

  @Test(
    "a Kindle file given as json, jsonl or csv is refused (65), naming what it is and --format kindle; nothing is written",
    arguments: ["json", "jsonl", "csv"])
  func clippingsAsOtherFormat(_ format: String) throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let file = KindleFiles.folder + "pt-br.txt"
    let result = try box.run(["import", file, "--format", format])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "memo: error: \(file) is a Kindle \"My Clippings.txt\" file, not memo's \(format); import it with --format kindle. Nothing was imported\n"
    )
    #expect(result.stdout == "")
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
    // From stdin, where the whole text is read first, the same.
    if format != "jsonl" {
      let piped = try box.shell(
        "cat '\(file)' | '\(Sandbox.binary)' import - --format \(format)")
      #expect(piped.status == 65)
      #expect(
        piped.stderr.contains("stdin is a Kindle \"My Clippings.txt\" file, not memo's \(format)"))
    }
  }
}
