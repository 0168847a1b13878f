/// The storage work on highlights (`Effect.highlights`).
public enum HighlightEffect: Equatable, Sendable {
  /// Answers `.highlights(.added)`.
  case insert(NewHighlight)
  /// Into the state, answering `.highlights(.listed)`, or streamed to the output, answering
  /// `.streamed(.highlights)`.
  case list(HighlightQuery, to: RowDestination = .state)
  /// Answers `.highlights(.loaded)`.
  case load(HighlightID)
  /// Answers `.highlights(.updated)`.
  case update(HighlightID, HighlightPatch)
  /// Star or unstar highlights, all or none; answers `.highlights(.updated)`.
  case setStarred([HighlightID], Bool)
  /// Delete highlights, all or none; answers `.highlights(.removed)`.
  case delete([HighlightID])

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list, .load: true
    case .insert, .update, .setStarred, .delete: false
    }
  }
}
