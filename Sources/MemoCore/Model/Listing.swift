/// What a streamed listing lists: the writer picks the presenter by it.
public enum Listing: Equatable, Sendable {
  case questions
  case highlights
  /// `memo review due`.
  case reviewDue
  /// `memo review export --format fsrs-csv`: the FSRS optimizer's review log.
  case reviewLog
  /// Posts, each with its (matching) questions nested.
  case posts
  /// One post (`memo show`): the row, then its questions nested.
  case post
  case favorites
  case search
  case journal
  case categories
  /// `memo sync conflicts`.
  case syncConflicts
}
