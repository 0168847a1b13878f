import MemoCore

/// Where a listing's rows go, one at a time, straight from the statement (SPEC §1: the state
/// holds at most one page; a listing streams). The command line's writers implement it; the
/// effect runner calls it inside the listing's read transaction.
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

/// The nested rows of one row, read on demand from a statement prepared once for the listing.
public final class NestedRows {
  let statement: Statement
  let bind: (Statement) throws -> Void
  private var isStarted = false

  public init(statement: Statement, bind: @escaping (Statement) throws -> Void) {
    self.statement = statement
    self.bind = bind
  }

  /// The next nested row, or nil when there are no more.
  public func next() throws -> Row? {
    if !isStarted {
      isStarted = true
      statement.reset()
      try bind(statement)
    }
    return try statement.step() ? Row(statement) : nil
  }
}
