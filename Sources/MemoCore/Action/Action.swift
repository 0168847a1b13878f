/// Everything that can happen to the state: one case per domain, plus failure.
public enum Action: Equatable, Sendable {
  case posts(PostAction)
  case questions(QuestionAction)
  case highlights(HighlightAction)
  case review(ReviewAction)
  case categories(CategoryAction)
  case favorites(FavoriteAction)
  case filters(FilterAction)
  case transfer(TransferAction)
  case database(DatabaseAction)
  case search(SearchAction)
  /// `memo stats`: ask with a request, storage answers with the numbers.
  case stats(StatsRequest)
  case statsLoaded(Stats)
  /// Shell completion: the values an argument can take.
  case complete(CompletionSubject)
  case journal(JournalAction)
  case sync(SyncAction)
  case completed([String])
  /// A listing whose effect said `.output` sent its rows to the output writer as they were
  /// read (SPEC §1: nothing holds the whole result); the state keeps the filter in force.
  case streamed(Listing, filter: QuestionFilter?)
  /// What storage answered `memo browse`'s own reads.
  case browse(BrowseResult)
  /// Storage (or validation) failed; the command stops with this error.
  case failed(MemoError)
}
