/// What happens to `memo review`'s session: its start, keys, the clock's tick, the window's
/// size, its end, and what storage answered. Every time comes in with the action (the
/// reducer never reads a clock).
public enum ReviewSessionAction: Equatable, Sendable {
  /// Reads the data version, then what `query` finds due and each highlight's place; with
  /// `saysFilter`, what the current filter adds to the query's own flags (the message).
  case start(ReviewDueQuery, saysFilter: Bool)
  /// A key at `at`: the item shown is read again first when the database changed, then the key
  /// acts; a pasted key (`isPasted`) is never a command.
  case key(BrowseKey, isPasted: Bool = false, at: Timestamp)
  /// What a key asked for, done at once (no look at the database first).
  case perform(ReviewSessionCommand, at: Timestamp)
  /// An idle second: changes made elsewhere are read, and a comeback due comes back.
  case tick(at: Timestamp)
  case resize(width: Int, height: Int)
  /// The line after the session, into `summary` (what the session rated counts).
  case finish(at: Timestamp)
  /// What an effect answered, and the journal entry it made (nil: none).
  case stored(Action, entry: Int64? = nil)
}

/// What the session waits for from storage: the answer to the one effect it asked for, and
/// what comes after it.
public enum ReviewSessionStep: Equatable, Sendable {
  case idle
  /// The data version, before the items (a change committed after it shows at the first key).
  case starting(ReviewDueQuery, saysFilter: Bool)
  /// What is due.
  case listing(FilterSelection?, saysFilter: Bool)
  /// Each highlight's place, and the current filter.
  case placing(FilterSelection?)
  /// The data version, before `then`.
  case checking(then: ReviewSessionNext)
  /// The item shown, read again, before `then`.
  case rereading(then: ReviewSessionNext)
  /// The storage work of `command`, before `then`.
  case acting(ReviewSessionCommand, then: ReviewSessionNext)
  /// The earliest due time in the database, for the summary at `at`.
  case summing(at: Timestamp)
}

/// What the session does once storage answered.
public enum ReviewSessionNext: Equatable, Sendable {
  /// Acts on the key (unless the item it was meant for changed its kind or went away).
  case key(BrowseKey, at: Timestamp)
  /// Brings back a comeback due (after the item shown).
  case tick(at: Timestamp)
  /// Brings back a comeback due: next if the command moved on from `reviewed` items.
  case settle(reviewed: Int, at: Timestamp)
  /// An answer refused (answered elsewhere meanwhile, or deleted): the prompt line goes, and
  /// `message` shows unless the item read again said more.
  case answerRefused(String, reviewed: Int, at: Timestamp)
}
