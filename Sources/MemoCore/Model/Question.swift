/// A question noted while reading a book: in a category, maybe starred, maybe answered.
public struct Question: Equatable, Sendable {
  public var id: QuestionID
  public var uuid: String
  public var postID: PostID
  /// The title of the question's post (for lists that mix posts).
  public var postTitle: String
  public var text: String
  public var category: String?
  public var isStarred: Bool
  public var answer: String?
  public var answeredAt: Timestamp?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// The highlight the question asks about, if any.
  public var highlightID: HighlightID? = nil
  /// That highlight's text (read for `memo question show`).
  public var passage: String? = nil

  public init(
    id: QuestionID, uuid: String, postID: PostID, postTitle: String, text: String,
    category: String? = nil, isStarred: Bool = false, answer: String? = nil,
    answeredAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.postID = postID
    self.postTitle = postTitle
    self.text = text
    self.category = category
    self.isStarred = isStarred
    self.answer = answer
    self.answeredAt = answeredAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// Whether the question has an answer.
  public var hasAnswer: Bool { answer != nil }
}

/// What `memo ask` asks for: a question not yet stored.
public struct NewQuestion: Equatable, Sendable {
  public var postID: PostID
  public var text: String
  /// The category's name; created if it does not exist yet.
  public var category: String?
  public var isStarred: Bool
  /// The highlight it asks about (`memo ask --highlight`): it must be on the post.
  public var highlightID: HighlightID? = nil

  public init(postID: PostID, text: String, category: String? = nil, isStarred: Bool = false) {
    self.postID = postID
    self.text = text
    self.category = category
    self.isStarred = isStarred
  }
}

/// The fields `memo question edit` changes; nil leaves a field, `.some(nil)` clears it.
public struct QuestionPatch: Equatable, Sendable {
  public var text: String?
  public var category: String??

  public init(text: String? = nil, category: String?? = nil) {
    self.text = text
    self.category = category
  }

  public var isEmpty: Bool { text == nil && category == nil }
}

/// A category and how many questions use it.
public struct Category: Equatable, Sendable {
  public var name: String
  public var questionCount: Int
  public var createdAt: Timestamp

  public init(name: String, questionCount: Int = 0, createdAt: Timestamp) {
    self.name = name
    self.questionCount = questionCount
    self.createdAt = createdAt
  }
}
