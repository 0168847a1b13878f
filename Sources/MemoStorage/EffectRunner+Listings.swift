import MemoCore

/// The listings: each streams its rows into the writer when one is attached (the command
/// line), or answers one page (tests, `memo browse`'s callers) — one statement either way.
extension EffectRunner {
  /// `memo questions`: the questions the query's filter selects, newest first.
  func listQuestions(_ query: QuestionQuery) throws -> Action {
    try database.inReadTransaction {
      let filter = try effectiveFilter(query.selection)
      let resolved = try filter.resolved(
        now: query.selection.now, utcOffsetSeconds: query.selection.utcOffsetSeconds)
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard sink != nil else {
        let page = try questions.questions(
          matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
        return .questions(.listed(page, filter: filter))
      }
      let statement = try questions.listing(
        matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
      defer { statement.reset() }
      try stream(.questions, statement, filter: filter)
      return .streamed(.questions, filter: filter)
    }
  }

  /// `memo highlights`: one post's in reading order, else every post's newest first.
  func listHighlights(_ query: HighlightQuery) throws -> Action {
    try database.inReadTransaction {
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard sink != nil else { return .highlights(.listed(try highlights.highlights(query))) }
      let statement = try highlights.listing(query)
      defer { statement.reset() }
      try stream(.highlights, statement)
      return .streamed(.highlights, filter: nil)
    }
  }

  /// `memo review due`: what is due, lowest retrievability first.
  func listDueReviews(_ query: ReviewDueQuery) throws -> Action {
    try database.inReadTransaction {
      var filter: ResolvedFilter?
      if let selection = query.selection {
        let effective = try effectiveFilter(selection)
        if !effective.isEmpty {
          filter = try effective.resolved(
            now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
        }
      }
      guard sink != nil else { return .review(.listed(try review.due(query, filter: filter))) }
      let statement = try review.dueListing(query, config: try review.config(), filter: filter)
      defer { statement.reset() }
      try stream(.reviewDue, statement)
      return .streamed(.reviewDue, filter: nil)
    }
  }

  /// `memo show`: one post and all its questions. - Throws: `.postNotFound`.
  func showPost(_ id: PostID) throws -> Action {
    try database.inReadTransaction {
      guard sink != nil else {
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
      try stream(.post, statement, nested: nested, mustHaveRow: MemoError.postNotFound(id)) {
        try $0.bind(id.rawValue, at: 1)
      }
      return .streamed(.post, filter: nil)
    }
  }

  func listCategories() throws -> Action {
    try streamOrPage(.categories, categories.listing) { .categories(.listed(try categories.all())) }
  }

  func listFavorites() throws -> Action {
    try streamOrPage(.favorites, favorites.shelfListing) {
      .favorites(.listed(try favorites.shelf()))
    }
  }

  func listJournal(limit: Int) throws -> Action {
    let journal = Journal(database: database)
    return try streamOrPage(.journal, { try journal.logListing(limit: limit) }) {
      .journal(.entries(try journal.log(limit: limit)))
    }
  }

  /// `memo search`: the hits, best first (newest first for a short CJK query).
  /// - Throws: `.usage` for a query FTS5 cannot read, before anything is written.
  func search(_ query: SearchQuery) throws -> Action {
    let repository = SearchRepository(database: database)
    guard sink != nil else { return .search(.found(try repository.search(query))) }
    return try database.inReadTransaction {
      let statement = try repository.listing(query)
      defer { statement.reset() }
      try SearchRepository.translatingErrors(query) { try stream(.search, statement) }
      return .streamed(.search, filter: nil)
    }
  }

  /// A listing with no filter: streamed from `statement()` when a writer is attached, else
  /// answered by `page()`.
  func streamOrPage(
    _ listing: Listing, _ statement: () throws -> Statement, page: () throws -> Action
  ) throws -> Action {
    guard sink != nil else { return try page() }
    return try database.inReadTransaction {
      let rows = try statement()
      defer { rows.reset() }
      try stream(listing, rows)
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
  func listPosts(_ query: PostQuery) throws -> Action {
    try database.inReadTransaction { try postsListed(query) }
  }

  func postsListed(_ query: PostQuery) throws -> Action {
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
    if sink != nil {
      let statement = try posts.listing(matching: query, questions: resolved)
      defer { statement.reset() }
      let (nested, condition) = try questions.nestedRows(matching: resolved)
      defer { nested.reset() }
      try stream(.posts, statement, filter: filter, nested: nested) {
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

  /// Streams a listing's rows from `statement` into the sink, one at a time. With `nested`,
  /// each row offers its nested rows: `nested` bound to the row's id (parameter 1) and by
  /// `bindNested` (the rest), stepped only if the writer reads them.
  /// - Parameter mustHaveRow: thrown when the statement has no row (a post that is not there),
  ///   before anything is written.
  func stream(
    _ listing: Listing, _ statement: Statement, filter: QuestionFilter? = nil,
    nested: Statement? = nil, mustHaveRow missing: MemoError? = nil,
    bindNested: @escaping (Statement) throws -> Void = { _ in }
  ) throws {
    guard let sink else { return }
    var hasRow = try statement.step()
    if let missing, !hasRow { throw missing }
    try sink.begin(listing, filter: filter, columns: Row(statement), nested: nested.map(Row.init))
    while hasRow {
      if let nested {
        let id = statement.int64(0)
        try sink.row(
          Row(statement),
          nested: NestedRows(statement: nested) {
            try $0.bind(id, at: 1)
            try bindNested($0)
          })
      } else {
        try sink.row(Row(statement), nested: nil)
      }
      hasRow = try statement.step()
    }
    try sink.end()
  }
}
