/// A passage of a book the reader marked, with their note on it and where it is.
public struct Highlight: Equatable, Sendable {
  public var id: HighlightID
  public var uuid: String
  public var postID: PostID
  public var postTitle: String
  public var text: String
  public var note: String?
  public var chapter: String?
  /// The page as the reader wrote it ("12", "xii").
  public var page: String?
  /// The location as the reader wrote it ("140-142").
  public var location: String?
  /// When it was made on the device, when the source says.
  public var highlightedAt: Timestamp?
  public var isStarred: Bool
  /// Which reader it came from (kindle, kobo, …); nil for one added with `memo highlight add`.
  public var source: String?
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// The questions asked about it (`memo ask --highlight`), when loaded: `highlight show`.
  public var questions: [Question] = []

  public init(
    id: HighlightID, uuid: String, postID: PostID, postTitle: String, text: String,
    note: String? = nil, chapter: String? = nil, page: String? = nil, location: String? = nil,
    highlightedAt: Timestamp? = nil, isStarred: Bool = false, source: String? = nil,
    createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.id = id
    self.uuid = uuid
    self.postID = postID
    self.postTitle = postTitle
    self.text = text
    self.note = note
    self.chapter = chapter
    self.page = page
    self.location = location
    self.highlightedAt = highlightedAt
    self.isStarred = isStarred
    self.source = source
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// What `memo highlight add` gives.
public struct NewHighlight: Equatable, Sendable {
  public var postID: PostID
  public var text: String
  public var note: String?
  public var chapter: String?
  public var page: String?
  public var location: String?

  public init(
    postID: PostID, text: String, note: String? = nil, chapter: String? = nil,
    page: String? = nil, location: String? = nil
  ) {
    self.postID = postID
    self.text = text
    self.note = note
    self.chapter = chapter
    self.page = page
    self.location = location
  }
}

extension Highlight {
  /// The number that sorts a highlight placed by hand among its book's others: the location's
  /// leading number (a Kindle location, "140-141" → 140), else the page's (an arabic page
  /// number); nil when neither starts with a digit ("xii", "abc"): such a highlight sorts
  /// after the numbered ones, as an imported one whose reader gave no number.
  public static func position(location: String?, page: String?) -> Double? {
    for text in [location, page] {
      guard let text else { continue }
      let digits = text.unicodeScalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
      if !digits.isEmpty, let value = Double(String(String.UnicodeScalarView(digits))) {
        return value
      }
    }
    return nil
  }

  /// A page or location given that has no number to sort by.
  public var isPlacedWithoutNumber: Bool {
    (page != nil || location != nil) && Self.position(location: location, page: page) == nil
  }
}

/// The fields `memo highlight edit` changes: nil leaves a field; `.some(nil)` clears the note.
public struct HighlightPatch: Equatable, Sendable {
  public var text: String?
  /// `.some(nil)` removes the note; so for the place's fields below.
  public var note: String??
  public var chapter: String??
  public var page: String??
  public var location: String??

  public init(
    text: String? = nil, note: String?? = nil, chapter: String?? = nil, page: String?? = nil,
    location: String?? = nil
  ) {
    self.text = text
    self.note = note
    self.chapter = chapter
    self.page = page
    self.location = location
  }

  public var isEmpty: Bool {
    text == nil && note == nil && chapter == nil && page == nil && location == nil
  }
}

/// `memo highlights`: which highlights, in reading order within a post, else newest first.
public struct HighlightQuery: Equatable, Sendable {
  public var postID: PostID?
  public var starredOnly: Bool
  /// Only those created at or after this time.
  public var since: Timestamp?
  public var limit: Int?

  public init(
    postID: PostID? = nil, starredOnly: Bool = false, since: Timestamp? = nil, limit: Int? = nil
  ) {
    self.postID = postID
    self.starredOnly = starredOnly
    self.since = since
    self.limit = limit
  }
}
