/// A list `memo browse` shows, read one page at a time.
public enum BrowseList: Equatable, Sendable {
  /// Posts, newest first; under a question filter only those with matching questions.
  case books
  /// The favorites shelf, in the order posts were put on it.
  case favorites
  /// One book's questions (those the filter keeps), oldest first: the order they were asked.
  case bookQuestions(PostID)
  /// Every question the filter keeps, newest first.
  case questions
}

/// A row's place in its list's order, which keyset pagination continues from: the sort text
/// (`created_at`) and the id (for the shelf: its position, and no text).
public struct PageKey: Equatable, Sendable {
  public var order: String
  public var id: Int64

  public init(order: String, id: Int64) {
    self.order = order
    self.id = id
  }
}

/// Where a page starts, in the list's order. No offsets: a page is found through the index
/// however deep in the list it is.
public enum PageAnchor: Equatable, Sendable {
  /// The first rows.
  case top
  /// The last rows, the last one first.
  case bottom
  /// The rows after this key.
  case after(PageKey)
  /// The rows before this key, the nearest first.
  case before(PageKey)
  /// The key's own row (if it is still there) and those after it.
  case from(PageKey)
}

/// What `Effect.lookup(.page)` reads.
public struct PageRequest: Equatable, Sendable {
  public var list: BrowseList
  public var anchor: PageAnchor
  public var limit: Int
  /// The question filter (the shelf ignores it); relative dates count from storage's clock.
  public var filter: QuestionFilter
  public var utcOffsetSeconds: Int

  public init(
    list: BrowseList, anchor: PageAnchor, limit: Int, filter: QuestionFilter,
    utcOffsetSeconds: Int = 0
  ) {
    self.list = list
    self.anchor = anchor
    self.limit = limit
    self.filter = filter
    self.utcOffsetSeconds = utcOffsetSeconds
  }
}

/// One row of a browse list: a post or a question, with its key.
public struct BrowseRow: Equatable, Sendable {
  public enum Item: Equatable, Sendable {
    case post(Post)
    case question(Question)
  }

  public var key: PageKey
  public var item: Item

  public init(key: PageKey, item: Item) {
    self.key = key
    self.item = item
  }

  /// A post's row in the books list: keyed by its creation time.
  public static func post(_ post: Post) -> BrowseRow {
    BrowseRow(key: PageKey(order: post.createdAt.rfc3339, id: post.id.rawValue), item: .post(post))
  }

  /// A question's row: keyed by its creation time.
  public static func question(_ question: Question) -> BrowseRow {
    BrowseRow(
      key: PageKey(order: question.createdAt.rfc3339, id: question.id.rawValue),
      item: .question(question))
  }

  public var post: Post? {
    if case .post(let post) = item { return post }
    return nil
  }

  public var question: Question? {
    if case .question(let question) = item { return question }
    return nil
  }
}

/// A page storage read, with the request it answers (rows in the anchor's order).
public struct Page: Equatable, Sendable {
  public var request: PageRequest
  public var rows: [BrowseRow]
  /// The list's rows before this page's first row in the list's order, and in all: each
  /// counted up to a limit (storage's `countLimit`, past which it is one more), nil if unknown.
  public var before: Int?
  public var total: Int?

  public init(request: PageRequest, rows: [BrowseRow], before: Int? = nil, total: Int? = nil) {
    self.request = request
    self.rows = rows
    self.before = before
    self.total = total
  }
}

/// What storage answers to the browse effects.
public enum BrowseResult: Equatable, Sendable {
  case page(Page)
  /// `PRAGMA data_version`: it changes when another connection commits.
  case dataVersion(Int64)
  /// Every category's name, by name.
  case categoryNames([String])
  /// The post taken off the shelf, and the position it had there.
  case unshelved(Post, position: Int64)
}

extension QuestionFilter {
  /// The filter for a header, e.g. `★ starred · physics`; "none" when empty.
  public var label: String {
    var parts: [String] = []
    if let starred { parts.append(starred ? "★ starred" : "☆ unstarred") }
    if let answered { parts.append(answered ? "✓ answered" : "unanswered") }
    if !categories.isEmpty { parts.append(categories.joined(separator: ", ")) }
    if let since { parts.append("since \(since)") }
    if let until { parts.append("until \(until)") }
    return parts.isEmpty ? "none" : parts.joined(separator: " · ")
  }
}
