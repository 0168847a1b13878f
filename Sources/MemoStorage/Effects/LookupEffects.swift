import MemoCore

/// Reads across the domains: search, stats, completions, `memo browse`'s pages.
extension EffectRunner {
  func perform(_ effect: LookupEffect) throws -> Action {
    switch effect {
    case .search(let query, let destination): return try search(query, to: destination)
    case .stats(let request): return .statsLoaded(try stats(request))
    case .completions(let subject): return .completed(try completions(subject))
    case .page(let request):
      return .browse(.page(try browse.pageWithPosition(request, now: clock())))
    case .dataVersion:
      return .browse(.dataVersion(try database.int(sql: "PRAGMA data_version") ?? 0))
    }
  }

  /// `memo stats`: the counts, with today's review numbers.
  func stats(_ request: StatsRequest) throws -> Stats {
    try database.inReadTransaction {
      var stats = try StatsRepository(database: database).stats(request)
      let start = FSRS.dayStart(of: request.now, utcOffsetSeconds: request.utcOffsetSeconds)
      stats.review = try review.stats(
        ReviewStatsQuery(
          at: request.now, dayStart: start,
          dayEnd: Timestamp(millis: start.millis + FSRS.dayMillis)))
      return stats
    }
  }

  /// Shell completion: the values an argument can take, most recent first.
  func completions(_ subject: CompletionSubject) throws -> [String] {
    let sql: String
    switch subject {
    case .postIDs:
      sql = "SELECT id || ':' || replace(title, ':', ' ') FROM posts ORDER BY id DESC LIMIT 200"
    case .questionIDs:
      sql = "SELECT id || ':' || replace(text, ':', ' ') FROM questions ORDER BY id DESC LIMIT 200"
    case .categories: sql = "SELECT name FROM categories ORDER BY name COLLATE NOCASE"
    case .savedFilters: sql = "SELECT name FROM saved_filters ORDER BY name COLLATE NOCASE"
    }
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    var values: [String] = []
    while try statement.step() { values.append(statement.string(0)) }
    return values
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
}
