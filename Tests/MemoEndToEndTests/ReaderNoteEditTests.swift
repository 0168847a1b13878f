import Foundation
import MemoStorage
import Testing

/// Notes edited on the device after an import (issue 35): the later text replaces the earlier
/// (a highlight's note, a question, a note in the body), unless it was edited here since.
@Suite("reader notes edited on the device, re-imported")
struct ReaderNoteEditTests {
  static func entry(_ kind: String, _ location: String, _ time: String, _ text: String)
    -> String
  {
    "Dune (Frank Herbert)\n- Your \(kind) on page 5 | Location \(location) | Added on Sunday, May 14, 2023 \(time) PM\n\n\(text)\n==========\n"
  }

  /// A highlight at 100-101 with a note at 101, then the highlight extended to 100-103.
  static let extended =
    entry("Highlight", "100-101", "10:00:00", "Fear is the mind-killer.")
    + entry("Note", "101", "10:00:00", "first note")
    + entry(
      "Highlight", "100-103", "10:05:00", "Fear is the mind-killer. Fear is the little-death.")
  static let noteEdited = entry("Note", "101", "10:06:00", "first note, edited on the Kindle")

  func write(_ text: String, in box: Sandbox) throws -> String {
    let file = box.root + "/clip.txt"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(
    "Kindle: a note edited after its highlight was extended replaces the earlier, in one file or two"
  )
  func noteEditedAfterExtension() throws {
    let box = try Sandbox()
    let once = try box.succeed(
      ["import", "--summary-format", "jsonl", try write(Self.extended + Self.noteEdited, in: box)])
    #expect(once.contains("\"notes\":1,") && once.contains("\"changed_on_device\":1,"), "\(once)")
    #expect(
      try box.rows("SELECT text, note FROM highlights") == [
        ["Fear is the mind-killer. Fear is the little-death.", "first note, edited on the Kindle"]
      ])
    let twice = try Sandbox()
    _ = try twice.succeed(["import", try write(Self.extended, in: twice)])
    let again = try twice.succeed(["import", try write(Self.extended + Self.noteEdited, in: twice)])
    #expect(again.hasPrefix("0 added, 1 updated, "), "\(again)")
    #expect(again.contains(", 1 changed on the device;"), "\(again)")
    #expect(try twice.rows("SELECT note FROM highlights") == [["first note, edited on the Kindle"]])
  }

  @Test("Kindle: a new device note within a highlight whose note was edited here is set aside")
  func newNoteOnNoteEditedHere() throws {
    let first =
      Self.entry("Highlight", "100-103", "10:00:00", "Fear is the mind-killer.")
      + Self.entry("Note", "103", "10:00:00", "device note")
    let another = Self.entry("Note", "102", "10:08:00", "another device note")
    let box = try Sandbox()
    _ = try box.succeed(["import", try write(first, in: box)])
    _ = try box.succeed(["highlight", "edit", "1", "--note", "MY OWN NOTE"])
    let kept = try box.succeed(["import", try write(first + another, in: box)])
    #expect(kept.hasPrefix("0 added, 0 updated, 3 unchanged"), "\(kept)")
    #expect(kept.contains(", 1 kept as edited here;"), "\(kept)")
    #expect(try box.rows("SELECT note FROM highlights") == [["MY OWN NOTE"]])
    // Not edited here (the device's own edit taken in between): the new note is added.
    let plain = try Sandbox()
    _ = try plain.succeed(["import", try write(first, in: plain)])
    let edited = Self.entry("Note", "103", "10:06:00", "device note v2")
    _ = try plain.succeed(["import", try write(first + edited, in: plain)])
    let added = try plain.succeed(["import", try write(first + edited + another, in: plain)])
    #expect(added.hasPrefix("1 added, 0 updated"), "\(added)")
    #expect(
      try plain.rows("SELECT note FROM highlights") == [["device note v2\n\nanother device note"]])
  }

  /// The Kobo database of `ReaderDatabaseImportTests`, with a note written without selected
  /// text.
  func kobo(_ box: Sandbox) throws -> String {
    try ReaderDatabaseImportTests.kobo(
      in: box,
      extra: """
        INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text, Annotation, DateCreated,
          Hidden, Type) VALUES ('k5',
          'file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub',
          '/mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub!!OEBPS/ch1.xhtml', NULL,
          'A note without text', '2023-05-14T23:40:00', 'false', 'note');
        """)
  }

  func device(_ path: String, _ sql: String) throws {
    let database = try Database(path: path)
    try database.executeScript(sql)
    database.close()
  }

  @Test("Kobo: a question edited on the device takes the new text")
  func koboQuestionEdited() throws {
    let box = try Sandbox()
    let path = try kobo(box)
    _ = try box.succeed(["import", path])
    try device(
      path, "UPDATE Bookmark SET Annotation = 'Whose litany, really?' WHERE BookmarkID = 'k2'")
    let again = try box.succeed(["import", path])
    #expect(again.hasPrefix("0 added, 1 updated, "), "\(again)")
    #expect(again.contains(", 1 changed on the device;"), "\(again)")
    #expect(try box.rows("SELECT text FROM questions") == [["Whose litany, really?"]])
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 0 updated, "))
  }

  @Test("Kobo: a note without text edited on the device replaces its paragraph; edited here, kept")
  func koboBodyNoteEdited() throws {
    let box = try Sandbox()
    let path = try kobo(box)
    _ = try box.succeed(["import", path])
    let body = try box.rows("SELECT body FROM posts")[0][0]
    #expect(body.hasSuffix("): A note without text"), "\(body)")
    try device(path, "UPDATE Bookmark SET Annotation = 'A note, edited' WHERE BookmarkID = 'k5'")
    let again = try box.succeed(["import", path])
    #expect(again.hasPrefix("0 added, 1 updated, "), "\(again)")
    #expect(again.contains(", 1 changed on the device;"), "\(again)")
    let expected = body.replacingOccurrences(of: "A note without text", with: "A note, edited")
    #expect(try box.rows("SELECT body FROM posts") == [[expected]])
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 0 updated, "))
    // Edited here since: the body stays as edited, the device's change counted as kept.
    _ = try box.succeed(["edit", "1", "--body", "-"], input: "My own words.")
    try device(path, "UPDATE Bookmark SET Annotation = 'Edited once more' WHERE BookmarkID = 'k5'")
    let kept = try box.succeed(["import", path])
    #expect(kept.hasPrefix("0 added, 0 updated, "), "\(kept)")
    #expect(kept.contains(", 1 kept as edited here;"), "\(kept)")
    #expect(try box.rows("SELECT body FROM posts") == [["My own words."]])
  }
}
