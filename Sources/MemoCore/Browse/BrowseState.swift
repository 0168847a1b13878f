/// A key as `memo browse` reads it (decoded from the terminal's bytes).
public enum BrowseKey: Equatable, Sendable {
  case char(Character)
  /// Ctrl and a letter, e.g. `.ctrl("d")`.
  case ctrl(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, escape, backspace, delete
}

/// What happens to `memo browse`: keys, the window's size, the clock's tick, and what storage
/// answered.
public enum BrowseAction: Equatable, Sendable {
  /// The screen opens: read the current filter and the first page.
  case start
  case key(BrowseKey)
  case resize(width: Int, height: Int)
  /// About once a second, and before each key: has another process changed the database?
  case tick
  /// Storage's answer to an effect.
  case stored(Action)
}

/// A list screen: one page of rows (as many as fit), and the row under the cursor.
public struct ListScreen: Equatable, Sendable {
  public var list: BrowseList
  /// The book whose questions these are (`bookQuestions`).
  public var post: Post?
  public var rows: [BrowseRow]
  public var cursor: Int
  /// Whether the first row shown is the list's first (a new row above it then shows too).
  public var isAtTop: Bool
  /// While the page is read again: the row the cursor was on, to stay on.
  public var reselecting: PageKey?

  public init(
    list: BrowseList, post: Post? = nil, rows: [BrowseRow] = [], cursor: Int = 0,
    isAtTop: Bool = true, reselecting: PageKey? = nil
  ) {
    self.list = list
    self.post = post
    self.rows = rows
    self.cursor = cursor
    self.isAtTop = isAtTop
    self.reselecting = reselecting
  }

  public var current: BrowseRow? { rows.indices.contains(cursor) ? rows[cursor] : nil }
}

/// The Filter screen: the filter being edited, and the categories to pick from.
public struct FilterScreen: Equatable, Sendable {
  public var draft: QuestionFilter
  public var categories: [String]
  public var cursor: Int

  public init(draft: QuestionFilter, categories: [String] = [], cursor: Int = 0) {
    self.draft = draft
    self.categories = categories
    self.cursor = cursor
  }
}

/// Search results (at most `BrowseState.searchLimit`), best first.
public struct SearchScreen: Equatable, Sendable {
  public var query: String
  public var results: [SearchResult]
  public var cursor: Int

  public init(query: String, results: [SearchResult] = [], cursor: Int = 0) {
    self.query = query
    self.results = results
    self.cursor = cursor
  }
}

/// One screen of `memo browse`.
public enum BrowseScreen: Equatable, Sendable {
  case list(ListScreen)
  case detail(Question)
  case filter(FilterScreen)
  case search(SearchScreen)
}

/// The one-line input at the bottom: an answer or a search being typed.
public struct LineInput: Equatable, Sendable {
  public enum Purpose: Equatable, Sendable {
    case answer(QuestionID, hadAnswer: Bool)
    case search
  }

  public var purpose: Purpose
  public var text: [Character]
  /// Where typing goes: an index into `text`.
  public var caret: Int

  public init(purpose: Purpose, text: String = "") {
    self.purpose = purpose
    self.text = Array(text)
    self.caret = self.text.count
  }

  public var prompt: String {
    switch purpose {
    case .answer: return "answer: "
    case .search: return "search: "
    }
  }
}

/// Everything `memo browse` shows: the screens (the last is on top), the filter in force, the
/// input being typed, the last message. One page of rows per screen, never a table.
public struct BrowseState: Equatable, Sendable {
  public static let searchLimit = 200

  public var width: Int
  public var height: Int
  public var utcOffsetSeconds: Int
  public var screens: [BrowseScreen]
  /// memo's current filter (as `memo filter show` reads it).
  public var filter: QuestionFilter
  /// The database's `data_version` when last read (nil: not yet).
  public var dataVersion: Int64?
  public var input: LineInput?
  /// One line for the footer until the next key: what a change did, or what went wrong.
  public var message: String?
  /// What to say once the change asked for is done.
  public var pendingMessage: String?
  public var isShowingHelp: Bool
  public var isFinished: Bool
  public var lastSearch: String

  public init(width: Int = 80, height: Int = 24, utcOffsetSeconds: Int = 0) {
    self.width = width
    self.height = height
    self.utcOffsetSeconds = utcOffsetSeconds
    screens = [.list(ListScreen(list: .books))]
    filter = QuestionFilter()
    isShowingHelp = false
    isFinished = false
    lastSearch = ""
  }

  /// The rows between the header and the footer.
  public var bodyHeight: Int { max(1, height - 2) }

  public var top: BrowseScreen { screens[screens.count - 1] }
}
