/// What a command asks of the favorites shelf, and what storage answered.
public enum FavoriteAction: Equatable, Sendable {
  case add([PostID])
  case remove([PostID])
  /// The shelf in order, to where `to` says.
  case list(to: RowDestination = .state)
  /// The posts concerned (or the shelf, in order), as they are now.
  case listed([Post])
}
