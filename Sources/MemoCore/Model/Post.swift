/// A reading memo: one per book.
public struct Post: Equatable, Sendable {
  public var id: PostID
  public var uuid: String
  public var title: String
  public var author: String?
  public var body: String?
  public var source: String?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// Whether the post is on the favorites shelf.
  public var isFavorite: Bool
  /// How many questions the post has (all of them, whatever filter is active).
  public var questionCount: Int
  /// The questions loaded with the post (all of them, or those a filter kept); empty when the
  /// command did not ask for them.
  public var questions: [Question]
  /// The post's highlights in reading order, when the command asked for them (`memo browse`'s
  /// book screen); else empty.
  public var highlights: [Highlight] = []

  public init(
    id: PostID, uuid: String, title: String, author: String? = nil, body: String? = nil,
    source: String? = nil, createdAt: Timestamp, updatedAt: Timestamp, isFavorite: Bool = false,
    questionCount: Int = 0, questions: [Question] = []
  ) {
    self.questions = questions
    self.id = id
    self.uuid = uuid
    self.title = title
    self.author = author
    self.body = body
    self.source = source
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.isFavorite = isFavorite
    self.questionCount = questionCount
  }
}

/// What `memo add` asks for: a post not yet stored.
public struct NewPost: Equatable, Sendable {
  public var title: String
  public var author: String?
  public var body: String?
  public var source: String?

  public init(title: String, author: String? = nil, body: String? = nil, source: String? = nil) {
    self.title = title
    self.author = author
    self.body = body
    self.source = source
  }
}

/// The fields `memo edit` changes; nil leaves a field as it is, `.some(nil)` clears it.
public struct PostPatch: Equatable, Sendable {
  public var title: String?
  public var author: String??
  public var body: String??
  public var source: String??

  public init(
    title: String? = nil, author: String?? = nil, body: String?? = nil, source: String?? = nil
  ) {
    self.title = title
    self.author = author
    self.body = body
    self.source = source
  }

  /// Whether the patch changes nothing at all.
  public var isEmpty: Bool { title == nil && author == nil && body == nil && source == nil }

  /// The patch that takes `post` to `edited`, leaving out fields that did not change.
  public static func difference(from post: Post, to edited: NewPost) -> PostPatch {
    PostPatch(
      title: edited.title == post.title ? nil : edited.title,
      author: edited.author == post.author ? nil : .some(edited.author),
      body: edited.body == post.body ? nil : .some(edited.body),
      source: edited.source == post.source ? nil : .some(edited.source))
  }

  /// `post` with the patch applied (timestamps untouched).
  public func applied(to post: Post) -> Post {
    var result = post
    if let title { result.title = title }
    if let author { result.author = author }
    if let body { result.body = body }
    if let source { result.source = source }
    return result
  }
}
