import MemoCore

/// The database side of `memo sync`: its per-device settings, the version each record holds,
/// stamping this device's changes into change-file lines, applying other devices' lines, and
/// the versions kept from lost conflicts. Runs inside the caller's transaction.
struct SyncRepository {
  let database: Database

  // MARK: - Settings

  func setting(_ key: String) throws -> String? {
    let statement = try database.cachedStatement(
      sql: "SELECT value FROM sync_settings WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() ? statement.text(0) : nil
  }

  func setSetting(_ key: String, _ value: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_settings (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """)
    try statement.bind(key, at: 1)
    try statement.bind(value, at: 2)
    try statement.execute()
  }

  func number(_ key: String) throws -> Int64 { try setting(key).flatMap { Int64($0) } ?? 0 }

  // MARK: - Versions

  func version(_ kind: SyncChange.Kind, _ key: String) throws -> (
    version: SyncVersion, base: SyncVersion?
  )? {
    let statement = try database.cachedStatement(
      sql: "SELECT hlc, device, base_hlc, base_device FROM sync_versions WHERE kind = ? AND key = ?"
    )
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    guard try statement.step() else { return nil }
    let base =
      statement.isNull(2)
      ? nil
      : SyncVersion(time: HybridTime(value: statement.int64(2)), device: statement.string(3))
    return (
      SyncVersion(time: HybridTime(value: statement.int64(0)), device: statement.string(1)), base
    )
  }

  /// Records the version a record holds. `isNew`: it held none (a plain INSERT; else UPDATE —
  /// no upsert, see `apply`).
  func setVersion(
    _ kind: SyncChange.Kind, _ key: String, _ version: SyncVersion, base: SyncVersion?,
    isNew: Bool
  ) throws {
    let statement = try database.cachedStatement(
      sql: isNew
        ? """
        INSERT INTO sync_versions (kind, key, hlc, device, base_hlc, base_device)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """
        : """
        UPDATE sync_versions SET hlc = ?3, device = ?4, base_hlc = ?5, base_device = ?6
        WHERE kind = ?1 AND key = ?2
        """)
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(version.time.value, at: 3)
    try statement.bind(version.device, at: 4)
    try statement.bind(base?.time.value, at: 5)
    try statement.bind(base?.device, at: 6)
    try statement.execute()
  }

  func exists(_ sql: String, _ key: String) throws -> Bool {
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step()
  }

  // MARK: - Rows as change-file JSON

  /// The SQL that reads a record's row as the JSON object a change file carries.
  static func imageSQL(_ kind: SyncChange.Kind) -> String {
    switch kind {
    case .post:
      return """
        SELECT json_object('uuid', uuid, 'title', title, 'author', author, 'body', body,
          'source', source, 'created_at', created_at, 'updated_at', updated_at)
        FROM posts WHERE uuid = ?
        """
    case .question:
      return """
        SELECT json_object('uuid', q.uuid, 'post_uuid', p.uuid, 'text', q.text, 'category', c.name,
          'starred', q.starred, 'answer', q.answer, 'answered_at', q.answered_at,
          'created_at', q.created_at, 'updated_at', q.updated_at)
        FROM questions q JOIN posts p ON p.id = q.post_id
        LEFT JOIN categories c ON c.id = q.category_id WHERE q.uuid = ?
        """
    case .category:
      return
        "SELECT json_object('name', name, 'created_at', created_at) FROM categories WHERE name = ?"
    case .favorite:
      return """
        SELECT json_object('post_uuid', p.uuid, 'added_at', f.added_at)
        FROM favorites f JOIN posts p ON p.id = f.post_id WHERE p.uuid = ?
        """
    case .savedFilter:
      return """
        SELECT json_object('name', name, 'filter', filter, 'created_at', created_at,
          'updated_at', updated_at)
        FROM saved_filters WHERE name = ?
        """
    }
  }

  /// The record as it is here (nil: it does not exist).
  func image(_ kind: SyncChange.Kind, _ key: String) throws -> String? {
    let statement = try database.cachedStatement(sql: Self.imageSQL(kind))
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() ? statement.text(0) : nil
  }

  // MARK: - Stamping this device's changes

  /// Turns this device's changes since the last round (the change sequence, origin NULL) into
  /// change-file lines, each with a new clock reading from the time it was made (plus `skew`,
  /// test-only), and makes them the records' versions.
  /// - Returns: the lines and the clock after them.
  func stamp(device: String, after seq: Int64, clock start: HybridTime, skew: Int64) throws
    -> (lines: [String], clock: HybridTime, lastSeq: Int64)
  {
    let statement = try database.cachedStatement(
      sql: """
        SELECT seq, kind, key, coalesce(at, 0) FROM changes WHERE origin IS NULL AND seq > ?
        ORDER BY seq
        """)
    defer { statement.reset() }
    try statement.bind(seq, at: 1)
    var pending: [(Int64, String, String, Int64)] = []
    while try statement.step() {
      pending.append(
        (statement.int64(0), statement.string(1), statement.string(2), statement.int64(3)))
    }
    var clock = start
    var lines: [String] = []
    var lastSeq = seq
    for (seq, kindName, key, at) in pending {
      lastSeq = seq
      guard let kind = SyncChange.Kind(rawValue: kindName) else { continue }
      let row = try image(kind, key)
      let base = try version(kind, key)?.version
      // Made and deleted again between two rounds: no other device needs to hear of it.
      if row == nil && base == nil { continue }
      // When it was made (on this machine's clock), but past all this device had seen by then.
      clock = clock.tick(now: at + skew)
      let version = SyncVersion(time: clock, device: device)
      lines.append(SyncChange.encode(kind: kind, key: key, version: version, base: base, row: row))
      try setVersion(kind, key, version, base: base, isNew: base == nil)
    }
    return (lines, clock, lastSeq)
  }

  /// How many of this device's changes wait for the next round.
  func unstampedCount(after seq: Int64) throws -> Int {
    let statement = try database.cachedStatement(
      sql: "SELECT count(*) FROM changes WHERE origin IS NULL AND seq > ?")
    defer { statement.reset() }
    try statement.bind(seq, at: 1)
    return try statement.step() ? statement.int(0) : 0
  }
}
