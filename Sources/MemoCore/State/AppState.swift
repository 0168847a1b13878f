/// What the current command needs: one page of rows, the record it is about, what it removed,
/// the filter in force, or the error that stopped it. Never the whole database.
public struct AppState: Equatable, Sendable {
  /// The page of posts a listing shows (or the posts a favorites command touched).
  public var posts: [Post] = []
  /// The one post a command added, showed or edited.
  public var post: Post?
  /// The posts `memo rm` deleted.
  public var removedPosts: [Post] = []
  /// What `memo merge` could not keep of the post it joined (differing title, author, source).
  public var mergeLeftovers: [MergeLeftover] = []
  /// The page of questions a listing shows (or those a command changed).
  public var questions: [Question] = []
  /// The one question a command added or showed.
  public var question: Question?
  /// The questions `memo question rm` deleted.
  public var removedQuestions: [Question] = []
  /// Highlights listed, starred or edited.
  public var highlights: [Highlight] = []
  /// The one highlight added or shown.
  public var highlight: Highlight?
  public var removedHighlights: [Highlight] = []
  /// What `memo review rate` made of the item.
  public var reviewOutcome: ReviewOutcome?
  /// What `memo review show` shows.
  public var reviewDetail: ReviewDetail?
  /// A page of `memo review due`.
  public var reviewDue: [ReviewDueRow] = []
  /// How many items of each kind are due (`memo review digest`).
  public var reviewDueCounts: [ReviewKind: Int] = [:]
  /// Whether review fuzz is on, after `memo review config set fuzz`.
  public var reviewFuzz: Bool?
  /// What `memo review rate hN` made of the highlight, and the choice.
  public var highlightReviewOutcome: HighlightReviewOutcome?
  /// What `memo review show hN` shows.
  public var highlightReviewDetail: HighlightReviewDetail?
  /// The review settings (`memo review config show|set`).
  public var reviewConfig: ReviewConfig?
  /// `memo stats`' review section.
  public var reviewStats: ReviewStats?
  public var categories: [Category] = []
  /// The category a command added, renamed or removed.
  public var category: Category?
  /// The question filter in force (for listings: current or saved, with the flags on top).
  public var filter: QuestionFilter?
  public var savedFilters: [SavedFilter] = []
  /// What an export wrote.
  public var exportSummary: ExportSummary?
  /// What an import changed.
  public var importSummary: ImportSummary?
  /// What `memo db check` found (nil: not checked).
  public var databaseProblems: [String]?
  /// How many of `databaseProblems` (the last ones) `memo db check --repair` mends.
  public var databaseMendable = 0
  /// What `memo db check --repair` mended.
  public var databaseRepairs: [String]?
  /// Where `memo db backup` wrote.
  public var backupPath: String?
  /// What `memo search` found, best first.
  public var searchResults: [SearchResult] = []
  /// What `memo stats` shows.
  public var stats: Stats?
  /// Values for shell completion.
  public var completions: [String] = []
  /// Journal entries a command undid, redid, listed or pruned.
  public var journalEntries: [JournalEntry] = []
  /// What a sync round did.
  public var syncSummary: SyncSummary?
  /// What `memo sync status` shows.
  public var syncStatus: SyncStatus?
  /// `memo sync remote`: the remote.
  public var syncRemote: String?
  /// Versions kept from lost conflicts (listed or restored).
  public var syncConflicts: [SyncConflict] = []
  /// Why the command failed; a command whose state holds an error prints nothing to stdout.
  public var error: MemoError?

  public init(error: MemoError? = nil) { self.error = error }

  public init(
    posts: [Post] = [], post: Post? = nil, removedPosts: [Post] = [], error: MemoError? = nil
  ) {
    self.posts = posts
    self.post = post
    self.removedPosts = removedPosts
    self.error = error
  }
}
