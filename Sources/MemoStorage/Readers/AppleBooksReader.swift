import MemoCore

/// Reads the highlights of Apple Books (macOS) from copies of its two databases:
/// `AEAnnotation/AEAnnotation*.sqlite`, whose `ZAEANNOTATION` rows hold each highlight
/// (`ZANNOTATIONSELECTEDTEXT`), its note, its chapter (`ZFUTUREPROOFING5`), its place (an
/// EPUB CFI in `ZANNOTATIONLOCATION`) and its dates (Core Data: seconds since 2001-01-01 UTC),
/// and `BKLibrary/BKLibrary*.sqlite`, whose `ZBKLIBRARYASSET` rows give each book's title and
/// author by asset id. Apple Books keeps recent rows in the `-wal` files only: each database
/// is copied with them and read from the copy.
///
/// Rows deleted in the app (`ZANNOTATIONDELETED = 1`) and rows without selected text
/// (bookmarks, the last reading place) are skipped and counted. Each highlight is keyed by
/// its `ZANNOTATIONUUID`, so importing again adds nothing.
enum AppleBooksReader {
  static let annotationsFolder = "AEAnnotation"
  static let libraryFolder = "BKLibrary"
  static let defaultLocation = "~/Library/Containers/com.apple.iBooksX/Data/Documents"

  /// The newest `PREFIX*.sqlite` in the first of `folders` that has one.
  static func database(_ prefix: String, in folders: [String]) -> String? {
    for folder in folders {
      let matches = ReaderFiles.names(in: folder).filter {
        $0.hasPrefix(prefix) && $0.hasSuffix(".sqlite")
      }.map { ReaderFiles.join(folder, $0) }.filter { ReaderFiles.kind(of: $0) == .file }
      if let newest = matches.max(by: { ReaderFiles.modified($0) < ReaderFiles.modified($1) }) {
        return newest
      }
    }
    return nil
  }

  /// Where to look for a database beside `folder`: the folder, its `NAME` folder, and its
  /// parent's `NAME` folder (`AEAnnotation` and `BKLibrary` are siblings).
  static func folders(near folder: String, named name: String) -> [String] {
    [
      folder, ReaderFiles.join(folder, name),
      ReaderFiles.join(ReaderFiles.parent(of: folder), name),
    ]
  }

  /// Whether a folder holds Apple Books' annotations (in it or in its `AEAnnotation` folder).
  static func isAppleBooksFolder(_ path: String) -> Bool {
    ReaderFiles.kind(of: path) == .folder
      && database(annotationsFolder, in: folders(near: path, named: annotationsFolder)) != nil
  }

  /// - Throws: `MemoError` 66 when a database is missing, 65 when one is not Apple Books'.
  static func read(_ path: String, name: String) throws -> ReaderReport {
    let annotations: ReaderDatabaseCopy
    let folder: String
    switch ReaderFiles.kind(of: path) {
    case .missing:
      throw MemoError(code: .noInput, message: "cannot read \(name): no such file or folder")
    case .folder:
      guard
        let file = database(annotationsFolder, in: folders(near: path, named: annotationsFolder))
      else {
        throw MemoError(
          code: .noInput,
          message:
            "\(name) holds no AEAnnotation*.sqlite (in it or in its AEAnnotation folder); give the folder holding AEAnnotation and BKLibrary, by default \(defaultLocation)"
        )
      }
      annotations = try ReaderDatabaseCopy(file, name: file)
      folder = path
    case .file:
      let copy = try ReaderDatabaseCopy(path, name: name)
      let tables = try copy.tables()
      folder = ReaderFiles.parent(of: path)
      if tables.contains("ZAEANNOTATION") {
        annotations = copy
      } else if tables.contains("ZBKLIBRARYASSET") {
        // The library was named: the annotations are beside it.
        guard
          let file = database(
            annotationsFolder, in: folders(near: folder, named: annotationsFolder))
        else {
          throw MemoError(
            code: .noInput,
            message:
              "cannot find AEAnnotation*.sqlite beside \(name) (nor in ../AEAnnotation); give the folder holding AEAnnotation and BKLibrary, by default \(defaultLocation)"
          )
        }
        annotations = try ReaderDatabaseCopy(file, name: file)
        return try read(annotations: annotations, library: copy)
      } else {
        throw notAppleBooks(name, tables: tables)
      }
    }
    guard let file = database(libraryFolder, in: folders(near: folder, named: libraryFolder))
    else {
      throw MemoError(
        code: .noInput,
        message:
          "cannot find BKLibrary*.sqlite (the book titles) beside \(annotations.name) (nor in ../BKLibrary); give the folder holding AEAnnotation and BKLibrary, by default \(defaultLocation)"
      )
    }
    return try read(annotations: annotations, library: try ReaderDatabaseCopy(file, name: file))
  }

  static func notAppleBooks(_ name: String, tables: Set<String>) -> MemoError {
    MemoError(
      code: .badData,
      message:
        "\(name): not an Apple Books database (no ZAEANNOTATION or ZBKLIBRARYASSET table)\(tables.contains("Bookmark") ? "; it is a Kobo database: pass --format kobo" : ""). Nothing was imported"
    )
  }

  static func read(annotations: ReaderDatabaseCopy, library: ReaderDatabaseCopy) throws
    -> ReaderReport
  {
    let titles = try library.run { try books(library) }
    return try annotations.run { try read(annotations, titles: titles) }
  }

  /// Each asset's title and author.
  static func books(_ library: ReaderDatabaseCopy) throws -> [String: (String?, String?)] {
    let tables = try library.tables()
    guard tables.contains("ZBKLIBRARYASSET") else {
      throw notAppleBooks(library.name, tables: tables)
    }
    let columns = try library.columns(of: "ZBKLIBRARYASSET")
    guard columns.contains("ZASSETID"), columns.contains("ZTITLE") else {
      throw MemoError(
        code: .badData,
        message:
          "\(library.name): the ZBKLIBRARYASSET table has no \(columns.contains("ZASSETID") ? "ZTITLE" : "ZASSETID") column; not an Apple Books library memo can read. Nothing was imported"
      )
    }
    let statement = try library.database.makeStatement(
      sql:
        "SELECT ZASSETID, ZTITLE, \(columns.contains("ZAUTHOR") ? "ZAUTHOR" : "NULL") FROM ZBKLIBRARYASSET WHERE ZASSETID IS NOT NULL"
    )
    var result: [String: (String?, String?)] = [:]
    while try statement.step() {
      let id = statement.string(0)
      if result[id]?.0 == nil {
        result[id] = (nonBlank(statement.text(1)), nonBlank(statement.text(2)))
      }
    }
    return result
  }

  static func read(_ copy: ReaderDatabaseCopy, titles: [String: (String?, String?)]) throws
    -> ReaderReport
  {
    let statement = try annotations(copy)
    var report = ReaderReport()
    var byAsset: [String: [ExternalClipping]] = [:]
    while try statement.step() {
      guard let clipping = clipping(statement, &report) else { continue }
      byAsset[statement.string(2), default: []].append(clipping)
    }
    for (asset, clippings) in byAsset.sorted(by: { $0.key < $1.key }) {
      report.books.append(book(asset, clippings, titles: titles, &report))
    }
    report.books.sort { ($0.title, $0.author ?? "") < ($1.title, $1.author ?? "") }
    report.problems += copy.walProblems
    if report.books.isEmpty && copy.isWALModeWithoutWALFile {
      report.problems.append(copy.missingWALProblem)
    }
    return report
  }

  /// Every ZAEANNOTATION row (columns an older database lacks read as NULL).
  /// - Throws: `MemoError` 65 for a database without the table or a column memo needs.
  static func annotations(_ copy: ReaderDatabaseCopy) throws -> Statement {
    let name = copy.name
    let tables = try copy.tables()
    guard tables.contains("ZAEANNOTATION") else { throw notAppleBooks(name, tables: tables) }
    let columns = try copy.columns(of: "ZAEANNOTATION")
    if let missing = ["ZANNOTATIONASSETID", "ZANNOTATIONSELECTEDTEXT"].first(where: {
      !columns.contains($0)
    }) {
      throw MemoError(
        code: .badData,
        message:
          "\(name): the ZAEANNOTATION table has no \(missing) column; not an Apple Books database memo can read. Nothing was imported"
      )
    }
    func column(_ name: String) -> String { columns.contains(name) ? name : "NULL" }
    return try copy.database.makeStatement(
      sql: """
        SELECT rowid, \(column("ZANNOTATIONUUID")), ZANNOTATIONASSETID, ZANNOTATIONSELECTEDTEXT,
          \(column("ZANNOTATIONNOTE")), \(column("ZANNOTATIONCREATIONDATE")),
          typeof(\(column("ZANNOTATIONCREATIONDATE"))), \(column("ZANNOTATIONMODIFICATIONDATE")),
          typeof(\(column("ZANNOTATIONMODIFICATIONDATE"))), \(column("ZFUTUREPROOFING5")),
          \(column("ZANNOTATIONLOCATION")), \(column("ZANNOTATIONDELETED"))
        FROM ZAEANNOTATION ORDER BY rowid
        """)
  }

  /// The highlight of the row `statement` is on; nil for a bookmark (no selected text) or a
  /// row deleted in the app (counted).
  static func clipping(_ statement: Statement, _ report: inout ReaderReport) -> ExternalClipping? {
    let row = statement.int64(0)
    let text = statement.text(3)?.trimmingWhitespace() ?? ""
    if text.isEmpty {
      report.bookmarks += 1
      return nil
    }
    if statement.text(11).flatMap({ Int($0) }).map({ $0 != 0 }) ?? false {
      report.deleted += 1
      return nil
    }
    let uuid = nonBlank(statement.text(1))
    let asset = statement.string(2)
    let place = "ZAEANNOTATION row \(row)\(uuid.map { " (\($0))" } ?? "")"
    var clipping = ExternalClipping(
      kind: .highlight, text: text, addedAt: date(statement, place: place, &report),
      key: stableKey(["apple-books", uuid ?? "\(asset)\u{1F}\(row)\u{1F}\(text)"]))
    clipping.note = nonBlank(statement.text(4))
    clipping.chapter = nonBlank(statement.text(9))
    clipping.position = statement.text(10).flatMap { ReadingPlace.position(epubCFI: $0) }
    return clipping
  }

  /// The row's creation date, else its modification date; each that is there and cannot be
  /// read is a problem.
  static func date(_ statement: Statement, place: String, _ report: inout ReaderReport)
    -> Timestamp?
  {
    for (column, index) in [
      ("ZANNOTATIONCREATIONDATE", Int32(5)), ("ZANNOTATIONMODIFICATIONDATE", 7),
    ] {
      let type = statement.string(index + 1)
      guard type != "null" else { continue }
      let raw = statement.string(index)
      let seconds = type == "text" ? Double(raw.trimmingWhitespace()) : statement.double(index)
      if let seconds, let date = CoreDataDate.timestamp(seconds: seconds) { return date }
      report.problems.append(
        ReaderProblem(
          place: place,
          what: "cannot read the date \(column) \"\(raw)\" (seconds since 2001-01-01)",
          done: index == 5
            ? "imported with the modification date if it reads" : "imported without a date"))
    }
    return nil
  }

  /// A book of the library: its title and author from BKLibrary (else its asset id, a
  /// problem), its highlights in reading order.
  static func book(
    _ asset: String, _ clippings: [ExternalClipping], titles: [String: (String?, String?)],
    _ report: inout ReaderReport
  ) -> ExternalBook {
    var (title, author) = titles[asset] ?? (nil, nil)
    if title == nil {
      report.problems.append(
        ReaderProblem(
          place: "book \(asset)",
          what:
            "no title in BKLibrary (the book was removed from the library?); titled by its asset id"
        ))
      title = asset.isBlank ? "Apple Books" : asset
    }
    let sorted = clippings.sorted {
      ($0.position ?? .infinity, $0.addedAt?.millis ?? 0, $0.key)
        < ($1.position ?? .infinity, $1.addedAt?.millis ?? 0, $1.key)
    }
    return ExternalBook(
      title: title ?? asset, author: author, addedAt: sorted.compactMap(\.addedAt).min(),
      clippings: sorted)
  }
}

extension ImportFormat {
  /// Apple Books' `AEAnnotation` and `BKLibrary` databases (their folder, or either file).
  public static let appleBooks = ImportFormat(rawValue: "apple-books")
}

extension AppleBooksReader: Reader {
  static let format = ImportFormat.appleBooks
  static let title = "Apple Books"
  static let inFolder: (looksFor: String, give: String)? = (
    "Apple Books' AEAnnotation*.sqlite (in it or in its AEAnnotation folder)",
    "the folder holding AEAnnotation and BKLibrary (by default \(defaultLocation))"
  )

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    switch candidate {
    case .folder(let path): return isAppleBooksFolder(path) ? .yes : .no
    case .database(let tables):
      return tables.contains("ZAEANNOTATION") || tables.contains("ZBKLIBRARYASSET") ? .yes : .no
    case .name, .content: return .no
    }
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    .books(try read(input.databasePath(), name: input.name).fromDatabase(input.name))
  }
}
