import MemoCore

/// Performs effects against the database, each in one transaction, and answers with the
/// result action (or `.failed` with a `MemoError`, having written nothing).
public final class EffectRunner {
  let database: Database
  let clock: () -> Timestamp
  let makeUUID: (Timestamp) -> String
  let posts: PostRepository
  let questions: QuestionRepository
  let highlights: HighlightRepository
  let review: ReviewRepository
  let categories: CategoryRepository
  let favorites: FavoriteRepository
  let filters: FilterRepository
  /// The process's output writer (the command line's), fixed when the runner is made: where a
  /// listing whose effect says `.output` streams its rows, one at a time. Nothing else decides
  /// by it: a listing whose effect says `.state` answers with one page whether or not there is
  /// one, and one that says `.output` with none fails (`outputWriter`).
  public let output: RowSink?
  /// Counts an import's or an export's records as they go, for a progress line (none: quiet).
  public var progress: ProgressMeter?
  /// A rating timed before its item was made is refused (`review rate --at`), in the rating's
  /// own transaction; off for the session, sync and the tests' runners, which rate at any time.
  public var refusesRatingBeforeCreation = false
  let browse: BrowseRepository
  /// The journal entry the last effect run made (nil: it made none, or failed): how a front
  /// end that takes back only its own changes (`memo review`'s session) knows them.
  public internal(set) var lastJournalEntry: Int64?

  /// Whether the effects run so far recorded a change in the journal (undo, redo and prune
  /// included): what a command that then fails to write its output has kept.
  public var madeChanges: Bool { database.journaledChanges > 0 }

  /// - Parameters:
  ///   - clock: the current time (tests pass a fixed one).
  ///   - makeUUID: a new UUID for a record created at the given time.
  ///   - output: the writer for listings whose effect says `.output` (nil: none may).
  public init(
    database: Database, clock: @escaping () -> Timestamp = SystemClock.now,
    makeUUID: @escaping (Timestamp) -> String = UUIDBatch().make(at:),
    writingTo output: RowSink? = nil
  ) {
    self.database = database
    self.output = output
    self.clock = clock
    self.makeUUID = makeUUID
    posts = PostRepository(database: database)
    questions = QuestionRepository(database: database)
    highlights = HighlightRepository(database: database)
    review = ReviewRepository(database: database)
    categories = CategoryRepository(database: database)
    favorites = FavoriteRepository(database: database)
    filters = FilterRepository(database: database)
    browse = BrowseRepository(database: database)
  }

  /// Runs one effect. - Returns: the action that reports its result.
  public func run(_ effect: Effect) -> Action {
    lastJournalEntry = nil
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

  func perform(_ effect: Effect) throws -> Action {
    switch effect {
    case .insertPost(let new):
      return .posts(
        .added(
          try write("add", { try posts.insert(new, uuid: makeUUID($0), at: $0) }) {
            "add post \($0.id) \(quoted($0.title))"
          }))
    case .loadPosts(let query, let destination): return try listPosts(query, to: destination)
    case .loadPost(let id, let destination): return try showPost(id, to: destination)
    case .updatePost(let id, let patch):
      return .posts(
        .edited(
          try write("edit", { try posts.update(id, with: patch, at: $0) }) {
            "edit post \($0.id) \(quoted($0.title))"
          }))
    case .deletePosts(let ids):
      return .posts(
        .removed(
          try write("rm", { _ in try removePosts(ids) }, summary: removedSummary).map(\.post)))

    case .mergePosts(let keep, let other):
      let (post, notKept) = try write("merge", { try posts.merge(other, into: keep, at: $0) }) {
        "merge post \(other) into \(postLabel($0.0))"
      }
      return .posts(.merged(post, notKept: notKept))

    case .insertQuestion(let new):
      return .questions(
        .added(
          try write("ask", { try questions.insert(new, uuid: makeUUID($0), at: $0) }) {
            "ask question \($0.id) on post \($0.postID) \(quoted($0.postTitle)): \(quoted($0.text))"
          }))
    case .loadQuestions(let query, let destination):
      return try listQuestions(query, to: destination)
    case .loadQuestion(let id):
      return .questions(
        .loaded(
          try database.inReadTransaction {
            var question = try questions.require(id)
            if let highlight = question.highlightID {
              question.passage = try highlights.highlight(highlight)?.text
            }
            return question
          }))
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

    case .insertHighlight, .loadHighlights, .loadHighlight, .updateHighlight,
      .setHighlightStarred, .deleteHighlights:
      return try performHighlight(effect)

    case .rateReview, .loadReview, .loadDueReviews, .countDueReviews, .loadNextDue, .setReviewFuzz,
      .rejectReviewRating,
      .rateHighlightReview, .loadHighlightReview, .loadReviewConfig, .setReviewSetting,
      .loadReviewStats, .exportReviewLog:
      return try performReview(effect)

    case .loadCategories(let destination): return try listCategories(to: destination)
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
    case .loadFavorites(let destination): return try listFavorites(to: destination)

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
      defer { progress?.finish() }
      return .transfer(
        .exported(
          try Exporter(database: database, progress: progress).export(request, now: clock())))
    case .importFile(let request):
      defer { progress?.finish() }
      return .transfer(.imported(try importFile(request)))

    case .search(let query, let destination): return try search(query, to: destination)
    case .loadStats(let request):
      return .statsLoaded(
        try database.inReadTransaction {
          var stats = try StatsRepository(database: database).stats(request)
          let start = FSRS.dayStart(of: request.now, utcOffsetSeconds: request.utcOffsetSeconds)
          stats.review = try review.stats(
            ReviewStatsQuery(
              at: request.now, dayStart: start,
              dayEnd: Timestamp(millis: start.millis + FSRS.dayMillis)))
          return stats
        })
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
    case .undo(let count, let everywhere):
      return .journal(
        .entries(
          try database.inTransaction {
            try Journal(database: database).undo(count, everywhere: everywhere)
          }))
    case .undoEntry(let id):
      return .journal(
        .entries([try database.inTransaction { try Journal(database: database).undo(entry: id) }]))
    case .answerOpenQuestion(let id, let answer):
      return .questions(
        .updated([
          try write(
            "answer",
            {
              guard let existing = try questions.require(id).answer else {
                return try questions.setAnswer(id, answer, at: $0)
              }
              throw MemoError.answeredMeanwhile(id, existing)
            }
          ) { _ in "answer question \(id)" }
        ]))
    case .redo(let count, let everywhere):
      return .journal(
        .entries(
          try database.inTransaction {
            try Journal(database: database).redo(count, everywhere: everywhere)
          }))
    case .loadJournal(let limit, let destination):
      return try listJournal(limit: limit, to: destination)
    case .pruneJournal(let keep):
      return .journal(
        .entries(try database.inTransaction { try Journal(database: database).prune(keep: keep) }))
    case .syncInit(let request):
      return .sync(.rounded(try syncEngine(request).initialize()))
    case .syncRound(let request):
      return .sync(.rounded(try syncEngine(request).round()))
    case .loadSyncStatus(let repository):
      return .sync(.status(try syncEngine(SyncRequest(repository: repository)).status()))
    case .loadSyncConflicts(let destination):
      let store = SyncRepository(database: database)
      return try streamOrPage(.syncConflicts, to: destination, store.conflictListing) {
        .sync(.conflicts(try store.conflicts()))
      }
    case .restoreSyncConflict(let id):
      return .sync(
        .restored(
          try write("sync restore", { try SyncRepository(database: database).restore(id, at: $0) })
          {
            // As it is after the restore: `winner` set the value restored.
            "restore the \($0.kind.rawValue)'s \($0.field) as \($0.winner) had it (conflict \(id))"
          }))
    case .dismissSyncConflict(let id):
      return .sync(
        .dismissed(
          try write(
            Journal.dismissAction, { try SyncRepository(database: database).dismiss(id, at: $0) }
          ) {
            "dismiss the conflict over the \($0.kind.rawValue)'s \($0.field) (conflict \(id))"
          }))
    case .syncRemote(let request):
      if request.remote == nil {
        return .sync(
          .remoteIs(try database.inReadTransaction { try syncEngine(request).moveRemote() }))
      }
      return .sync(.remoteIs(try syncEngine(request).moveRemote()))
    case .loadPage(let request):
      return .browse(.page(try browse.pageWithPosition(request, now: clock())))
    case .loadDataVersion:
      return .browse(.dataVersion(try database.int(sql: "PRAGMA data_version") ?? 0))
    case .loadCategoryNames:
      return .browse(.categoryNames(try browse.categoryNames()))
    case .takeOffShelf(let id):
      let (post, position) = try write("unfav", { _ in try browse.takeOffShelf(id) }) {
        "unfav " + postLabel($0.0)
      }
      return .browse(.unshelved(post, position: position))
    case .putOnShelf(let id, let position):
      return .favorites(
        .listed([
          try write("fav", { try browse.putOnShelf(id, position: position, at: $0) }) {
            "fav " + postLabel($0)
          }
        ]))
    case .checkDatabase:
      return .database(
        .checked(try database.reportingProgress(progress) { try database.problems() }))
    case .backupDatabase(let path):
      try BackupFile.write(database, to: path)
      return .database(.backedUp(to: path))
    }
  }

  /// The engine for `request`, its repository made absolute: git runs in it (`git -C`) and
  /// is given paths inside it, which a relative folder (`--db notes.db`) would double.
  func syncEngine(_ request: SyncRequest) -> SyncEngine {
    var request = request
    request.repository = SyncEngine.absolutePath(request.repository)
    return SyncEngine(
      database: database, clock: clock, makeUUID: makeUUID, request: request, progress: progress)
  }
}
