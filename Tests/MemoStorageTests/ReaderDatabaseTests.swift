import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// Small Kobo and Apple Books databases, made with SQL in a temporary folder: the tables and
/// columns the readers use, as the devices write them.
enum ReaderFixtures {
  static func folder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "memo-readers-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    return String(cString: made)
  }

  static let koboSchema = """
    CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL,
      MimeType TEXT NOT NULL DEFAULT '', BookID TEXT, BookTitle TEXT, Title TEXT COLLATE NOCASE,
      Attribution TEXT COLLATE NOCASE, ChapterIDBookmarked TEXT, VolumeIndex INTEGER,
      Depth INTEGER, PRIMARY KEY (ContentID));
    CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL,
      ContentID TEXT NOT NULL, StartContainerPath TEXT NOT NULL DEFAULT '',
      StartContainerChildIndex INTEGER NOT NULL DEFAULT -99, StartOffset INTEGER NOT NULL DEFAULT 0,
      Text TEXT, Annotation TEXT, DateCreated TEXT, ChapterProgress REAL NOT NULL DEFAULT 0,
      Hidden BOOL NOT NULL DEFAULT 0, DateModified TEXT, Type TEXT, PRIMARY KEY (BookmarkID));
    """

  static let dune = "file:///mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub"
  static let duneFile = "/mnt/onboard/Herbert/Dune - Frank Herbert.kepub.epub!!OEBPS/"
  static let kafka = "file:///mnt/onboard/Kafka/Der Process.epub"
  static let hyperion = "5b1f0000-aaaa-bbbb-cccc-000000000001"

  /// A kepub (chapters in the table of contents, rows of type 899), a plain EPUB (chapters as
  /// rows of type 9) and a store book, each date shape, a row deleted on the device, a page
  /// bookmark, a note without text, a question, an unreadable date, and a book the content
  /// table no longer has.
  static let koboRows = """
    INSERT INTO content (ContentID, ContentType, BookID, Title, Attribution, VolumeIndex) VALUES
      ('\(dune)', '6', NULL, 'Dune', 'Frank Herbert', -1),
      ('\(kafka)', '6', NULL, 'Der Process', 'Franz Kafka', -1),
      ('\(hyperion)', '6', NULL, ' Hyperion ', 'Dan Simmons', -1);
    INSERT INTO content (ContentID, ContentType, BookID, BookTitle, Title, ChapterIDBookmarked, VolumeIndex) VALUES
      ('\(duneFile)ch1.xhtml', '9', '\(dune)', 'Dune', 'OEBPS/ch1.xhtml', NULL, 0),
      ('\(duneFile)ch2.xhtml', '9', '\(dune)', 'Dune', 'OEBPS/ch2.xhtml', NULL, 1),
      ('\(duneFile)ch1.xhtml-1', '899', '\(dune)', 'Dune', 'Chapter One', '\(duneFile)ch1.xhtml', 0),
      ('\(duneFile)ch2.xhtml-2', '899', '\(dune)', 'Dune', 'A Section', NULL, 2),
      ('\(duneFile)ch2.xhtml-1', '899', '\(dune)', 'Dune', 'Chapter Two', NULL, 1),
      ('\(kafka)#(0)OEBPS/a.xhtml', '9', '\(kafka)', 'Der Process', 'Verhaftung ', NULL, 0),
      ('\(hyperion)!OEBPS!Text/p1.xhtml', '9', '\(hyperion)', 'Hyperion', 'Text/p1.xhtml', NULL, 3),
      ('\(hyperion)!OEBPS!Text/p1.xhtml-1', '899', '\(hyperion)', 'Hyperion', 'Prologue', '\(hyperion)!OEBPS!Text/p1.xhtml', 1);
    INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, StartContainerPath, StartOffset, Text,
      Annotation, DateCreated, ChapterProgress, Hidden, DateModified, Type) VALUES
      ('b1', '\(dune)', '\(duneFile)ch2.xhtml', 'span#kobo\\.40\\.1', 0, '  The spice must flow.
    \t', NULL, '2023-05-14T23:36:07', 0.5, 'false', '2023-05-14T23:36:07Z', 'highlight'),
      ('b2', '\(dune)', '\(duneFile)ch1.xhtml', 'span#kobo\\.12\\.1', 0, 'Fear is the mind-killer.',
        'The litany.', '2023-05-14T23:36:08Z', 0.2, 'false', NULL, 'note'),
      ('b3', '\(dune)', '\(duneFile)ch1.xhtml', 'span#kobo\\.3\\.1', 5, 'I must not fear.',
        'Why fear?', '2023-05-14T23:36:09.000', 0.2, 'false', NULL, 'note'),
      ('b4', '\(dune)', '\(duneFile)ch1.xhtml', 'span#kobo\\.5\\.1', 0, 'Deleted on the device.',
        NULL, '2023-05-14T23:36:10', 0.3, 'true', NULL, 'highlight'),
      ('b5', '\(dune)', '\(duneFile)ch1.xhtml', 'span#kobo\\.6\\.1', 0, NULL, NULL,
        '2023-05-14T23:36:11', 0.3, 'false', NULL, 'dogear'),
      ('b6', '\(dune)', '\(duneFile)ch2.xhtml', 'span#kobo\\.2\\.1', 0, NULL,
        'A thought on chapter two', '2023-05-14 23:36:12.000', 0.1, 'false', NULL, 'note'),
      ('b7', '\(dune)', '\(duneFile)ch2.xhtml', 'span#kobo\\.90\\.1', 0, 'A passage of unknown date.',
        NULL, '14/05/2023', 0.9, 'false', NULL, 'highlight'),
      ('b8', '\(kafka)', '\(kafka)#(0)OEBPS/a.xhtml', 'OEBPS/a.xhtml#point(/1/4/2/1:0)', 0,
        'Jemand mußte Josef K. verleumdet haben', NULL, '2023-05-15T08:00:00.123Z', 0.01, 'false', NULL, 'highlight'),
      ('b9', '\(hyperion)', '\(hyperion)!OEBPS!Text/p1.xhtml', 'span#kobo\\.1\\.1', 0, 'The Shrike.',
        '', '0000-00-00T00:00:00.000', 0.0, 'false', '2023-05-16T10:00:00Z', 'highlight'),
      ('b10', 'file:///mnt/onboard/Gone/Lost Book - Someone.kepub.epub', 'x', '', 0, 'Orphan.',
        NULL, '2023-05-17T10:00:00', 0, 'false', NULL, 'highlight');
    """

  /// Writes a Kobo database; returns its path.
  static func kobo(in folder: String, extra: String = "") throws -> String {
    let path = folder + "/KoboReader.sqlite"
    let database = try Database(path: path)
    try database.executeScript(koboSchema + koboRows + extra)
    database.close()
    return path
  }

  static let annotationSchema = """
    CREATE TABLE ZAEANNOTATION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
      ZANNOTATIONDELETED INTEGER, ZANNOTATIONISUNDERLINE INTEGER, ZANNOTATIONSTYLE INTEGER,
      ZANNOTATIONTYPE INTEGER, ZANNOTATIONCREATIONDATE TIMESTAMP,
      ZANNOTATIONMODIFICATIONDATE TIMESTAMP, ZANNOTATIONASSETID VARCHAR,
      ZANNOTATIONLOCATION VARCHAR, ZANNOTATIONNOTE VARCHAR, ZANNOTATIONSELECTEDTEXT VARCHAR,
      ZANNOTATIONUUID VARCHAR, ZFUTUREPROOFING5 VARCHAR);
    """

  static func annotation(
    _ pk: Int, type: Int = 2, deleted: Int = 0, created: String = "657569570.826642",
    asset: String = "A1", location: String? = nil, note: String? = nil, text: String?,
    uuid: String, chapter: String? = nil
  ) -> String {
    func sql(_ value: String?) -> String {
      value.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
    }
    return """
      INSERT INTO ZAEANNOTATION (Z_PK, ZANNOTATIONTYPE, ZANNOTATIONDELETED, ZANNOTATIONCREATIONDATE,
        ZANNOTATIONMODIFICATIONDATE, ZANNOTATIONASSETID, ZANNOTATIONLOCATION, ZANNOTATIONNOTE,
        ZANNOTATIONSELECTEDTEXT, ZANNOTATIONUUID, ZFUTUREPROOFING5)
      VALUES (\(pk), \(type), \(deleted), \(created), \(created), '\(asset)', \(sql(location)),
        \(sql(note)), \(sql(text)), '\(uuid)', \(sql(chapter)));
      """
  }

  /// Apple Books' two databases in `Documents/AEAnnotation` and `Documents/BKLibrary`, as the
  /// app leaves them: the last annotations only in the `-wal` file (written with automatic
  /// checkpoints off, copied before any checkpoint). Returns the Documents folder.
  static func appleBooks(in folder: String) throws -> String {
    let documents = folder + "/Documents"
    for name in ["AEAnnotation", "BKLibrary"] {
      try FileManager.default.createDirectory(
        atPath: documents + "/" + name, withIntermediateDirectories: true)
    }
    let library = try Database(path: documents + "/BKLibrary/BKLibrary-1-091020131601.sqlite")
    try library.executeScript(
      """
      CREATE TABLE ZBKLIBRARYASSET (Z_PK INTEGER PRIMARY KEY, ZASSETID VARCHAR, ZTITLE VARCHAR,
        ZAUTHOR VARCHAR, ZSORTTITLE VARCHAR);
      INSERT INTO ZBKLIBRARYASSET (ZASSETID, ZTITLE, ZAUTHOR) VALUES
        ('A1', 'The Art Spirit', 'Robert Henri'), ('A2', 'Walden', 'Henry David Thoreau');
      """)
    library.close()

    let made = folder + "/made.sqlite"
    let annotations = try Database(path: made)
    try annotations.executeScript(
      annotationSchema
        + annotation(
          1, location: "epubcfi(/6/18[c09]!/4/2/20/2/1,:0,:49)",
          text: "We are not here to do what has already been done.", uuid: "U1", chapter: "TEXT")
        + annotation(2, type: 3, text: nil, uuid: "U2")
        + annotation(3, deleted: 1, text: "Deleted in the app.", uuid: "U3")
        + annotation(
          4, location: "epubcfi(/6/10[c01]!/4/2/4,/1:0,/1:10)", note: "Is this so?",
          text: "The object of painting a picture", uuid: "U4", chapter: "LETTER")
        + "PRAGMA wal_checkpoint(TRUNCATE);")
    try annotations.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    try annotations.executeScript(
      annotation(
        5, created: "0", asset: "A2", location: "epubcfi(/6/4!/4/2/1:0)", note: "  ",
        text: "Only in the WAL.\n", uuid: "U5")
        + annotation(6, created: "'not a date'", asset: "A2", text: "Undated.", uuid: "U6")
    )
    let target = documents + "/AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite"
    for suffix in ["", "-wal", "-shm"] {
      try FileManager.default.copyItem(atPath: made + suffix, toPath: target + suffix)
    }
    annotations.close()
    return documents
  }
}

@Suite("reading Kobo and Apple Books databases")
struct ReaderDatabaseTests {
  func clippings(_ report: ReaderReport, _ title: String) -> [ExternalClipping] {
    report.books.first { $0.title == title }?.clippings ?? []
  }

  @Test(
    "Kobo: books, chapters, notes, reading order and dates; hidden rows and page bookmarks skipped")
  func kobo() throws {
    let folder = try ReaderFixtures.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try ReaderFixtures.kobo(in: folder)
    let report = try KoboReader.read(path, name: "KoboReader.sqlite")
    #expect(
      report.books.map { [$0.title, $0.author ?? "-"] } == [
        ["Der Process", "Franz Kafka"], ["Dune", "Frank Herbert"], ["Hyperion", "Dan Simmons"],
        ["Lost Book - Someone", "-"],
      ])
    let dune = clippings(report, "Dune")
    #expect(
      dune.map(\.text) == [
        "I must not fear.", "Fear is the mind-killer.", "A thought on chapter two",
        "The spice must flow.", "A passage of unknown date.",
      ])
    #expect(dune.map(\.kind) == [.highlight, .highlight, .note, .highlight, .highlight])
    #expect(dune.map(\.note) == ["Why fear?", "The litany.", nil, nil, nil])
    #expect(
      dune.map(\.chapter) == [
        "Chapter One", "Chapter One", "Chapter Two", "Chapter Two", "Chapter Two",
      ])
    #expect(
      dune.map { ($0.position ?? -1) * 1000 }.map { $0.rounded() } == [200, 200, 1100, 1500, 1900])
    #expect(
      dune.map { $0.addedAt?.rfc3339 ?? "-" } == [
        "2023-05-14T23:36:09.000Z", "2023-05-14T23:36:08.000Z", "2023-05-14T23:36:12.000Z",
        "2023-05-14T23:36:07.000Z", "-",
      ])
    #expect(dune[0].key == stableKey(["kobo", "b3"]))
    #expect(report.books[1].addedAt?.rfc3339 == "2023-05-14T23:36:07.000Z")
    let kafka = clippings(report, "Der Process")
    #expect(kafka.map(\.chapter) == ["Verhaftung"])
    #expect(kafka.map(\.position) == [0.01])
    #expect(kafka.map { $0.addedAt?.rfc3339 } == ["2023-05-15T08:00:00.123Z"])
    let hyperion = clippings(report, "Hyperion")
    #expect(hyperion.map(\.chapter) == ["Prologue"])
    #expect(hyperion.map(\.position) == [3])
    // Kobo's zeros are no date: the modification date stands in; an empty note is none.
    #expect(hyperion.map { $0.addedAt?.rfc3339 } == ["2023-05-16T10:00:00.000Z"])
    #expect(hyperion.map(\.note) == [nil])
    #expect(report.bookmarks == 1)
    #expect(report.deleted == 1)
    #expect(
      report.problems.map(\.description) == [
        "Bookmark b7: cannot read the date DateCreated \"14/05/2023\"; imported without a date",
        "book file:///mnt/onboard/Gone/Lost Book - Someone.kepub.epub: not in the content table (removed from the device?); titled \"Lost Book - Someone\" from its file name",
      ])
    // Nothing was left beside the database, and the copy is gone.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["KoboReader.sqlite"])
    // The device's folder, or its .kobo folder, names the same file.
    try FileManager.default.createDirectory(
      atPath: folder + "/device/.kobo", withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: path, toPath: folder + "/device/.kobo/KoboReader.sqlite")
    for named in [folder + "/device", folder + "/device/.kobo"] {
      #expect(try KoboReader.read(named, name: named) == report)
    }
  }

  @Test(
    "Kobo: imported as highlights, a note without text in the body, a question linked; again adds nothing"
  )
  func koboImport() throws {
    let folder = try ReaderFixtures.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try ReaderFixtures.kobo(in: folder)
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    guard
      case .transfer(.imported(let first)) = runner.run(
        .transfer(.importFile(ImportRequest(path: path, format: .kobo))))
    else {
      Issue.record(
        "the import failed: \(runner.run(.transfer(.importFile(ImportRequest(path: path, format: .kobo)))))"
      )
      return
    }
    #expect(
      first.description
        == "13 added, 0 updated, 0 unchanged: 4 books (4 new), 7 highlights, 2 notes, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates, 1 deleted on the device; 2 not fully read (see the warnings)"
    )
    #expect(first.warnings.count == 2)
    #expect(first.warnings[0].hasPrefix("\(path): Bookmark b7: cannot read the date"))
    #expect(
      try temp.rows(
        "SELECT p.title, h.text, coalesce(h.note, '-'), h.chapter, h.source FROM highlights h JOIN posts p ON p.id = h.post_id WHERE p.title = 'Dune' ORDER BY h.position, h.id"
      ) == [
        ["Dune", "I must not fear.", "-", "Chapter One", "kobo"],
        ["Dune", "Fear is the mind-killer.", "The litany.", "Chapter One", "kobo"],
        ["Dune", "The spice must flow.", "-", "Chapter Two", "kobo"],
        ["Dune", "A passage of unknown date.", "-", "Chapter Two", "kobo"],
      ])
    #expect(
      try temp.rows(
        "SELECT q.text, h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id") == [
          ["Why fear?", "I must not fear."]
        ])
    #expect(
      try temp.rows("SELECT body FROM posts WHERE title = 'Dune'") == [
        ["Note (Chapter Two): A thought on chapter two"]
      ])
    #expect(try temp.rows("SELECT count(*) FROM highlights WHERE text LIKE 'Deleted%'") == [["0"]])
    #expect(
      try temp.rows("SELECT highlighted_at FROM highlights WHERE text LIKE 'A passage%'") == [
        ["NULL"]
      ])
    let before = try temp.rows("SELECT * FROM highlights ORDER BY id")
    guard
      case .transfer(.imported(let second)) = runner.run(
        .transfer(.importFile(ImportRequest(path: path, format: .kobo))))
    else {
      Issue.record("the second import failed")
      return
    }
    #expect(second.added == 0 && second.updated == 0)
    #expect(second.clippings?.highlights == 0 && second.clippings?.questions == 0)
    #expect(try temp.rows("SELECT * FROM highlights ORDER BY id") == before)
    // --strict: the unreadable date is an error, and nothing is written.
    let strict = runner.run(
      .transfer(.importFile(ImportRequest(path: path, format: .kobo, isStrict: true))))
    guard case .failed(let error) = strict else {
      Issue.record("--strict imported: \(strict)")
      return
    }
    #expect(error.code == .badData)
    #expect(
      error.message.hasPrefix(
        "\(path): Bookmark b7: cannot read the date DateCreated \"14/05/2023\""))
  }

  @Test(
    "Apple Books: a row only in the -wal file is read; deleted rows and rows without text skipped")
  func appleBooks() throws {
    let folder = try ReaderFixtures.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let documents = try ReaderFixtures.appleBooks(in: folder)
    let file = documents + "/AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite"
    // The row is in the -wal file only: the main file alone does not have it.
    try FileManager.default.copyItem(atPath: file, toPath: folder + "/main-only.sqlite")
    let mainOnly = try Database(path: folder + "/main-only.sqlite")
    #expect(try mainOnly.int(sql: "SELECT count(*) FROM ZAEANNOTATION") == 4)
    mainOnly.close()

    let report = try AppleBooksReader.read(documents, name: documents)
    #expect(
      report.books.map { [$0.title, $0.author ?? "-"] } == [
        ["The Art Spirit", "Robert Henri"], ["Walden", "Henry David Thoreau"],
      ])
    let art = clippings(report, "The Art Spirit")
    #expect(
      art.map(\.text) == [
        "The object of painting a picture", "We are not here to do what has already been done.",
      ])
    #expect(art.map(\.note) == ["Is this so?", nil])
    #expect(art.map(\.chapter) == ["LETTER", "TEXT"])
    #expect(
      art.map { $0.addedAt?.rfc3339 } == ["2021-11-02T18:12:50.827Z", "2021-11-02T18:12:50.827Z"])
    #expect(
      art.map(\.key) == [stableKey(["apple-books", "U4"]), stableKey(["apple-books", "U1"])])
    #expect(art.allSatisfy { $0.position != nil })
    let walden = clippings(report, "Walden")
    #expect(walden.map(\.text) == ["Only in the WAL.", "Undated."])
    #expect(walden.map(\.note) == [nil, nil])
    #expect(walden.map { $0.addedAt?.rfc3339 } == ["2001-01-01T00:00:00.000Z", nil])
    #expect(report.bookmarks == 1)
    #expect(report.deleted == 1)
    #expect(
      report.problems.map(\.description) == [
        "ZAEANNOTATION row 6 (U6): cannot read the date ZANNOTATIONCREATIONDATE \"not a date\" (seconds since 2001-01-01); imported with the modification date if it reads",
        "ZAEANNOTATION row 6 (U6): cannot read the date ZANNOTATIONMODIFICATIONDATE \"not a date\" (seconds since 2001-01-01); imported without a date",
      ])
    // Either database, or the AEAnnotation folder, finds the other beside it.
    for named in [
      file, documents + "/BKLibrary/BKLibrary-1-091020131601.sqlite", documents + "/AEAnnotation",
    ] {
      #expect(try AppleBooksReader.read(named, name: named) == report)
    }
    // The app's files are as they were: nothing was opened in place.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: documents + "/AEAnnotation").sorted() == [
        "AEAnnotation_v10312011_1727_local.sqlite", "AEAnnotation_v10312011_1727_local.sqlite-shm",
        "AEAnnotation_v10312011_1727_local.sqlite-wal",
      ])
    #expect(try ReaderDetection.format(of: documents) == .appleBooks)
    #expect(try ReaderDetection.format(of: file) == .appleBooks)

    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let request = ImportRequest(path: documents, format: .appleBooks)
    guard case .transfer(.imported(let first)) = runner.run(.transfer(.importFile(request))) else {
      Issue.record("the import failed: \(runner.run(.transfer(.importFile(request))))")
      return
    }
    #expect(
      first.description
        == "7 added, 0 updated, 0 unchanged: 2 books (2 new), 4 highlights, 0 notes, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates, 1 deleted on the device; 1 not fully read (see the warnings)"
    )
    #expect(
      try temp.rows(
        "SELECT q.text, h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id")
        == [["Is this so?", "The object of painting a picture"]])
    #expect(try temp.rows("SELECT DISTINCT source FROM highlights") == [["apple-books"]])
    guard case .transfer(.imported(let second)) = runner.run(.transfer(.importFile(request))) else {
      Issue.record("the second import failed")
      return
    }
    #expect(second.added == 0 && second.updated == 0 && second.clippings?.duplicates == 4)
  }

  @Test(
    "a file that is not SQLite, lacks the tables or is cut short is refused (65); a missing one is 66"
  )
  func malformed() throws {
    let folder = try ReaderFixtures.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func code(_ path: String, _ format: ImportFormat) -> MemoError.Code? {
      do {
        _ =
          try format == .kobo
          ? KoboReader.read(path, name: path) : AppleBooksReader.read(path, name: path)
        return nil
      } catch let error as MemoError {
        #expect(error.message.contains(path), "\(error.message)")
        return error.code
      } catch {
        return nil
      }
    }
    try "not a database".write(toFile: folder + "/text.sqlite", atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: folder + "/empty.sqlite", contents: Data())
    let other = try Database(path: folder + "/other.sqlite")
    try other.execute(sql: "CREATE TABLE notes (a)")
    other.close()
    // A real database cut short: many pages, half of them gone.
    let big = try ReaderFixtures.kobo(
      in: folder,
      extra: (0..<400).map {
        "INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, Text) VALUES ('x\($0)', 'v', 'c', '\(String(repeating: "passage ", count: 60))');"
      }.joined())
    let bytes = try Data(contentsOf: URL(fileURLWithPath: big))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/cut.sqlite"))
    for format in [ImportFormat.kobo, .appleBooks] {
      for name in ["text.sqlite", "empty.sqlite", "other.sqlite", "cut.sqlite"] {
        #expect(code(folder + "/" + name, format) == .badData, "\(name) \(format)")
      }
      #expect(code(folder + "/missing.sqlite", format) == .noInput)
    }
    #expect(throws: MemoError.self) { try ReaderDetection.format(of: folder + "/other.sqlite") }
    #expect(try ReaderDetection.format(of: big) == .kobo)
    #expect(throws: MemoError.self) { try ReaderDetection.format(of: folder + "/missing.sqlite") }
  }
}
