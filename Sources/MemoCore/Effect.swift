/// The storage work a reducer asks for: plain values, so a test compares them with `==` and the
/// effect runner is the one place with I/O. Each effect runs in one transaction.
public enum Effect: Equatable, Sendable {
  /// Insert a post (the runner gives it a UUID and timestamps); answers `.posts(.added)`.
  case insertPost(NewPost)
  /// Load one page of posts; answers `.posts(.listed)`.
  case loadPosts(PostQuery)
  /// Load one post; answers `.posts(.loaded)` or `.failed(.postNotFound)`.
  case loadPost(PostID)
  /// Change a post's fields and `updated_at`; answers `.posts(.edited)`.
  case updatePost(PostID, PostPatch)
  /// Delete posts (and by cascade their questions), all or none; answers `.posts(.removed)`.
  case deletePosts([PostID])
}
