import MemoCore

/// The versions kept from lost conflicts: listed and restored.
extension SyncRepository {
  /// Keeps a version that lost: `row` is its JSON (nil: a deletion).
  func keep(
    _ kind: SyncChange.Kind, key: String, row: String?, version: SyncVersion, winner: String,
    at time: Timestamp
  ) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_conflicts (kind, key, row, hlc, device, winner, detected_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(row, at: 3)
    try statement.bind(version.time.value, at: 4)
    try statement.bind(version.device, at: 5)
    try statement.bind(winner, at: 6)
    try statement.bind(time.rfc3339, at: 7)
    try statement.execute()
  }

  static let conflictColumns = """
    SELECT c.id, c.kind, c.key, coalesce(pd.name, me.name, c.device), c.hlc,
      coalesce(pw.name, mw.name, c.winner), c.detected_at,
      coalesce(json_extract(c.row, '$.title'), json_extract(c.row, '$.text'),
               json_extract(c.row, '$.name'), json_extract(c.row, '$.post_uuid')),
      c.row
    FROM sync_conflicts c
    LEFT JOIN sync_peers pd ON pd.device = c.device
    LEFT JOIN sync_peers pw ON pw.device = c.winner
    LEFT JOIN (SELECT (SELECT value FROM sync_settings WHERE key = 'device_id') AS id,
                      (SELECT value FROM sync_settings WHERE key = 'device_name') AS name) me
      ON me.id = c.device
    LEFT JOIN (SELECT (SELECT value FROM sync_settings WHERE key = 'device_id') AS id,
                      (SELECT value FROM sync_settings WHERE key = 'device_name') AS name) mw
      ON mw.id = c.winner
    """

  func conflict(from statement: Statement) -> SyncConflict {
    SyncConflict(
      id: statement.int64(0), kind: SyncChange.Kind(rawValue: statement.string(1)) ?? .post,
      key: statement.string(2), device: statement.string(3),
      time: HybridTime(value: statement.int64(4)), winner: statement.string(5),
      detectedAt: Timestamp(rfc3339: statement.string(6)) ?? Timestamp(millis: 0),
      summary: statement.isNull(8) ? nil : statement.text(7))
  }

  /// The kept versions, newest first.
  func conflicts() throws -> [SyncConflict] {
    let statement = try database.cachedStatement(sql: Self.conflictColumns + " ORDER BY c.id DESC")
    defer { statement.reset() }
    var result: [SyncConflict] = []
    while try statement.step() { result.append(conflict(from: statement)) }
    return result
  }

  /// Makes a kept version the record's content again, as a change of this device's (the next
  /// round pushes it, and it wins: it is the latest), and forgets it.
  /// - Throws: `.notFound` (1) for an unknown id, or a question whose post is gone.
  func restore(_ id: Int64) throws -> SyncConflict {
    let statement = try database.cachedStatement(sql: Self.conflictColumns + " WHERE c.id = ?")
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    guard try statement.step() else {
      throw MemoError(
        code: .notFound, message: "no kept version \(id); 'memo sync conflicts' lists them")
    }
    let conflict = conflict(from: statement)
    let row = statement.text(8)
    statement.reset()
    let line = row.map { "{\"row\":" + $0 + "}" }
    guard try apply(conflict.kind, key: conflict.key, line: line) else {
      throw MemoError(
        code: .notFound,
        message:
          "cannot restore kept version \(id): the book it belongs to was deleted; restore or re-add that book first"
      )
    }
    let forget = try database.cachedStatement(sql: "DELETE FROM sync_conflicts WHERE id = ?")
    try forget.bind(id, at: 1)
    try forget.execute()
    return conflict
  }

  func run(_ sql: String, _ value: String) throws {
    let statement = try database.cachedStatement(sql: sql)
    try statement.bind(value, at: 1)
    try statement.execute()
  }
}
