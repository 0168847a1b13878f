/// Which posts `memo list` shows, in which order, and which page of them.
public struct PostQuery: Equatable, Sendable {
  /// The order of `memo list --sort`.
  public enum Sort: String, CaseIterable, Sendable {
    /// Newest first.
    case created
    /// Most recently changed first.
    case updated
    /// A to Z, ignoring ASCII case.
    case title
  }

  public var sort: Sort
  public var isReversed: Bool
  /// Keeps posts whose author contains this text, ignoring ASCII case.
  public var author: String?
  /// Keeps posts created at or after this instant.
  public var since: Timestamp?
  /// Keeps posts created before this instant.
  public var until: Timestamp?
  public var limit: Int?
  public var offset: Int
  /// Only posts on the favorites shelf.
  public var favoritesOnly: Bool
  /// The question filter: with a non-empty one, only posts with matching questions are listed,
  /// each with those questions. nil: no question filter at all.
  public var selection: FilterSelection?
  /// Load each listed post's questions (all of them, or the matching ones under a filter).
  public var includesQuestions: Bool

  public init(
    sort: Sort = .created, isReversed: Bool = false, author: String? = nil,
    since: Timestamp? = nil, until: Timestamp? = nil, limit: Int? = nil, offset: Int = 0,
    favoritesOnly: Bool = false, selection: FilterSelection? = nil, includesQuestions: Bool = false
  ) {
    self.favoritesOnly = favoritesOnly
    self.selection = selection
    self.includesQuestions = includesQuestions
    self.sort = sort
    self.isReversed = isReversed
    self.author = author
    self.since = since
    self.until = until
    self.limit = limit
    self.offset = offset
  }
}
