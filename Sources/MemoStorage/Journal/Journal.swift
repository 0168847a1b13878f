import MemoCore

/// The action journal: opens an entry around each command's changes (the triggers in
/// schema.sql record the rows), and undoes or redoes entries by restoring those row images,
/// refusing when a row is not as the journal left it.
public struct Journal {
  let database: Database
  /// How many entries the journal keeps; older ones are pruned as new ones come.
  public static let limit = 1000

  public init(database: Database) { self.database = database }

  /// Starts recording an entry, inside the caller's transaction.
  func begin(action: String, at time: Timestamp) throws -> Int64 {
    if !ExactPositions.untouched.contains(action) { try database.addExactPositions() }
    try run(
      "INSERT INTO journal_entries (created_at, action, summary) VALUES (?, ?, '')",
      [.text(time.rfc3339), .text(action)])
    let id = database.lastInsertedRowID
    try run("UPDATE journal_context SET entry_id = ?", [.integer(id)])
    return id
  }

  /// The action of `memo sync conflicts dismiss`: it changes bookkeeping alone (the conflict
  /// and its resolution), and is an entry of its own all the same, so that undo takes it back
  /// (and not the command before it).
  static let dismissAction = "sync dismiss"

  /// Stops recording. An entry that changed nothing is dropped (one that changed bookkeeping
  /// alone too, but a dismissal); one that did discards the redo branch (the undone entries)
  /// and prunes the journal to `limit` entries.
  /// - Returns: whether the entry was kept.
  @discardableResult
  func finish(_ id: Int64, summary: String) throws -> Bool {
    try run("UPDATE journal_context SET entry_id = NULL", [])
    if database.hasExactPositions {
      try run(ExactPositions.fixUp, [.integer(id)])
      try run("DELETE FROM temp.memo_exact_positions", [])
    }
    let changes = try count(
      """
      SELECT (SELECT count(*) FROM journal_changes WHERE entry_id = ?1
                AND (table_name NOT IN (\(JournalTables.bookkeeping))
                  OR (SELECT action FROM journal_entries WHERE id = ?1) = '\(Self.dismissAction)'))
        + (SELECT count(*) FROM journal_loads WHERE entry_id = ?1)
      """, id)
    if changes == 0 {
      try run("DELETE FROM journal_entries WHERE id = ?", [.integer(id)])
      return false
    }
    try run("UPDATE journal_entries SET summary = ? WHERE id = ?", [.text(summary), .integer(id)])
    database.journaledChanges += 1
    try run("DELETE FROM journal_entries WHERE undone = 1", [])
    try run(
      "DELETE FROM journal_entries WHERE id <= (SELECT id FROM journal_entries ORDER BY id DESC LIMIT 1 OFFSET ?)",
      [.integer(Int64(Self.limit))])
    return true
  }

  /// Reverts the latest `count` entries not undone, newest first. Call inside a transaction.
  /// - Throws: `.notFound` (1) with nothing to undo, or when a row changed since; `.usage`
  /// (64), changing nothing, when an entry is a sync round's and `everywhere` is false.
  func undo(_ count: Int, everywhere: Bool = false) throws -> [JournalEntry] {
    let entries = try self.entries(
      sql: "WHERE e.undone = 0 ORDER BY e.id DESC LIMIT ?", Int64(count))
    guard !entries.isEmpty else { throw MemoError.nothingToUndo() }
    try refuseJoins(entries)
    if !everywhere { try refuseRounds(entries, verb: "undo", count: count) }
    var undone: [JournalEntry] = []
    for entry in entries {
      var reported = entry
      // What it does to the other devices, counted as the refusal counts it.
      if entry.action == "sync" { reported.roundEffect = try roundEffect(of: entry, undo: true) }
      reported.isUndone = true
      undone.append(reported)
      // A load's rows are the entry's last changes: they go first. Their images, written
      // now for redo, come after the changes undone here.
      let imagesFrom = try undoLoads(of: entry)
      try forEachChange(of: entry.id, newestFirst: true, below: imagesFrom) { table, old, new in
        try restore(table, from: new, to: old, entry: entry, verb: "undo")
      }
      // Review's schedules follow its settings: they were replayed, not journaled.
      if entry.action == "review config" { try ReviewRepository(database: database).replayAll() }
      try run("UPDATE journal_entries SET undone = 1 WHERE id = ?", [.integer(entry.id)])
    }
    database.journaledChanges += entries.count
    return undone
  }

  /// Reverts entry `id` alone, and only while it is the newest entry not undone: what a
  /// front end that keeps its own entries (`memo review`'s session) takes back with `u`. Call
  /// inside a transaction.
  /// - Throws: changing nothing, `.usage` (64) when a newer entry not undone stands above it
  /// (made outside the front end: its summary is named); `.notFound` (1) when it is undone
  /// already or no longer in the journal (undone elsewhere, then dropped with the redo branch,
  /// or pruned).
  func undo(entry id: Int64) throws -> JournalEntry {
    let newest = try entries(sql: "WHERE e.undone = 0 ORDER BY e.id DESC LIMIT ?", 1).first
    guard let newest, newest.id == id else {
      let own = try entries(sql: "WHERE e.id = ?", id).first
      if let own, !own.isUndone, let newest {
        throw MemoError(
          code: .usage,
          message:
            "not undone: the last change (#\(newest.id) \(newest.summary)) was made outside this session; use memo undo"
        )
      }
      throw MemoError(
        code: .notFound,
        message: own.map {
          "not undone: this session's last change (\($0.summary)) was undone already outside this session"
        }
          ?? "not undone: this session's last change is no longer in the journal (undone outside this session, or pruned)"
      )
    }
    return try undo(1)[0]
  }

  /// Re-applies the oldest `count` undone entries, oldest first. Call inside a transaction.
  /// `everywhere`: as for `undo`.
  func redo(_ count: Int, everywhere: Bool = false) throws -> [JournalEntry] {
    let entries = try self.entries(
      sql: "WHERE e.undone = 1 ORDER BY e.id ASC LIMIT ?", Int64(count))
    guard !entries.isEmpty else { throw MemoError.nothingToRedo() }
    if !everywhere { try refuseRounds(entries, verb: "redo", count: count) }
    for entry in entries {
      let loads = try self.loads(of: entry)
      let imagesFrom = loads.compactMap(\.imagesFrom).min() ?? Int64.max
      try forEachChange(of: entry.id, newestFirst: false, below: imagesFrom) { table, old, new in
        guard !JournalTables.isBookkeeping(table) else { return }
        try restore(table, from: old, to: new, entry: entry, verb: "redo")
      }
      try redo(loads, of: entry)
      // Bookkeeping last: it refers to rows the loads put back.
      try forEachChange(of: entry.id, newestFirst: false, below: imagesFrom) { table, old, new in
        guard JournalTables.isBookkeeping(table) else { return }
        try restore(table, from: old, to: new, entry: entry, verb: "redo")
      }
      if entry.action == "review config" { try ReviewRepository(database: database).replayAll() }
      try run("UPDATE journal_entries SET undone = 0 WHERE id = ?", [.integer(entry.id)])
    }
    database.journaledChanges += entries.count
    return entries.map {
      var e = $0; e.isUndone = false; return e
    }
  }

  // MARK: - Rounds

  /// Keeps the newest `keep` entries. - Returns: the entries removed.
  func prune(keep: Int) throws -> [JournalEntry] {
    let removed = try entries(sql: "ORDER BY e.id DESC LIMIT -1 OFFSET ?", Int64(keep))
    try run(
      "DELETE FROM journal_entries WHERE id <= (SELECT id FROM journal_entries ORDER BY id DESC LIMIT 1 OFFSET ?)",
      [.integer(Int64(keep))])
    database.journaledChanges += removed.count
    return removed
  }

  // MARK: - Row images

  /// Makes the row `from` describes (nil: absent) into `to` (nil: deleted), after checking the
  /// row is exactly `from` now.
  func restore(
    _ table: String, from current: String?, to target: String?, entry: JournalEntry, verb: String
  ) throws {
    guard let columns = JournalTables.columns[table], let keyImage = current ?? target else {
      return
    }
    let key = columns[0]
    if JournalTables.isBookkeeping(table) {
      // Bookkeeping follows its records whatever became of it since: never a reason to refuse.
      if table == "sync_resolved",
        let identity = (try? JSONParser.parse(keyImage))?["identity"]?.stringValue
      {
        try SyncRepository(database: database).swapRestoredNote(identity, putBack: target != nil)
      }
      if let target {
        try run(
          "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(columns.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ")) WHERE \(JournalTables.owner(ofBookkeeping: table))",
          [.text(target)])
      } else {
        try run(
          "DELETE FROM \(table) WHERE \(key) = json_extract(?, '$.\(key)')", [.text(keyImage)])
        // A resolution taken back goes out as its deletion, as one put back goes out (schema
        // 22's sync_resolved_push): the devices it reached keep the conflict again.
        if table == "sync_resolved" {
          try run(
            "DELETE FROM changes WHERE kind = 'resolution' AND key = json_extract(?1, '$.identity')",
            [.text(keyImage)])
          try run(
            "INSERT INTO changes (kind, key, origin) VALUES ('resolution', json_extract(?1, '$.identity'), NULL)",
            [.text(keyImage)])
        }
      }
      return
    }
    let image = JournalTables.image(of: table) ?? "NULL"
    // An entry journaled before positions were exact holds the triggers' own image.
    let older = table == "highlights" ? JournalTables.triggerImage(of: table) ?? "NULL" : "NULL"
    let statement = try database.cachedStatement(
      sql: "SELECT \(image), \(older) FROM \(table) WHERE \(key) = json_extract(?, '$.\(key)')")
    try statement.bind(keyImage, at: 1)
    let found = try statement.step()
    let now = found ? statement.text(0) : nil
    let olderNow = found && table == "highlights" ? statement.text(1) : nil
    statement.reset()
    guard now == current || (olderNow != nil && olderNow == current),
      try target != nil || !hasDependents(table, keyImage)
    else {
      let what =
        (try? JSONParser.parse(keyImage))?[key].map { value -> String in
          value.stringValue ?? value.int64Value.map(String.init) ?? "?"
        } ?? "?"
      throw MemoError(
        code: .notFound,
        message:
          "cannot \(verb) #\(entry.id) (\(entry.summary)): \(JournalTables.noun(table)) \(what) is no longer as that change left it; nothing was changed"
      )
    }
    let values = columns.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ")
    switch (current, target) {
    case (nil, let target?):
      try run(
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(values))",
        [.text(target)])
    case (let current?, nil):
      try run("DELETE FROM \(table) WHERE \(key) = json_extract(?, '$.\(key)')", [.text(current)])
    case (let current?, let target?):
      let assignments = columns.map { "\($0) = json_extract(?1, '$.\($0)')" }.joined(
        separator: ", ")
      try run(
        "UPDATE \(table) SET \(assignments) WHERE \(key) = json_extract(?2, '$.\(key)')",
        [.text(target), .text(current)])
    case (nil, nil):
      return
    }
  }

  /// Whether deleting the row would take other rows with it (cascades) or change them.
  func hasDependents(_ table: String, _ image: String) throws -> Bool {
    let sql: String
    switch table {
    case "posts":
      sql = """
        SELECT EXISTS (SELECT 1 FROM questions WHERE post_id = json_extract(?1, '$.id'))
            OR EXISTS (SELECT 1 FROM favorites WHERE post_id = json_extract(?1, '$.id'))
        """
    case "categories":
      sql = "SELECT EXISTS (SELECT 1 FROM questions WHERE category_id = json_extract(?1, '$.id'))"
    default:
      return false
    }
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    try statement.bind(image, at: 1)
    return try statement.step() && statement.bool(0)
  }

  /// Calls `body` with each change of the entry (table, image before, image after), read one
  /// at a time: an import's entry may hold a million images.
  func forEachChange(
    of entry: Int64, newestFirst: Bool, below end: Int64 = Int64.max,
    _ body: (String, String?, String?) throws -> Void
  ) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT table_name, old_row, new_row FROM journal_changes WHERE entry_id = ? AND id < ?
        ORDER BY id \(newestFirst ? "DESC" : "ASC")
        """)
    defer { statement.reset() }
    try statement.bind(entry, at: 1)
    try statement.bind(end, at: 2)
    while try statement.step() {
      try body(statement.string(0), statement.text(1), statement.text(2))
    }
  }

  func entries(sql tail: String, _ value: Int64) throws -> [JournalEntry] {
    let statement = try listing(sql: tail, value)
    defer { statement.reset() }
    var result: [JournalEntry] = []
    while try statement.step() {
      result.append(
        JournalEntry(
          id: statement.int64(0),
          createdAt: Timestamp(rfc3339: statement.string(1)) ?? Timestamp(millis: 0),
          action: statement.string(2), summary: statement.string(3), isUndone: statement.bool(4),
          changeCount: statement.int(5)))
    }
    return result
  }

  /// Entries as a statement bound and ready to step, columns named by their JSON keys.
  func listing(sql tail: String, _ value: Int64) throws -> Statement {
    let statement = try database.cachedStatement(
      sql: """
        SELECT e.id AS id, e.created_at AS created_at, e.action AS action, e.summary AS summary,
               e.undone AS undone,
               (SELECT count(*) FROM journal_changes c WHERE c.entry_id = e.id
                  AND c.table_name NOT IN (\(JournalTables.bookkeeping)))
               + (SELECT coalesce(sum(row_count), 0) FROM journal_loads l
                  WHERE l.entry_id = e.id AND l.images_from IS NULL) AS changes
        FROM journal_entries e \(tail)
        """)
    try statement.bind(value, at: 1)
    return statement
  }

  /// The newest `limit` entries, newest first, as a statement ready to step.
  func logListing(limit: Int) throws -> Statement {
    try listing(sql: "ORDER BY e.id DESC LIMIT ?", Int64(limit))
  }

  func count(_ sql: String, _ value: Int64?) throws -> Int {
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    if let value { try statement.bind(value, at: 1) }
    return try statement.step() ? statement.int(0) : 0
  }

  func run(_ sql: String, _ values: [SQLCondition.Binding]) throws {
    let statement = try database.cachedStatement(sql: sql)
    var condition = SQLCondition()
    condition.add("", bindings: values)
    try condition.bind(to: statement)
    try statement.execute()
  }
}
