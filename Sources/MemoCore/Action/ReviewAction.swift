/// What a command asks of review (`memo review`), and what storage answered.
public enum ReviewAction: Equatable, Sendable {
  /// Rate a question by a rating's name, at a time.
  case rate(QuestionID, rating: String, at: Timestamp)
  case rated(ReviewOutcome)
  /// A question's schedule and history, its retrievability at the time given.
  case show(QuestionID, at: Timestamp)
  case shown(ReviewDetail)
  case due(ReviewDueQuery)
  case listed([ReviewDueRow])
  case setFuzz(Bool)
  case fuzzSet(Bool)
}

/// A rating's result: the item as it now is.
public struct ReviewOutcome: Equatable, Sendable {
  public var item: ReviewItem
  public var rating: ReviewRating

  public init(item: ReviewItem, rating: ReviewRating) {
    self.item = item
    self.rating = rating
  }
}

/// `memo review show`: the item, its retrievability at the time asked, its events in order.
public struct ReviewDetail: Equatable, Sendable {
  public var item: ReviewItem
  public var retrievability: Double?
  public var history: [ReviewEvent]
  public var questionText: String

  public init(
    item: ReviewItem, retrievability: Double?, history: [ReviewEvent], questionText: String
  ) {
    self.item = item
    self.retrievability = retrievability
    self.history = history
    self.questionText = questionText
  }
}

/// `memo review due`: what is due at a time, at most `limit` rows.
public struct ReviewDueQuery: Equatable, Sendable {
  public var at: Timestamp
  public var limit: Int?

  public init(at: Timestamp, limit: Int? = nil) {
    self.at = at
    self.limit = limit
  }
}

/// One row of `memo review due`.
public struct ReviewDueRow: Equatable, Sendable {
  public var id: QuestionID
  public var kind: ReviewKind
  public var due: Timestamp
  public var retrievability: Double?
  public var question: String
  public var postID: PostID
  public var title: String

  public init(
    id: QuestionID, kind: ReviewKind, due: Timestamp, retrievability: Double?, question: String,
    postID: PostID, title: String
  ) {
    self.id = id
    self.kind = kind
    self.due = due
    self.retrievability = retrievability
    self.question = question
    self.postID = postID
    self.title = title
  }
}
