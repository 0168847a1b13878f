/// What a command asks of posts (imperative) and what storage answered (past tense).
public enum PostAction: Equatable, Sendable {
  case add(NewPost)
  case added(Post)
  case list(PostQuery)
  case listed([Post])
  case show(PostID)
  case loaded(Post)
  case edit(PostID, PostPatch)
  case edited(Post)
  case remove([PostID])
  case removed([Post])
}
