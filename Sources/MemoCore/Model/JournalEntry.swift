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
  /// A sync round's entry undone (or redone) with `--everywhere`: what the next round does to
  /// the other devices' records, as the undo found it before it ran.
  public var roundEffect: RoundEffect? = nil

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

/// What undoing (or redoing) a sync round's entry does to the other devices' records once the
/// next round carries it, counted by kind of record: those it deletes there, changes, and
/// brings back. Only what syncs counts (a schedule is replayed from the ratings on each
/// device; settings stay on each).
public struct RoundEffect: Equatable, Sendable {
  /// The kinds, in the order messages name them: a record of each, in words.
  public static let nouns = [
    "post", "question", "highlight", "category", "shelf place", "saved filter", "review rating",
    "conflict",
  ]

  /// The journal's table of `noun`'s records; nil for one that does not sync.
  public static func noun(ofTable table: String) -> String? {
    switch table {
    case "posts": "post"
    case "questions": "question"
    case "highlights": "highlight"
    case "categories": "category"
    case "favorites": "shelf place"
    case "saved_filters": "saved filter"
    case "review_events", "highlight_review_events": "review rating"
    default: nil
    }
  }

  public var deleted: [String: Int] = [:]
  public var changed: [String: Int] = [:]
  public var broughtBack: [String: Int] = [:]

  public init() {}

  /// Whether it deletes or changes records there (bringing records back loses nothing).
  public var isLoss: Bool { !deleted.isEmpty || !changed.isEmpty }

  public static func + (left: RoundEffect, right: RoundEffect) -> RoundEffect {
    var sum = left
    sum.deleted.merge(right.deleted, uniquingKeysWith: +)
    sum.changed.merge(right.changed, uniquingKeysWith: +)
    sum.broughtBack.merge(right.broughtBack, uniquingKeysWith: +)
    return sum
  }

  /// In words, by kind: "delete 1 post and 2 review ratings and change 1 question"; empty
  /// when it does nothing there.
  public var words: String {
    func listed(_ counts: [String: Int]) -> String? {
      let parts = Self.nouns.compactMap { noun in
        counts[noun].flatMap { $0 > 0 ? counted($0, noun) : nil }
      }
      guard let last = parts.last else { return nil }
      return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
    var groups: [String] = []
    if let text = listed(deleted) { groups.append("delete " + text) }
    if let text = listed(changed) { groups.append("change " + text) }
    if let text = listed(broughtBack) { groups.append("bring back " + text) }
    return groups.joined(separator: " and ")
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
