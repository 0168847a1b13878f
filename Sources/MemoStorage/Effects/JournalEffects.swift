import MemoCore

/// The journal's own effects: undo, redo and a prune change the journal itself (no entry of
/// their own); the log is a read.
extension EffectRunner {
  func perform(_ effect: JournalEffect) throws -> Action {
    let journal = Journal(database: database)
    switch effect {
    case .undo(let count, let everywhere):
      return .journal(
        .entries(try database.inTransaction { try journal.undo(count, everywhere: everywhere) }))
    case .undoEntry(let id):
      return .journal(.entries([try database.inTransaction { try journal.undo(entry: id) }]))
    case .redo(let count, let everywhere):
      return .journal(
        .entries(try database.inTransaction { try journal.redo(count, everywhere: everywhere) }))
    case .list(let limit, let destination):
      return try listJournal(limit: limit, to: destination)
    case .prune(let keep):
      return .journal(.entries(try database.inTransaction { try journal.prune(keep: keep) }))
    }
  }

  func listJournal(limit: Int, to destination: RowDestination) throws -> Action {
    let journal = Journal(database: database)
    return try streamOrPage(.journal, to: destination, { try journal.logListing(limit: limit) }) {
      .journal(.entries(try journal.log(limit: limit)))
    }
  }
}
