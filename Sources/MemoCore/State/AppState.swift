/// What the current command needs: one page of posts, the post it is about, what it removed,
/// or the error that stopped it. Never the whole database.
public struct AppState: Equatable, Sendable {
  /// The page of posts a listing command shows.
  public var posts: [Post]
  /// The one post a command added, showed or edited.
  public var post: Post?
  /// The posts `memo rm` deleted.
  public var removedPosts: [Post]
  /// Why the command failed; a command whose state holds an error prints nothing to stdout.
  public var error: MemoError?

  public init(
    posts: [Post] = [], post: Post? = nil, removedPosts: [Post] = [], error: MemoError? = nil
  ) {
    self.posts = posts
    self.post = post
    self.removedPosts = removedPosts
    self.error = error
  }
}
