import MemoCore

/// Full-text search over the FTS5 indexes that schema.sql's triggers keep in step.
public struct SearchRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The hits for `query`, best first.
  /// - Throws: `MemoError` `.usage` (64) for a query FTS5 rejects.
  public func search(_ query: SearchQuery) throws -> [SearchResult] {
    let text = query.text.trimmingWhitespace()
    do {
      if query.hasCJK {
        // Trigrams need three characters; shorter CJK queries are scanned for.
        return text.count >= 3
          ? try match(
            table: "search_trigrams", "\"" + text.replacing("\"", with: "\"\"") + "\"", query)
          : try scan(text, query)
      }
      return try match(table: "search_words", query.ftsQuery, query)
    } catch let error as SQLiteError where error.code == 1 /* SQLITE_ERROR */ {
      let reason =
        error.message.hasPrefix("fts5: ") ? String(error.message.dropFirst(6)) : error.message
      throw MemoError.usage(
        "the search '\(text)' is not a valid FTS5 query (\(reason)); put words in double quotes to search for them as they are"
      )
    }
  }

  /// The best hits with their snippets, in one FTS5 query with nothing joined: FTS5 then
  /// sorts by rank itself and stops at the limit, and `snippet()` runs for the rows returned
  /// only (a join, or ordering by a `bm25()` call, would make SQLite sort every match).
  static let best = """
    SELECT kind, ref, rank, snippet(%TABLE%, -1, char(2), char(3), '…', 12)
    FROM %TABLE% WHERE %TABLE% MATCH ?1 AND (?2 IS NULL OR kind = ?2)
    ORDER BY rank LIMIT ?3
    """

  func match(table: String, _ text: String, _ query: SearchQuery) throws -> [SearchResult] {
    let best = try database.cachedStatement(sql: Self.best.replacing("%TABLE%", with: table))
    defer { best.reset() }
    try best.bind(text, at: 1)
    try bind(query, to: best)
    let postTitle = try database.cachedStatement(sql: "SELECT title FROM posts WHERE id = ?")
    let questionPost = try database.cachedStatement(
      sql:
        "SELECT q.post_id, p.title FROM questions q JOIN posts p ON p.id = q.post_id WHERE q.id = ?"
    )
    var results: [SearchResult] = []
    while try best.step() {
      let isPost = best.string(0) == "post"
      let ref = best.int64(1)
      // The post a hit belongs to, and its title: one primary-key lookup per hit shown.
      let lookup = isPost ? postTitle : questionPost
      lookup.reset()
      try lookup.bind(ref, at: 1)
      guard try lookup.step() else { continue }
      results.append(
        SearchResult(
          kind: isPost ? .posts : .questions, id: ref,
          postID: PostID(isPost ? ref : lookup.int64(0)), postTitle: lookup.string(isPost ? 0 : 1),
          snippet: best.string(3), rank: best.double(2)))
    }
    postTitle.reset()
    questionPost.reset()
    return results
  }

  /// Substring search for one- or two-character CJK queries (too short for trigrams): the
  /// posts and the questions each walked newest first down their creation-time index, each
  /// walk stopping at the limit, then merged. A common character is found in a few hundred
  /// rows; only a rare one reads the whole table.
  func scan(_ text: String, _ query: SearchQuery) throws -> [SearchResult] {
    // Each walk: id, post id, post title, the text to show, created_at.
    let walks: [(SearchQuery.Scope, String)] = [
      (
        .posts,
        """
        SELECT p.id, p.id, p.title, p.title || ' ' || coalesce(p.author, '') || ' ' || coalesce(p.body, ''),
               p.created_at
        FROM posts p
        WHERE instr(p.title, ?1) OR instr(coalesce(p.author, ''), ?1) OR instr(coalesce(p.body, ''), ?1)
        ORDER BY p.created_at DESC, p.id DESC LIMIT ?2
        """
      ),
      (
        .questions,
        """
        SELECT q.id, q.post_id, p.title, q.text || ' ' || coalesce(q.answer, ''), q.created_at
        FROM questions q JOIN posts p ON p.id = q.post_id
        WHERE instr(q.text, ?1) OR instr(coalesce(q.answer, ''), ?1)
        ORDER BY q.created_at DESC, q.id DESC LIMIT ?2
        """
      ),
    ]
    var hits: [(createdAt: String, result: SearchResult)] = []
    for (kind, sql) in walks where query.scope == .all || query.scope == kind {
      let statement = try database.cachedStatement(sql: sql)
      defer { statement.reset() }
      try statement.bind(text, at: 1)
      try statement.bind(Int64(query.limit), at: 2)
      while try statement.step() {
        let result = SearchResult(
          kind: kind, id: statement.int64(0), postID: PostID(statement.int64(1)),
          postTitle: statement.string(2),
          snippet: statement.string(3).replacing(text, with: "\u{2}" + text + "\u{3}"), rank: 0)
        hits.append((statement.string(4), result))
      }
    }
    // Newest first; at the same time a post before a question, then the higher id.
    hits.sort { a, b in
      if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
      if a.result.kind != b.result.kind { return a.result.kind == .posts }
      return a.result.id > b.result.id
    }
    return hits.prefix(query.limit).map(\.result)
  }

  /// The GLOB pattern for text that may hold Chinese, Japanese or Korean letters, as
  /// schema.sql's triggers spell it: one range around every letter `SearchQuery.hasCJK` looks
  /// for (a test holds the three together). Only such text goes into the trigram index.
  static let cjkPattern = "*[\u{3040}-\u{FF9F}]*"

  /// Indexes, in one pass, the rows above these ids (a bulk load's, see `BulkLoad`).
  func indexRows(after last: (posts: Int64, questions: Int64)) throws {
    for table in ["search_words", "search_trigrams"] {
      // A row the import added and then changed again (the same record twice in a file) was
      // indexed by the update trigger meanwhile. Those entries go first, found by a rowid
      // range (the new rows have the highest ids), so that each row is then inserted plainly:
      // INSERT OR REPLACE would look up every rowid (a third more work for the word index).
      for (kind, rowid) in [("post", 2 * last.posts), ("question", 2 * last.questions + 1)] {
        let stale = try database.cachedStatement(
          sql: "DELETE FROM \(table) WHERE rowid > ? AND kind = ?")
        try stale.bind(rowid, at: 1)
        try stale.bind(kind, at: 2)
        try stale.execute()
      }
      // As the insert triggers do: every row into the words, CJK text into the trigrams.
      let onlyCJK = table == "search_trigrams"
      let posts = try database.cachedStatement(
        sql: """
          INSERT INTO \(table) (rowid, kind, ref, title, text)
          SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '')
          FROM posts WHERE id > ?1
          AND (?2 = 0 OR title || coalesce(author, '') || coalesce(body, '') GLOB ?3)
          """)
      try posts.bind(last.posts, at: 1)
      try posts.bind(onlyCJK, at: 2)
      try posts.bind(Self.cjkPattern, at: 3)
      try posts.execute()
      let questions = try database.cachedStatement(
        sql: """
          INSERT INTO \(table) (rowid, kind, ref, title, text)
          SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
          WHERE id > ?1 AND (?2 = 0 OR text || coalesce(answer, '') GLOB ?3)
          """)
      try questions.bind(last.questions, at: 1)
      try questions.bind(onlyCJK, at: 2)
      try questions.bind(Self.cjkPattern, at: 3)
      try questions.execute()
    }
  }

  func bind(_ query: SearchQuery, to statement: Statement) throws {
    switch query.scope {
    case .all: try statement.bindNull(at: 2)
    case .posts: try statement.bind("post", at: 2)
    case .questions: try statement.bind("question", at: 2)
    }
    try statement.bind(Int64(query.limit), at: 3)
  }
}
