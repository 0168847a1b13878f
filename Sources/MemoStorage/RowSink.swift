import MemoCore

/// Where a listing's rows go, one at a time, straight from the statement, when its effect says
/// `.output` (SPEC §1: the state holds at most one page; a listing streams). The command line's
/// writers implement it; the effect runner holds one, fixed when it is made, and calls it
/// inside the listing's read transaction.
public protocol RowSink: AnyObject {
  /// Once, after every check passed and before the first row: what is listed, the filter in
  /// force, and the columns of the rows (and of their nested rows) to come.
  func begin(_ listing: Listing, filter: QuestionFilter?, columns: Row, nested: Row?) throws
  /// One row. `nested`, when the listing has nested rows (a post's questions), steps through
  /// this row's; a writer that does not show them need not read them (they are not queried).
  func row(_ row: Row, nested: NestedRows?) throws
  /// After the last row.
  func end() throws
}

/// The nested rows of one row: read on demand from a statement prepared once for the listing,
/// or rows in memory (a record's).
public final class NestedRows {
  let statement: Statement?
  let bind: (Statement) throws -> Void
  private var isStarted = false
  private var rows: [Row] = []
  private var position = 0

  public init(statement: Statement, bind: @escaping (Statement) throws -> Void) {
    self.statement = statement
    self.bind = bind
  }

  public init(_ rows: [Row]) {
    statement = nil
    bind = { _ in }
    self.rows = rows
  }

  /// The next nested row, or nil when there are no more.
  public func next() throws -> Row? {
    guard let statement else {
      guard position < rows.count else { return nil }
      position += 1
      return rows[position - 1]
    }
    if !isStarted {
      isStarted = true
      statement.reset()
      try bind(statement)
    }
    return try statement.step() ? Row(statement) : nil
  }
}
