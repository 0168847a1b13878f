import MemoCore

/// Memo's own bookkeeping held against the rows it keeps, beside SQLite's checks (`memo db
/// check`): a record here that `tombstones` lists as deleted (an export with `--since` or
/// `--cursor` tells its consumers to delete it), and a record missing from the search index
/// (`memo search` cannot find it). An import or a sync round of an earlier memo left both
/// (its bulk load got back the ids of rows deleted in the same load, and passed over them);
/// `repair` makes both again from the rows.
struct ConsistencyRepository {
  let database: Database

  /// Each kind of record: its tombstone kind, table, the words for it, and its row id in the
  /// search index (schema.sql: posts 2 * id, questions 2 * id + 1, highlights -id).
  /// `cjk`: the text of a record with Chinese, Japanese or Korean letters, which the trigram
  /// and the gram indexes hold too (schema.sql, SearchRepository.rebuildIndexes).
  private static let kinds = [
    (
      kind: "post", table: "posts", one: "book", many: "books", searchID: "2 * id",
      cjk: "title || coalesce(author, '') || coalesce(body, '')"
    ),
    (
      kind: "question", table: "questions", one: "question", many: "questions",
      searchID: "2 * id + 1", cjk: "text || coalesce(answer, '')"
    ),
    (
      kind: "highlight", table: "highlights", one: "highlight", many: "highlights",
      searchID: "-id", cjk: "text || coalesce(note, '')"
    ),
  ]

  /// What is out of step, a line each (empty: nothing).
  func problems() throws -> [String] {
    var problems: [String] = []
    for kind in Self.kinds {
      let deleted = try listedDeleted(kind.kind, kind.table)
      if deleted > 0 {
        problems.append(
          "\(count(deleted, kind.one, kind.many)) here \(deleted == 1 ? "is" : "are") listed as deleted (an export with --since or --cursor tells its readers to delete \(deleted == 1 ? "it" : "them"))"
        )
      }
      let unindexed = try missingFromSearch(kind.table, kind.searchID, cjk: kind.cjk)
      if unindexed > 0 {
        problems.append(
          "\(count(unindexed, kind.one, kind.many)) missing from the search index ('memo search' cannot find \(unindexed == 1 ? "it" : "them"))"
        )
      }
    }
    return problems
  }

  /// Mends what `problems` finds, inside the caller's transaction: the tombstones of records
  /// here go, and the search indexes are made again from the rows when any record is missing.
  /// - Returns: what was mended, a line each (empty: nothing needed it).
  func repair() throws -> [String] {
    var mended: [String] = []
    var unindexed: Int64 = 0
    for kind in Self.kinds {
      try database.execute(
        sql:
          "DELETE FROM tombstones WHERE kind = '\(kind.kind)' AND uuid IN (SELECT uuid FROM \(kind.table))"
      )
      let undeleted = Int64(database.changes)
      if undeleted > 0 {
        mended.append("\(count(undeleted, kind.one, kind.many)) no longer listed as deleted")
      }
      unindexed += try missingFromSearch(kind.table, kind.searchID, cjk: kind.cjk)
    }
    if unindexed > 0 {
      try SearchRepository(database: database).rebuildIndexes(highlights: true)
      mended.append(
        "the search index made again from the rows (\(count(unindexed, "record was", "records were")) missing)"
      )
    }
    return mended
  }

  private func listedDeleted(_ kind: String, _ table: String) throws -> Int64 {
    try database.int(
      sql:
        "SELECT count(*) FROM tombstones WHERE kind = '\(kind)' AND uuid IN (SELECT uuid FROM \(table))"
    )
      ?? 0
  }

  /// The records missing from the word index, or (with such letters) from the trigram or the
  /// gram index: `memo search` cannot find them by a word, or by a CJK letter.
  private func missingFromSearch(_ table: String, _ searchID: String, cjk: String) throws -> Int64 {
    try database.int(
      sql: """
        SELECT count(*) FROM \(table)
        WHERE NOT EXISTS (SELECT 1 FROM search_words WHERE rowid = \(searchID))
          OR (memo_cjk(\(cjk))
            AND (NOT EXISTS (SELECT 1 FROM search_trigrams WHERE rowid = \(searchID))
              OR NOT EXISTS (SELECT 1 FROM search_grams WHERE rowid = \(searchID))))
        """) ?? 0
  }

  private func count(_ n: Int64, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }
}
