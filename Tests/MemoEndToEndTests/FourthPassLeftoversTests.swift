import Foundation
import MemoCore
import Testing

/// What the fourth hostile newcomer pass left open (issue 35), each as the user meets it.
@Suite("fourth pass leftovers: orphans, --strict, folders, page width, Kobo dates and notes")
struct FourthPassLeftoversTests {
  @Test(
    "a question and a highlight whose post was deleted behind memo's back are exported under a placeholder post, with a warning"
  )
  func orphansExported() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Emma")
    #expect(try box.run(["ask", "1", "Lost question?"]).status == 0)
    #expect(try box.run(["ask", "2", "Kept question?"]).status == 0)
    #expect(try box.run(["highlight", "add", "1", "Lost passage"]).status == 0)
    try box.execute("PRAGMA foreign_keys = OFF; DELETE FROM posts WHERE id = 1;")
    let warning =
      "memo: warning: 1 question and 1 highlight belong to post 1, which is not in the database (deleted outside memo); exported under \"Missing post 1\", so that importing the export keeps them. 'memo db check' lists the broken rows\n"
    for format in ["json", "jsonl", "csv"] {
      let out = box.root + "/e.\(format)"
      let export = try box.run(["export", "--format", format, "--output", out, "-q"])
      #expect(export.status == 0, "\(export.stderr)")
      #expect(export.stderr == warning, "\(format)")
      let text = try String(contentsOfFile: out, encoding: .utf8)
      for expected in ["Lost question?", "Lost passage", "Missing post 1", "Kept question?"] {
        #expect(text.contains(expected), "\(format): \(expected)")
      }
    }
    // The backup gives them back, on a post of their own.
    let restored = box.root + "/restored.db"
    let imported = try box.run(["--db", restored, "import", box.root + "/e.json", "-q"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      try box.rows(
        "SELECT p.title, q.text FROM questions q JOIN posts p ON p.id = q.post_id ORDER BY q.text",
        database: restored) == [["Emma", "Kept question?"], ["Missing post 1", "Lost question?"]])
    #expect(
      try box.rows(
        "SELECT p.title, h.text FROM highlights h JOIN posts p ON p.id = h.post_id",
        database: restored) == [["Missing post 1", "Lost passage"]])
    // A sound database: no warning, no placeholder.
    let sound = try Sandbox()
    _ = try sound.add("Dune")
    let clean = try sound.run(["export", "--output", sound.root + "/e.json", "-q"])
    #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
  }

  @Test(
    "--strict says what it refused and what to do, not the warning's \"imported without a date\"")
  func strictMessage() throws {
    let box = try Sandbox()
    let path = try ReaderDatabaseImportTests.kobo(
      in: box,
      extra: """
        INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text, DateCreated, Hidden, Type)
        VALUES ('k5', 'file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub', 'x',
          'The sleeper must awaken.', 'Sunday', 'false', 'highlight');
        """)
    let strict = try box.run(["import", path, "--strict"])
    #expect(strict.status == 65)
    #expect(
      strict.stderr
        == "memo: error: \(path): Bookmark k5: cannot read the date DateCreated \"Sunday\"; --strict refuses a file with anything memo cannot read (1 problem in all), so nothing was imported: fix the file, or import it without --strict to import the rest with each problem reported\n"
    )
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
  }

  @Test(
    "a folder no reader reads: the message names what each reader of folders looked for, and the folder below that one reads"
  )
  func folderMessage() throws {
    let box = try Sandbox()
    let documents = try ReaderDatabaseImportTests.appleBooks(in: box)
    let result = try box.run(["import", box.root])
    #expect(result.status == 66)
    for part in [
      "memo: error: found nothing to import in \(box.root): no KOReader sidecars (metadata.*.lua)",
      "no Kobo's KoboReader.sqlite (in it or in its .kobo folder)",
      "no Apple Books' AEAnnotation*.sqlite (in it or in its AEAnnotation folder)",
      "the folder holding AEAnnotation and BKLibrary",
      ". In it, \(documents) holds Apple Books files: memo import \(documents)\n",
    ] {
      #expect(result.stderr.contains(part), "\(part)")
    }
    #expect(try box.run(["import", documents, "-q"]).status == 0)
  }

  /// The characters of `text` but its spaces, line breaks and quote marks: the same whatever
  /// where its lines break (a word wider than a line, a UUID, breaks inside).
  static func words(_ text: String) -> String {
    text.filter { $0 != " " && $0 != "\n" && $0 != ">" }
  }

  @Test(
    "show, question show and highlight show break long text to the terminal's width, and keep every word; a pipe gets whole lines"
  )
  func pagesWrap() throws {
    let box = try Sandbox()
    let long = "A sentence that goes on and on about the spice, the desert and the Fremen"
    _ = try box.add(long, ["--body", long + "\n\n" + long])
    #expect(try box.run(["ask", "1", long + "?", "--category", "dune"]).status == 0)
    #expect(try box.run(["answer", "1", long]).status == 0)
    #expect(try box.run(["highlight", "add", "1", long, "--note", long]).status == 0)
    for command in [["show", "1"], ["question", "show", "1"], ["highlight", "show", "1"]] {
      let narrow = try box.run(
        ["--format", "table"] + command, environment: ["COLUMNS": "30"])
      #expect(narrow.status == 0, "\(narrow.stderr)")
      for line in narrow.stdout.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) <= 30, "\(command): '\(line)'")
      }
      let whole = try box.run(["--format", "table"] + command)
      #expect(whole.stdout.split(separator: "\n").contains { $0.count > 30 }, "\(command)")
      #expect(Self.words(narrow.stdout) == Self.words(whole.stdout), "\(command)")
    }
  }

  @Test(
    "a Kobo book whose dates are all unreadable is dated by the day the device last read it, else by the import with a warning; never silently today"
  )
  func koboBookDate() throws {
    let box = try Sandbox()
    let unreadable = "UPDATE Bookmark SET DateCreated = 'garbage', DateModified = NULL;"
    let read = try ReaderDatabaseImportTests.kobo(
      in: box,
      extra: unreadable + """
        ALTER TABLE content ADD COLUMN DateLastRead TEXT;
        UPDATE content SET DateLastRead = '2023-06-01T10:00:00Z' WHERE ContentType = '6';
        """)
    let imported = try box.run(["import", read])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try box.rows("SELECT created_at FROM posts") == [["2023-06-01T10:00:00.000Z"]])
    #expect(imported.stdout.hasSuffix("; 2 not fully read (see the warnings)\n"))
    let other = try Sandbox()
    let none = try ReaderDatabaseImportTests.kobo(in: other, extra: unreadable)
    let undated = try other.run(["import", none])
    #expect(undated.status == 0, "\(undated.stderr)")
    #expect(
      undated.stderr.hasSuffix(
        "memo: warning: book \"Dune\": no date of its highlights or of its last reading could be read; its post is dated by the import\n"
      ))
  }

  @Test(
    "two books merged into one post, the post deleted: a re-import counts one book deleted here")
  func mergedBookDeleted() throws {
    let box = try Sandbox()
    func clipping(_ book: String, _ location: String, _ text: String) -> String {
      "\(book)\n- Your Highlight on page 5 | Location \(location) | Added on Sunday, May 14, 2023 10:00:00 PM\n\n\(text)\n==========\n"
    }
    let file = box.root + "/clip.txt"
    try
      (clipping("Dune (Frank Herbert)", "100-101", "Fear.")
      + clipping("Dune Deluxe (F. Herbert)", "200-201", "Spice.")).write(
        toFile: file, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", file, "-q"]).status == 0)
    #expect(try box.run(["merge", "1", "2", "-q"]).status == 0)
    #expect(try box.run(["rm", "1", "--yes", "-q"]).status == 0)
    let again = try box.run(["import", file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasSuffix(", 2 duplicates, 1 book deleted here (kept deleted)\n"))
  }

  @Test(
    "a Kobo note without a passage that asks, edited on the device: the question takes the new text; switching between asking and not replaces, never keeps both"
  )
  func koboLooseQuestion() throws {
    let box = try Sandbox()
    let file = "/mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub!!OEBPS/ch1.xhtml"
    let path = try ReaderDatabaseImportTests.kobo(
      in: box,
      extra: """
        INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text, Annotation, DateCreated,
          Hidden, Type) VALUES ('k6', 'file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub',
          '\(file)', NULL, 'Why no text?', '2023-05-15T10:00:00Z', 'false', 'note');
        """)
    #expect(try box.run(["import", path, "-q"]).status == 0)
    let loose = "SELECT text FROM questions WHERE highlight_id IS NULL"
    #expect(try box.rows(loose) == [["Why no text?"]])
    func edit(_ note: String) throws -> RunResult {
      try box.execute(
        "UPDATE Bookmark SET Annotation = '\(note)' WHERE BookmarkID = 'k6'", database: path)
      return try box.run(["import", path])
    }
    let edited = try edit("Why no text, really?")
    #expect(edited.stdout.contains(", 1 changed on the device;"), "\(edited.stdout)")
    #expect(try box.rows(loose) == [["Why no text, really?"]])
    _ = try edit("No question now.")
    #expect(try box.rows(loose) == [])
    #expect(try box.rows("SELECT body FROM posts") == [["Note (Chapter One): No question now."]])
    _ = try edit("Asking again?")
    #expect(try box.rows(loose) == [["Asking again?"]])
    #expect(try box.rows("SELECT body FROM posts") == [["NULL"]])
    let same = try box.run(["import", path])
    #expect(same.stdout.hasPrefix("0 added, 0 updated,"), "\(same.stdout)")
  }
}
