import MemoCore

/// Brings a database to `Schema.version` (SPEC §2): a new file gets `schema.sql`; an older one
/// is migrated step by step, each step one transaction with its `user_version` bump; a newer
/// one is refused, untouched.
public enum Migrator {
  /// One upgrade: the SQL that takes a database from `version - 1` to `version`.
  public struct Step: Sendable {
    public var version: Int32
    public var sql: String
    public init(version: Int32, sql: String) {
      self.version = version
      self.sql = sql
    }
  }

  /// The upgrades, oldest first: the "-- @version N" parts of `schema.sql`.
  public static let steps: [Step] = parts(of: Schema.sql)

  /// Splits a schema into the parts after each "-- @version N" line.
  static func parts(of sql: String) -> [Step] {
    var steps: [Step] = []
    let lines = sql.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("-- @version "), let version = Int32(line.dropFirst(12)) {
        steps.append(Step(version: version, sql: ""))
      } else if !steps.isEmpty {
        // Every line but the last had a line break after it.
        steps[steps.count - 1].sql += line + (index < lines.count - 1 ? "\n" : "")
      }
    }
    return steps
  }

  /// Runs `steps` (every step after `version`, the last one the target) in one transaction,
  /// then turns the quotes in bodies into highlights at the last step's version. Nothing when
  /// another process has changed the version meanwhile.
  static func migrateInOnePass(
    _ database: Database, from version: Int32, steps: [Step],
    quotes: (Int32) -> BodyQuoteMigration
  ) throws {
    guard let target = steps.last?.version else { return }
    try database.inTransaction {
      guard try database.int(sql: "PRAGMA user_version") ?? 0 == version else { return }
      for step in steps { try database.executeScript(step.sql) }
      try quotes(target).run()
      try database.execute(sql: "PRAGMA user_version = \(target)")
    }
  }

  /// Applies the schema to a new database or migrates an older one.
  /// - Throws: `MemoError` `.io` for a newer or foreign database; `SQLiteError` from SQLite.
  public static func migrate(
    _ database: Database, to target: Int32 = Schema.version, steps: [Step]? = nil,
    schema: String = Schema.sql, progress: (() -> ProgressMeter?)? = nil
  ) throws {
    let version = Int32(truncatingIfNeeded: try database.int(sql: "PRAGMA user_version") ?? 0)
    if version == target { return }
    if version > target {
      throw MemoError(
        code: .io,
        message:
          "\(database.path) was written by a newer memo (schema version \(version); this memo knows up to \(target)); upgrade memo to open it — nothing was changed"
      )
    }
    if version == 0 {
      try database.inTransaction {
        // Re-read inside the write lock: another process may have created it meanwhile.
        if try database.int(sql: "PRAGMA user_version") ?? 0 != 0 { return }
        let objects = try database.int(sql: "SELECT count(*) FROM sqlite_schema") ?? 0
        guard objects == 0 else {
          throw MemoError(
            code: .io,
            message:
              "\(database.path) is an SQLite database but not memo's (it has tables and no memo schema version); pass --db with another path"
          )
        }
        try database.executeScript(schema)
        try database.execute(sql: "PRAGMA user_version = \(target)")
      }
      return
    }
    // Split the schema only now: an up-to-date database (every command but the first after an
    // upgrade) never pays for it.
    let pending = (steps ?? Migrator.steps).filter { $0.version > version && $0.version <= target }
    try database.reportingProgress(progress?()) {
      // From before highlights: every step in one transaction, and the quotes memo wrote into
      // bodies become highlights after the last step's SQL (version 12's data step, run at the
      // target version), so that they and the bodies are indexed once, in bulk, rather than by
      // version 13's statements in decreasing row id, which FTS5 writes out a row at a time.
      // The steps' text is as released; the result is the same (BodyQuoteMigrationTests).
      if version < 12, target >= 12, pending.last?.version == target {
        try database.withRollbackJournal {
          try migrateInOnePass(database, from: version, steps: pending) {
            BodyQuoteMigration(database: database, version: $0)
          }
        }
      }
      for step in pending {
        try database.inTransaction {
          let current = try database.int(sql: "PRAGMA user_version") ?? 0
          guard current == step.version - 1 else { return }
          try database.executeScript(step.sql)
          // Version 12 also turns the quotes memo wrote into bodies into highlights.
          if step.version == 12 { try BodyQuoteMigration(database: database).run() }
          try database.execute(sql: "PRAGMA user_version = \(step.version)")
        }
      }
    }
  }
}
