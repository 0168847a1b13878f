/// What `memo search` asks, and what storage answered.
public enum SearchAction: Equatable, Sendable {
  /// The hits, to where `to` says.
  case search(SearchQuery, to: RowDestination = .state)
  case found([SearchResult])
}
