import MemoCore

/// The author or source a merged book gave the book it went into (`applyFollowed`), noted
/// (`filled:`) so that a value lost to it is kept as a conflict on every machine.
extension SyncRepository {
  /// The setting naming the author or source `applyFollowed` gave post `post`, and the
  /// version it came with.
  static func filledKey(_ field: String, _ post: String) -> String {
    "filled:\(field):\(post)"
  }

  /// An author or source a merged-away post brings to post `target` (`applyFollowed`), as
  /// `memo merge` takes it: taken where `target` has none; where `target` holds one brought
  /// so before (`filledKey`, the same value), the later of the two versions wins, as for
  /// any field, so that every machine ends with the same whatever order they came in; where
  /// it holds its own, `target`'s stays. The one not taken is kept as a conflict of
  /// `target`'s (restorable).
  func followedField(
    _ field: String, of target: String, row: String, value: String, version: SyncVersion,
    winner: String, at now: Timestamp
  ) throws -> (taken: String?, conflicts: Int) {
    let held = try text(of: row, field)
    let note = try setting(Self.filledKey(field, target)).flatMap { try? JSONParser.parse($0) }
    var filled: SyncVersion?
    if let note, note["value"]?.stringValue == held, let hlc = note["hlc"]?.int64Value,
      let device = note["device"]?.stringValue
    {
      filled = SyncVersion(time: HybridTime(value: hlc), device: device)
    }
    let empty = held.trimmingWhitespace().isEmpty
    if held.trimmingWhitespace().lowercased() == value.trimmingWhitespace().lowercased() {
      return (nil, 0)
    }
    let takes = empty || filled.map { version > $0 } ?? false
    if takes {
      let statement = try database.cachedStatement(
        sql: "SELECT json_object('value', ?1, 'hlc', ?2, 'device', ?3, 'winner', ?4)")
      defer { statement.reset() }
      try statement.bind(value, at: 1)
      try statement.bind(version.time.value, at: 2)
      try statement.bind(version.device, at: 3)
      try statement.bind(winner, at: 4)
      if try statement.step() { try setSetting(Self.filledKey(field, target), statement.string(0)) }
    }
    // The value that loses, kept with its own version.
    let (lost, stamp, over) =
      takes ? (held, filled, version.device) : (value, Optional(version), winner)
    guard !empty, let stamp,
      try keep(
        .post, key: target, field: field, row: try with(row, field, lost), version: stamp,
        winner: over, at: now)
    else { return (takes ? value : nil, 0) }
    return (takes ? value : nil, 1)
  }

  /// An author or source set on post `key` itself (`incoming`, taken), arriving where the
  /// post holds one a merged-away post brought (`followedField`, noted filled): the post's own
  /// wins, as on a machine where it came first, and the one brought is kept as a conflict of
  /// the post's, as there (the same version and winner). - Returns: the conflicts kept.
  func keepFilled(
    _ change: SyncChange, _ field: String, taken: Bool, _ here: String, _ incoming: String?,
    _ now: Timestamp
  ) throws -> Int {
    let key = change.key
    guard taken, change.kind == .post, field == "author" || field == "source",
      change.changedBase(field).changed,
      let note = try setting(Self.filledKey(field, key)).flatMap({ try? JSONParser.parse($0) }),
      let value = note["value"]?.stringValue, let hlc = note["hlc"]?.int64Value,
      let device = note["device"]?.stringValue, let winner = note["winner"]?.stringValue
    else { return 0 }
    try run("DELETE FROM sync_settings WHERE key = ?1", Self.filledKey(field, key))
    guard let incoming, try text(of: here, field) == value, try text(of: incoming, field) != value
    else {
      return 0
    }
    let version = SyncVersion(time: HybridTime(value: hlc), device: device)
    return try keep(
      .post, key: key, field: field, row: here, version: version, winner: winner, at: now)
      ? 1 : 0
  }

  /// A field of a JSON row as text ("" for null).
  func text(of row: String, _ field: String) throws -> String {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, '$.' || ?2), '')")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(field, at: 2)
    return try statement.step() ? statement.string(0) : ""
  }

  /// A JSON row with one field set.
  private func with(_ row: String, _ field: String, _ value: String) throws -> String {
    let statement = try database.cachedStatement(sql: "SELECT json_set(?1, '$.' || ?2, ?3)")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(field, at: 2)
    try statement.bind(value, at: 3)
    return try statement.step() ? statement.string(0) : row
  }
}
