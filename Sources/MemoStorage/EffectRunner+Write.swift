import MemoCore

extension EffectRunner {
  /// Runs `body` in one write transaction, with the time it runs at, recorded in the journal
  /// as one entry named `action` and described by `summary` (an entry that changed nothing is
  /// dropped).
  func write<T>(_ action: String, _ body: (Timestamp) throws -> T, summary: (T) -> String) throws
    -> T
  {
    try database.inTransaction {
      let now = clock()
      let journal = Journal(database: database)
      let entry = try journal.begin(action: action, at: now)
      let result = try body(now)
      let isKept = try journal.finish(entry, summary: summary(result))
      lastJournalEntry = isKept ? entry : nil
      return result
    }
  }
}
