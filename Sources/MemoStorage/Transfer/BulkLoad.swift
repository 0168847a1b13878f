import MemoCore

/// What an import does for all its new rows at once, at its end, instead of row by row: their
/// search index entries, their journal record (one range of ids) and clearing their
/// tombstones. For its own transaction it takes out the insert triggers that would do that work
/// per row, and puts them back, exactly as `sqlite_schema` held them, before it commits.
/// Dropped inside the transaction, a trigger is never gone for another process (it reads the
/// schema of its own snapshot), and a rollback or a crash brings it back.
///
/// Why: an insert whose triggers write indexed tables (the journal, the search index, the
/// tombstones) gets a statement journal, a copy of every page it touches, so that the one
/// statement can be undone on its own (https://sqlite.org/tempfiles.html#stmtjrnl); an import
/// never undoes one statement (any error rolls all of it back). With a million rows the
/// per-row index entries, images and statement journals were half of an import's time, and
/// indexing in one pass is about twice as fast as row by row.
struct BulkLoad {
  /// The per-row insert triggers a load takes out; `finish()` does their work.
  static let triggers = [
    "posts_search_insert", "questions_search_insert", "posts_grams_insert",
    "questions_grams_insert", "questions_journal_insert", "questions_untombstone",
    "questions_change_insert", "highlights_journal_insert", "highlights_change_insert",
  ]
  /// Those of schema version 13 (highlights in search and in the tombstones): a load inside
  /// an earlier migration step (version 12's body quotes) runs without them, and version 13
  /// indexes every highlight itself.
  static let searchedHighlightTriggers = [
    "highlights_search_insert", "highlights_grams_insert", "highlights_untombstone",
  ]
  /// Those of schema version 16 (review events in the journal and the change sequence): a
  /// sync round or an import bringing many ratings records them at the end, as it does
  /// questions (each insert's own would give it a statement journal: 22 page writes a row).
  static let reviewEventTriggers = [
    "review_events_journal_insert", "review_events_change_insert",
  ]
  /// Schema version 19's: where the due listing starts looking for questions never rated
  /// (`review_new_from`) moves back, at the end, to the first of the new ones that is before it.
  static let reviewNewFromTriggers = ["questions_new_from_insert"]

  let database: Database
  /// The highest post and question ids before the load: rows above them are the load's.
  let last: (posts: Int64, questions: Int64)
  /// The highest highlight id before the load.
  let lastHighlight: Int64
  /// The highest review event id before the load (nil: a schema before version 16).
  let lastReviewEvent: Int64?
  /// The dropped triggers' SQL.
  private let definitions: [String]
  /// Whether `review_new_from` exists (schema version 19 on).
  private let movesNewFrom: Bool
  /// Whether highlights are in the search index (schema version 13 on).
  private let searchesHighlights: Bool

  /// Starts a load inside the caller's transaction.
  /// - Parameter version: the schema version the database is at (earlier than the current
  ///   one only inside a migration).
  /// - Throws: `.io` when a trigger is missing (a damaged schema); `SQLiteError`.
  init(database: Database, version: Int32 = Schema.version) throws {
    self.database = database
    searchesHighlights = version >= 13
    let triggers =
      Self.triggers + (searchesHighlights ? Self.searchedHighlightTriggers : [])
      + (version >= 16 ? Self.reviewEventTriggers : [])
      + (version >= 19 ? Self.reviewNewFromTriggers : [])
    movesNewFrom = version >= 19
    last = (
      try database.int(sql: "SELECT coalesce(max(id), 0) FROM posts") ?? 0,
      try database.int(sql: "SELECT coalesce(max(id), 0) FROM questions") ?? 0
    )
    lastHighlight = try database.int(sql: "SELECT coalesce(max(id), 0) FROM highlights") ?? 0
    lastReviewEvent =
      version >= 16
      ? try database.int(sql: "SELECT coalesce(max(id), 0) FROM review_events") ?? 0 : nil
    let lookup = try database.cachedStatement(
      sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?")
    defer { lookup.reset() }
    var definitions: [String] = []
    for name in triggers {
      lookup.reset()
      try lookup.bind(name, at: 1)
      guard try lookup.step(), let sql = lookup.text(0) else {
        throw MemoError(
          code: .io,
          message:
            "\(database.path) has no trigger \(name): its schema is damaged; 'memo db check' examines it, 'memo db backup' copies it"
        )
      }
      definitions.append(sql)
    }
    for name in triggers { try database.executeScript("DROP TRIGGER \(name)") }
    self.definitions = definitions
    var highest = [("posts", last.posts), ("questions", last.questions)]
    highest.append(("highlights", lastHighlight))
    if let lastReviewEvent { highest.append(("review_events", lastReviewEvent)) }
    try Self.watchFloors(database, highest)
  }

  /// Where each table's new rows start: past its highest id before the load, unless a
  /// deletion in the load took the rows at the top. SQLite gives a new row the highest id
  /// there is plus one, so a round that deletes the newest question and then adds one (the
  /// same question made again elsewhere: an undone deletion) gives the new row the old one's
  /// id; read as an old row, it went without its search entry, its journal range and the
  /// clearing of its tombstone, and every backup listed it as deleted (issue 35). A temporary
  /// trigger on each table notes how low a deletion brings its highest id; every row above
  /// that is the load's.
  private static func watchFloors(_ database: Database, _ highest: [(String, Int64)]) throws {
    var sql = """
      CREATE TEMP TABLE IF NOT EXISTS bulk_load_floor (name TEXT PRIMARY KEY, id INTEGER NOT NULL);
      DELETE FROM temp.bulk_load_floor;

      """
    for (table, id) in highest {
      sql += """
        INSERT INTO temp.bulk_load_floor (name, id) VALUES ('\(table)', \(id));
        CREATE TEMP TRIGGER IF NOT EXISTS bulk_load_floor_\(table) AFTER DELETE ON main.\(table)
        WHEN old.id > coalesce((SELECT max(id) FROM \(table)), 0) BEGIN
          UPDATE bulk_load_floor SET id = min(id, coalesce((SELECT max(id) FROM \(table)), 0))
          WHERE name = '\(table)';
        END;

        """
    }
    try database.executeScript(sql)
  }

  /// The ids the load's new rows are above (`watchFloors`), and the temporary triggers gone.
  private func floors() throws -> (
    posts: Int64, questions: Int64, highlights: Int64, reviewEvents: Int64?
  ) {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM temp.bulk_load_floor WHERE name = ?")
    func floor(_ table: String, _ last: Int64) throws -> Int64 {
      statement.reset()
      try statement.bind(table, at: 1)
      let id = try statement.step() ? statement.int64(0) : last
      statement.reset()
      return min(id, last)
    }
    let found = (
      posts: try floor("posts", last.posts), questions: try floor("questions", last.questions),
      highlights: try floor("highlights", lastHighlight),
      reviewEvents: try lastReviewEvent.map { try floor("review_events", $0) }
    )
    try database.executeScript(
      """
      DROP TRIGGER IF EXISTS temp.bulk_load_floor_posts;
      DROP TRIGGER IF EXISTS temp.bulk_load_floor_questions;
      DROP TRIGGER IF EXISTS temp.bulk_load_floor_highlights;
      DROP TRIGGER IF EXISTS temp.bulk_load_floor_review_events;
      DELETE FROM temp.bulk_load_floor;
      """)
    return found
  }

  /// Does the triggers' work for every row the load added, as the rows are now, and puts
  /// the triggers back.
  /// - Parameter indexing: false when the caller makes the search indexes again itself
  ///   (`SearchRepository.rebuildIndexes`).
  func finish(indexing: Bool = true) throws {
    let floor = try floors()
    try Journal(database: database).recordLoad(
      of: "questions", after: floor.questions, highest: last.questions)
    // Each tombstone (usually few) looked up among the questions by its UUID, rather than
    // every new question's UUID gathered into a temporary index first.
    let untombstone = try database.cachedStatement(
      sql: """
        DELETE FROM tombstones WHERE kind = 'question'
        AND EXISTS (SELECT 1 FROM questions q WHERE q.uuid = tombstones.uuid AND q.id > ?)
        """)
    try untombstone.bind(floor.questions, at: 1)
    try untombstone.execute()
    if searchesHighlights {
      let untombstoneHighlights = try database.cachedStatement(
        sql: """
          DELETE FROM tombstones WHERE kind = 'highlight'
          AND EXISTS (SELECT 1 FROM highlights h WHERE h.uuid = tombstones.uuid AND h.id > ?)
          """)
      try untombstoneHighlights.bind(floor.highlights, at: 1)
      try untombstoneHighlights.execute()
    }
    // The change sequence: each new question once, in id order, with its time given (so that
    // the changes_at trigger has nothing to do).
    let changes = try database.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO changes (kind, key, origin, at)
        SELECT 'question', uuid, (SELECT origin FROM change_context),
          CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
        FROM questions WHERE id > ? ORDER BY id
        """)
    try changes.bind(floor.questions, at: 1)
    try changes.execute()
    try Journal(database: database).recordLoad(
      of: "highlights", after: floor.highlights, highest: lastHighlight)
    let highlightChanges = try database.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO changes (kind, key, origin, at)
        SELECT 'highlight', uuid, (SELECT origin FROM change_context),
          CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
        FROM highlights WHERE id > ? ORDER BY id
        """)
    try highlightChanges.bind(floor.highlights, at: 1)
    try highlightChanges.execute()
    if let lastReviewEvent, let eventFloor = floor.reviewEvents {
      try Journal(database: database).recordLoad(
        of: "review_events", after: eventFloor, highest: lastReviewEvent)
      let eventChanges = try database.cachedStatement(
        sql: """
          INSERT OR REPLACE INTO changes (kind, key, origin, at)
          SELECT 'review_event', uuid, (SELECT origin FROM change_context),
            CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
          FROM review_events WHERE id > ? ORDER BY id
          """)
      try eventChanges.bind(eventFloor, at: 1)
      try eventChanges.execute()
    }
    if indexing {
      try SearchRepository(database: database).indexRows(
        after: (floor.posts, floor.questions),
        highlights: searchesHighlights ? floor.highlights : nil)
    }
    if movesNewFrom { try moveNewFrom(after: floor.questions) }
    for sql in definitions { try database.executeScript(sql) }
  }

  /// What `questions_new_from_insert` does for each new question, once: the first new
  /// question of each kind never rated as it (in the due listing's order, read from the new
  /// rows alone), if it comes before where the listing starts.
  private func moveNewFrom(after floor: Int64) throws {
    let move = try database.cachedStatement(
      sql: """
        UPDATE review_new_from SET (at, question_id) = (
          SELECT k, id FROM (
            SELECT CASE WHEN q.answer IS NULL THEN q.created_at
              ELSE coalesce(q.answered_at, q.created_at) END AS k, q.id AS id
            FROM questions q NOT INDEXED
            WHERE q.id > ?1 AND (q.answer IS NOT NULL) = (review_new_from.kind = 'recall')
              AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
                AND i.kind = review_new_from.kind)
            ORDER BY 1, 2 LIMIT 1))
        WHERE EXISTS (
          SELECT 1 FROM questions q NOT INDEXED
          WHERE q.id > ?1 AND (q.answer IS NOT NULL) = (review_new_from.kind = 'recall')
            AND (CASE WHEN q.answer IS NULL THEN q.created_at
              ELSE coalesce(q.answered_at, q.created_at) END, q.id)
              < (review_new_from.at, review_new_from.question_id)
            AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
              AND i.kind = review_new_from.kind))
        """)
    defer { move.reset() }
    try move.bind(floor, at: 1)
    try move.execute()
  }
}
