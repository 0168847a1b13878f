import Foundation
import Testing

/// A Kindle note is its book, its place and its text: the same short note written at many
/// places (`Es`, `1%`, `Professores`) is many notes, two notes on one page are two notes (and two
/// on two highlights ending at one location), a note
/// sits on the highlight that ends at its location, and one edited on the device replaces the
/// earlier. Fixture: Fixtures/KindleNotes/pt-br-notas.txt (a pt-BR Kindle, three books, 40
/// clippings; see the README beside it).
@Suite("Kindle notes, end to end")
struct KindleNotesTests {
  static let file: String = {
    let tests = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent()
    return tests.path + "/MemoCoreTests/Fixtures/KindleNotes/pt-br-notas.txt"
  }()

  /// The clippings in the fixture: every entry closed by a `==========` line.
  static var clippingCount: Int {
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    return text.components(separatedBy: "==========").count - 1
  }

  @Test(
    "every note kept, on the highlight that ends at its place; the edited note replaces the earlier; nothing counted unchanged"
  )
  func everyNoteKept() throws {
    let box = try Sandbox()
    let first = try box.run(["import", Self.file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr == "")
    #expect(
      first.stdout
        == "38 added, 0 updated, 0 unchanged: 3 books (3 new), 16 highlights, 19 notes, 0 questions, 1 changed on the device; skipped 1 bookmark, 1 placeholder, 2 duplicates\n"
    )
    let notes = try box.rows(
      "SELECT p.title, coalesce(h.page, ''), coalesce(h.location, ''), h.note FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.id"
    )
    let investidor = "O Investidor Inteligente"
    #expect(
      notes == [
        [investidor, "20", "300-302", "Professores"],
        [investidor, "", "331-332", "Juros Compostos"],
        [investidor, "", "332-335", "Professores"],
        [investidor, "", "400-401", "Es"],
        [investidor, "", "410-411", "Es"],
        [investidor, "", "420-421", "1%"],
        [investidor, "", "430-431", "1%"],
        [investidor, "", "440-441", "Es"],
        [investidor, "", "450-451", "Professores"],
        [investidor, "", "460-461", "Professores"],
        [investidor, "", "470-471", "Es"],
        [investidor, "", "480-482", "Rever com calma"],
        [investidor, "", "490-492", "Professores"],
        [investidor, "", "492", "Professores"],
        ["Dom Casmurro", "52", "", "Es\n\nCapitu"],
        ["Sapiens: Uma breve história da humanidade", "", "100-101", "Es"],
      ])
    // The notes at no highlight's place: in the body, each with its place.
    #expect(
      try box.rows("SELECT title, coalesce(body, '') FROM posts ORDER BY id") == [
        [investidor, ""], ["Dom Casmurro", "Note (p. 53): Es\n\nNote (loc. 700): Professores"],
        ["Sapiens: Uma breve história da humanidade", ""],
      ])
  }

  @Test(
    "every clipping in exactly one bucket: the buckets add up to the clippings in the file, the first time and again"
  )
  func bucketsAddUp() throws {
    let box = try Sandbox()
    for round in 0..<2 {
      let result = try box.run(["import", Self.file, "--json"])
      #expect(result.status == 0, "\(result.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let skipped = try #require(object["skipped"] as? [String: Int])
      #expect(Self.buckets(object) == Self.clippingCount, "round \(round + 1): \(result.stdout)")
      #expect(Self.clippingCount == 40)
      if round == 0 {
        #expect(object["unchanged"] as? Int == 0, "nothing was here before")
      } else {
        // Again: nothing added, nothing changed.
        #expect(object["added"] as? Int == 0)
        #expect(object["updated"] as? Int == 0)
        #expect(skipped["duplicates"] == 38)
      }
    }
  }

  /// What `import --json` did with each clipping, added up: what came in, what changed, what
  /// was skipped (and why).
  static func buckets(_ object: [String: Any]) -> Int {
    var total = 0
    for key in ["highlights", "notes", "questions", "replaced", "changed_on_device", "kept_edited"]
    {
      total += object[key] as? Int ?? 0
    }
    return total + ((object["skipped"] as? [String: Int]) ?? [:]).values.reduce(0, +)
  }

  @Test(
    "what is skipped is counted with its reason: an empty highlight, an entry without a header, the German placeholder, a bookmark, a clipping cut off"
  )
  func skippedCounted() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    let title = "Souverän investieren (Kommer, Gerd)"
    let text =
      "\(title)\r\n- Ihre Markierung auf Seite 178 | Position 4136-4137 | Hinzugefügt am Mittwoch, 26. Januar 2022 22:18:38\r\n\r\nDie Kosten zählen.\r\n==========\r\n"
      + "\(title)\r\n- Ihre Markierung bei Position 4140-4141 | Hinzugefügt am Mittwoch, 26. Januar 2022 22:19:00\r\n\r\n\r\n==========\r\n"
      + "\(title)\r\nkein Kopf, nur Text\r\n==========\r\n"
      + "\(title)\r\n- Ihre Markierung bei Position 4200-4300 | Hinzugefügt am Mittwoch, 26. Januar 2022 22:20:00\r\n\r\n<Sie haben die maximale Anzahl an Clipboard-Einträgen für diesen Inhalt erreicht>\r\n==========\r\n"
      + "\(title)\r\n- Ihr Lesezeichen bei Position 4301 | Hinzugefügt am Mittwoch, 26. Januar 2022 22:21:00\r\n\r\n\r\n==========\r\n"
      + "\(title)\r\n- Ihre Markierung bei Position 4400-4401 | Hinzugefügt am Mittwoch, 26. Januar 2022 22:22:00\r\n\r\nAbgeschnit"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let plain = try box.run(["import", file, "--dry-run"])
    #expect(plain.status == 0)
    #expect(
      plain.stdout
        == "would be: 2 added, 0 updated, 0 unchanged: 1 book (1 new), 1 highlight, 0 notes, 0 questions; skipped 1 bookmark, 1 placeholder, 0 duplicates, 1 incomplete (the file ends inside it), 1 empty, 1 without a header\n"
    )
    let result = try box.run(["import", file, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Self.buckets(object) == 6, "\(result.stdout)")
    // The entry without a header is in its bucket only, not also "not fully read".
    #expect(object["unreadable"] as? Int == 0)
    #expect(
      object["skipped"] as? [String: Int] == [
        "bookmarks": 1, "placeholders": 1, "duplicates": 0, "deleted_on_device": 0,
        "books_deleted_here": 0, "incomplete": 1, "empty": 1, "without_header": 1,
      ])
    #expect(try box.rows("SELECT text FROM highlights") == [["Die Kosten zählen."]])
  }

  @Test("importing the file again adds nothing and changes no row")
  func reimportAddsNothing() throws {
    let box = try Sandbox()
    #expect(try box.run(["import", Self.file]).status == 0)
    let before =
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM highlights")
      + box.rows("SELECT * FROM questions")
    let again = try box.run(["import", Self.file])
    #expect(again.status == 0)
    #expect(
      again.stdout
        == "0 added, 0 updated, 35 unchanged: 3 books (0 new), 0 highlights, 0 notes, 0 questions; skipped 1 bookmark, 1 placeholder, 38 duplicates\n"
    )
    #expect(
      try box.rows("SELECT * FROM posts") + box.rows("SELECT * FROM highlights")
        + box.rows("SELECT * FROM questions") == before)
  }

  @Test(
    "a book spelled two ways in one file is one post: counted once, and new on an empty database")
  func bookSpelledTwoWays() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    func entry(_ title: String, _ location: String, _ text: String) -> String {
      "\(title)\r\n- Your Highlight on Location \(location) | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\n\(text)\r\n==========\r\n"
    }
    try
      (entry("Dune (Herbert, Frank)", "10-12", "I must not fear.")
      + entry("Dune (Frank Herbert)", "20-22", "Fear is the mind-killer.")
      + entry("Emma (Jane Austen)", "30-32", "Handsome, clever, and rich."))
      .write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "5 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 0 notes, 0 questions; skipped 0 bookmarks, 0 placeholders, 0 duplicates\n"
    )
    #expect(
      try box.rows("SELECT title, author FROM posts ORDER BY id") == [
        ["Dune", "Herbert, Frank"], ["Emma", "Jane Austen"],
      ])
  }

  @Test(
    "two notes on one page without locations: each on the highlight written just before it in the file, and again on a re-import"
  )
  func twoNotesOnOnePage() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    func entry(_ kind: String, _ time: String, _ text: String) -> String {
      "Page Book (Y)\r\n- Your \(kind) on page 7 | Added on Sunday, January 1, 2023 \(time) AM\r\n\r\n\(text)\r\n==========\r\n"
    }
    try
      ("\u{FEFF}" + entry("Highlight", "10:00:00", "first on page seven")
      + entry("Note", "10:00:05", "note A") + entry("Highlight", "10:01:00", "second on page seven")
      + entry("Note", "10:01:05", "note B"))
      .write(toFile: file, atomically: true, encoding: .utf8)
    let expected = [["first on page seven", "note A"], ["second on page seven", "note B"]]
    let first = try box.run(["import", file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      try box.rows("SELECT text, coalesce(note, '') FROM highlights ORDER BY id") == expected)
    let shown = try box.run(["highlight", "show", "1"])
    #expect(shown.stdout.contains("note A") && !shown.stdout.contains("note B"), "\(shown.stdout)")
    let again = try box.run(["import", file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix("0 added, 0 updated, "), "\(again.stdout)")
    #expect(
      try box.rows("SELECT text, coalesce(note, '') FROM highlights ORDER BY id") == expected)
    #expect(try box.rows("SELECT coalesce(body, '') FROM posts") == [[""]])
  }

  @Test(
    "a note edited on the device into or within a question: the question's text replaced, a plain note become a question loses the old note (and back); counted changed on the device"
  )
  func editedQuestion() throws {
    let box = try Sandbox()
    func entry(_ kind: String, _ at: String, _ time: String, _ text: String) -> String {
      "Q Book (Y)\r\n- Your \(kind) on Location \(at) | Added on Sunday, January 1, 2023 \(time) AM\r\n\r\n\(text)\r\n==========\r\n"
    }
    let before =
      entry("Highlight", "10-11", "10:00:00", "the first passage")
      + entry("Note", "11", "10:00:05", "Why is this?")
      + entry("Highlight", "20-21", "10:01:00", "the second passage")
      + entry("Note", "21", "10:01:05", "plain")
      + entry("Highlight", "30-31", "10:02:00", "the third passage")
      + entry("Note", "31", "10:02:05", "Is it?")
    let after =
      before + entry("Note", "11", "10:05:00", "Why is this so?")
      + entry("Note", "21", "10:06:00", "now a question?")
      + entry("Note", "31", "10:07:00", "It is.")
    let first = box.root + "/first.txt"
    let second = box.root + "/second.txt"
    try before.write(toFile: first, atomically: true, encoding: .utf8)
    try after.write(toFile: second, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", first]).status == 0)
    let changed = try box.run(["import", second])
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stdout.hasPrefix("0 added, 3 updated, "), "\(changed.stdout)")
    #expect(changed.stdout.contains("3 changed on the device"), "\(changed.stdout)")
    let questions = "SELECT text, coalesce(highlight_id, '') FROM questions ORDER BY text"
    let notes = "SELECT id, coalesce(note, '') FROM highlights ORDER BY id"
    let expected = [["Why is this so?", "1"], ["now a question?", "2"]]
    #expect(try box.rows(questions) == expected)
    #expect(try box.rows(notes) == [["1", ""], ["2", ""], ["3", "It is."]])
    let again = try box.run(["import", second])
    #expect(again.stdout.hasPrefix("0 added, 0 updated, "), "\(again.stdout)")
    #expect(try box.rows(questions) == expected)
  }

  @Test(
    "a note edited on the device back to an earlier text: the last text is the highlight's note, in one import of the file and over an import of the file before"
  )
  func noteEditedBack() throws {
    let box = try Sandbox()
    func entry(_ kind: String, _ at: String, _ time: String, _ text: String) -> String {
      "Back Book (Z)\r\n- \(kind) Loc. \(at)  | Added on Saturday, June 02, 2018, \(time) PM\r\n\r\n\(text)\r\n==========\r\n"
    }
    let before =
      entry("Highlight", "40-41", "04:50", "a passage of forty lines")
      + entry("Note", "41", "04:51", "first thought")
      + entry("Note", "41", "04:51", "second thought")
    let after = before + entry("Note", "41", "04:52", "first thought")
    let first = box.root + "/before.txt"
    let second = box.root + "/after.txt"
    try before.write(toFile: first, atomically: true, encoding: .utf8)
    try after.write(toFile: second, atomically: true, encoding: .utf8)
    let notes = "SELECT text, coalesce(note, '') FROM highlights ORDER BY id"
    let expected = [["a passage of forty lines", "first thought"]]
    // The whole file at once.
    let whole = try box.run(["import", second, "--db", box.root + "/whole.db"])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.contains("2 changed on the device"), "\(whole.stdout)")
    #expect(try box.rows(notes, database: box.root + "/whole.db") == expected)
    // The file before, then the file after: the note edited back since replaces the one here.
    #expect(try box.run(["import", first]).status == 0)
    #expect(try box.rows(notes) == [["a passage of forty lines", "second thought"]])
    let changed = try box.run(["import", second])
    #expect(changed.status == 0, "\(changed.stderr)")
    #expect(changed.stdout.hasPrefix("0 added, 1 updated, "), "\(changed.stdout)")
    #expect(try box.rows(notes) == expected)
    let again = try box.run(["import", second])
    #expect(again.stdout.hasPrefix("0 added, 0 updated, "), "\(again.stdout)")
    #expect(try box.rows(notes) == expected)
  }

  @Test(
    "a note the Kindle wrote just before its highlight (the same second): on that highlight, not on an earlier one holding its place"
  )
  func noteBeforeItsHighlight() throws {
    let box = try Sandbox()
    func entry(_ kind: String, _ at: String, _ time: String, _ text: String) -> String {
      "Order Book (W)\r\n- Your \(kind) on Location \(at) | Added on Tuesday, February 20, 2024 \(time) PM\r\n\r\n\(text)\r\n==========\r\n"
    }
    let file = box.root + "/My Clippings.txt"
    try
      (entry("Highlight", "70-73", "6:30:00", "the later passage")
      + entry("Note", "73", "6:30:05", "X")
      + entry("Note", "70", "6:40:10", "Y")
      + entry("Highlight", "66-70", "6:40:10", "the earlier passage"))
      .write(toFile: file, atomically: true, encoding: .utf8)
    let notes = "SELECT text, coalesce(note, '') FROM highlights ORDER BY text"
    let expected = [["the earlier passage", "Y"], ["the later passage", "X"]]
    let first = try box.run(["import", file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try box.rows(notes) == expected)
    let again = try box.run(["import", file])
    #expect(again.stdout.hasPrefix("0 added, 0 updated, "), "\(again.stdout)")
    #expect(try box.rows(notes) == expected)
  }
}
