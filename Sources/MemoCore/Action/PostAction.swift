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
  case merged(Post)
}
