import Foundation
import MemoStorage
import Testing

@Suite("importing a Kobo's and Apple Books' databases")
struct ReaderDatabaseImportTests {
  /// A Kobo database with one kepub: two highlights (one with a note), one deleted on the
  /// device, a page bookmark, and `extra` SQL.
  static func kobo(in box: Sandbox, extra: String = "") throws -> String {
    let path = box.root + "/KoboReader.sqlite"
    let book = "file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub"
    let file = "/mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub!!OEBPS/ch1.xhtml"
    let database = try Database(path: path)
    try database.executeScript(
      """
      CREATE TABLE content (ContentID TEXT NOT NULL PRIMARY KEY, ContentType TEXT NOT NULL,
        BookID TEXT, Title TEXT, Attribution TEXT, ChapterIDBookmarked TEXT, VolumeIndex INTEGER);
      CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL PRIMARY KEY, VolumeID TEXT NOT NULL,
        ContentID TEXT NOT NULL, StartContainerPath TEXT NOT NULL DEFAULT '',
        StartOffset INTEGER NOT NULL DEFAULT 0, Text TEXT, Annotation TEXT, DateCreated TEXT,
        ChapterProgress REAL NOT NULL DEFAULT 0, Hidden BOOL NOT NULL DEFAULT 0,
        DateModified TEXT, Type TEXT);
      INSERT INTO content VALUES
        ('\(book)', '6', NULL, 'Dune', 'Frank Herbert', NULL, -1),
        ('\(file)', '9', '\(book)', 'OEBPS/ch1.xhtml', NULL, NULL, 0),
        ('\(file)-1', '899', '\(book)', 'Chapter One', NULL, '\(file)', 0);
      INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, StartContainerPath, Text, Annotation,
        DateCreated, ChapterProgress, Hidden, Type) VALUES
        ('k1', '\(book)', '\(file)', 'span#kobo\\.2\\.1', 'Fear is the mind-killer.', 'The litany.',
          '2023-05-14T23:36:07.000', 0.25, 'false', 'note'),
        ('k2', '\(book)', '\(file)', 'span#kobo\\.9\\.1', 'Fear is the little-death.', 'Whose litany?',
          '2023-05-14 23:37:00.000', 0.5, 'false', 'note'),
        ('k3', '\(book)', '\(file)', 'span#kobo\\.5\\.1', 'Deleted on the device.', NULL,
          '2023-05-14T23:38:00Z', 0.3, 'true', 'highlight'),
        ('k4', '\(book)', '\(file)', 'span#kobo\\.7\\.1', NULL, NULL, '2023-05-14T23:39:00', 0.4,
          'false', 'dogear');
      \(extra)
      """)
    database.close()
    return path
  }

  /// Apple Books' Documents folder: one book, one highlight in the database file and one only
  /// in its `-wal` file.
  static func appleBooks(in box: Sandbox) throws -> String {
    let documents = box.root + "/Documents"
    for name in ["AEAnnotation", "BKLibrary"] {
      try FileManager.default.createDirectory(
        atPath: documents + "/" + name, withIntermediateDirectories: true)
    }
    let library = try Database(path: documents + "/BKLibrary/BKLibrary-1-0.sqlite")
    try library.executeScript(
      """
      CREATE TABLE ZBKLIBRARYASSET (Z_PK INTEGER PRIMARY KEY, ZASSETID VARCHAR, ZTITLE VARCHAR, ZAUTHOR VARCHAR);
      INSERT INTO ZBKLIBRARYASSET (ZASSETID, ZTITLE, ZAUTHOR) VALUES ('A1', 'Walden', 'Henry David Thoreau');
      """)
    library.close()
    let made = box.root + "/made.sqlite"
    let annotations = try Database(path: made)
    let insert = """
      INSERT INTO ZAEANNOTATION (ZANNOTATIONASSETID, ZANNOTATIONTYPE, ZANNOTATIONDELETED,
        ZANNOTATIONCREATIONDATE, ZANNOTATIONSELECTEDTEXT, ZANNOTATIONNOTE, ZANNOTATIONUUID,
        ZANNOTATIONLOCATION, ZFUTUREPROOFING5) VALUES
      """
    try annotations.executeScript(
      """
      CREATE TABLE ZAEANNOTATION (Z_PK INTEGER PRIMARY KEY, ZANNOTATIONASSETID VARCHAR,
        ZANNOTATIONTYPE INTEGER, ZANNOTATIONDELETED INTEGER, ZANNOTATIONCREATIONDATE TIMESTAMP,
        ZANNOTATIONMODIFICATIONDATE TIMESTAMP, ZANNOTATIONSELECTEDTEXT VARCHAR,
        ZANNOTATIONNOTE VARCHAR, ZANNOTATIONUUID VARCHAR, ZANNOTATIONLOCATION VARCHAR,
        ZFUTUREPROOFING5 VARCHAR);
      \(insert) ('A1', 2, 0, 657569570.5, 'I went to the woods because I wished to live deliberately.',
        'Why the woods?', 'U1', 'epubcfi(/6/8!/4/2/1:0)', 'Where I Lived');
      \(insert) ('A1', 2, 1, 657569571, 'Deleted in the app.', NULL, 'U2', NULL, NULL);
      \(insert) ('A1', 3, 0, 657569572, NULL, NULL, 'U3', 'epubcfi(/6/8!/4/2/1:0)', NULL);
      PRAGMA wal_checkpoint(TRUNCATE);
      PRAGMA wal_autocheckpoint = 0;
      \(insert) ('A1', 2, 0, 657569573, 'Simplify, simplify.', 'Only in the WAL.', 'U4',
        'epubcfi(/6/10!/4/6/1:0)', 'Economy');
      """)
    let target = documents + "/AEAnnotation/AEAnnotation_v1_local.sqlite"
    for suffix in ["", "-wal", "-shm"] {
      try FileManager.default.copyItem(atPath: made + suffix, toPath: target + suffix)
    }
    annotations.close()
    return documents
  }

  /// The folders memo made in TMPDIR (the sandbox's root) for its copies, if any were left.
  static func leftovers(_ box: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
      $0.hasPrefix("memo-import-")
    }
  }

  @Test("a Kobo database, told by its tables: highlights with notes and a question; again adds nothing")
  func kobo() throws {
    let box = try Sandbox()
    let path = try Self.kobo(in: box)
    let dry = try box.run(["import", path, "--dry-run"])
    #expect(dry.status == 0)
    #expect(dry.stdout.hasPrefix("would be: 4 added"))
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    let result = try box.run(["import", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "4 added, 0 updated, 0 unchanged: 1 book (1 new), 2 highlights, 1 note, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates, 1 deleted on the device\n"
    )
    #expect(result.stderr == "")
    #expect(
      try box.rows(
        "SELECT p.title, p.author, h.text, coalesce(h.note, '-'), h.chapter, h.highlighted_at, h.source FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.position"
      ) == [
        [
          "Dune", "Frank Herbert", "Fear is the mind-killer.", "The litany.", "Chapter One",
          "2023-05-14T23:36:07.000Z", "kobo",
        ],
        [
          "Dune", "Frank Herbert", "Fear is the little-death.", "-", "Chapter One",
          "2023-05-14T23:37:00.000Z", "kobo",
        ],
      ])
    #expect(
      try box.rows("SELECT q.text, q.highlight_id FROM questions q") == [["Whose litany?", "2"]])
    let again = try box.run(["import", path, "--summary-format", "jsonl"])
    #expect(again.status == 0)
    #expect(
      again.stdout
        == #"{"added":0,"updated":0,"unchanged":2,"deleted":0,"dry_run":false,"books":1,"new_books":0,"highlights":0,"notes":0,"questions":0,"replaced":0,"changed_on_device":0,"kept_edited":0,"skipped":{"bookmarks":1,"placeholders":0,"duplicates":2,"deleted_on_device":1,"books_deleted_here":0,"incomplete":0,"empty":0,"without_header":0},"unreadable":0}"#
        + "\n")
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["2"]])
    // The device's file was opened nowhere but in a copy, and the copies are gone.
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(try Self.leftovers(box) == [])
  }

  @Test("deleting a highlight and undoing it brings back what the file last gave it")
  func undoKeepsWhatTheFileGave() throws {
    let box = try Sandbox()
    let path = try Self.kobo(in: box)
    _ = try box.succeed(["import", path])
    let given = "SELECT highlight_id, text, coalesce(note, '-'), coalesce(held, '-') FROM highlight_imports ORDER BY 1"
    let before = try box.rows(given)
    #expect(before.count == 2)
    _ = try box.succeed(["highlight", "rm", "1", "--yes"])
    #expect(try box.rows(given) == [before[1]])
    _ = try box.succeed(["undo"])
    #expect(try box.rows(given) == before)
    // The entry counts the highlight, not the bookkeeping beside it.
    let log = try box.succeed(["log", "--format", "tsv"]).split(separator: "\n")
    #expect(log.count > 1 && log[1].hasSuffix("\ttrue\t1"), "\(log)")
  }

  @Test("a re-import takes what changed on the device, keeps what was edited here, empties nothing")
  func changedOnTheDevice() throws {
    let box = try Sandbox()
    let path = try Self.kobo(in: box)
    _ = try box.succeed(["import", path])
    // Here: the second highlight gets a note of the user's own.
    _ = try box.succeed(["highlight", "edit", "2", "--note", "Mine."])
    // On the device: the first's note edited and its passage extended, the second's note
    // changed (the user's note here wins), a third highlight's note now asks.
    let device = try Database(path: path)
    try device.executeScript(
      """
      UPDATE Bookmark SET Annotation = 'Edited on the device.',
        Text = 'Fear is the mind-killer. Fear is the little-death.' WHERE BookmarkID = 'k1';
      UPDATE Bookmark SET Annotation = 'Changed there.' WHERE BookmarkID = 'k2';
      """)
    device.close()
    let againRun = try box.run(["import", path])
    #expect(againRun.status == 0, "\(againRun.stderr)")
    #expect(againRun.stdout.hasPrefix("0 added, 1 updated, 1 unchanged"), "\(againRun.stdout)")
    #expect(againRun.stdout.contains("1 changed on the device"), "\(againRun.stdout)")
    // The second's change on the device lost to the note edited here: counted as kept, not
    // as a duplicate.
    #expect(
      againRun.stdout.contains(", 1 changed on the device, 1 kept as edited here; "),
      "\(againRun.stdout)")
    #expect(againRun.stdout.contains(" 0 duplicates"), "\(againRun.stdout)")
    #expect(
      try box.rows("SELECT text, coalesce(note, '-') FROM highlights ORDER BY id") == [
        ["Fear is the mind-killer. Fear is the little-death.", "Edited on the device."],
        ["Fear is the little-death.", "Mine."],
      ])
    // Once in, the same file again changes nothing: both are duplicates now (the device's
    // note was seen; only a newer one would be kept from the note here again).
    let same = try box.succeed(["import", path])
    #expect(same.hasPrefix("0 added, 0 updated, 2 unchanged"))
    #expect(!same.contains("kept"), "\(same)")
    // A note that now asks becomes a question; a note gone from the file stays here.
    let later = try Database(path: path)
    try later.executeScript(
      """
      UPDATE Bookmark SET Annotation = 'Why fear?' WHERE BookmarkID = 'k1';
      UPDATE Bookmark SET Annotation = NULL WHERE BookmarkID = 'k2';
      """)
    later.close()
    // The question is a record added (as a new highlight's is); the highlight is unchanged.
    let asked = try box.succeed(["import", path])
    #expect(asked.hasPrefix("1 added, 0 updated, 1 unchanged"), "\(asked)")
    #expect(asked.contains(" 1 question; skipped ") && asked.contains(" 1 duplicate,"), "\(asked)")
    #expect(
      try box.rows("SELECT text, coalesce(highlight_id, '-') FROM questions ORDER BY id") == [
        ["Whose litany?", "2"], ["Why fear?", "1"],
      ])
    #expect(
      try box.rows("SELECT coalesce(note, '-') FROM highlights ORDER BY id") == [
        ["Edited on the device."], ["Mine."],
      ])
    // A note taken off the device and written again later is taken then (it was kept here
    // meanwhile, and not mistaken for one edited here).
    let again = try Database(path: path)
    try again.executeScript("UPDATE Bookmark SET Annotation = NULL WHERE BookmarkID = 'k1'")
    again.close()
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 0 updated, 2 unchanged"))
    let rewritten = try Database(path: path)
    try rewritten.executeScript(
      "UPDATE Bookmark SET Annotation = 'Written again.' WHERE BookmarkID = 'k1'")
    rewritten.close()
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 1 updated, 1 unchanged"))
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["Written again."]])
    // Undo takes the device's changes back.
    _ = try box.succeed(["undo", "2"])
    #expect(try box.rows("SELECT text FROM questions ORDER BY id") == [["Whose litany?"]])
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["Edited on the device."]])
    // And the same file imported again brings them in again (undo put back what the file had
    // last given, so its note is a change on the device once more).
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 1 updated, 1 unchanged"))
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["Written again."]])
    _ = try box.succeed(["undo"])
    _ = try box.succeed(["redo"])
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["Written again."]])
    #expect(try box.succeed(["import", path]).hasPrefix("0 added, 0 updated, 2 unchanged"))
  }

  @Test("Kobo: an unreadable date is a warning with its place; --strict makes it an error")
  func koboDates() throws {
    let box = try Sandbox()
    let path = try Self.kobo(
      in: box,
      extra: """
        INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text, DateCreated, Hidden, Type)
        VALUES ('k5', 'file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub', 'x',
          'The sleeper must awaken.', 'Sunday', 'false', 'highlight');
        """)
    let strict = try box.run(["import", path, "--format", "kobo", "--strict"])
    #expect(strict.status == 65)
    #expect(
      strict.stderr.hasPrefix(
        "memo: error: \(path): Bookmark k5: cannot read the date DateCreated \"Sunday\"; --strict refuses a file"
      ))
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    let result = try box.run(["import", path])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "memo: warning: \(path): Bookmark k5: cannot read the date DateCreated \"Sunday\"; imported without a date\n"
    )
    #expect(result.stdout.hasSuffix("; 1 not fully read (see the warnings)\n"))
    #expect(
      try box.rows("SELECT highlighted_at FROM highlights WHERE text LIKE 'The sleeper%'") == [
        ["NULL"]
      ])
  }

  @Test("Apple Books: the folder, with an annotation only in the -wal file; deleted and empty rows skipped")
  func appleBooks() throws {
    let box = try Sandbox()
    let documents = try Self.appleBooks(in: box)
    let result = try box.run(["import", documents])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "4 added, 0 updated, 0 unchanged: 1 book (1 new), 2 highlights, 1 note, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates, 1 deleted on the device\n"
    )
    #expect(
      try box.rows(
        "SELECT p.title, p.author, h.text, coalesce(h.note, '-'), h.chapter, h.highlighted_at FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.position"
      ) == [
        [
          "Walden", "Henry David Thoreau",
          "I went to the woods because I wished to live deliberately.", "-", "Where I Lived",
          "2021-11-02T18:12:50.500Z",
        ],
        [
          "Walden", "Henry David Thoreau", "Simplify, simplify.", "Only in the WAL.", "Economy",
          "2021-11-02T18:12:53.000Z",
        ],
      ])
    #expect(try box.rows("SELECT text FROM questions") == [["Why the woods?"]])
    let file = documents + "/AEAnnotation/AEAnnotation_v1_local.sqlite"
    let again = try box.run(["import", file, "--format", "apple-books"])
    #expect(again.status == 0)
    #expect(again.stdout.hasPrefix("0 added, 0 updated, 2 unchanged"))
    #expect(try Self.leftovers(box) == [])
  }

  @Test("Apple Books: a -wal file cut short or not a WAL file is a warning naming it, not silence")
  func damagedWAL() throws {
    let box = try Sandbox()
    let documents = try Self.appleBooks(in: box)
    let wal = documents + "/AEAnnotation/AEAnnotation_v1_local.sqlite-wal"
    let whole = try Data(contentsOf: URL(fileURLWithPath: wal))
    #expect(whole.count >= 32 + 4096 + 24)
    // Cut inside its first frame: SQLite reads the database as if the -wal were empty.
    try whole.prefix(32 + 100).write(to: URL(fileURLWithPath: wal))
    let cut = try box.run(["import", documents, "--dry-run"])
    #expect(cut.status == 0, "\(cut.stderr)")
    #expect(cut.stderr.contains("AEAnnotation_v1_local.sqlite-wal: cut short inside a frame"))
    let strict = try box.run(["import", documents, "--strict"])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("cut short inside a frame"))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["0"]])
    // Bytes that are no WAL file at all.
    try Data(repeating: 0x5A, count: 5000).write(to: URL(fileURLWithPath: wal))
    let junk = try box.run(["import", documents, "--dry-run"])
    #expect(junk.status == 0)
    #expect(junk.stderr.contains("sqlite-wal: not a SQLite WAL file"))
    // The whole file: no warning.
    try whole.write(to: URL(fileURLWithPath: wal))
    let fine = try box.run(["import", documents])
    #expect(fine.status == 0)
    #expect(!fine.stderr.contains("wal"))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["2"]])
    #expect(try Self.leftovers(box) == [])
  }

  @Test("a malformed database exits 65 naming the file; a missing one 66; stdin is refused (64)")
  func badInput() throws {
    let box = try Sandbox()
    let text = box.root + "/KoboReader.sqlite"
    try "not a database".write(toFile: text, atomically: true, encoding: .utf8)
    for format in [["--format", "kobo"], ["--format", "apple-books"], []] {
      let result = try box.run(["import", text] + format)
      #expect(result.status == 65)
      #expect(result.stderr.hasPrefix("memo: error: \(text): not a SQLite database"))
    }
    let other = box.root + "/other.sqlite"
    let database = try Database(path: other)
    try database.execute(sql: "CREATE TABLE notes (a)")
    database.close()
    let kobo = try box.run(["import", other, "--format", "kobo"])
    #expect(kobo.status == 65)
    #expect(kobo.stderr.contains("\(other): not a Kobo database (no Bookmark table)"))
    #expect(try box.run(["import", other]).status == 65)
    let missing = try box.run(["import", box.root + "/none.sqlite"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("none.sqlite"))
    // A file name cannot drive the terminal through a message: its escape shows as ^[.
    let evil = try box.run(["import", box.root + "/evil\u{1B}]0;pwned\u{07}.sqlite"])
    #expect(evil.status == 66)
    #expect(evil.stderr.contains("evil^[]0;pwned^G.sqlite"))
    #expect(!evil.stderr.contains("\u{1B}"))
    let folder = try box.run(["import", box.root + "/nothing-here", "--format", "apple-books"])
    #expect(folder.status == 66)
    #expect(try box.run(["import", "-", "--format", "kobo"], input: "").status == 64)
    // A pipe is read once: without --format memo cannot look first (it used to, then called
    // the emptied stream "not a SQLite database"); with it, the pipe is imported.
    let piping = try Sandbox()
    let device = try Self.kobo(in: piping)
    let memo = Sandbox.binary
    let piped = try piping.shell("'\(memo)' import <(cat '\(device)')")
    #expect(piped.status == 64, "\(piped.stderr)")
    #expect(piped.stderr.contains("is a pipe or a device"), "\(piped.stderr)")
    #expect(piped.stderr.contains("pass --format"))
    let told = try piping.shell("'\(memo)' import <(cat '\(device)') --format kobo")
    #expect(told.status == 0, "\(told.stderr)")
    #expect(try piping.rows("SELECT count(*) FROM highlights") == [["2"]])
    #expect(try Self.leftovers(box) == [])
  }
}
