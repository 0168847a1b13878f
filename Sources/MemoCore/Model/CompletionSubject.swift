/// What a shell completion lists.
public enum CompletionSubject: String, Equatable, Sendable {
  case postIDs, questionIDs, categories, savedFilters
}
