/// The storage work on posts (`Effect.posts`).
public enum PostEffect: Equatable, Sendable {
  /// Insert a post (the runner gives it a UUID and timestamps); answers `.posts(.added)`.
  case insert(NewPost)
  /// The posts the query selects (with their matching questions): into the state as one page,
  /// answering `.posts(.listed)`, or streamed to the output, answering `.streamed(.posts)`.
  case list(PostQuery, to: RowDestination = .state)
  /// One post with all its questions: into the state (with its highlights too), answering
  /// `.posts(.loaded)`, or streamed to the output, answering `.streamed(.post)`.
  case load(PostID, to: RowDestination = .state)
  /// Change a post's fields and `updated_at`; answers `.posts(.edited)`.
  case update(PostID, PostPatch)
  /// Delete posts (and by cascade their questions), all or none; answers `.posts(.removed)`.
  case delete([PostID])
  /// Move the second post's questions, highlights and shelf place to the first (its body
  /// appended), then delete it; answers `.posts(.merged)` with the first.
  case merge(into: PostID, from: PostID)

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list, .load: true
    case .insert, .update, .delete, .merge: false
    }
  }
}
