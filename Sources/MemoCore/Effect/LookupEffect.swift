/// Reads across the domains (`Effect.lookup`): search, stats, completions, `memo browse`'s
/// pages. None writes.
public enum LookupEffect: Equatable, Sendable {
  /// The hits, best first: into the state, answering `.search(.found)`, or streamed to the
  /// output, answering `.streamed(.search)`.
  case search(SearchQuery, to: RowDestination = .state)
  /// Answers `.statsLoaded`.
  case stats(StatsRequest)
  /// Answers `.completed` with the values, most recent first.
  case completions(CompletionSubject)
  /// Read one page of a browse list by its keys (no offsets); answers `.browse(.page)`.
  case page(PageRequest)
  /// Read `PRAGMA data_version`; answers `.browse(.dataVersion)`.
  case dataVersion

  /// Whether the effect only reads (`Effect.onlyReads`): every lookup does.
  public var onlyReads: Bool {
    switch self {
    case .search, .stats, .completions, .page, .dataVersion: true
    }
  }
}
