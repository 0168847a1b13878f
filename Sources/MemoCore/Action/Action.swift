/// Everything that can happen to the state: one case per domain, plus failure.
public enum Action: Equatable, Sendable {
  case posts(PostAction)
  case questions(QuestionAction)
  case categories(CategoryAction)
  case favorites(FavoriteAction)
  case filters(FilterAction)
  case transfer(TransferAction)
  case database(DatabaseAction)
  case search(SearchAction)
  /// Storage (or validation) failed; the command stops with this error.
  case failed(MemoError)
}
