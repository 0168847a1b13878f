/// What `memo db` asks of the database file, and what storage answered.
public enum DatabaseAction: Equatable, Sendable {
  case check
  /// The problems `PRAGMA integrity_check` and `foreign_key_check` found (empty: none).
  case checked([String])
  case backup(to: String)
  case backedUp(to: String)
}
