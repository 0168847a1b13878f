/// The tables the journal records and their columns, in the order schema.sql's journal
/// triggers write them (`JournalTablesTests` checks the two agree). The first column is the
/// primary key.
enum JournalTables {
  static let columns: [String: [String]] = [
    "posts": ["id", "uuid", "title", "author", "body", "source", "created_at", "updated_at"],
    "questions": [
      "id", "uuid", "post_id", "text", "category_id", "starred", "answer", "answered_at",
      "created_at", "updated_at", "highlight_id",
    ],
    "highlights": [
      "id", "uuid", "post_id", "text", "note", "chapter", "page", "location", "position",
      "highlighted_at", "starred", "source", "source_key", "created_at", "updated_at",
    ],
    "categories": ["id", "name", "created_at"],
    "favorites": ["post_id", "position", "added_at"],
    "saved_filters": ["name", "filter", "created_at", "updated_at"],
    "settings": ["key", "value"],
    "import_keys": ["key", "imported_at"],
    "review_events": [
      "id", "uuid", "kind", "question_id", "rating", "reviewed_at", "device", "duration_ms",
      "created_at",
    ],
    "review_items": [
      "question_id", "kind", "state", "step", "stability", "difficulty", "due", "last_review",
      "reps", "lapses", "open_choice", "open_streak",
    ],
    "highlight_review_events": [
      "id", "uuid", "highlight_id", "rating", "reviewed_at", "device", "duration_ms", "created_at",
    ],
    "highlight_review_items": [
      "highlight_id", "state", "wait_days", "due", "last_review", "reps", "last_choice", "streak",
    ],
    // What a reader's file last gave each highlight: undone and redone with the import, but
    // bookkeeping, not a record (`counted` leaves it out of what an entry changed).
    "highlight_imports": ["highlight_id", "text", "note", "held"],
    // Sync's conflicts and resolutions (schema 22): bookkeeping too. Undoing a restore puts
    // the conflict back as it was (the other machine's value with it); undoing a round takes
    // back the conflicts it met.
    "sync_conflicts": [
      "id", "kind", "key", "row", "hlc", "device", "winner", "detected_at", "field", "lost",
    ],
    "sync_resolved": ["identity", "resolution", "resolved_at"],
    // The ratings a round set aside with their deleted items (schema 24): bookkeeping too.
    // Undoing the round takes them back; undoing a restore that took them sets them aside
    // again.
    "sync_set_aside": ["uuid", "kind", "item", "row"],
  ]

  /// The tables whose rows an entry's change count and round effect leave out: this machine's
  /// bookkeeping beside the records, which a reader never sees as a change of its own.
  static let bookkeeping =
    "'highlight_imports', 'sync_conflicts', 'sync_resolved', 'sync_set_aside'"

  /// Whether `table` is bookkeeping (see `bookkeeping`): undo and redo put its rows as the
  /// entry left them without first checking they are still so.
  static func isBookkeeping(_ table: String) -> Bool {
    table == "highlight_imports" || table == "sync_conflicts" || table == "sync_resolved"
      || table == "sync_set_aside"
  }

  /// When a bookkeeping row of `table` is put back, as a condition on its image `?1`: what an
  /// import noted of a highlight only beside the highlight (undoing an import takes the
  /// highlights it loaded out first, and with them what the import noted of each); sync's
  /// always (they name records by uuid, with no key to a row).
  static func owner(ofBookkeeping table: String) -> String {
    table == "highlight_imports"
      ? "EXISTS (SELECT 1 FROM highlights WHERE id = json_extract(?1, '$.highlight_id'))" : "1"
  }

  /// One row of `table` in words, for messages: "question" (not "questions 2").
  static func noun(_ table: String) -> String {
    switch table {
    case "posts": "post"
    case "questions": "question"
    case "highlights": "highlight"
    case "categories": "category"
    case "favorites": "the shelf place of post"
    case "saved_filters": "saved filter"
    case "settings": "setting"
    case "import_keys": "import key"
    case "review_events", "highlight_review_events": "review event"
    case "review_items": "the review schedule of question"
    case "highlight_review_items": "the review schedule of highlight"
    case "sync_conflicts": "conflict"
    case "sync_resolved": "the resolution of conflict"
    case "sync_set_aside": "rating set aside"
    default: table
    }
  }

  /// The SQL expression of a row's image, as the journal holds it: `json_object('id', id, …)`,
  /// a highlight's `position` as the shortest text that reads back as the same double
  /// (`memo_real`, as sync carries it; `ExactPositions` makes the triggers' images so).
  static func image(of table: String) -> String? {
    columns[table].map {
      "json_object("
        + $0.map {
          "'\($0)', " + (table == "highlights" && $0 == "position" ? ExactPositions.value($0) : $0)
        }
        .joined(separator: ", ") + ")"
    }
  }

  /// A row's image as schema.sql's triggers write it alone (a REAL in 15 digits): what entries
  /// journaled before `ExactPositions` hold.
  static func triggerImage(of table: String) -> String? {
    columns[table].map {
      "json_object(" + $0.map { "'\($0)', \($0)" }.joined(separator: ", ") + ")"
    }
  }
}

/// A highlight's `position` exact in the journal. schema.sql's triggers write row images with
/// `json_object`, which gives a REAL 15 digits (5.277777777777778 became 5.27777777777778, and
/// `memo undo` brought that back). Without a schema change, each connection that journals adds
/// TEMP triggers (its own, never in the file): before a highlight changes or goes, its exact
/// position is noted; when the entry closes, its highlight images get the exact positions
/// (`fixUp`: the old from the note, the new from the row).
enum ExactPositions {
  /// The actions that never change or delete a highlight: they journal without the triggers,
  /// whose creation costs a write command about a million instructions (`memo add` is 15
  /// million). An action missing here only pays that; one wrongly here would journal 15 digits.
  static let untouched: Set<String> = [
    "add", "ask", "answer", "unanswer", "star", "unstar", "question edit", "question rm",
    "category add", "category rename", "category rm", "fav", "unfav", "filter save",
    "filter set", "filter use", "filter rm", "filter clear", "review", "review rate",
    "review rating", "review config",
  ]

  /// `column` as JSON: the shortest text that reads back as the same double.
  static func value(_ column: String) -> String { "json(memo_real(\(column)))" }

  static let script = """
    CREATE TEMP TABLE IF NOT EXISTS memo_exact_positions (id INTEGER PRIMARY KEY, position TEXT);
    CREATE TEMP TRIGGER IF NOT EXISTS memo_exact_before_update BEFORE UPDATE ON main.highlights
    WHEN old.position IS NOT NULL AND (SELECT entry_id FROM main.journal_context) IS NOT NULL
    BEGIN
      INSERT OR IGNORE INTO memo_exact_positions VALUES (old.id, memo_real(old.position));
    END;
    CREATE TEMP TRIGGER IF NOT EXISTS memo_exact_before_delete BEFORE DELETE ON main.highlights
    WHEN old.position IS NOT NULL AND (SELECT entry_id FROM main.journal_context) IS NOT NULL
    BEGIN
      INSERT OR IGNORE INTO memo_exact_positions VALUES (old.id, memo_real(old.position));
    END;
    """

  /// Run when an entry closes (`Journal.finish`): each highlight image of entry ?1 whose
  /// position is the 15-digit form of the exact one gets the exact one: the old from the note
  /// the triggers above took (a highlight's first old position in the entry), the new from the
  /// row as the entry leaves it. An image whose 15 digits are not those of the exact value (a
  /// highlight changed twice in one entry: its earlier images) keeps them, as entries from
  /// before did, and undo still matches it. One statement at the end, not a trigger on every
  /// journal row: an import of 10,000 rows paid 110 million instructions for that trigger.
  static let fixUp = """
    UPDATE journal_changes SET
      old_row = coalesce((
        SELECT json_set(journal_changes.old_row, '$.position', json(p.position))
        FROM temp.memo_exact_positions AS p
        WHERE p.id = json_extract(journal_changes.old_row, '$.id')
          AND CAST(printf('%!.15g', CAST(p.position AS REAL)) AS REAL)
            = json_extract(journal_changes.old_row, '$.position')), old_row),
      new_row = coalesce((
        SELECT json_set(journal_changes.new_row, '$.position', json(memo_real(h.position)))
        FROM main.highlights AS h
        WHERE h.id = json_extract(journal_changes.new_row, '$.id')
          AND printf('%!.15g', h.position) != memo_real(h.position)
          AND CAST(printf('%!.15g', h.position) AS REAL)
            = json_extract(journal_changes.new_row, '$.position')), new_row)
    WHERE entry_id = ?1 AND table_name = 'highlights'
    """
}

extension Database {
  /// Adds `ExactPositions`' TEMP triggers to this connection, once (a database from before
  /// highlights, being migrated, has none to keep).
  func addExactPositions() throws {
    guard !hasExactPositions else { return }
    guard
      try int(
        sql: "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = 'highlights'")
        == 1
    else { return }
    try executeScript(ExactPositions.script)
    hasExactPositions = true
  }
}
