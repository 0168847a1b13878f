import MemoCore

/// A bulk load's rows into the search indexes, in one pass (split from SearchRepository.swift).
extension SearchRepository {
  /// Indexes, in one pass, the rows above these ids (a bulk load's, see `BulkLoad`).
  /// - Parameter highlights: the highest highlight id before the load; nil: highlights are not
  ///   in the index yet (inside a migration to a version before 13).
  func indexRows(after last: (posts: Int64, questions: Int64), highlights: Int64?) throws {
    // A load of thousands of rows fills the indexes with a big term list (see
    // `withBulkHashSize`): 100,000 KOReader highlights wrote 302,000 pages in 1 MiB segments
    // merged level by level.
    let added =
      try (database.int(sql: "SELECT max(id) FROM questions") ?? 0) - last.questions
      + (highlights.map { try (database.int(sql: "SELECT max(id) FROM highlights") ?? 0) - $0 } ?? 0)
    if added > Self.bulkRows {
      try withBulkHashSize { try indexNewRows(after: last, highlights: highlights) }
    } else {
      try indexNewRows(after: last, highlights: highlights)
    }
  }

  /// How many new rows a load indexes with FTS5's big term list.
  static let bulkRows: Int64 = 5000

  private func indexNewRows(after last: (posts: Int64, questions: Int64), highlights: Int64?)
    throws
  {
    try indexNewGrams(after: last, highlights: highlights)
    for table in ["search_words", "search_trigrams"] {
      try indexNewEntries(in: table, after: last, highlights: highlights)
    }
  }

  /// The new rows' CJK grams (`search_grams`).
  private func indexNewGrams(after last: (posts: Int64, questions: Int64), highlights: Int64?)
    throws
  {
    // The one- and two-letter CJK grams, as the grams insert triggers make them.
    for (kind, rowid) in [(0, 2 * last.posts), (1, 2 * last.questions + 1)] {
      let stale = try database.cachedStatement(
        sql: "DELETE FROM search_grams WHERE rowid > ? AND rowid % 2 = ?")
      try stale.bind(rowid, at: 1)
      try stale.bind(Int64(kind), at: 2)
      try stale.execute()
    }
    let postGrams = try database.cachedStatement(
      sql: """
        INSERT INTO search_grams (rowid, grams)
        SELECT 2 * id, memo_grams(title || ' ' || coalesce(author, '') || ' ' || coalesce(body, ''))
        FROM posts WHERE id > ?1 AND memo_cjk(title || coalesce(author, '') || coalesce(body, ''))
        """)
    try postGrams.bind(last.posts, at: 1)
    try postGrams.execute()
    let questionGrams = try database.cachedStatement(
      sql: """
        INSERT INTO search_grams (rowid, grams)
        SELECT 2 * id + 1, memo_grams(text || ' ' || coalesce(answer, ''))
        FROM questions WHERE id > ?1 AND memo_cjk(text || coalesce(answer, ''))
        """)
    try questionGrams.bind(last.questions, at: 1)
    try questionGrams.execute()
    if let highlights {
      let staleHighlightGrams = try database.cachedStatement(
        sql: "DELETE FROM search_grams WHERE rowid < ?")
      try staleHighlightGrams.bind(-highlights, at: 1)
      try staleHighlightGrams.execute()
      let highlightGrams = try database.cachedStatement(
        sql: """
          INSERT INTO search_grams (rowid, grams)
          SELECT -id, memo_grams(text || ' ' || coalesce(note, ''))
          FROM highlights WHERE id > ?1 AND memo_cjk(text || coalesce(note, ''))
          ORDER BY id DESC
          """)
      try highlightGrams.bind(highlights, at: 1)
      try highlightGrams.execute()
    }
  }

  /// The new rows' entries in `table` (`search_words`: every row; `search_trigrams`: those
  /// holding CJK text).
  private func indexNewEntries(
    in table: String, after last: (posts: Int64, questions: Int64), highlights: Int64?
  ) throws {
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
    if let highlights {
      let staleHighlights = try database.cachedStatement(
        sql: "DELETE FROM \(table) WHERE rowid < ? AND kind = 'highlight'")
      try staleHighlights.bind(-highlights, at: 1)
      try staleHighlights.execute()
    }
    // As the insert triggers do: every row into the words, CJK text into the trigrams.
    let onlyCJK = table == "search_trigrams"
    let posts = try database.cachedStatement(
      sql: """
        INSERT INTO \(table) (rowid, kind, ref, title, text)
        SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '')
        FROM posts WHERE id > ?1
        AND (?2 = 0 OR memo_cjk(title || coalesce(author, '') || coalesce(body, '')))
        """)
    try posts.bind(last.posts, at: 1)
    try posts.bind(onlyCJK, at: 2)
    try posts.execute()
    let questions = try database.cachedStatement(
      sql: """
        INSERT INTO \(table) (rowid, kind, ref, title, text)
        SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
        WHERE id > ?1 AND (?2 = 0 OR memo_cjk(text || coalesce(answer, '')))
        """)
    try questions.bind(last.questions, at: 1)
    try questions.bind(onlyCJK, at: 2)
    try questions.execute()
    guard let highlights else { return }
    // In increasing row id (-id: the newest first). FTS5 keeps what it indexes in memory
    // while row ids increase, and writes it out at each one that does not: in id order, a
    // segment per highlight, merged again and again (half an import's time at 10,000).
    let passages = try database.cachedStatement(
      sql: """
        INSERT INTO \(table) (rowid, kind, ref, title, text)
        SELECT -id, 'highlight', id, text, coalesce(note, '') FROM highlights
        WHERE id > ?1 AND (?2 = 0 OR memo_cjk(text || coalesce(note, '')))
        ORDER BY id DESC
        """)
    try passages.bind(highlights, at: 1)
    try passages.bind(onlyCJK, at: 2)
    try passages.execute()
  }
}
