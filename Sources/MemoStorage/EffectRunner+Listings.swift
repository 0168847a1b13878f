import MemoCore

/// The listings: each goes where its effect says (`RowDestination`) — streamed to the output
/// writer (the command line), or answered as one page into the state (`memo browse`, a command
/// that reads before it acts, tests) — one statement either way.
extension EffectRunner {
  /// The output writer, for a listing whose effect says `.output`.
  /// - Throws: an io `MemoError` when the runner was made without one — a programming error
  ///   (the command asked to stream and gave nothing to stream to) — before anything is read.
  func outputWriter(for listing: Listing) throws -> RowSink {
    guard let output else {
      throw MemoError(
        code: .io,
        message:
          "internal error: the \(listing) listing asks to stream its rows to the output, but "
          + "there is no output writer; please report this as a bug")
    }
    return output
  }

  /// A listing with no filter: answered by `page()` into the state, or streamed from
  /// `statement()` to the output, as `destination` says.
  func streamOrPage(
    _ listing: Listing, to destination: RowDestination, _ statement: () throws -> Statement,
    page: () throws -> Action
  ) throws -> Action {
    guard destination == .output else { return try page() }
    let writer = try outputWriter(for: listing)
    return try database.inReadTransaction {
      let rows = try statement()
      defer { rows.reset() }
      try stream(listing, rows, into: writer)
      return .streamed(listing, filter: nil)
    }
  }

  /// The filter a listing applies: the current or saved one with the command's flags on top.
  /// - Throws: `.notFound` for an unknown saved filter or a flag naming an unknown category.
  func effectiveFilter(_ selection: FilterSelection) throws -> QuestionFilter {
    for name in selection.flags.categories where try categories.id(named: name) == nil {
      throw MemoError.categoryNotFound(name)
    }
    let base: QuestionFilter
    switch selection.base {
    case .current: base = try filters.current()
    case .none: base = QuestionFilter()
    case .saved(let name): base = try filters.saved(name).filter
    }
    return base.overridden(by: selection.flags)
  }

  /// Streams a listing's rows from `statement` into `writer`, one at a time. With `nested`,
  /// each row offers its nested rows: `nested` bound to the row's id (parameter 1) and by
  /// `bindNested` (the rest), stepped only if the writer reads them.
  /// - Parameter mustHaveRow: thrown when the statement has no row (a post that is not there),
  ///   before anything is written.
  func stream(
    _ listing: Listing, _ statement: Statement, into writer: RowSink,
    filter: QuestionFilter? = nil, nested: Statement? = nil,
    mustHaveRow missing: MemoError? = nil,
    bindNested: @escaping (Statement) throws -> Void = { _ in }
  ) throws {
    var hasRow = try statement.step()
    if let missing, !hasRow { throw missing }
    try writer.begin(listing, filter: filter, columns: Row(statement), nested: nested.map(Row.init))
    while hasRow {
      if let nested {
        let id = statement.int64(0)
        try writer.row(
          Row(statement),
          nested: NestedRows(statement: nested) {
            try $0.bind(id, at: 1)
            try bindNested($0)
          })
      } else {
        try writer.row(Row(statement), nested: nil)
      }
      hasRow = try statement.step()
    }
    try writer.end()
  }
}
