import MemoCore

/// The counts and the activity calendar of `memo stats`, from indexed queries.
public struct StatsRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  public func stats(_ request: StatsRequest) throws -> Stats {
    var stats = Stats()
    let counts = try database.cachedStatement(
      sql: """
        SELECT (SELECT count(*) FROM posts), (SELECT count(*) FROM questions),
               (SELECT count(*) FROM questions WHERE starred = 1),
               (SELECT count(*) FROM questions WHERE answer IS NOT NULL),
               (SELECT count(*) FROM favorites),
               (SELECT count(*) FROM questions WHERE category_id IS NULL),
               (SELECT count(*) FROM highlights)
        """)
    defer { counts.reset() }
    if try counts.step() {
      stats.posts = counts.int(0)
      stats.questions = counts.int(1)
      stats.starred = counts.int(2)
      stats.answered = counts.int(3)
      stats.favorites = counts.int(4)
      stats.uncategorized = counts.int(5)
      stats.highlights = counts.int(6)
    }
    (stats.journalEntries, stats.journalChanges) = try Journal(database: database).size()
    stats.categories = try CategoryRepository(database: database).all()
      .sorted {
        $0.questionCount != $1.questionCount
          ? $0.questionCount > $1.questionCount : $0.name < $1.name
      }
    stats.firstDay = request.firstDay
    stats.activity = Array(repeating: 0, count: Int(request.today - request.firstDay + 1))
    let offset = Int64(request.utcOffsetSeconds)
    let since = Timestamp(millis: (request.firstDay * 86_400 - offset) * 1000).rfc3339
    for table in ["posts", "questions"] {
      let statement = try database.cachedStatement(
        sql: """
          SELECT (CAST(strftime('%s', created_at) AS INTEGER) + ?1) / 86400 AS day, count(*)
          FROM \(table) WHERE created_at >= ?2 GROUP BY day
          """)
      defer { statement.reset() }
      try statement.bind(offset, at: 1)
      try statement.bind(since, at: 2)
      while try statement.step() {
        let index = Int(statement.int64(0) - request.firstDay)
        if stats.activity.indices.contains(index) { stats.activity[index] += statement.int(1) }
      }
    }
    return stats
  }
}
