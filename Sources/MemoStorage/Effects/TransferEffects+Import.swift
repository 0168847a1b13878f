import MemoCore

extension EffectRunner {
  /// Imports a file: its reader is told (`ReaderDetection`), reads it whole before the
  /// import's transaction (a malformed file writes nothing; with `--strict`, a problem is an
  /// error), then its books or records are merged in one transaction (rolled back for a dry
  /// run or on the first error). JSON Lines stream inside the transaction instead, read and
  /// decoded on a second thread (`RecordReader`).
  func importFile(_ request: ImportRequest) throws -> ImportSummary {
    let input = ReaderInput(request)
    let reader = try ReaderDetection.reader(for: input)
    try Readers.checkStrict(reader, isStrict: request.isStrict, name: input.name)
    let result = try reader.read(input)
    if case .books(let report) = result { try report.refuseProblems(isStrict: request.isStrict) }
    let name = input.name
    return try run(request) { try self.merge(result, of: reader, name: name, now: $0) }
  }

  /// What a reader read, merged.
  private func merge(
    _ result: ReaderResult, of reader: any Reader.Type, name: String, now: Timestamp
  ) throws -> ImportSummary {
    switch result {
    case .books(let report):
      return try mergeBooks(report, source: reader.highlightSource, name: name, now: now)
    case .records(let records):
      let importer = Importer(database: database, now: now)
      var summary = ImportSummary()
      progress?.total = records.count
      for record in records {
        try importer.merge(record, into: &summary, name: name)
        progress?.advance()
      }
      try importer.finish(name: name)
      return summary
    case .stream(let input):
      let importer = Importer(database: database, now: now)
      var summary = ImportSummary()
      let reader = try RecordReader(input, name: name)
      defer { reader.stop() }
      while let records = try reader.next() {
        for record in records { try importer.merge(record, into: &summary, name: name) }
        progress?.advance(by: records.count)
      }
      try importer.finish(name: name)
      return summary
    }
  }

  /// A reader's books merged, with its counts and its problems as warnings (`source` nil: a
  /// library of books, Goodreads, which counts no clippings).
  private func mergeBooks(_ report: ReaderReport, source: String?, name: String, now: Timestamp)
    throws -> ImportSummary
  {
    var summary = try ExternalImporter(
      database: database, now: now, makeUUID: makeUUID, reader: source
    ).merge(report.books)
    summary.warnings =
      summary.warnings.map { "\(name): " + $0 }
      + (report.problems + report.notices).map(\.description)
    guard source != nil else {
      summary.clippings = nil
      return summary
    }
    summary.clippings?.bookmarks = report.bookmarks
    summary.clippings?.deleted = report.deleted
    summary.clippings?.placeholders = report.placeholders
    summary.clippings?.duplicates += report.duplicates
    summary.clippings?.incomplete = report.incomplete
    summary.clippings?.empty = report.empty
    summary.clippings?.headerless = report.headerless
    summary.clippings?.unreadable = report.unreadable
    summary.clippings?.unreadableFiles = report.unreadableFiles
    return summary
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
}
