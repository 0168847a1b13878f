/// What `memo search` asks, and what storage answered.
public enum SearchAction: Equatable, Sendable {
  case search(SearchQuery)
  case found([SearchResult])
}
