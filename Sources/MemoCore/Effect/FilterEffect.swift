/// The storage work on the current filter and the saved ones (`Effect.filters`).
public enum FilterEffect: Equatable, Sendable {
  /// Answers `.filters(.current)`.
  case loadCurrent
  /// Replace the current filter (creating named categories); answers `.filters(.current)`.
  case saveCurrent(QuestionFilter)
  /// Save the current filter under a name; answers `.filters(.saved)` with the one saved.
  case saveNamed(String, replacing: Bool)
  /// Make a saved filter current; answers `.filters(.current)`.
  case use(String)
  /// Answers `.filters(.saved)`.
  case listSaved
  /// Answers `.filters(.saved)` with the one deleted.
  case deleteSaved(String)

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .loadCurrent, .listSaved: true
    case .saveCurrent, .saveNamed, .use, .deleteSaved: false
    }
  }
}
