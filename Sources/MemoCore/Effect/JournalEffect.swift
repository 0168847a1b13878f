/// The storage work on the journal of changes (`Effect.journal`).
public enum JournalEffect: Equatable, Sendable {
  /// Revert the latest N entries not undone, newest first; answers `.journal(.entries)`.
  /// Without `everywhere`, refuses (64) an entry whose undo the next sync round would carry
  /// to the other devices (a sync round's entry), changing nothing.
  case undo(Int, everywhere: Bool = false)
  /// Revert the entry with this id alone, and only while it is the newest not undone (what a
  /// session made itself); answers `.journal(.entries)` with it. Refuses, changing nothing:
  /// 64 when a newer entry stands above it, 1 when it is undone already or gone.
  case undoEntry(Int64)
  /// Re-apply the oldest N undone entries; answers `.journal(.entries)`. `everywhere`: as undo.
  case redo(Int, everywhere: Bool = false)
  /// The latest entries, newest first: into the state, answering `.journal(.entries)`, or
  /// streamed to the output.
  case list(limit: Int, to: RowDestination = .state)
  /// Drop all but the latest `keep` entries; answers `.journal(.entries)` with those dropped.
  case prune(keep: Int)

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list: true
    case .undo, .undoEntry, .redo, .prune: false
    }
  }
}
