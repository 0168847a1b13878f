/// One record of a memo export, as `memo import` reads it (SPEC §5). Timestamps are kept as
/// the instants they name; UUIDs are the merge keys.
public enum BackupRecord: Equatable, Sendable {
  case category(name: String, createdAt: Timestamp)
  case post(PostRecord)
  case question(QuestionRecord)
  case highlight(HighlightRecord)
  case favorite(postUUID: String, position: Int64, addedAt: Timestamp)
  case savedFilter(name: String, filter: QuestionFilter, createdAt: Timestamp, updatedAt: Timestamp)
  case currentFilter(QuestionFilter)
  case deleted(uuid: String, kind: String, deletedAt: Timestamp)
  /// A rating (export version 3 on): immutable, merged by its UUID.
  case reviewEvent(ReviewEventRecord)
  /// A choice on a highlight (in `review_events` with kind `highlight`): immutable, merged by
  /// its UUID.
  case highlightReviewEvent(HighlightReviewEventRecord)
}

/// A highlight's review choice in an export, naming its highlight by UUID.
public struct HighlightReviewEventRecord: Equatable, Sendable {
  public var uuid: String
  public var highlightUUID: String
  public var choice: HighlightChoice
  public var reviewedAt: Timestamp
  public var device: String?
  public var durationMillis: Int64?
  public var createdAt: Timestamp

  public init(
    uuid: String, highlightUUID: String, choice: HighlightChoice, reviewedAt: Timestamp,
    device: String? = nil, durationMillis: Int64? = nil, createdAt: Timestamp
  ) {
    self.uuid = uuid
    self.highlightUUID = highlightUUID
    self.choice = choice
    self.reviewedAt = reviewedAt
    self.device = device
    self.durationMillis = durationMillis
    self.createdAt = createdAt
  }
}

/// A review event in an export, naming its question by UUID (issue 25).
public struct ReviewEventRecord: Equatable, Sendable {
  public var uuid: String
  public var questionUUID: String
  public var rating: ReviewRating
  public var reviewedAt: Timestamp
  public var device: String?
  public var durationMillis: Int64?
  public var createdAt: Timestamp

  public init(
    uuid: String, questionUUID: String, rating: ReviewRating, reviewedAt: Timestamp,
    device: String? = nil, durationMillis: Int64? = nil, createdAt: Timestamp
  ) {
    self.uuid = uuid
    self.questionUUID = questionUUID
    self.rating = rating
    self.reviewedAt = reviewedAt
    self.device = device
    self.durationMillis = durationMillis
    self.createdAt = createdAt
  }
}

/// A post in an export.
public struct PostRecord: Equatable, Sendable {
  public var uuid: String
  public var title: String
  public var author: String?
  public var body: String?
  public var source: String?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp

  public init(
    uuid: String, title: String, author: String? = nil, body: String? = nil, source: String? = nil,
    createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.uuid = uuid
    self.title = title
    self.author = author
    self.body = body
    self.source = source
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// A highlight in an export, naming its post by UUID. Like a question it carries no database
/// ids: they are each database's own, and a backup is the same on every device that syncs.
public struct HighlightRecord: Equatable, Sendable {
  public var uuid: String
  public var postUUID: String
  public var text: String
  public var note: String?
  public var chapter: String?
  public var page: String?
  public var location: String?
  /// The number that sorts a book's highlights in reading order.
  public var position: Double?
  public var highlightedAt: Timestamp?
  public var isStarred: Bool
  public var source: String?
  /// The source's own key for it (how importing the source again finds it).
  public var sourceKey: String?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp

  public init(
    uuid: String, postUUID: String, text: String,
    note: String? = nil, chapter: String? = nil, page: String? = nil, location: String? = nil,
    position: Double? = nil, highlightedAt: Timestamp? = nil, isStarred: Bool = false,
    source: String? = nil, sourceKey: String? = nil, createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.uuid = uuid
    self.postUUID = postUUID
    self.text = text
    self.note = note
    self.chapter = chapter
    self.page = page
    self.location = location
    self.position = position
    self.highlightedAt = highlightedAt
    self.isStarred = isStarred
    self.source = source
    self.sourceKey = sourceKey
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// A question in an export, naming its post by UUID.
public struct QuestionRecord: Equatable, Sendable {
  public var uuid: String
  public var postUUID: String
  public var text: String
  public var category: String?
  public var isStarred: Bool
  public var answer: String?
  public var answeredAt: Timestamp?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// The UUID of the highlight it asks about.
  public var highlightUUID: String?

  public init(
    uuid: String, postUUID: String, text: String, category: String? = nil, isStarred: Bool = false,
    answer: String? = nil, answeredAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp,
    highlightUUID: String? = nil
  ) {
    self.uuid = uuid
    self.postUUID = postUUID
    self.text = text
    self.category = category
    self.isStarred = isStarred
    self.answer = answer
    self.answeredAt = answeredAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.highlightUUID = highlightUUID
  }
}
