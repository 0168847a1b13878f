import MemoCore

extension SearchRepository {
  /// The three search indexes.
  static let indexTables = ["search_words", "search_trigrams", "search_grams"]

  /// Makes the three search indexes again from the rows, in one pass each: every post,
  /// question and highlight, as schema.sql's insert triggers index them. For a change to most
  /// of what is indexed (the body-quote conversion of a migration): taking an entry out of
  /// FTS5 reads and tokenizes the text it was made from, so replacing a million quotes' worth
  /// of bodies entry by entry costs more than indexing everything afresh. Each table is made
  /// again from its own `CREATE VIRTUAL TABLE` text in `sqlite_schema`, with its settings (the
  /// rank function); the triggers that name it are untouched. Inside the caller's
  /// transaction.
  /// - Parameter highlights: whether highlights are indexed (schema version 13 on).
  func rebuildIndexes(highlights: Bool) throws {
    for table in Self.indexTables {
      guard
        let sql = try database.text(
          sql: "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = '\(table)'")
      else {
        throw MemoError(
          code: .io,
          message:
            "\(database.path) has no table \(table): its schema is damaged; 'memo db check' examines it"
        )
      }
      var settings: [(String, String)] = []
      let config = try database.makeStatement(
        sql: "SELECT k, v FROM \(table)_config WHERE k != 'version' ORDER BY k")
      while try config.step() { settings.append((config.string(0), config.string(1))) }
      config.reset()
      try database.executeScript("DROP TABLE \(table)")
      try database.executeScript(sql)
      let set = try database.makeStatement(
        sql: "INSERT INTO \(table) (\(table), rank) VALUES (?, ?)")
      for (key, value) in settings {
        set.reset()
        try set.bind(key, at: 1)
        try set.bind(value, at: 2)
        try set.execute()
      }
    }
    // A 64 MiB in-memory term list for each index while it is filled (see `withBulkHashSize`):
    // a million quotes' text, written out in small segments and merged level by level, took
    // 21–22 s of CPU; in fewer, bigger segments 16.5 s.
    try withBulkHashSize { try database.executeScript(script(highlights: highlights)) }
  }

  /// The statements that index every row, as the insert triggers do.
  private func script(highlights: Bool) -> String {
    // In increasing row id within each statement (highlights are -id: the newest first), so
    // that FTS5 writes each run out once (see `indexRows`).
    let columns = "(rowid, kind, ref, title, text)"
    let postText = "title || coalesce(' · ' || author, ''), coalesce(body, '')"
    let postCJK = "memo_cjk(title || coalesce(author, '') || coalesce(body, ''))"
    let questionCJK = "memo_cjk(text || coalesce(answer, ''))"
    let highlightCJK = "memo_cjk(text || coalesce(note, ''))"
    var script = ""
    for (table, filter) in [
      ("search_words", { (_: String) in "" }), ("search_trigrams", { "WHERE \($0)" }),
    ] {
      if highlights {
        script += """
          INSERT INTO \(table) \(columns)
          SELECT -id, 'highlight', id, text, coalesce(note, '') FROM highlights \(filter(highlightCJK))
          ORDER BY id DESC;

          """
      }
      script += """
        INSERT INTO \(table) \(columns)
        SELECT 2 * id, 'post', id, \(postText) FROM posts \(filter(postCJK)) ORDER BY id;
        INSERT INTO \(table) \(columns)
        SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
        \(filter(questionCJK)) ORDER BY id;

        """
    }
    if highlights {
      script += """
        INSERT INTO search_grams (rowid, grams)
        SELECT -id, memo_grams(text || ' ' || coalesce(note, '')) FROM highlights
        WHERE \(highlightCJK) ORDER BY id DESC;

        """
    }
    script += """
      INSERT INTO search_grams (rowid, grams)
      SELECT 2 * id, memo_grams(title || ' ' || coalesce(author, '') || ' ' || coalesce(body, ''))
      FROM posts WHERE \(postCJK) ORDER BY id;
      INSERT INTO search_grams (rowid, grams)
      SELECT 2 * id + 1, memo_grams(text || ' ' || coalesce(answer, '')) FROM questions
      WHERE \(questionCJK) ORDER BY id;
      """
    return script
  }

  /// Runs `body` (which fills the search indexes with many rows) with a 64 MiB in-memory term
  /// list for each index (FTS5's 'hashsize'; 1 MiB unless set): each flush writes a segment
  /// that FTS5 merges again and again with the next ones, so fewer, bigger segments write the
  /// text out fewer times. The setting is taken out of each `_config` table again before the
  /// transaction ends, written straight to the shadow table (what the FTS5 command cannot do):
  /// the connection's index keeps its setting until the end of the transaction, which flushes
  /// its terms anyway; every later connection reads the default, and the tables hold the same
  /// rows as an index made row by row (which the upgrade tests compare).
  func withBulkHashSize(_ body: () throws -> Void) throws {
    for table in Self.indexTables {
      try database.executeScript(
        "INSERT INTO \(table) (\(table), rank) VALUES ('hashsize', \(Self.bulkHashSize))")
    }
    try body()
    try database.withoutDefensive {
      for table in Self.indexTables {
        try database.executeScript("DELETE FROM \(table)_config WHERE k = 'hashsize'")
      }
    }
  }

  /// FTS5's in-memory term list while an index is made again: 64 MiB.
  static let bulkHashSize = 64 * 1024 * 1024
}
