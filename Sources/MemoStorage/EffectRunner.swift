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

  /// Hands the effect to its domain's handler (MemoStorage/Effects), each an exhaustive switch.
  func perform(_ effect: Effect) throws -> Action {
    switch effect {
    case .posts(let effect): try perform(effect)
    case .questions(let effect): try perform(effect)
    case .highlights(let effect): try perform(effect)
    case .review(let effect): try perform(effect)
    case .categories(let effect): try perform(effect)
    case .favorites(let effect): try perform(effect)
    case .filters(let effect): try perform(effect)
    case .transfer(let effect): try perform(effect)
    case .sync(let effect): try perform(effect)
    case .journal(let effect): try perform(effect)
    case .lookup(let effect): try perform(effect)
    }
  }
}
