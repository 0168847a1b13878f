import MemoCore

/// Bulk loads in the journal: a load that took out a table's insert trigger records its new
/// rows as one range, which undo takes out and redo puts back from their images.
extension Journal {
  /// For a bulk load that took out `table`'s insert trigger (`BulkLoad`): records, in the
  /// entry being recorded, the rows above `lastID` as one range (`journal_loads`), not an
  /// image of each. A load that also edited or deleted its own new rows (a record twice in the
  /// file, a deletion after it) had those changes recorded by the other triggers; they are
  /// dropped: undo takes the range out as it is, whatever happened to its rows on the way.
  /// Undo takes the range out before the entry's other changes, so the new rows go before the
  /// posts and categories they belong to.
  /// - Parameter highest: the table's highest id before the load, when the load deleted the
  ///   rows at the top and its new rows took their ids (`BulkLoad.watchFloors`): an image of
  ///   an id up to it is an old row's (kept: undo puts that row back after taking the range
  ///   out) until the first deletion of that id in the entry, and the new row's after it.
  func recordLoad(of table: String, after lastID: Int64, highest: Int64? = nil) throws {
    // No entry (a migration's load): nothing to record.
    guard
      let entry = try database.int(
        sql: "SELECT entry_id FROM journal_context WHERE entry_id IS NOT NULL"),
      let key = JournalTables.columns[table]?.first
    else { return }
    let folded = try database.cachedStatement(
      sql: """
        DELETE FROM journal_changes AS j WHERE j.entry_id = ?1 AND j.table_name = ?2
        AND (json_extract(coalesce(j.new_row, j.old_row), '$.\(key)') > ?4
          OR (json_extract(coalesce(j.new_row, j.old_row), '$.\(key)') > ?3 AND EXISTS (
            SELECT 1 FROM journal_changes d
            WHERE d.entry_id = ?1 AND d.table_name = ?2 AND d.id < j.id AND d.new_row IS NULL
              AND json_extract(d.old_row, '$.\(key)')
                = json_extract(coalesce(j.new_row, j.old_row), '$.\(key)'))))
        """)
    try folded.bind(entry, at: 1)
    try folded.bind(table, at: 2)
    try folded.bind(lastID, at: 3)
    try folded.bind(max(highest ?? lastID, lastID), at: 4)
    try folded.execute()
    let load = try database.cachedStatement(
      sql: """
        INSERT INTO journal_loads (entry_id, table_name, first_id, last_id, row_count)
        SELECT ?1, ?2, min(\(key)), max(\(key)), count(*) FROM \(table) WHERE \(key) > ?3
        HAVING count(*) > 0
        """)
    try load.bind(entry, at: 1)
    try load.bind(table, at: 2)
    try load.bind(lastID, at: 3)
    try load.execute()
  }

  /// A bulk load an entry recorded (`journal_loads`).
  struct Load {
    var table: String
    var first: Int64
    var last: Int64
    var count: Int
    /// While the entry is undone: where its rows' images start in `journal_changes`.
    var imagesFrom: Int64?
  }

  func loads(of entry: JournalEntry) throws -> [Load] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT table_name, first_id, last_id, row_count, images_from FROM journal_loads
        WHERE entry_id = ? ORDER BY table_name
        """)
    defer { statement.reset() }
    try statement.bind(entry.id, at: 1)
    var loads: [Load] = []
    while try statement.step() {
      loads.append(
        Load(
          table: statement.string(0), first: statement.int64(1), last: statement.int64(2),
          count: statement.int(3), imagesFrom: statement.isNull(4) ? nil : statement.int64(4)))
    }
    return loads
  }

  /// Takes out the rows of the entry's loads, each load in one statement, after checking its
  /// range still holds the rows it added (later entries are undone by then: only a change
  /// made outside memo can make it differ) and writing their images into the entry for redo.
  /// - Returns: the id from which the entry's changes are these images (none: `Int64.max`).
  func undoLoads(of entry: JournalEntry) throws -> Int64 {
    let loads = try loads(of: entry)
    guard !loads.isEmpty else { return Int64.max }
    let imagesFrom =
      (try database.int(sql: "SELECT coalesce(max(id), 0) FROM journal_changes") ?? 0) + 1
    // Questions before highlights (the loads come in table order, highlights first): taking
    // a highlight out first would clear its questions' highlight_id before their images are
    // written, and redo would bring them back unlinked. Redo puts highlights back first.
    for load in loads.reversed() {
      guard let key = JournalTables.columns[load.table]?.first,
        let image = JournalTables.image(of: load.table)
      else { continue }
      let present = try rows(in: load, key: key)
      guard present == load.count else {
        throw MemoError(
          code: .notFound,
          message:
            "cannot undo #\(entry.id) (\(entry.summary)): \(load.table) \(load.first)–\(load.last) hold \(counted(present, "row")), not the \(load.count) it added; nothing was changed"
        )
      }
      try run(
        """
        INSERT INTO journal_changes (entry_id, table_name, old_row, new_row)
        SELECT ?, ?, NULL, \(image) FROM \(load.table) WHERE \(key) BETWEEN ? AND ? ORDER BY \(key)
        """,
        [.integer(entry.id), .text(load.table), .integer(load.first), .integer(load.last)])
      try run(
        "DELETE FROM \(load.table) WHERE \(key) BETWEEN ? AND ?",
        [.integer(load.first), .integer(load.last)])
    }
    try run(
      "UPDATE journal_loads SET images_from = ? WHERE entry_id = ?",
      [.integer(imagesFrom), .integer(entry.id)])
    return imagesFrom
  }

  /// Puts back the rows of an undone entry's loads from their images, each load in one
  /// statement, after checking nothing took their ids meanwhile, and drops the images: the
  /// entry is a range again.
  func redo(_ loads: [Load], of entry: JournalEntry) throws {
    guard let imagesFrom = loads.compactMap(\.imagesFrom).min() else { return }
    for load in loads {
      guard let columns = JournalTables.columns[load.table] else { continue }
      let present = try rows(in: load, key: columns[0])
      guard present == 0 else {
        throw MemoError(
          code: .notFound,
          message:
            "cannot redo #\(entry.id) (\(entry.summary)): \(counted(present, "row")) of \(load.table) \(present == 1 ? "has" : "have") taken ids \(load.first)–\(load.last) since; nothing was changed"
        )
      }
      let values = columns.map { "json_extract(new_row, '$.\($0)')" }.joined(separator: ", ")
      try run(
        """
        INSERT INTO \(load.table) (\(columns.joined(separator: ", ")))
        SELECT \(values) FROM journal_changes
        WHERE entry_id = ? AND table_name = ? AND id >= ? ORDER BY id
        """, [.integer(entry.id), .text(load.table), .integer(imagesFrom)])
    }
    try run(
      "DELETE FROM journal_changes WHERE entry_id = ? AND id >= ?",
      [.integer(entry.id), .integer(imagesFrom)])
    try run(
      "UPDATE journal_loads SET images_from = NULL WHERE entry_id = ?", [.integer(entry.id)])
  }

  /// How many rows of the load's table have ids in its range.
  func rows(in load: Load, key: String) throws -> Int {
    let statement = try database.cachedStatement(
      sql: "SELECT count(*) FROM \(load.table) WHERE \(key) BETWEEN ? AND ?")
    defer { statement.reset() }
    try statement.bind(load.first, at: 1)
    try statement.bind(load.last, at: 2)
    return try statement.step() ? statement.int(0) : 0
  }

  /// How many entries and recorded row changes the journal holds.
  public func size() throws -> (entries: Int, changes: Int) {
    (
      try count("SELECT count(*) FROM journal_entries", nil),
      try count(
        """
        SELECT (SELECT count(*) FROM journal_changes)
          + (SELECT coalesce(sum(row_count), 0) FROM journal_loads WHERE images_from IS NULL)
        """, nil)
    )
  }
}
