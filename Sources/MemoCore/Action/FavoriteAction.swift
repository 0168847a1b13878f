/// What a command asks of the favorites shelf, and what storage answered.
public enum FavoriteAction: Equatable, Sendable {
  case add([PostID])
  case remove([PostID])
  case list
  /// The posts concerned (or the shelf, in order), as they are now.
  case listed([Post])
}
