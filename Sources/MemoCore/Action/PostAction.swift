/// What a command asks of posts (imperative) and what storage answered (past tense).
public enum PostAction: Equatable, Sendable {
  case add(NewPost)
  case added(Post)
  /// The posts the query selects, to where `to` says.
  case list(PostQuery, to: RowDestination = .state)
  /// A page of posts, and the question filter that chose them (nil: none applied).
  case listed([Post], filter: QuestionFilter?)
  /// One post with its questions (and, into the state, its highlights), to where `to` says.
  case show(PostID, to: RowDestination = .state)
  case loaded(Post)
  case edit(PostID, PostPatch)
  case edited(Post)
  case remove([PostID])
  case removed([Post])
  /// `memo merge KEEP OTHER`: one book as two posts becomes one.
  case merge(into: PostID, from: PostID)
  /// The kept post, and what of the other's it could not keep beside its own.
  case merged(Post, notKept: [MergeLeftover])
}

/// A field of the post `memo merge` joined and deleted whose value differs from the kept
/// post's own (a title, an author, a source: one line each, so not both kept). The journal
/// holds it (`memo undo` brings the post back); the command names it on stderr.
public struct MergeLeftover: Equatable, Sendable {
  /// `title`, `author` or `source`.
  public var field: String
  /// The deleted post's value.
  public var value: String
  /// The kept post's value, which stays.
  public var kept: String

  public init(field: String, value: String, kept: String) {
    self.field = field
    self.value = value
    self.kept = kept
  }
}
