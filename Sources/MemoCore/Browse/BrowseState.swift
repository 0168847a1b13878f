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
  /// How the document shown (help, a book, a question) lays out at the window's width:
  /// the view measures it before each key, so that scrolling stops at its end.
  case measured(DocumentLayout)
  /// What `$EDITOR` gave back for `BrowseState.editorRequest` (the terminal was handed over).
  case edited(EditorResult)
  /// The review session `R` asked for is over (its closing line): what it changed is read
  /// again.
  case reviewed(String)
}

/// The lines a document takes at the window's width, and the line each item (a book's
/// question) starts on.
public struct DocumentLayout: Equatable, Sendable {
  public var lineCount: Int
  public var itemLines: [Int]

  public init(lineCount: Int, itemLines: [Int] = []) {
    self.lineCount = lineCount
    self.itemLines = itemLines
  }
}

/// A record to open in `$EDITOR`: the loop hands the terminal over, runs the editor, and
/// answers with `BrowseAction.edited`.
public enum EditorRequest: Equatable, Sendable {
  case post(Post)
  case question(Question)
}

/// What came back from `$EDITOR`: the edited fields (nil: saved unchanged), or what went wrong.
public enum EditorResult: Equatable, Sendable {
  case post(Post, NewPost?)
  case question(Question, QuestionPatch?)
  case failed(MemoError)
}

/// What `d` asks to delete (y/N).
public enum DeleteTarget: Equatable, Sendable {
  case post(Post)
  case question(Question)
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
  /// The list's rows before the first row shown, and in all (for the header's `3/16`), as
  /// storage counted them: up to its limit, past which one more; nil before the first page.
  public var offset: Int
  public var total: Int?

  public init(
    list: BrowseList, post: Post? = nil, rows: [BrowseRow] = [], cursor: Int = 0,
    isAtTop: Bool = true, reselecting: PageKey? = nil, offset: Int = 0, total: Int? = nil
  ) {
    self.offset = offset
    self.total = total
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

/// A book's screen: its body (the memo, imported highlights included) above its questions
/// (those the filter keeps, in the order asked), scrolled as one document. The cursor is on a
/// question, or on none while the body is read.
public struct BookScreen: Equatable, Sendable {
  public var post: Post
  public var questions: [Question]
  public var cursor: Int?
  /// The first line shown.
  public var scroll: Int
  /// Whether the post and its questions were read (until then the screen says "reading…").
  public var isLoaded: Bool

  public init(
    post: Post, questions: [Question] = [], cursor: Int? = nil, scroll: Int = 0,
    isLoaded: Bool = false
  ) {
    self.post = post
    self.questions = questions
    self.cursor = cursor
    self.scroll = scroll
    self.isLoaded = isLoaded
  }

  public var current: Question? {
    cursor.flatMap { questions.indices.contains($0) ? questions[$0] : nil }
  }
}

/// A question's detail, scrolled.
public struct DetailScreen: Equatable, Sendable {
  public var question: Question
  public var scroll: Int

  public init(question: Question, scroll: Int = 0) {
    self.question = question
    self.scroll = scroll
  }
}

/// One screen of `memo browse`.
public enum BrowseScreen: Equatable, Sendable {
  case list(ListScreen)
  case book(BookScreen)
  case detail(DetailScreen)
  case filter(FilterScreen)
  case search(SearchScreen)

  /// A question's detail screen, at its top.
  public static func detail(_ question: Question) -> BrowseScreen {
    .detail(DetailScreen(question: question))
  }
}

/// The one-line input at the bottom: an answer or a search being typed.
public struct LineInput: Equatable, Sendable {
  public enum Purpose: Equatable, Sendable {
    case answer(QuestionID, hadAnswer: Bool)
    case search
    /// `n`: the new book's title, then its author.
    case newTitle
    case newAuthor(title: String)
    /// `A`: a question about the book.
    case ask(PostID)
    /// `c`: the question's category (empty removes it).
    case category(QuestionID, old: String?)
    /// `e`: a question's text, a book's title.
    case questionText(QuestionID, old: String)
    case title(PostID, old: String)
  }

  public var purpose: Purpose
  public var text: [Character]
  /// Where typing goes: an index into `text`.
  public var caret: Int
  /// What Up and Down bring back, oldest first: earlier searches, the categories.
  public var choices: [String]
  /// The choice shown (nil: the text typed).
  public var choice: Int?
  /// What was typed before Up brought a choice back.
  public var draft: String = ""

  public init(purpose: Purpose, text: String = "", choices: [String] = []) {
    self.purpose = purpose
    self.text = Array(text)
    self.caret = self.text.count
    self.choices = choices
  }

  public var prompt: String {
    switch purpose {
    case .answer: return "answer: "
    case .search: return "search: "
    case .newTitle: return "new book title: "
    case .newAuthor: return "author (optional): "
    case .ask: return "ask: "
    case .category: return "category: "
    case .questionText: return "question: "
    case .title: return "title: "
    }
  }
}

/// Everything `memo browse` shows: the screens (the last is on top), the filter in force, the
/// input being typed, the last message. One page of rows per screen, never a table.
public struct BrowseState: Equatable, Sendable {
  public static let searchLimit = 200
  /// A book's screen reads at most this many of its questions.
  public static let bookQuestionLimit = 10_000

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
  /// The searches made, oldest first (the last one is Up away in the `/` prompt).
  public var searches: [String]
  /// The help's first line shown.
  public var helpScroll: Int
  /// How the document on top lays out (as the view measured it).
  public var layout: DocumentLayout?
  /// `d` waits for y (anything else keeps it).
  public var confirming: DeleteTarget?
  /// A record for the loop to open in `$EDITOR` (it answers `.edited`).
  public var editorRequest: EditorRequest?
  /// `E` waits for the record (read whole) to open.
  public var pendingEditor: DeleteTarget?
  /// Where books taken off the shelf here stood, so that `v` puts them back there.
  public var shelfPositions: [PostID: Int64]
  /// Whether the journal answer expected is a redo's (else an undo's).
  public var isRedoing: Bool
  /// The book just added, for the cursor to land on.
  public var selectAfterAdd: PostID?
  /// `R`: the loop runs a review session (`memo review`'s) over the same store, then answers
  /// `.reviewed`.
  public var isReviewRequested = false

  public var lastSearch: String { searches.last ?? "" }

  public init(width: Int = 80, height: Int = 24, utcOffsetSeconds: Int = 0) {
    self.width = width
    self.height = height
    self.utcOffsetSeconds = utcOffsetSeconds
    screens = [.list(ListScreen(list: .books))]
    filter = QuestionFilter()
    isShowingHelp = false
    isFinished = false
    searches = []
    helpScroll = 0
    shelfPositions = [:]
    isRedoing = false
  }

  /// The rows between the header and the footer.
  public var bodyHeight: Int { max(1, height - 2) }

  public var top: BrowseScreen { screens[screens.count - 1] }
}
