/// What `memo db` asks of the database file, and what storage answered.
public enum DatabaseAction: Equatable, Sendable {
  case check
  /// The problems `PRAGMA integrity_check` and `foreign_key_check` found (empty: none), and
  /// those of memo's own bookkeeping that `repair` mends from the rows (`mendable`: a live
  /// record listed as deleted, a record missing from the search index).
  case checked([String], mendable: [String])
  /// Mend what the rows can make again (`memo db check --repair`).
  case repair
  /// What `repair` mended, a line each (empty: nothing needed it).
  case repaired([String])
  case backup(to: String)
  case backedUp(to: String)
}
