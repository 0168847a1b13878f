/// One state-changing command in the journal (`memo log`).
public struct JournalEntry: Equatable, Sendable {
  public var id: Int64
  public var createdAt: Timestamp
  /// The command, e.g. "rm", "ask", "import".
  public var action: String
  /// One line for people, e.g. "rm post 12 'Dune' (3 questions)".
  public var summary: String
  public var isUndone: Bool
  /// How many rows it changed.
  public var changeCount: Int

  public init(
    id: Int64, createdAt: Timestamp, action: String, summary: String, isUndone: Bool,
    changeCount: Int
  ) {
    self.id = id
    self.createdAt = createdAt
    self.action = action
    self.summary = summary
    self.isUndone = isUndone
    self.changeCount = changeCount
  }
}

/// What `memo undo`, `redo` and `log` ask, and what storage answered.
public enum JournalAction: Equatable, Sendable {
  /// `everywhere`: go ahead with an entry whose undo (or redo) the next sync round carries to
  /// the other devices (a sync round's entry); without it such an entry is refused.
  case undo(Int, everywhere: Bool = false)
  case redo(Int, everywhere: Bool = false)
  /// The latest `limit` entries, newest first, to where `to` says.
  case log(limit: Int, to: RowDestination = .state)
  case prune(keep: Int)
  /// The entries undone, redone, listed or pruned.
  case entries([JournalEntry])
}

extension MemoError {
  public static func nothingToUndo() -> MemoError {
    MemoError(code: .notFound, message: "nothing to undo; 'memo log' shows the journal")
  }

  public static func nothingToRedo() -> MemoError {
    MemoError(
      code: .notFound,
      message:
        "nothing to redo: no undone change since the last change; 'memo log' shows the journal")
  }
}
