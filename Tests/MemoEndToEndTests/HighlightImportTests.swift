import Foundation
import Testing

@Suite("importing highlights as records")
struct HighlightImportTests {
  static func entry(_ header: String, _ text: String) -> String {
    KindleImportTests.entry(header, text)
  }

  static let highlight = entry(
    "- Your Highlight on page 3 | Location 40-44 | Added on Monday, 2 January 2023 08:00:00",
    "Fear is the mind-killer.")
  static let other = entry(
    "- Your Highlight on page 3 | Location 40-44 | Added on Monday, 2 January 2023 08:05:00",
    "Fear is the little-death.")
  static let note = entry(
    "- Your Note on page 3 | Location 44 | Added on Monday, 2 January 2023 08:01:00", "The litany.")
  static let question = entry(
    "- Your Note on page 3 | Location 44 | Added on Monday, 2 January 2023 08:02:00",
    "Whose litany؟")

  @Test("a note at a highlight's place is its note, whichever comes first in the file; a question links to it")
  func noteJoinsHighlight() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try (Self.note + Self.highlight + Self.question).write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "4 added, 0 updated, 0 unchanged: 1 book (1 new), 1 highlight, 1 note, 1 question; skipped 0 bookmarks, 0 placeholders, 0 duplicates\n"
    )
    #expect(
      try box.rows("SELECT id, text, note, highlighted_at FROM highlights") == [
        ["1", "Fear is the mind-killer.", "The litany.", "2023-01-02T08:00:00.000Z"]
      ])
    #expect(try box.rows("SELECT text, highlight_id FROM questions") == [["Whose litany؟", "1"]])
    #expect(try box.rows("SELECT body FROM posts") == [["NULL"]])
  }

  @Test("a backup restored elsewhere: re-importing the reader's file there adds nothing (its import keys stayed behind; the highlights' source keys travel)")
  func reimportAfterRestore() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    let loose = Self.entry(
      "- Your Note on page 9 | Location 900 | Added on Monday, 2 January 2023 09:00:00",
      "A note far from any highlight.")
    try (Self.highlight + Self.note + Self.question + loose + Self.other).write(
      toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    _ = try box.succeed(["export", "--output", box.root + "/backup.json"])
    let fresh = ["--db", box.root + "/fresh.db"]
    _ = try box.succeed(["import", box.root + "/backup.json"] + fresh)
    let contents = { (db: String) throws -> [[String]] in
      try box.rows("SELECT text, coalesce(note, '') FROM highlights ORDER BY text", database: db)
        + box.rows("SELECT text FROM questions ORDER BY text", database: db)
        + box.rows("SELECT coalesce(body, '') FROM posts", database: db)
    }
    let restored = try contents(box.root + "/fresh.db")
    #expect(restored == (try contents(box.defaultDatabase)))
    let again = try box.run(["import", file] + fresh)
    #expect(again.status == 0)
    #expect(again.stdout.hasPrefix("0 added, 0 updated, "), "\(again.stdout)")
    #expect(try contents(box.root + "/fresh.db") == restored)
  }

  @Test("a file that is not UTF-8 names the line of its first bad byte (65), whatever the format", arguments: ["My Clippings.txt", "readwise.csv", "backup.csv"])
  func notUTF8(name: String) throws {
    let box = try Sandbox()
    let file = box.root + "/" + name
    var bytes = Array((name.hasSuffix(".txt") ? Self.highlight : "Highlight,Book Title\nA,B\nC,D\n").utf8)
    bytes += [0x41, 0xFF, 0x0A]
    #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
    let lines = bytes.filter { $0 == 0x0A }.count
    let result = try box.run(["import", file] + (name == "backup.csv" ? ["--format", "csv"] : []))
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "memo: error: \(file): line \(lines): the file is not UTF-8 text; nothing was imported\n")
  }

  @Test("re-importing never overwrites a note edited since; two highlights at one place both stay")
  func reimportKeepsEdits() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try (Self.highlight + Self.note).write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    _ = try box.succeed(["highlight", "edit", "1", "--note", "Mine now."])
    _ = try box.succeed(["edit", "1", "--title", "Dune (my copy)"])
    try (Self.highlight + Self.note + Self.other).write(
      toFile: file, atomically: true, encoding: .utf8)
    let again = try box.run(["import", file])
    // The book is found by its highlights though its title was edited; the title stays.
    #expect(again.stdout.hasPrefix("1 added, 0 updated, 2 unchanged"))
    #expect(try box.rows("SELECT id, title FROM posts") == [["1", "Dune (my copy)"]])
    #expect(
      try box.rows("SELECT id, post_id, text, note FROM highlights ORDER BY id") == [
        ["1", "1", "Fear is the mind-killer.", "Mine now."],
        ["2", "1", "Fear is the little-death.", "NULL"],
      ])
    #expect(try box.rows("SELECT count(*) FROM highlights WHERE location = '40-44'") == [["2"]])
  }

  @Test("--dry-run writes nothing; undo takes an import's highlights out and redo brings them back")
  func dryRunAndUndo() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try (Self.highlight + Self.other + Self.note).write(
      toFile: file, atomically: true, encoding: .utf8)
    let dry = try box.run(["import", file, "--dry-run"])
    #expect(dry.status == 0)
    #expect(dry.stdout.hasPrefix("would be: 4 added"))
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    _ = try box.succeed(["import", file])
    let rows = try box.rows("SELECT * FROM highlights ORDER BY id")
    #expect(rows.count == 2)
    #expect(try box.rows("SELECT count(*) FROM changes WHERE kind = 'highlight'") == [["2"]])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["0"]])
    _ = try box.succeed(["redo"])
    #expect(try box.rows("SELECT * FROM highlights ORDER BY id") == rows)
  }

  @Test("undo of an import whose note became a question (Readwise, KOReader) takes it all out; redo puts it back")
  func undoImportWithQuestion() throws {
    let box = try Sandbox()
    let file = box.root + "/readwise.csv"
    try """
      Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at
      "Fear is the mind-killer.",Dune,Frank Herbert,,".h1 Why is fear a killer?",yellow,,location,140,2023-05-14 21:36:07+00:00

      """.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    let tables = "SELECT (SELECT count(*) FROM posts), (SELECT count(*) FROM highlights), (SELECT count(*) FROM questions), (SELECT count(*) FROM highlight_imports)"
    #expect(try box.rows(tables) == [["1", "1", "1", "1"]])
    let questions = try box.rows("SELECT text, highlight_id FROM questions")
    #expect(questions == [["Why is fear a killer?", "1"]])
    let undo = try box.run(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try box.rows(tables) == [["0", "0", "0", "0"]])
    _ = try box.succeed(["redo"])
    #expect(try box.rows(tables) == [["1", "1", "1", "1"]])
    #expect(try box.rows("SELECT text, highlight_id FROM questions") == questions)
    // The same file again adds nothing: what it gave was noted again by the redo.
    let again = try box.succeed(["import", file])
    #expect(again.hasPrefix("0 added"))
  }

  @Test("a book deleted here stays deleted when the same file is imported again; a new clipping of it brings it back")
  func deletedBookStaysDeleted() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try Self.highlight.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
    _ = try box.succeed(["rm", "1", "--yes"])
    let again = try box.succeed(["import", file])
    #expect(again.hasPrefix("0 added, 0 updated, 1 unchanged"), "\(again)")
    #expect(again.contains("1 duplicate, 1 book deleted here (kept deleted)"), "\(again)")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    try (Self.highlight + Self.other).write(toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
  }
}
