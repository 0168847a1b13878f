import MemoCore
import MemoStorage

/// The writer of everything memo prints on stdout: it takes rows one at a time — from the
/// effect runner, straight from the statement, or made in memory by a presenter's `Layout` —
/// and appends them to the one `ByteWriter` in one format, a row in, bytes out. One subclass
/// per format (`JSONWriter`, `JSONLinesWriter`, `CSVWriter`, `TSVWriter`, `PlainWriter`,
/// `TableWriter`), chosen once by `make`. Nothing holds the listing: JSON, JSON Lines, CSV,
/// TSV and plain text write each row as it comes; a table looks ahead at most `lookahead` rows
/// to size its columns and keeps those widths for the rest (SPEC §1, §6).
class ListingWriter: RowSink {
  let format: OutputFormat
  let style: Style
  private(set) var isQuiet: Bool
  /// Set when the listing starts from the current filter and stdout is no terminal: the
  /// command's own filter flags, to tell whether the current filter added to them.
  var flagsOverCurrentFilter: QuestionFilter?
  let out: ByteWriter
  /// Rows a table reads before it fixes its column widths.
  let lookahead: Int

  private(set) var layout = Layout([], table: [])
  /// The column of each field (and of each nested field) in the statement's rows.
  private(set) var columns: [Int] = []
  private(set) var nestedColumns: [Int] = []
  private(set) var mode = Mode.records
  private(set) var rowCount = 0
  var table: TableLayout?
  /// The fields CSV and TSV write (all) or plain text (the table's columns), in order.
  private(set) var delimitedFields: [Int] = []
  /// The last time a table converted to local time: its stored text to the minute, and it.
  var lastMinute: (utc: [UInt8], local: String) = ([], "")
  /// `jsonPrefixes` by indentation: the listing's layout's, and any other's by layout.
  var prefixCache: [Int: [[UInt8]]] = [:]
  var otherPrefixes: [ObjectIdentifier: [Int: [[UInt8]]]] = [:]
  /// The command narrowed the listing by options other than a question filter (an author, a
  /// date, an offset, a post): an empty table then says nothing matched, not "yet".
  var isNarrowed = false
  private(set) var listing = Listing.posts
  private(set) var hasQuestionFilter = false

  enum Mode {
    /// A list of records (JSON array or lines, CSV, TSV, plain, table).
    case records
    /// One record (`memo show` in JSON): an object, not an array.
    case single
    /// Posts with their questions beneath (`memo list --starred` as a table).
    case tree
    /// One post as a page (`memo show` as a table).
    case page
  }

  /// The writer for `format`.
  static func make(
    format: OutputFormat, style: Style, isQuiet: Bool = false, out: ByteWriter = Output.writer,
    lookahead: Int = 1000
  ) -> ListingWriter {
    let kind: ListingWriter.Type
    switch format {
    case .json: kind = JSONWriter.self
    case .jsonl: kind = JSONLinesWriter.self
    case .csv: kind = CSVWriter.self
    case .tsv: kind = TSVWriter.self
    case .plain: kind = PlainWriter.self
    case .table: kind = TableWriter.self
    }
    return kind.init(format: format, style: style, isQuiet: isQuiet, out: out, lookahead: lookahead)
  }

  required init(
    format: OutputFormat, style: Style, isQuiet: Bool, out: ByteWriter, lookahead: Int
  ) {
    self.format = format
    self.style = style
    self.isQuiet = isQuiet
    self.out = out
    self.lookahead = lookahead
  }

  // MARK: - RowSink

  func begin(_ listing: Listing, filter: QuestionFilter?, columns row: Row, nested: Row?) throws {
    layout = Self.presenterLayout(for: listing)
    columns = try Self.resolve(layout, in: row)
    if let inner = layout.nested?.layout, let nested {
      nestedColumns = try Self.resolve(inner, in: nested)
    }
    prefixCache = [:]
    self.listing = listing
    hasQuestionFilter = !(filter?.isEmpty ?? true)
    switch listing {
    // A page for people; plain text is the post's row, like every other (issue 21).
    case .post: mode = format == .table ? .page : format == .json ? .single : .records
    // The tree is for people: plain stays one tab-separated row per post whatever the filter,
    // and CSV and TSV the posts' rows (their questions: JSON, or `memo questions`).
    case .posts where format == .table && hasQuestionFilter: mode = .tree
    default: mode = .records
    }
    // The current filter narrowed the listing beyond the command's own flags: say so where a
    // script's author will see it (stdout may be a pipe to jq).
    if let flags = flagsOverCurrentFilter, let filter, !filter.isEmpty, filter != flags {
      Diagnostics.line(
        "memo: note: the current filter applies (\(filter.summary)); --all lists everything, "
          + "'memo filter clear' removes it")
    }
    if format == .table, !isQuiet, let filter, !filter.isEmpty {
      // On a narrow terminal the filter and the hint each broken at their spaces, later lines
      // indented (issue 35).
      let summary = "filter: \(filter.summary)"
      let hint = "(--all ignores it; 'memo filter clear' removes it)"
      let whole = Fit.words(summary + "  " + hint, width: style.width)
      let lines =
        whole.count == 1
        ? whole
        : Fit.words(summary, width: style.width)
          + Fit.words(hint, width: style.width.map { $0 - 2 }, indent: "")
          .map { "  " + $0 }
      for line in lines {
        out.write(style.dim(line))
        out.byte(0x0A)
      }
    }
    startRecords()
  }

  /// Writes rows made in memory (a record, a report), each built by `layout.row`: the same
  /// bytes a listing of them would be. - Parameter single: one object, not a list (JSON
  /// writes an object; the other formats are unchanged).
  func write(_ rows: [Row], _ layout: Layout, single: Bool = false) throws {
    self.layout = layout
    columns = Array(layout.fields.indices)
    nestedColumns = layout.nested.map { Array($0.layout.fields.indices) } ?? []
    prefixCache = [:]
    rowCount = 0
    mode = single && format == .json ? .single : .records
    isQuiet = true  // A record's table needs no word when empty.
    startRecords()
    for row in rows {
      try self.row(
        row, nested: layout.nested == nil ? nil : NestedRows(row.rows(layout.fields.count)))
    }
    try end()
  }

  /// The start of a list of records.
  private func startRecords() {
    delimitedFields = fieldsWritten
    if mode == .records { header() }
  }

  func row(_ row: Row, nested: NestedRows?) throws {
    defer { rowCount += 1 }
    switch mode {
    case .records: try record(row, nested: nested)
    case .tree: try treeRow(row, nested: nested)
    case .page: try pageRow(row, nested: nested)
    case .single:
      try jsonObject(row, layout, columns, indent: 0, nested: nested)
      out.byte(0x0A)
    }
    try out.flushIfFull()
  }

  func end() throws {
    if mode == .records { footer() }
    try out.flushIfFull()
  }

  // MARK: - What each format writes

  /// The fields a row's cells come from, in order: every scalar one (CSV and TSV; plain text
  /// and tables: the table's columns).
  var fieldsWritten: [Int] { layout.fields.indices.filter { layout.fields[$0].kind.isScalar } }

  /// Before the first record.
  func header() {}

  /// One record of a list.
  func record(_ row: Row, nested: NestedRows?) throws {
    preconditionFailure("ListingWriter.make picks a writer for the format")
  }

  /// After the last record.
  func footer() {}

  /// What an empty table on a terminal says beneath its header.
  var emptyMessage: String {
    let noun: String
    switch listing {
    case .posts, .post: noun = "posts"
    case .questions: noun = "questions"
    case .highlights: noun = "highlights"
    case .reviewDue:
      // A filter may hide what is due: say so, as `questions` does, not that all is waiting.
      if hasQuestionFilter {
        return "nothing due matches the filter: --all ignores it, 'memo filter clear' removes it"
      }
      return isNarrowed ? "nothing due" : "nothing due: every question is waiting for its day"
    case .reviewLog: return "no ratings yet: 'memo review rate' records them"
    case .favorites: noun = "favorites"
    case .search: return "nothing found: fewer or shorter words find more"
    case .journal: return "no changes yet: memo's changes are listed here, for undo and redo"
    case .categories: noun = "categories"
    case .syncConflicts: return "no conflicts: every machine agrees"
    }
    if hasQuestionFilter {
      return "no \(noun) match the filter: --all ignores it, 'memo filter clear' removes it"
    }
    if isNarrowed { return "no \(noun) match" }
    switch listing {
    case .questions: return "no questions yet: memo ask POST QUESTION"
    case .highlights:
      return "no highlights yet: memo highlight add POST TEXT, or memo import a reader's file"
    case .favorites: return "no favorites yet: memo fav POST"
    case .categories: return "no categories yet: memo category add NAME"
    default: return "no posts yet: memo add TITLE"
    }
  }

  // MARK: - Layouts

  static func presenterLayout(for listing: Listing) -> Layout {
    switch listing {
    case .questions: return QuestionPresenter.layout
    case .highlights: return HighlightPresenter.layout
    case .reviewDue: return ReviewPresenter.layout
    case .reviewLog: return ReviewPresenter.logLayout
    case .posts, .post, .favorites: return PostPresenter.layout
    case .search: return SearchPresenter.layout
    case .journal: return JournalPresenter.layout
    case .categories: return CategoryPresenter.layout
    case .syncConflicts: return SyncConflictPresenter.layout
    }
  }

  /// The statement column of each field, found by name once per listing.
  static func resolve(_ layout: Layout, in row: Row) throws -> [Int] {
    try layout.fields.map { field in
      guard let index = row.index(of: field.key) else {
        throw MemoError(
          code: .io, message: "internal error: the listing has no column '\(field.key)'")
      }
      return index
    }
  }
}

extension Context {
  /// Prints rows made in memory (a record, a report) in the context's format: the one path
  /// every listing takes too, `Row → ListingWriter → ByteWriter`.
  func print(_ rows: [Row], _ layout: Layout, single: Bool = false) {
    let writer = ListingWriter.make(format: format, style: style, isQuiet: isQuiet)
    // A reader gone away shows at the final flush (exit 0, no word).
    try? writer.write(rows, layout, single: single)
  }
}
