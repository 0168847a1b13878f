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

/// A highlight in an export, naming its post by UUID. `id` and `postID` are the exporting
/// database's ids, written for readers of the file; UUIDs are the keys an import merges by (it
/// gives a new highlight the file's id only when that id is free).
public struct HighlightRecord: Equatable, Sendable {
  public var id: Int64?
  public var uuid: String
  public var postID: Int64?
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
    id: Int64? = nil, uuid: String, postID: Int64? = nil, postUUID: String, text: String,
    note: String? = nil, chapter: String? = nil, page: String? = nil, location: String? = nil,
    position: Double? = nil, highlightedAt: Timestamp? = nil, isStarred: Bool = false,
    source: String? = nil, sourceKey: String? = nil, createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.postID = postID
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
  /// The highlight it asks about: the exporting database's id (for readers; ignored on
  /// import) and its UUID (what an import links by).
  public var highlightID: Int64?
  public var highlightUUID: String?

  public init(
    uuid: String, postUUID: String, text: String, category: String? = nil, isStarred: Bool = false,
    answer: String? = nil, answeredAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp,
    highlightID: Int64? = nil, highlightUUID: String? = nil
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
    self.highlightID = highlightID
    self.highlightUUID = highlightUUID
  }
}
