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

  /// `memo questions`: the questions the query's filter selects, newest first.
  func listQuestions(_ query: QuestionQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .questions) : nil
    return try database.inReadTransaction {
      let filter = try effectiveFilter(query.selection)
      let resolved = try filter.resolved(
        now: query.selection.now, utcOffsetSeconds: query.selection.utcOffsetSeconds)
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard let writer else {
        let page = try questions.questions(
          matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
        return .questions(.listed(page, filter: filter))
      }
      let statement = try questions.listing(
        matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
      defer { statement.reset() }
      try stream(.questions, statement, into: writer, filter: filter)
      return .streamed(.questions, filter: filter)
    }
  }

  /// `memo highlights`: one post's in reading order, else every post's newest first.
  func listHighlights(_ query: HighlightQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .highlights) : nil
    return try database.inReadTransaction {
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard let writer else { return .highlights(.listed(try highlights.highlights(query))) }
      let statement = try highlights.listing(query)
      defer { statement.reset() }
      try stream(.highlights, statement, into: writer)
      return .streamed(.highlights, filter: nil)
    }
  }

  /// `memo review due`: what is due, lowest retrievability first.
  func listDueReviews(_ query: ReviewDueQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .reviewDue) : nil
    return try database.inReadTransaction {
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      let filter = try dueFilter(query)
      guard let writer else { return .review(.listed(try review.due(query, filter: filter))) }
      let statement = try review.dueListing(query, config: try review.config(), filter: filter)
      defer { statement.reset() }
      // The filter the listing applies, so that the writer says when the current one narrowed
      // it, as it does for `memo questions`.
      let effective = try query.selection.map { try effectiveFilter($0) }
      try stream(.reviewDue, statement, into: writer, filter: effective)
      return .streamed(.reviewDue, filter: effective)
    }
  }

  /// `memo review digest` when its limit cuts the list: how many of each kind are due.
  func countDueReviews(_ query: ReviewDueQuery) throws -> Action {
    try database.inReadTransaction {
      .review(.dueCounted(try review.dueCounts(query, filter: try dueFilter(query))))
    }
  }

  /// The question filter a due query's selection resolves to, nil when none.
  func dueFilter(_ query: ReviewDueQuery) throws -> ResolvedFilter? {
    guard let selection = query.selection else { return nil }
    let effective = try effectiveFilter(selection)
    guard !effective.isEmpty else { return nil }
    return try effective.resolved(now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
  }

  /// `memo show`: one post and all its questions. - Throws: `.postNotFound`.
  func showPost(_ id: PostID, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .post) : nil
    return try database.inReadTransaction {
      guard let writer else {
        guard var post = try posts.post(id) else { throw MemoError.postNotFound(id) }
        post.questions = try questions.questions(ofPosts: [id], matching: nil)[id] ?? []
        post.highlights = try HighlightRepository(database: database).highlights(
          HighlightQuery(postID: id))
        return .posts(.loaded(post))
      }
      let statement = try database.cachedStatement(
        sql: "SELECT \(PostRepository.columns) FROM posts p WHERE p.id = ?")
      defer { statement.reset() }
      try statement.bind(id.rawValue, at: 1)
      let (nested, _) = try questions.nestedRows(matching: nil)
      defer { nested.reset() }
      try stream(
        .post, statement, into: writer, nested: nested, mustHaveRow: MemoError.postNotFound(id)
      ) { try $0.bind(id.rawValue, at: 1) }
      return .streamed(.post, filter: nil)
    }
  }

  func listCategories(to destination: RowDestination) throws -> Action {
    try streamOrPage(.categories, to: destination, categories.listing) {
      .categories(.listed(try categories.all()))
    }
  }

  func listFavorites(to destination: RowDestination) throws -> Action {
    try streamOrPage(.favorites, to: destination, favorites.shelfListing) {
      .favorites(.listed(try favorites.shelf()))
    }
  }

  func listJournal(limit: Int, to destination: RowDestination) throws -> Action {
    let journal = Journal(database: database)
    return try streamOrPage(.journal, to: destination, { try journal.logListing(limit: limit) }) {
      .journal(.entries(try journal.log(limit: limit)))
    }
  }

  /// `memo search`: the hits, best first (newest first for a short CJK query).
  /// - Throws: `.usage` for a query FTS5 cannot read, before anything is written.
  func search(_ query: SearchQuery, to destination: RowDestination) throws -> Action {
    let repository = SearchRepository(database: database)
    guard destination == .output else { return .search(.found(try repository.search(query))) }
    let writer = try outputWriter(for: .search)
    return try database.inReadTransaction {
      let statement = try repository.listing(query)
      defer { statement.reset() }
      try SearchRepository.translatingErrors(query) {
        try stream(.search, statement, into: writer)
      }
      return .streamed(.search, filter: nil)
    }
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

  /// `memo list`: posts; under a question filter only those with matching questions, each
  /// with them.
  func listPosts(_ query: PostQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .posts) : nil
    return try database.inReadTransaction { try postsListed(query, into: writer) }
  }

  /// - Parameter writer: the output writer to stream to; nil: one page into the state.
  func postsListed(_ query: PostQuery, into writer: RowSink?) throws -> Action {
    var filter: QuestionFilter?
    var resolved: ResolvedFilter?
    if let selection = query.selection {
      let effective = try effectiveFilter(selection)
      filter = effective
      if !effective.isEmpty {
        resolved = try effective.resolved(
          now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
      }
    }
    if let writer {
      let statement = try posts.listing(matching: query, questions: resolved)
      defer { statement.reset() }
      let (nested, condition) = try questions.nestedRows(matching: resolved)
      defer { nested.reset() }
      try stream(.posts, statement, into: writer, filter: filter, nested: nested) {
        try condition.bind(to: $0, startingAt: 2)
      }
      return .streamed(.posts, filter: filter)
    }
    var page = try posts.posts(matching: query, questions: resolved)
    if query.includesQuestions || resolved != nil {
      let byPost = try questions.questions(ofPosts: page.map(\.id), matching: resolved)
      for i in page.indices { page[i].questions = byPost[page[i].id] ?? [] }
    }
    return .posts(.listed(page, filter: filter))
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
