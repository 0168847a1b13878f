/// The storage work on the shelf of favorite posts (`Effect.favorites`).
public enum FavoriteEffect: Equatable, Sendable {
  /// Put posts on the shelf (at the end, in the order given); answers `.favorites(.listed)`.
  case add([PostID])
  /// Answers `.favorites(.listed)`.
  case remove([PostID])
  /// The shelf in order: into the state, answering `.favorites(.listed)`, or streamed to the
  /// output.
  case list(to: RowDestination = .state)
  /// Take a post off the shelf, saying where it stood (`memo browse`); answers
  /// `.browse(.unshelved)`.
  case takeOff(PostID)
  /// Put a post on the shelf at `position` if that place is free, else at the end (`memo
  /// browse` putting back what it took off); answers `.favorites(.listed)`.
  case put(PostID, position: Int64?)

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list: true
    case .add, .remove, .takeOff, .put: false
    }
  }
}
