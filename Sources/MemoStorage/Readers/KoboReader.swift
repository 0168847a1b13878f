import MemoCore

/// Reads the highlights of a Kobo's `KoboReader.sqlite` (in the device's `.kobo` folder), from
/// a copy: the `Bookmark` table holds each highlight (`Text`), its note (`Annotation`), where
/// it is (`ContentID`, `ChapterProgress`, `StartContainerPath`) and when it was made
/// (`DateCreated`, UTC without a zone mark); the `content` table names the book (the row of
/// type 6 whose `ContentID` is the bookmark's `VolumeID`) and its chapters (rows of type 899,
/// the table of contents of a kepub or store book, whose `ChapterIDBookmarked` or `ContentID`
/// less its `-N` is the bookmark's `ContentID`; rows of type 9, a plain EPUB's chapters, by
/// `ContentID` itself).
///
/// Rows deleted on the device (`Hidden = 'true'`) and page bookmarks (`dogear`, or no text and
/// no note) are skipped and counted. A note made without highlighted text becomes a note on
/// the book (appended to its body) or, when it asks something, a question. Each highlight is
/// keyed by its `BookmarkID`, so importing the database again adds nothing.
enum KoboReader {
  /// The database a path names: the file itself, or `KoboReader.sqlite` in the folder or in
  /// its `.kobo` folder (the device's root). Nil for a folder without one.
  static func locate(_ path: String) -> String? {
    switch ReaderFiles.kind(of: path) {
    case .missing: return nil
    case .file: return path
    case .folder:
      for candidate in ["KoboReader.sqlite", ".kobo/KoboReader.sqlite"] {
        let full = ReaderFiles.join(path, candidate)
        if ReaderFiles.kind(of: full) == .file { return full }
      }
      return nil
    }
  }

  /// - Throws: `MemoError` 66 when there is no such file, 65 when it is not a Kobo database.
  static func read(_ path: String, name: String) throws -> ReaderReport {
    if ReaderFiles.kind(of: path) == .folder && locate(path) == nil {
      let hint =
        AppleBooksReader.isAppleBooksFolder(path)
        ? "it holds Apple Books' databases: pass --format apple-books"
        : "give the file from the device's .kobo folder (or the device's folder)"
      throw MemoError(
        code: .noInput, message: "\(name) is a folder without KoboReader.sqlite; \(hint)")
    }
    let file = locate(path) ?? path
    let copy = try ReaderDatabaseCopy(file, name: file == path ? name : file)
    return try copy.run { try read(copy) }
  }

  static func read(_ copy: ReaderDatabaseCopy) throws -> ReaderReport {
    let (bookmarkColumns, contentColumns) = try columns(copy)
    let statement = try bookmarks(copy.database, columns: bookmarkColumns)
    let content = KoboContent(database: copy.database, columns: contentColumns)
    var report = ReaderReport()
    var byVolume: [String: [Placed]] = [:]
    // A chapter holds many highlights: each is looked up once.
    var chapters: [String: KoboContent.Chapter] = [:]
    while try statement.step() {
      guard let placed = try place(statement, content, &chapters, &report) else { continue }
      byVolume[statement.string(1), default: []].append(placed)
    }
    for (volume, placed) in byVolume.sorted(by: { $0.key < $1.key }) {
      report.books.append(try book(volume, placed, content, &report))
    }
    report.books.sort { ($0.title, $0.author ?? "") < ($1.title, $1.author ?? "") }
    report.problems += copy.walProblems
    if report.books.isEmpty && copy.isWALModeWithoutWALFile {
      report.problems.append(copy.missingWALProblem)
    }
    return report
  }

  /// The columns of the Bookmark and content tables. - Throws: `MemoError` 65 for a database
  /// without them, or without a column memo needs.
  static func columns(_ copy: ReaderDatabaseCopy) throws -> (Set<String>, Set<String>) {
    let name = copy.name
    let tables = try copy.tables()
    guard tables.contains("Bookmark"), tables.contains("content") else {
      let hint =
        tables.contains("ZAEANNOTATION") || tables.contains("ZBKLIBRARYASSET")
        ? "it is an Apple Books database: pass --format apple-books"
        : "KoboReader.sqlite is in the device's .kobo folder"
      throw MemoError(
        code: .badData,
        message:
          "\(name): not a Kobo database (no \(tables.contains("Bookmark") ? "content" : "Bookmark") table); \(hint). Nothing was imported"
      )
    }
    let bookmarkColumns = try copy.columns(of: "Bookmark")
    let contentColumns = try copy.columns(of: "content")
    for (table, columns, required) in [
      ("Bookmark", bookmarkColumns, ["BookmarkID", "VolumeID", "ContentID", "Text", "Annotation"]),
      ("content", contentColumns, ["ContentID", "ContentType", "Title"]),
    ] {
      if let missing = required.first(where: { !columns.contains($0) }) {
        throw MemoError(
          code: .badData,
          message:
            "\(name): the \(table) table has no \(missing) column; not a Kobo database memo can read. Nothing was imported"
        )
      }
    }
    return (bookmarkColumns, contentColumns)
  }

  /// Every bookmark row, a book's together (columns an older database lacks read as NULL).
  static func bookmarks(_ database: Database, columns b: Set<String>) throws -> Statement {
    func column(_ name: String) -> String { b.contains(name) ? name : "NULL" }
    return try database.makeStatement(
      sql: """
        SELECT BookmarkID, VolumeID, ContentID, Text, Annotation, \(column("DateCreated")),
          \(column("DateModified")), \(column("ChapterProgress")), \(column("Hidden")),
          \(column("Type")), \(column("StartContainerPath")), \(column("StartOffset"))
        FROM Bookmark ORDER BY VolumeID, BookmarkID
        """)
  }

  /// A highlight or note with where it is in its book, for reading order.
  struct Placed {
    var clipping: ExternalClipping
    var chapterIndex: Int?
    var progress: Double
    var steps: [Int]
    var offset: Int

    /// Chapter, place in it, then the passage's start; then time and key.
    static func inReadingOrder(_ a: Placed, _ b: Placed) -> Bool {
      if a.chapterIndex != b.chapterIndex {
        return (a.chapterIndex ?? .max) < (b.chapterIndex ?? .max)
      }
      if a.progress != b.progress { return a.progress < b.progress }
      if a.steps != b.steps { return a.steps.lexicographicallyPrecedes(b.steps) }
      if a.offset != b.offset { return a.offset < b.offset }
      return (a.clipping.addedAt?.millis ?? 0, a.clipping.key)
        < (b.clipping.addedAt?.millis ?? 0, b.clipping.key)
    }
  }

  /// The bookmark row `statement` is on as a clipping in its place; nil for a page bookmark
  /// or a row deleted on the device (counted).
  static func place(
    _ statement: Statement, _ content: KoboContent,
    _ chapters: inout [String: KoboContent.Chapter], _ report: inout ReaderReport
  ) throws -> Placed? {
    let id = statement.string(0)
    let contentID = statement.string(2)
    let text = statement.text(3)?.trimmingWhitespace() ?? ""
    let note = statement.text(4)?.trimmingWhitespace() ?? ""
    let type = statement.text(9)?.lowercased() ?? ""
    let hidden = statement.text(8)?.lowercased()
    if type == "dogear" || (text.isEmpty && note.isEmpty) {
      report.bookmarks += 1
      return nil
    }
    if hidden == "true" || hidden == "1" {
      report.deleted += 1
      return nil
    }
    let addedAt = date(statement, place: "Bookmark \(id)", &report)
    let chapter: KoboContent.Chapter
    if let known = chapters[contentID] {
      chapter = known
    } else {
      chapter = try content.chapter(of: contentID)
      chapters[contentID] = chapter
    }
    let progress = statement.isNull(7) ? 0 : min(max(statement.double(7), 0), 0.999_999)
    var clipping: ExternalClipping
    if text.isEmpty {
      // A note without a passage: on the book (its body), or a question.
      clipping = ExternalClipping(
        kind: .note, text: note, location: chapter.title, addedAt: addedAt,
        key: stableKey(["kobo", id]))
    } else {
      clipping = ExternalClipping(
        kind: .highlight, text: text, addedAt: addedAt, key: stableKey(["kobo", id]))
      clipping.note = note.isEmpty ? nil : note
    }
    clipping.chapter = chapter.title
    clipping.position = chapter.index.map { Double($0) + progress }
    return Placed(
      clipping: clipping, chapterIndex: chapter.index, progress: progress,
      steps: ReadingPlace.steps(Substring(statement.string(10))),
      offset: statement.isNull(11) ? 0 : statement.int(11))
  }

  /// The row's DateCreated, else its DateModified; each that is there and cannot be read is
  /// a problem.
  static func date(_ statement: Statement, place: String, _ report: inout ReaderReport)
    -> Timestamp?
  {
    let created = statement.text(5)
    let modified = statement.text(6)
    for (column, value) in [("DateCreated", created), ("DateModified", modified)]
    where !KoboDate.isNoDate(value) {
      if let value, let date = KoboDate.parse(value) { return date }
      report.problems.append(
        ReaderProblem(
          place: place, what: "cannot read the date \(column) \"\(value ?? "")\"",
          done: column == "DateCreated" && !KoboDate.isNoDate(modified)
            ? "imported with DateModified if it reads" : "imported without a date"))
    }
    return nil
  }

  /// A book of the database: its clippings in reading order, its title and author from the
  /// content table (else from its file's name, a problem), its date the earliest of its
  /// clippings', else the day the device last opened it (else none: a notice).
  static func book(
    _ volume: String, _ placed: [Placed], _ content: KoboContent, _ report: inout ReaderReport
  ) throws -> ExternalBook {
    let clippings = placed.sorted(by: Placed.inReadingOrder).map(\.clipping)
    var (title, author) = try content.book(volume)
    if title == nil {
      let fromFile = KoboContent.title(fromVolume: volume)
      report.problems.append(
        ReaderProblem(
          place: "book \(volume)",
          what:
            "not in the content table (removed from the device?); titled \"\(fromFile)\" from its file name"
        ))
      title = fromFile
    }
    var addedAt = clippings.compactMap(\.addedAt).min()
    if addedAt == nil { addedAt = try content.lastRead(volume) }
    if addedAt == nil {
      report.notices.append(
        ReaderProblem(
          place: "book \"\(title ?? volume)\"",
          what:
            "no date of its highlights or of its last reading could be read; its post is dated by the import"
        ))
    }
    return ExternalBook(
      title: title ?? volume, author: author, addedAt: addedAt, clippings: clippings)
  }
}

/// The `content` table of a Kobo database: books and their chapters.
struct KoboContent {
  let database: Database
  let columns: Set<String>

  struct Chapter {
    var title: String?
    /// The chapter's place in the book (`VolumeIndex`), for reading order.
    var index: Int?
  }

  private func has(_ column: String) -> Bool { columns.contains(column) }

  /// The book's title and author (`Title`, `Attribution` of its row of type 6), else the title
  /// its chapters repeat (`BookTitle`).
  func book(_ volume: String) throws -> (String?, String?) {
    let statement = try database.cachedStatement(
      sql: """
        SELECT Title, \(has("Attribution") ? "Attribution" : "NULL") FROM content
        WHERE ContentID = ? ORDER BY ContentType = '6' DESC LIMIT 1
        """)
    defer { statement.reset() }
    try statement.bind(volume, at: 1)
    if try statement.step() {
      let title = nonBlank(statement.text(0))
      let author = nonBlank(statement.text(1))
      if title != nil { return (title, author) }
    }
    guard has("BookID") && has("BookTitle") else { return (nil, nil) }
    let chapters = try database.cachedStatement(
      sql:
        "SELECT BookTitle FROM content WHERE BookID = ? AND trim(coalesce(BookTitle, '')) <> '' LIMIT 1"
    )
    defer { chapters.reset() }
    try chapters.bind(volume, at: 1)
    return (try chapters.step() ? nonBlank(chapters.text(0)) : nil, nil)
  }

  /// When the device last opened the book (`DateLastRead` of its row of type 6), if it reads.
  func lastRead(_ volume: String) throws -> Timestamp? {
    guard has("DateLastRead") else { return nil }
    let statement = try database.cachedStatement(
      sql: "SELECT DateLastRead FROM content WHERE ContentID = ? AND ContentType = '6' LIMIT 1")
    defer { statement.reset() }
    try statement.bind(volume, at: 1)
    guard try statement.step(), let text = statement.text(0), !KoboDate.isNoDate(text) else {
      return nil
    }
    return KoboDate.parse(text)
  }

  /// The chapter a bookmark is in: its title from the table of contents (a kepub's or store
  /// book's rows of type 899, the first that points at the bookmark's file), else a plain
  /// EPUB's row for that `ContentID` (whose title is the chapter's, not a file name); its
  /// index from the file's own row (the spine order), else the table of contents.
  func chapter(of contentID: String) throws -> Chapter {
    var chapter = Chapter()
    let own = try database.cachedStatement(
      sql: """
        SELECT Title, \(has("VolumeIndex") ? "VolumeIndex" : "NULL") FROM content
        WHERE ContentID = ? LIMIT 1
        """)
    try own.bind(contentID, at: 1)
    if try own.step() {
      if let title = nonBlank(own.text(0)), !contentID.hasSuffix(title) { chapter.title = title }
      if !own.isNull(1) { chapter.index = own.int(1) }
    }
    own.reset()
    if chapter.title == nil {
      // A table-of-contents entry: ChapterIDBookmarked names the file, or its ContentID is
      // the file's with `-N` after it.
      let statement = try database.cachedStatement(
        sql: """
          SELECT Title, \(has("VolumeIndex") ? "VolumeIndex" : "NULL") FROM content
          WHERE ContentType = '899' AND (\(has("ChapterIDBookmarked") ? "ChapterIDBookmarked = ?1 OR" : "")
            (substr(ContentID, 1, length(?1)) = ?1
              AND substr(ContentID, length(?1) + 1) GLOB '-[0-9]*'
              AND substr(ContentID, length(?1) + 2) NOT GLOB '*[^0-9]*'))
          ORDER BY \(has("VolumeIndex") ? "VolumeIndex, " : "")ContentID LIMIT 1
          """)
      defer { statement.reset() }
      try statement.bind(contentID, at: 1)
      if try statement.step() {
        chapter.title = nonBlank(statement.text(0))
        if chapter.index == nil && !statement.isNull(1) { chapter.index = statement.int(1) }
      }
    }
    return chapter
  }

  /// A title from the book's file when the database no longer has its row:
  /// `file:///mnt/onboard/Sun Tzu/Art of War, The - Sun Tzu.kepub.epub` → `Art of War, The -
  /// Sun Tzu`.
  static func title(fromVolume volume: String) -> String {
    var name = volume.split(separator: "/").last.map(String.init) ?? volume
    for suffix in [".kepub.epub", ".epub", ".pdf", ".cbz", ".cbr", ".mobi", ".txt", ".html"]
    where name.lowercased().hasSuffix(suffix) {
      name = String(name.dropLast(suffix.count))
      break
    }
    return name.isBlank ? volume : name
  }
}

func nonBlank(_ text: String?) -> String? {
  guard let text else { return nil }
  let trimmed = text.trimmingWhitespace()
  return trimmed.isEmpty ? nil : trimmed
}

extension ImportFormat {
  /// A Kobo's `KoboReader.sqlite` (its `.kobo` folder, or the device's folder holding it).
  public static let kobo = ImportFormat(rawValue: "kobo")
}

extension KoboReader: Reader {
  static let format = ImportFormat.kobo
  static let title = "Kobo"
  static let inFolder: (looksFor: String, give: String)? = (
    "Kobo's KoboReader.sqlite (in it or in its .kobo folder)",
    "the Kobo's folder or its KoboReader.sqlite"
  )

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    switch candidate {
    case .folder(let path): return locate(path) != nil ? .yes : .no
    case .database(let tables): return tables.contains("Bookmark") ? .yes : .no
    case .name, .content: return .no
    }
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    .books(try read(input.databasePath(), name: input.name).fromDatabase(input.name))
  }
}
