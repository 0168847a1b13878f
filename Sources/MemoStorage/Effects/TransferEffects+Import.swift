import MemoCore

extension EffectRunner {
  /// Imports a file in one transaction (rolled back for a dry run or on the first error, so a
  /// malformed file writes nothing). JSON Lines stream inside the transaction, read and
  /// decoded on a second thread (`RecordReader`); other formats are read and checked whole
  /// before it starts.
  func importFile(_ request: ImportRequest) throws -> ImportSummary {
    let name = request.displayName
    var format = request.format
    let merge: (Timestamp) throws -> ImportSummary
    // KOReader's PATH may be a folder (a `.sdr` folder, a whole tree of them).
    if format == .koreader, let path = request.path, KOReaderFiles.isFolder(path) {
      merge = try readerMerge(try KOReaderFiles.report(folder: path), request: request)
      return try run(request, merge)
    }
    if format.isReaderDatabase {
      merge = try readerMerge(request)
    } else if format == .jsonl {
      try refuseClippings(head(of: request.path), request: request)
      let input = try InputFile(request.path)
      merge = { now in
        let importer = Importer(database: self.database, now: now)
        var summary = ImportSummary()
        let reader = try RecordReader(input, name: name)
        defer { reader.stop() }
        while let records = try reader.next() {
          for record in records { try importer.merge(record, into: &summary, name: name) }
          self.progress?.advance(by: records.count)
        }
        try importer.finish(name: name)
        return summary
      }
    } else {
      let bytes = try InputFile(request.path).readAll()
      if format == .csv && GoodreadsLibrary.looksLikeGoodreads(bytes) { format = .goodreads }
      if format == .csv && ReadwiseExport.looksLikeReadwise(bytes) { format = .readwise }
      if format == .json && KOReaderImport.looksLikeJSONExport(bytes) { format = .koreader }
      if request.isStrict && !format.hasStrictMode {
        throw MemoError.usage(
          "--strict applies to Kindle, KOReader, Readwise, Kobo and Apple Books files only, and \(name) is \(format.rawValue); drop --strict"
        )
      }
      switch format {
      case .koreader:
        merge = try readerMerge(
          try KOReaderFiles.report(file: bytes, name: name), request: request)
      case .readwise:
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw MemoError.notUTF8(name, bytes)
        }
        let report = try ReadwiseExport.parse(text, name: name)
        var found = KOReaderImport.Report()
        found.books = report.books
        found.problems = report.problems
        found.notices = report.notices
        found.unreadable = report.problems.count + report.notices.count
        merge = try readerMerge(found, request: request, reader: "readwise")
      case .json, .jsonl, .csv:
        try refuseClippings(bytes, request: request)
        let records = try BackupDecoder.decode(bytes, format: format, name: name)
        merge = { now in
          let importer = Importer(database: self.database, now: now)
          var summary = ImportSummary()
          self.progress?.total = records.count
          for record in records {
            try importer.merge(record, into: &summary, name: name)
            self.progress?.advance()
          }
          try importer.finish(name: name)
          return summary
        }
      case .kobo, .appleBooks:
        preconditionFailure("a reader's database is read above")
      case .kindle, .goodreads:
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw MemoError.notUTF8(name, bytes)
        }
        if format == .kindle {
          merge = try kindleMerge(text, request: request)
        } else {
          let books = try GoodreadsLibrary.parse(text, name: name)
          merge = {
            var summary = try ExternalImporter(
              database: self.database, now: $0, makeUUID: self.makeUUID
            ).merge(books)
            summary.clippings = nil
            summary.warnings = summary.warnings.map { "\(name): " + $0 }
            return summary
          }
        }
      }
    }
    return try run(request, merge)
  }

  /// The merge of a Kindle "My Clippings.txt", read before the import's transaction: with
  /// `--strict`, a problem is an error and nothing is imported; without, each is a warning.
  func kindleMerge(_ text: String, request: ImportRequest) throws
    -> (Timestamp) throws -> ImportSummary
  {
    let name = request.displayName
    let report = try KindleClippings.read(text, name: name)
    // A clipping the file ends inside of is skipped (and counted so), never torn.
    let problems = report.problems + report.incomplete
    if request.isStrict, let first = problems.first {
      throw MemoError.malformedImport(
        name, place: "line \(first.line)",
        reason:
          "\(first.what) (--strict: \(problems.count) problem\(problems.count == 1 ? "" : "s") in all; without --strict each is reported and the rest imported)"
      )
    }
    return {
      var summary = try ExternalImporter(
        database: self.database, now: $0, makeUUID: self.makeUUID, reader: "kindle"
      ).merge(report.books)
      summary.clippings?.bookmarks = report.bookmarks
      summary.clippings?.placeholders = report.placeholders
      // The earlier versions the file itself replaces later are counted by the merge.
      summary.clippings?.duplicates += report.duplicates
      summary.clippings?.incomplete = report.incomplete.count
      summary.clippings?.empty = report.empty
      summary.clippings?.headerless = report.headerless
      // One bucket each: a headerless entry is counted as such, not also as not fully read.
      summary.clippings?.unreadable =
        Set(report.problems.filter { !$0.isHeaderless }.map(\.line))
        .count
      summary.warnings = problems.map { "\(name): \($0.description)" }
      return summary
    }
  }

  /// A Kindle "My Clippings.txt" given to be read as memo's own json, jsonl or csv: refused
  /// (65), naming what it is and the `--format` that reads it, before anything is written.
  /// `head` is the file's beginning (its first lines are enough).
  func refuseClippings(_ head: [UInt8], request: ImportRequest) throws {
    guard KindleClippings.looksLikeClippings(head) else { return }
    throw MemoError(
      code: .badData,
      message:
        "\(request.displayName) is a Kindle \"My Clippings.txt\" file, not memo's \(request.format.rawValue); import it with --format kindle. Nothing was imported"
    )
  }

  /// The first lines of the file at `path` (none for stdin, a pipe or a device, which can be
  /// read only once), read apart from the import.
  func head(of path: String?) throws -> [UInt8] {
    guard let path, ReaderFiles.isRegularFile(path) else { return [] }
    let file = try InputFile(path)
    var head: [UInt8] = []
    for _ in 0..<3 {
      guard let line = try file.nextLine() else { break }
      head += line + [0x0A]
    }
    return head
  }

  /// The books a reader's files hold, merged (KOReader, Readwise): with `--strict`, a problem
  /// is an error and nothing is imported; without, each is a warning.
  func readerMerge(
    _ report: KOReaderImport.Report, request: ImportRequest, reader: String = "koreader"
  ) throws -> (Timestamp) throws -> ImportSummary {
    if request.isStrict, let first = report.problems.first {
      throw MemoError(
        code: .badData,
        message:
          "\(first) (--strict: \(counted(report.problems.count, "problem")) in all; without --strict each is reported and the rest imported); nothing was imported"
      )
    }
    return {
      var summary = try ExternalImporter(
        database: self.database, now: $0, makeUUID: self.makeUUID, reader: reader
      ).merge(report.books)
      summary.clippings?.bookmarks = report.bookmarks
      summary.clippings?.unreadable = report.unreadable
      summary.clippings?.unreadableFiles = report.unreadableFiles
      summary.warnings = report.problems + report.notices
      return summary
    }
  }

  /// Runs a merge in the import's transaction (rolled back for a dry run).
  private func run(_ request: ImportRequest, _ merge: (Timestamp) throws -> ImportSummary)
    throws -> ImportSummary
  {
    // Statement journals stay where SQLite puts them: in memory up to 64 KiB, in a temporary
    // file beyond (https://sqlite.org/tempfiles.html). The rows BulkLoad does not cover
    // (posts, updates, deletions) get small ones; the one statement that indexes the new rows
    // gets a large one, which `temp_store = MEMORY` kept in memory: 45 MiB more at a million
    // rows, for the same number of system calls at 100,000.
    // A page cache of 64 MiB instead of SQLite's 2 MiB for the import: the new rows' index
    // pages (six on questions, the UUIDs in random order) stay in memory instead of being
    // written to the WAL and read back again and again (100,000 rows: 182,000 pwrite and
    // 167,000 pread calls became 73,000 and 36,000; 15% faster). Memory stays bounded.
    let cacheSize = try database.int(sql: "PRAGMA cache_size") ?? -2000
    try database.execute(sql: "PRAGMA cache_size = -65536")
    struct DryRun: Error { var summary: ImportSummary }
    let result = Result {
      try write(
        "import",
        { now in
          let load = try BulkLoad(database: database)
          var summary = try merge(now)
          try load.finish()
          if request.isDryRun {
            summary.isDryRun = true
            throw DryRun(summary: summary)
          }
          return summary
        }
      ) { "import \(request.displayName) (\($0.description))" }
    }
    try database.execute(sql: "PRAGMA cache_size = \(cacheSize)")
    do { return try result.get() } catch let dryRun as DryRun { return dryRun.summary }
  }

  /// Reads a reader's database (Kobo, Apple Books) from a copy, before the import's
  /// transaction, and returns the merge of its books; what could not be read is a warning, or
  /// with --strict an error.
  private func readerMerge(_ request: ImportRequest) throws -> (Timestamp) throws -> ImportSummary {
    let name = request.displayName
    guard let path = request.path else {
      throw MemoError.usage(
        "--format \(request.format.rawValue) reads a database file, not stdin; give its path")
    }
    let report =
      request.format == .kobo
      ? try KoboReader.read(path, name: name) : try AppleBooksReader.read(path, name: name)
    if request.isStrict, let first = report.problems.first {
      throw MemoError.malformedImport(
        name, place: first.place,
        reason:
          "\(first.what) (--strict: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") in all; without --strict each is reported and the rest imported)"
      )
    }
    return {
      var summary = try ExternalImporter(
        database: self.database, now: $0, makeUUID: self.makeUUID,
        reader: request.format.rawValue
      ).merge(report.books)
      summary.clippings?.bookmarks = report.bookmarks
      summary.clippings?.deleted = report.deleted
      summary.clippings?.unreadable = Set(report.problems.map(\.place)).count
      summary.warnings = report.problems.map { "\(name): \($0.description)" }
      return summary
    }
  }
}
