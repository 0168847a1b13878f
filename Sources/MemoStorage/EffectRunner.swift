import MemoCore

/// Performs effects against the database, each in one transaction, and answers with the
/// result action (or `.failed` with a `MemoError`, having written nothing).
public final class EffectRunner {
  let database: Database
  let clock: () -> Timestamp
  let makeUUID: (Timestamp) -> String
  let posts: PostRepository
  let questions: QuestionRepository
  let categories: CategoryRepository
  let favorites: FavoriteRepository
  let filters: FilterRepository
  /// Where listings stream their rows, one at a time (the command line's writer). Without one
  /// a listing answers with its rows as one page, for a caller that asked for a page.
  public var sink: RowSink?
  let browse: BrowseRepository

  /// - Parameters:
  ///   - clock: the current time (tests pass a fixed one).
  ///   - makeUUID: a new UUID for a record created at the given time.
  public init(
    database: Database, clock: @escaping () -> Timestamp = SystemClock.now,
    makeUUID: @escaping (Timestamp) -> String = SystemClock.makeUUID(at:)
  ) {
    self.database = database
    self.clock = clock
    self.makeUUID = makeUUID
    posts = PostRepository(database: database)
    questions = QuestionRepository(database: database)
    categories = CategoryRepository(database: database)
    favorites = FavoriteRepository(database: database)
    filters = FilterRepository(database: database)
    browse = BrowseRepository(database: database)
  }

  /// Runs one effect. - Returns: the action that reports its result.
  public func run(_ effect: Effect) -> Action {
    do {
      return try perform(effect)
    } catch let error as MemoError {
      return .failed(error)
    } catch let error as SQLiteError {
      return .failed(MemoError(error, path: database.path))
    } catch {
      return .failed(MemoError(code: .io, message: "unexpected error: \(error)"))
    }
  }

  /// Runs `body` in one write transaction, with the time it runs at, recorded in the journal
  /// as one entry named `action` and described by `summary` (an entry that changed nothing is
  /// dropped).
  func write<T>(_ action: String, _ body: (Timestamp) throws -> T, summary: (T) -> String) throws
    -> T
  {
    try database.inTransaction {
      let now = clock()
      let journal = Journal(database: database)
      let entry = try journal.begin(action: action, at: now)
      let result = try body(now)
      try journal.finish(entry, summary: summary(result))
      return result
    }
  }

  func perform(_ effect: Effect) throws -> Action {
    switch effect {
    case .insertPost(let new):
      return .posts(
        .added(
          try write("add", { try posts.insert(new, uuid: makeUUID($0), at: $0) }) {
            "add post \($0.id) \(quoted($0.title))"
          }))
    case .loadPosts(let query):
      return try database.inReadTransaction { try listPosts(query) }
    case .loadPost(let id) where sink != nil:
      return try database.inReadTransaction {
        let statement = try database.cachedStatement(
          sql: "SELECT \(PostRepository.columns) FROM posts p WHERE p.id = ?")
        defer { statement.reset() }
        try statement.bind(id.rawValue, at: 1)
        let (nested, _) = try questions.nestedRows(matching: nil)
        defer { nested.reset() }
        try stream(.post, statement, nested: nested, mustHaveRow: MemoError.postNotFound(id)) {
          try $0.bind(id.rawValue, at: 1)
        }
        return .streamed(.post, filter: nil)
      }
    case .loadPost(let id):
      return try database.inReadTransaction {
        guard var post = try posts.post(id) else { throw MemoError.postNotFound(id) }
        post.questions = try questions.questions(ofPosts: [id], matching: nil)[id] ?? []
        return .posts(.loaded(post))
      }
    case .updatePost(let id, let patch):
      return .posts(
        .edited(
          try write("edit", { try posts.update(id, with: patch, at: $0) }) {
            "edit post \($0.id) \(quoted($0.title))"
          }))
    case .deletePosts(let ids):
      return .posts(
        .removed(
          try write("rm", { _ in try posts.delete(ids) }) { removed in
            removed.map {
              "rm post \($0.id) \(quoted($0.title)) (\(plural($0.questionCount, "question")))"
            }
            .joined(separator: "; ")
          }))

    case .insertQuestion(let new):
      return .questions(
        .added(
          try write("ask", { try questions.insert(new, uuid: makeUUID($0), at: $0) }) {
            "ask question \($0.id) on post \($0.postID) \(quoted($0.postTitle)): \(quoted($0.text))"
          }))
    case .loadQuestions(let query):
      return try database.inReadTransaction {
        let filter = try effectiveFilter(query.selection)
        let resolved = try filter.resolved(
          now: query.selection.now, utcOffsetSeconds: query.selection.utcOffsetSeconds)
        if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
        if sink != nil {
          let statement = try questions.listing(
            matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
          defer { statement.reset() }
          try stream(.questions, statement, filter: filter)
          return .streamed(.questions, filter: filter)
        }
        let page = try questions.questions(
          matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
        return .questions(.listed(page, filter: filter))
      }
    case .loadQuestion(let id):
      return .questions(.loaded(try questions.require(id)))
    case .updateQuestion(let id, let patch):
      // An edit that changes nothing answers no question: the command says "no change".
      return .questions(
        .updated(
          [
            try write("question edit", { try questions.update(id, with: patch, at: $0) }) { _ in
              "edit question \(id)"
            }
          ]
          .compactMap { $0 }))
    case .setStarred(let ids, let isStarred):
      let verb = isStarred ? "star" : "unstar"
      return .questions(
        .updated(
          try write(verb, { try questions.setStarred(ids, isStarred, at: $0) }) { _ in
            "\(verb) question \(ids.map(\.description).joined(separator: ", "))"
          }))
    case .setAnswer(let id, let answer):
      let verb = answer == nil ? "unanswer" : "answer"
      return .questions(
        .updated([
          try write(verb, { try questions.setAnswer(id, answer, at: $0) }) { _ in
            "\(verb) question \(id)"
          }
        ]))
    case .deleteQuestions(let ids):
      return .questions(
        .removed(
          try write("question rm", { _ in try questions.delete(ids) }) { removed in
            removed.map { "rm question \($0.id) \(quoted($0.text))" }.joined(separator: "; ")
          }))

    case .loadCategories where sink != nil:
      return try database.inReadTransaction {
        let statement = try categories.listing()
        defer { statement.reset() }
        try stream(.categories, statement)
        return .streamed(.categories, filter: nil)
      }
    case .loadCategories:
      return .categories(.listed(try categories.all()))
    case .insertCategory(let name):
      return .categories(
        .changed(
          try write("category add", { try categories.insert(name, at: $0) }) {
            "add category \(quoted($0.name))"
          }))
    case .renameCategory(let old, let new):
      return .categories(
        .changed(
          try write("category rename", { _ in try categories.rename(old, to: new) }) {
            "rename category \(quoted(old)) to \(quoted($0.name))"
          }))
    case .deleteCategory(let name, let force):
      return .categories(
        .changed(
          try write("category rm", { _ in try categories.delete(name, force: force) }) {
            "rm category \(quoted($0.name)) (\(plural($0.questionCount, "question")))"
          }))

    case .addFavorites(let ids):
      return .favorites(
        .listed(
          try write("fav", { try favorites.add(ids, at: $0) }) {
            "fav " + $0.map(postLabel).joined(separator: ", ")
          }))
    case .removeFavorites(let ids):
      return .favorites(
        .listed(
          try write("unfav", { _ in try favorites.remove(ids) }) {
            "unfav " + $0.map(postLabel).joined(separator: ", ")
          }))
    case .loadFavorites where sink != nil:
      return try database.inReadTransaction {
        let statement = try favorites.shelfListing()
        defer { statement.reset() }
        try stream(.favorites, statement)
        return .streamed(.favorites, filter: nil)
      }
    case .loadFavorites:
      return .favorites(.listed(try favorites.shelf()))

    case .loadCurrentFilter:
      return .filters(.current(try filters.current()))
    case .saveCurrentFilter(let filter):
      return .filters(
        .current(
          try write(
            filter.isEmpty ? "filter clear" : "filter set",
            { time in
              for name in filter.categories { _ = try categories.ensure(name, at: time) }
              try filters.setCurrent(filter)
              return filter
            }
          ) { $0.isEmpty ? "clear the filter" : "set the filter to \($0.summary)" }))
    case .saveNamedFilter(let name, let replacing):
      return .filters(
        .saved([
          try write(
            "filter save",
            { time in
              let current = try filters.current()
              guard !current.isEmpty else {
                throw MemoError.usage(
                  "there is no current filter to save; set one first with 'memo filter set --starred …'"
                )
              }
              return try filters.save(name, current, replacing: replacing, at: time)
            }
          ) { "save filter \(quoted($0.name)): \($0.filter.summary)" }
        ]))
    case .useSavedFilter(let name):
      return .filters(
        .current(
          try write(
            "filter use",
            { _ in
              let saved = try filters.saved(name)
              try filters.setCurrent(saved.filter)
              return saved.filter
            }
          ) { "use filter \(quoted(name)): \($0.summary)" }))
    case .loadSavedFilters:
      return .filters(.saved(try filters.all()))
    case .deleteSavedFilter(let name):
      return .filters(
        .saved([
          try write("filter rm", { _ in try filters.delete(name) }) {
            "rm filter \(quoted($0.name))"
          }
        ]))

    case .export(let request):
      return .transfer(.exported(try Exporter(database: database).export(request, now: clock())))
    case .importFile(let request):
      return .transfer(.imported(try importFile(request)))

    case .search(let query) where sink != nil:
      return try database.inReadTransaction {
        let statement = try SearchRepository(database: database).listing(query)
        defer { statement.reset() }
        try SearchRepository.translatingErrors(query) { try stream(.search, statement) }
        return .streamed(.search, filter: nil)
      }
    case .search(let query):
      return .search(.found(try SearchRepository(database: database).search(query)))
    case .loadStats(let request):
      return .statsLoaded(
        try database.inReadTransaction { try StatsRepository(database: database).stats(request) })
    case .loadCompletions(let subject):
      let sql: String
      switch subject {
      case .postIDs:
        sql = "SELECT id || ':' || replace(title, ':', ' ') FROM posts ORDER BY id DESC LIMIT 200"
      case .questionIDs:
        sql =
          "SELECT id || ':' || replace(text, ':', ' ') FROM questions ORDER BY id DESC LIMIT 200"
      case .categories: sql = "SELECT name FROM categories ORDER BY name COLLATE NOCASE"
      case .savedFilters: sql = "SELECT name FROM saved_filters ORDER BY name COLLATE NOCASE"
      }
      let statement = try database.cachedStatement(sql: sql)
      defer { statement.reset() }
      var values: [String] = []
      while try statement.step() { values.append(statement.string(0)) }
      return .completed(values)
    case .undo(let count):
      return .journal(
        .entries(try database.inTransaction { try Journal(database: database).undo(count) }))
    case .redo(let count):
      return .journal(
        .entries(try database.inTransaction { try Journal(database: database).redo(count) }))
    case .loadJournal(let limit) where sink != nil:
      return try database.inReadTransaction {
        let statement = try Journal(database: database).logListing(limit: limit)
        defer { statement.reset() }
        try stream(.journal, statement)
        return .streamed(.journal, filter: nil)
      }
    case .loadJournal(let limit):
      return .journal(.entries(try Journal(database: database).log(limit: limit)))
    case .pruneJournal(let keep):
      return .journal(
        .entries(try database.inTransaction { try Journal(database: database).prune(keep: keep) }))
    case .syncInit(let request):
      return .sync(.rounded(try syncEngine(request).initialize()))
    case .syncRound(let request):
      return .sync(.rounded(try syncEngine(request).round()))
    case .loadSyncStatus(let repository):
      return .sync(.status(try syncEngine(SyncRequest(repository: repository)).status()))
    case .loadSyncConflicts:
      return .sync(.conflicts(try SyncRepository(database: database).conflicts()))
    case .restoreSyncConflict(let id):
      return .sync(
        .restored(
          try write("sync restore", { _ in try SyncRepository(database: database).restore(id) }) {
            "restore the kept \($0.kind.rawValue) version \(id) from \($0.device)"
          }))
    case .loadPage(let request):
      return .browse(.page(Page(request: request, rows: try browse.page(request, now: clock()))))
    case .loadDataVersion:
      return .browse(.dataVersion(try database.int(sql: "PRAGMA data_version") ?? 0))
    case .loadCategoryNames:
      return .browse(.categoryNames(try browse.categoryNames()))
    case .checkDatabase:
      return .database(.checked(try database.problems()))
    case .backupDatabase(let path):
      try BackupFile.write(database, to: path)
      return .database(.backedUp(to: path))
    }
  }

  func syncEngine(_ request: SyncRequest) -> SyncEngine {
    SyncEngine(database: database, clock: clock, makeUUID: makeUUID, request: request)
  }

  /// Imports a file in one transaction (rolled back for a dry run or on the first error, so a
  /// malformed file writes nothing). JSON Lines stream inside the transaction, read and
  /// decoded on a second thread (`RecordReader`); other formats are read and checked whole
  /// before it starts.
  func importFile(_ request: ImportRequest) throws -> ImportSummary {
    let input = try InputFile(request.path)
    let name = request.displayName
    var format = request.format
    let merge: (Timestamp) throws -> ImportSummary
    if format == .jsonl {
      merge = { now in
        let importer = Importer(database: self.database, now: now)
        var summary = ImportSummary()
        let reader = try RecordReader(input, name: name)
        defer { reader.stop() }
        while let records = try reader.next() {
          for record in records { try importer.merge(record, into: &summary, name: name) }
        }
        return summary
      }
    } else {
      let bytes = try input.readAll()
      if format == .csv && GoodreadsLibrary.looksLikeGoodreads(bytes) { format = .goodreads }
      switch format {
      case .json, .jsonl, .csv:
        let records = try BackupDecoder.decode(bytes, format: format, name: name)
        merge = { try Importer(database: self.database, now: $0).merge(records, name: name) }
      case .kindle, .goodreads:
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw MemoError.malformedImport(
            name, place: "line 1", reason: "the file is not UTF-8 text")
        }
        if format == .kindle {
          let report = try KindleClippings.read(text, name: name)
          if request.isStrict, let first = report.problems.first {
            throw MemoError.malformedImport(
              name, place: "line \(first.line)",
              reason:
                "\(first.what) (--strict: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") in all; without --strict each is reported and the rest imported)"
            )
          }
          merge = {
            var summary = try ExternalImporter(
              database: self.database, now: $0, makeUUID: self.makeUUID
            ).merge(report.books)
            summary.clippings?.bookmarks = report.bookmarks
            summary.clippings?.placeholders = report.placeholders
            // An earlier version the file itself extends later is a near-duplicate.
            summary.clippings?.duplicates += report.duplicates + report.replaced
            summary.clippings?.unreadable = Set(report.problems.map(\.line)).count
            summary.warnings = report.problems.map { "\(name): \($0.description)" }
            return summary
          }
        } else {
          let books = try GoodreadsLibrary.parse(text, name: name)
          merge = {
            var summary = try ExternalImporter(
              database: self.database, now: $0, makeUUID: self.makeUUID
            ).merge(books)
            summary.clippings = nil
            return summary
          }
        }
      }
    }
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

  /// The filter a listing applies: the current or saved one with the command's flags on top.
  /// - Throws: `.notFound` for an unknown saved filter or a flag naming an unknown category.
  func effectiveFilter(_ selection: FilterSelection) throws -> QuestionFilter {
    for name in selection.flags.categories where try categories.id(named: name) == nil {
      throw MemoError.categoryNotFound(name)
    }
    let base: QuestionFilter
    switch selection.base {
    case .current: base = try filters.current()
    case .none: base = QuestionFilter()
    case .saved(let name): base = try filters.saved(name).filter
    }
    return base.overridden(by: selection.flags)
  }

  /// `memo list`: a page of posts; under a question filter only those with matching
  /// questions, each with them.
  func listPosts(_ query: PostQuery) throws -> Action {
    var filter: QuestionFilter?
    var resolved: ResolvedFilter?
    if let selection = query.selection {
      let effective = try effectiveFilter(selection)
      filter = effective
      if !effective.isEmpty {
        resolved = try effective.resolved(
          now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
      }
    }
    if sink != nil {
      let statement = try posts.listing(matching: query, questions: resolved)
      defer { statement.reset() }
      let (nested, condition) = try questions.nestedRows(matching: resolved)
      defer { nested.reset() }
      try stream(.posts, statement, filter: filter, nested: nested) {
        try condition.bind(to: $0, startingAt: 2)
      }
      return .streamed(.posts, filter: filter)
    }
    var page = try posts.posts(matching: query, questions: resolved)
    if query.includesQuestions || resolved != nil {
      let byPost = try questions.questions(ofPosts: page.map(\.id), matching: resolved)
      for i in page.indices { page[i].questions = byPost[page[i].id] ?? [] }
    }
    return .posts(.listed(page, filter: filter))
  }

  /// Streams a listing's rows from `statement` into the sink, one at a time. With `nested`,
  /// each row offers its nested rows: `nested` bound to the row's id (parameter 1) and by
  /// `bindNested` (the rest), stepped only if the writer reads them.
  /// - Parameter mustHaveRow: thrown when the statement has no row (a post that is not there),
  ///   before anything is written.
  func stream(
    _ listing: Listing, _ statement: Statement, filter: QuestionFilter? = nil,
    nested: Statement? = nil, mustHaveRow missing: MemoError? = nil,
    bindNested: @escaping (Statement) throws -> Void = { _ in }
  ) throws {
    guard let sink else { return }
    var hasRow = try statement.step()
    if let missing, !hasRow { throw missing }
    try sink.begin(listing, filter: filter, columns: Row(statement), nested: nested.map(Row.init))
    while hasRow {
      if let nested {
        let id = statement.int64(0)
        try sink.row(
          Row(statement),
          nested: NestedRows(statement: nested) {
            try $0.bind(id, at: 1)
            try bindNested($0)
          })
      } else {
        try sink.row(Row(statement), nested: nil)
      }
      hasRow = try statement.step()
    }
    try sink.end()
  }

  func quoted(_ text: String) -> String {
    let line = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    return "'" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "'"
  }

  func postLabel(_ post: Post) -> String { "post \(post.id) \(quoted(post.title))" }

  func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
