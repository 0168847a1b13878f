/// The storage work a reducer asks for: plain values, so a test compares them with `==` and the
/// effect runner is the one place with I/O. Each effect runs in one transaction.
///
/// A listing names where its rows go (`to: RowDestination`), carried from the command's action:
/// `.state` answers with one page of values (`.posts(.listed)` and the like); `.output` streams
/// the rows, one at a time straight from the statement, to the output writer the runner was
/// made with, and answers `.streamed` (a runner without one fails with an io error, writing
/// nothing).
public enum Effect: Equatable, Sendable {
  // MARK: Posts
  /// Insert a post (the runner gives it a UUID and timestamps); answers `.posts(.added)`.
  case insertPost(NewPost)
  /// The posts the query selects (with their matching questions): into the state as one page,
  /// answering `.posts(.listed)`, or streamed to the output, answering `.streamed(.posts)`.
  case loadPosts(PostQuery, to: RowDestination = .state)
  /// One post with all its questions: into the state (with its highlights too), answering
  /// `.posts(.loaded)`, or streamed to the output, answering `.streamed(.post)`.
  case loadPost(PostID, to: RowDestination = .state)
  /// Change a post's fields and `updated_at`; answers `.posts(.edited)`.
  case updatePost(PostID, PostPatch)
  /// Delete posts (and by cascade their questions), all or none; answers `.posts(.removed)`.
  case deletePosts([PostID])
  /// Move the second post's questions, highlights and shelf place to the first (its body
  /// appended), then delete it; answers `.posts(.merged)` with the first.
  case mergePosts(into: PostID, from: PostID)

  // MARK: Questions
  /// Insert a question, creating its category if new; answers `.questions(.added)`.
  case insertQuestion(NewQuestion)
  /// The questions the query selects: one page into the state, answering
  /// `.questions(.listed)`, or streamed to the output, answering `.streamed(.questions)`.
  case loadQuestions(QuestionQuery, to: RowDestination = .state)
  /// Answers `.questions(.loaded)`.
  case loadQuestion(QuestionID)
  /// Answers `.questions(.updated)`.
  case updateQuestion(QuestionID, QuestionPatch)
  /// Star or unstar questions, all or none; answers `.questions(.updated)`.
  case setStarred([QuestionID], Bool)
  /// Set (or with nil, remove) an answer; answers `.questions(.updated)`.
  case setAnswer(QuestionID, String?)
  /// Answer a question only while it is open (`memo review`'s session: an answer given
  /// elsewhere meanwhile is never replaced); answers `.questions(.updated)`, refuses (1)
  /// with `MemoError.answeredMeanwhile`.
  case answerOpenQuestion(QuestionID, String)
  /// Delete questions, all or none; answers `.questions(.removed)`.
  case deleteQuestions([QuestionID])

  // MARK: Highlights
  /// Answers `.highlights(.added)`.
  case insertHighlight(NewHighlight)
  /// Into the state, answering `.highlights(.listed)`, or streamed to the output, answering
  /// `.streamed(.highlights)`.
  case loadHighlights(HighlightQuery, to: RowDestination = .state)
  /// Answers `.highlights(.loaded)`.
  case loadHighlight(HighlightID)
  /// Answers `.highlights(.updated)`.
  case updateHighlight(HighlightID, HighlightPatch)
  /// Star or unstar highlights, all or none; answers `.highlights(.updated)`.
  case setHighlightStarred([HighlightID], Bool)
  /// Delete highlights, all or none; answers `.highlights(.removed)`.
  case deleteHighlights([HighlightID])

  // MARK: Review
  /// Record a rating of a question and its new schedule; answers `.review(.rated)`.
  case rateReview(QuestionID, ReviewRating, at: Timestamp)
  /// Answers `.review(.shown)`.
  case loadReview(QuestionID, at: Timestamp)
  /// What is due, lowest retrievability first: into the state, answering `.review(.listed)`,
  /// or streamed to the output, answering `.streamed(.reviewDue)`.
  case loadDueReviews(ReviewDueQuery, to: RowDestination = .state)
  /// How many items of each kind are due, whatever the query's limit: one count in the
  /// database, no rows read; answers `.review(.dueCounted)`.
  case countDueReviews(ReviewDueQuery)
  /// Answers `.review(.nextDue)`: the earliest due time after `after`, up to `until`, of a
  /// question (rated or never rated), nil when none.
  case loadNextDue(after: Timestamp, until: Timestamp)
  /// Turn fuzz on or off and replay every schedule with it; answers `.review(.fuzzSet)`.
  case setReviewFuzz(Bool)
  /// Fail with a usage error naming the question's choices (a highlight's rating given to a
  /// question).
  case rejectReviewRating(QuestionID, rating: String)
  /// Record a choice on a highlight; answers `.review(.highlightRated)`.
  case rateHighlightReview(HighlightID, HighlightChoice, at: Timestamp)
  /// Answers `.review(.highlightShown)`.
  case loadHighlightReview(HighlightID, at: Timestamp)
  /// Answers `.review(.configShown)`.
  case loadReviewConfig
  /// Store a setting and replay every schedule with it; answers `.review(.settingSet)`.
  case setReviewSetting(ReviewSetting)
  /// Answers `.review(.statsLoaded)`.
  case loadReviewStats(ReviewStatsQuery)
  /// Streams every recall rating as the FSRS optimizer's review log to the output (it has no
  /// page in the state: its destination is always `.output`); answers `.streamed(.reviewLog)`.
  case exportReviewLog

  // MARK: Categories
  /// Into the state, answering `.categories(.listed)`, or streamed to the output.
  case loadCategories(to: RowDestination = .state)
  /// Answers `.categories(.changed)`.
  case insertCategory(String)
  case renameCategory(from: String, to: String)
  case deleteCategory(String, force: Bool)

  // MARK: Favorites
  /// Put posts on the shelf (at the end, in the order given); answers `.favorites(.listed)`.
  case addFavorites([PostID])
  case removeFavorites([PostID])
  /// The shelf in order: into the state, answering `.favorites(.listed)`, or streamed to the
  /// output.
  case loadFavorites(to: RowDestination = .state)

  // MARK: Filters
  /// Answers `.filters(.current)`.
  case loadCurrentFilter
  /// Replace the current filter (creating named categories); answers `.filters(.current)`.
  case saveCurrentFilter(QuestionFilter)
  /// Answers `.filters(.saved)` with the one saved.
  case saveNamedFilter(String, replacing: Bool)
  /// Make a saved filter current; answers `.filters(.current)`.
  case useSavedFilter(String)
  /// Answers `.filters(.saved)`.
  case loadSavedFilters
  case deleteSavedFilter(String)

  // MARK: Export and import
  /// Stream an export to its output; answers `.transfer(.exported)`.
  case export(ExportRequest)
  /// Read, check and merge an import in one transaction; answers `.transfer(.imported)`.
  case importFile(ImportRequest)

  // MARK: The file
  /// Answers `.database(.checked)`.
  case checkDatabase
  /// A consistent copy through the online backup API; answers `.database(.backedUp)`.
  case backupDatabase(to: String)

  // MARK: Search
  /// The hits, best first: into the state, answering `.search(.found)`, or streamed to the
  /// output, answering `.streamed(.search)`.
  case search(SearchQuery, to: RowDestination = .state)

  /// Answers `.statsLoaded`.
  case loadStats(StatsRequest)

  /// Answers `.completed` with the values, most recent first.
  case loadCompletions(CompletionSubject)

  // MARK: The journal
  /// Revert the latest N entries not undone, newest first; answers `.journal(.entries)`.
  /// Without `everywhere`, refuses (64) an entry whose undo the next sync round would carry
  /// to the other devices (a sync round's entry), changing nothing.
  case undo(Int, everywhere: Bool = false)
  /// Revert the entry with this id alone, and only while it is the newest not undone (what a
  /// session made itself); answers `.journal(.entries)` with it. Refuses, changing nothing:
  /// 64 when a newer entry stands above it, 1 when it is undone already or gone.
  case undoEntry(Int64)
  /// Re-apply the oldest N undone entries; answers `.journal(.entries)`. `everywhere`: as undo.
  case redo(Int, everywhere: Bool = false)
  /// The latest entries, newest first: into the state, answering `.journal(.entries)`, or
  /// streamed to the output.
  case loadJournal(limit: Int, to: RowDestination = .state)
  case pruneJournal(keep: Int)

  // MARK: Sync
  /// Make the sync repository, register this device, run a first round; answers
  /// `.sync(.rounded)`.
  case syncInit(SyncRequest)
  /// One round through git; answers `.sync(.rounded)`.
  case syncRound(SyncRequest)
  /// Answers `.sync(.status)`.
  case loadSyncStatus(repository: String)
  /// Newest first: into the state, answering `.sync(.conflicts)`, or streamed to the output.
  case loadSyncConflicts(to: RowDestination = .state)
  /// Make a kept version current again, as a new local change; answers `.sync(.restored)`.
  case restoreSyncConflict(Int64)
  /// Forget a conflict on every device; answers `.sync(.dismissed)`.
  case dismissSyncConflict(Int64)
  /// Show the remote (request.remote nil) or move to the one given, checked as `sync init`
  /// checks it; answers `.sync(.remoteIs)`.
  case syncRemote(SyncRequest)
  // MARK: memo browse
  /// Read one page of a browse list by its keys (no offsets); answers `.browse(.page)`.
  case loadPage(PageRequest)
  /// Read `PRAGMA data_version`; answers `.browse(.dataVersion)`.
  case loadDataVersion
  /// Every category's name (no counts); answers `.browse(.categoryNames)`.
  case loadCategoryNames
  /// Take a post off the shelf, saying where it stood; answers `.browse(.unshelved)`.
  case takeOffShelf(PostID)
  /// Put a post on the shelf at `position` if that place is free, else at the end; answers
  /// `.favorites(.listed)`.
  case putOnShelf(PostID, position: Int64?)
}
