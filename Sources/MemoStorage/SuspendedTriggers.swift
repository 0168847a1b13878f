import MemoCore

/// Triggers a bulk load takes out for its own transaction, to do their work for all its rows
/// in one pass at the end, and puts back before it commits. Dropped inside the transaction, a
/// trigger is never gone for another process (it sees the schema as of its own snapshot), and
/// a rollback or a crash brings it back.
///
/// Why: an INSERT whose triggers write an indexed table (the journal, the search index, the
/// tombstones) gets a statement journal, a copy of every page it touches, so that the one
/// statement can be undone on its own (https://sqlite.org/tempfiles.html#stmtjrnl). An import
/// never undoes one statement (any error rolls all of it back), and with a million rows the
/// per-row images, index entries and statement journals were half of its time.
struct SuspendedTriggers {
  /// The dropped triggers' SQL, as `sqlite_schema` held it.
  private let definitions: [String]

  /// Drops the named triggers. - Throws: `.io` when one does not exist (a damaged schema).
  init(_ names: [String], in database: Database) throws {
    let lookup = try database.cachedStatement(
      sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?")
    var definitions: [String] = []
    for name in names {
      lookup.reset()
      try lookup.bind(name, at: 1)
      guard try lookup.step(), let sql = lookup.text(0) else {
        throw MemoError(
          code: .io,
          message: "\(database.path) has no trigger \(name); 'memo db check' examines the database")
      }
      definitions.append(sql)
    }
    lookup.reset()
    for name in names { try database.executeScript("DROP TRIGGER \(name)") }
    self.definitions = definitions
  }

  /// Creates the triggers again, exactly as they were.
  func restore(in database: Database) throws {
    for sql in definitions { try database.executeScript(sql) }
  }
}
