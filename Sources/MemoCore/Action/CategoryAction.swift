/// What a command asks of categories, and what storage answered.
public enum CategoryAction: Equatable, Sendable {
  case list(to: RowDestination = .state)
  case listed([Category])
  case add(String)
  case rename(from: String, to: String)
  /// Deletes a category; `force` also when questions use it (they keep no category).
  case remove(String, force: Bool)
  /// The category as it is after add, rename or removal.
  case changed(Category)
}
