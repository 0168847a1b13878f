/// The storage work on categories (`Effect.categories`).
public enum CategoryEffect: Equatable, Sendable {
  /// Into the state, answering `.categories(.listed)`, or streamed to the output.
  case list(to: RowDestination = .state)
  /// Answers `.categories(.changed)`.
  case insert(String)
  /// Answers `.categories(.changed)`.
  case rename(from: String, to: String)
  /// Answers `.categories(.changed)`; with questions filed under it, only with `force`.
  case delete(String, force: Bool)
  /// Every category's name (no counts), for `memo browse`; answers `.browse(.categoryNames)`.
  case loadNames

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list, .loadNames: true
    case .insert, .rename, .delete: false
    }
  }
}
