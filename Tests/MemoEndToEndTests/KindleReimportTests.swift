import Foundation
import Testing

/// A Kindle file imported again after changes here and on the device: an edit here is kept, a
/// book deleted here comes back only for a new clipping and with it, a file cut off imports no
/// torn passage, a note edited on the device replaces the one it was.
@Suite("Kindle re-import, end to end")
struct KindleReimportTests {
  static func entry(_ header: String, _ text: String) -> String {
    "Dune (Frank Herbert)\n\(header)\n\n\(text)\n==========\n"
  }

  /// Two highlights, a note on the first.
  static let clip =
    entry(
      "- Your Highlight on Location 140-141 | Added on Sunday, January 1, 2023 10:00:00 AM",
      "I must not fear.")
    + entry(
      "- Your Note on Location 141 | Added on Sunday, January 1, 2023 10:01:00 AM", "the litany")
    + entry(
      "- Your Highlight on Location 150-152 | Added on Sunday, January 1, 2023 10:02:00 AM",
      "Fear is the mind-killer.")

  /// The second highlight extended on the device.
  static let clip4 =
    clip
    + entry(
      "- Your Highlight on Location 150-153 | Added on Sunday, January 1, 2023 10:03:00 AM",
      "Fear is the mind-killer. Fear is the little-death.")

  /// The note edited on the device (Kindle appends it again and keeps the old one).
  static let clip5 =
    clip
    + entry(
      "- Your Note on Location 141 | Added on Sunday, January 1, 2023 10:04:00 AM",
      "the litany EDITED ON DEVICE")

  func write(_ text: String, _ name: String, in box: Sandbox) throws -> String {
    let file = box.root + "/" + name
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  func highlights(_ box: Sandbox) throws -> [[String]] {
    try box.rows("SELECT post_id, text, note, page, location FROM highlights ORDER BY id")
  }

  @Test(
    "a passage edited here is kept when the device extends it: counted as kept as edited here",
    arguments: [
      ["--text", "Fear is the mind killer [sic]"], ["--location", "999", "--page", "50"],
    ])
  func editedHereKept(_ edit: [String]) throws {
    let box = try Sandbox()
    let clip = try write(Self.clip, "clip.txt", in: box)
    let clip4 = try write(Self.clip4, "clip4.txt", in: box)
    #expect(try box.run(["import", clip]).status == 0)
    let edited = try box.run(["highlight", "edit", "2"] + edit)
    #expect(edited.status == 0, "\(edited.stderr)")
    let before = try highlights(box)
    let again = try box.run(["import", clip4])
    #expect(again.status == 0)
    #expect(again.stderr == "")
    #expect(
      again.stdout
        == "0 added, 0 updated, 3 unchanged: 1 book (0 new), 0 highlights, 0 notes, 0 questions, 1 kept as edited here; skipped 0 bookmarks, 0 placeholders, 3 duplicates\n"
    )
    #expect(try highlights(box) == before)
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["2"]])
    // Not edited: the longer passage takes its place, as before.
    let plain = try Sandbox()
    #expect(try plain.run(["import", clip]).status == 0)
    let replaced = try plain.run(["import", clip4])
    #expect(replaced.stdout.hasPrefix("0 added, 1 updated, 2 unchanged"))
    #expect(replaced.stdout.contains("1 replaced by a longer highlight"))
    #expect(
      try highlights(plain) == [
        ["1", "I must not fear.", "the litany", "NULL", "140-141"],
        ["1", "Fear is the mind-killer. Fear is the little-death.", "NULL", "NULL", "150-153"],
      ])
  }

  @Test(
    "a book deleted here comes back for a new clipping, with it; a plain re-import keeps it deleted"
  )
  func deletedBookBack() throws {
    let box = try Sandbox()
    let clip = try write(Self.clip, "clip.txt", in: box)
    let clip4 = try write(Self.clip4, "clip4.txt", in: box)
    #expect(try box.run(["import", clip]).status == 0)
    #expect(try box.run(["rm", "1", "--yes"]).status == 0)
    let plain = try box.run(["import", clip])
    #expect(plain.stdout.contains("1 book deleted here (kept deleted)"))
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    let back = try box.run(["import", clip4])
    #expect(back.status == 0)
    #expect(back.stderr == "")
    #expect(
      back.stdout
        == "2 added, 0 updated, 2 unchanged: 1 book (1 new), 1 highlight, 0 notes, 0 questions; skipped 0 bookmarks, 0 placeholders, 3 duplicates\n"
    )
    #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "Frank Herbert"]])
    #expect(
      try highlights(box) == [
        ["1", "Fear is the mind-killer. Fear is the little-death.", "NULL", "NULL", "150-153"]
      ])
    // Again: nothing more.
    let again = try box.run(["import", clip4])
    #expect(again.stdout.hasPrefix("0 added, 0 updated"))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
  }

  @Test(
    "a file cut off inside a clipping: with --strict exit 65 naming the line; without, the clipping skipped with a warning, never torn",
    arguments: ["Fear is the m", "- Your Highlight on Loc"])
  func truncated(_ cutAfter: String) throws {
    let box = try Sandbox()
    let end = try #require(Self.clip.range(of: cutAfter, options: .backwards)).upperBound
    let file = try write(String(Self.clip[..<end]), "tr.txt", in: box)
    let strict = try box.run(["import", file, "--strict"])
    #expect(strict.status == 65)
    #expect(
      strict.stderr.contains(
        "\(file): line 11: the file ends inside the clipping of \"Dune (Frank Herbert)\""))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["0"]])
    let warned = try box.run(["import", file])
    #expect(warned.status == 0)
    #expect(
      warned.stderr
        == "memo: warning: \(file): line 11: the file ends inside the clipping of \"Dune (Frank Herbert)\" (no closing \"==========\" line; was the file cut off?); the clipping was skipped\n"
    )
    #expect(
      warned.stdout
        == "3 added, 0 updated, 0 unchanged: 1 book (1 new), 1 highlight, 1 note, 0 questions; skipped 0 bookmarks, 0 placeholders, 0 duplicates, 1 incomplete (the file ends inside it)\n"
    )
    let json = try box.run(["import", file, "--summary-format", "jsonl"])
    #expect(json.stdout.contains(#""books_deleted_here":0,"incomplete":1,"empty":0,"#))
    #expect(try highlights(box) == [["1", "I must not fear.", "the litany", "NULL", "140-141"]])
    // The whole file later: the passage comes in whole, once.
    let full = try write(Self.clip, "clip.txt", in: box)
    #expect(try box.run(["import", full]).status == 0)
    #expect(
      try highlights(box) == [
        ["1", "I must not fear.", "the litany", "NULL", "140-141"],
        ["1", "Fear is the mind-killer.", "NULL", "NULL", "150-152"],
      ])
  }

  @Test("a note edited on the device replaces the one imported; edited here, it is kept")
  func noteEditedOnDevice() throws {
    let box = try Sandbox()
    let clip = try write(Self.clip, "clip.txt", in: box)
    let clip5 = try write(Self.clip5, "clip5.txt", in: box)
    #expect(try box.run(["import", clip]).status == 0)
    let changed = try box.run(["import", clip5])
    #expect(changed.status == 0)
    #expect(
      changed.stdout
        == "0 added, 1 updated, 2 unchanged: 1 book (0 new), 0 highlights, 0 notes, 0 questions, 1 changed on the device; skipped 0 bookmarks, 0 placeholders, 3 duplicates\n"
    )
    #expect(
      try box.rows("SELECT note FROM highlights WHERE id = 1") == [["the litany EDITED ON DEVICE"]])

    let edited = try Sandbox()
    let clipE = try write(Self.clip, "clip.txt", in: edited)
    let clip5E = try write(Self.clip5, "clip5.txt", in: edited)
    #expect(try edited.run(["import", clipE]).status == 0)
    #expect(try edited.run(["highlight", "edit", "1", "--note", "mine"]).status == 0)
    let kept = try edited.run(["import", clip5E])
    #expect(kept.stdout.contains("1 kept as edited here"))
    #expect(try edited.rows("SELECT note FROM highlights WHERE id = 1") == [["mine"]])

    // Both in a file never imported: the note as edited last.
    let fresh = try Sandbox()
    let clip5F = try write(Self.clip5, "clip5.txt", in: fresh)
    let first = try fresh.run(["import", clip5F])
    #expect(first.stdout.contains("1 book (1 new), 2 highlights, 1 note"))
    #expect(
      try fresh.rows("SELECT note FROM highlights WHERE id = 1") == [
        ["the litany EDITED ON DEVICE"]
      ])
  }

  @Test(
    "a note edited on the device and back, its first form before its highlight: a re-import reports no change"
  )
  func noteEditedBackReimported() throws {
    let box = try Sandbox()
    let file = try write(
      Self.entry("- Your Note on Location 80 | Added on Sunday, January 1, 2023 9:59:00 AM", "v1")
        + Self.entry(
          "- Your Highlight on Location 79-80 | Added on Sunday, January 1, 2023 10:00:00 AM",
          "The passage.")
        + Self.entry(
          "- Your Note on Location 80 | Added on Sunday, January 1, 2023 10:01:00 AM", "v2")
        + Self.entry(
          "- Your Note on Location 80 | Added on Sunday, January 1, 2023 10:02:00 AM", "v1"),
      "clip.txt", in: box)
    let first = try box.run(["import", file])
    #expect(first.status == 0)
    // Each clipping in one bucket: the highlight, its note, the note's change (v2), and the note
    // back to v1, which the highlight holds already.
    #expect(
      first.stdout
        == "3 added, 0 updated, 1 unchanged: 1 book (1 new), 1 highlight, 1 note, 0 questions, 1 changed on the device; skipped 0 bookmarks, 0 placeholders, 1 duplicate\n"
    )
    for _ in 0..<2 {
      let again = try box.run(["import", "--summary-format", "jsonl", file])
      #expect(again.status == 0)
      #expect(again.stdout.contains("\"updated\":0,"))
      #expect(again.stdout.contains("\"changed_on_device\":0,"))
      #expect(again.stdout.contains("\"duplicates\":4,"))
    }
    #expect(
      try highlights(box).map { Array($0.dropFirst()) } == [
        ["The passage.", "v1", "NULL", "79-80"]
      ])
  }
}
