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

  // MARK: - Applying other devices' changes

  /// Makes the record what `change` says. `line` holds the row at `$.row`.
  /// - Returns: false when it cannot be applied here (a question or favorite whose post is
  ///   gone), having changed nothing.
  func apply(_ kind: SyncChange.Kind, key: String, line: String?) throws -> Bool {
    if line == nil && kind == .category, try isInUse(category: key) {
      // Questions here still name it (added unseen by the device that removed it): it stays,
      // and goes out again as this device's change, so that every device keeps it.
      try run("DELETE FROM changes WHERE kind = 'category' AND key = ?1", key)
      try run("INSERT INTO changes (kind, key, origin) VALUES ('category', ?1, NULL)", key)
      return true
    }
    guard let line else {
      let sql: String
      switch kind {
      case .post: sql = "DELETE FROM posts WHERE uuid = ?"
      case .question: sql = "DELETE FROM questions WHERE uuid = ?"
      case .category: sql = "DELETE FROM categories WHERE name = ?"
      case .favorite:
        sql = "DELETE FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?)"
      case .savedFilter: sql = "DELETE FROM saved_filters WHERE name = ?"
      }
      let statement = try database.cachedStatement(sql: sql)
      try statement.bind(key, at: 1)
      try statement.execute()
      return true
    }
    // An existence check, then a plain INSERT or UPDATE: an upsert may abort after changing
    // rows, so SQLite gives it a statement journal, a copy of every page it touches
    // (https://sqlite.org/tempfiles.html#stmtjrnl): 16 writes a row at 100,000 rows.
    switch kind {
    case .post:
      if try exists("SELECT 1 FROM posts WHERE uuid = ?", key) {
        try run(
          """
          UPDATE posts SET title = json_extract(?1, '$.row.title'),
            author = json_extract(?1, '$.row.author'), body = json_extract(?1, '$.row.body'),
            source = json_extract(?1, '$.row.source'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at')
          WHERE uuid = json_extract(?1, '$.row.uuid')
          """, line)
      } else {
        try run(
          """
          INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at)
          VALUES (json_extract(?1, '$.row.uuid'), json_extract(?1, '$.row.title'),
            json_extract(?1, '$.row.author'), json_extract(?1, '$.row.body'),
            json_extract(?1, '$.row.source'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.updated_at'))
          """, line)
      }
    case .question:
      guard let postID = try postID(line, path: "$.row.post_uuid") else { return false }
      var categoryID: Int64?
      let fields = try database.cachedStatement(
        sql: "SELECT json_extract(?1, '$.row.category'), json_extract(?1, '$.row.created_at')")
      try fields.bind(line, at: 1)
      if try fields.step(), let name = fields.text(0) {
        let time = Timestamp(rfc3339: fields.string(1)) ?? Timestamp(millis: 0)
        fields.reset()
        categoryID = try CategoryRepository(database: database).ensure(name, at: time)
      }
      fields.reset()
      let statement = try database.cachedStatement(
        sql: try exists("SELECT 1 FROM questions WHERE uuid = ?", key)
          ? """
          UPDATE questions SET post_id = ?2, text = json_extract(?1, '$.row.text'),
            category_id = ?3, starred = json_extract(?1, '$.row.starred'),
            answer = json_extract(?1, '$.row.answer'),
            answered_at = json_extract(?1, '$.row.answered_at'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at')
          WHERE uuid = json_extract(?1, '$.row.uuid')
          """
          : """
          INSERT INTO questions (uuid, post_id, text, category_id, starred, answer, answered_at,
            created_at, updated_at)
          VALUES (json_extract(?1, '$.row.uuid'), ?2, json_extract(?1, '$.row.text'), ?3,
            json_extract(?1, '$.row.starred'), json_extract(?1, '$.row.answer'),
            json_extract(?1, '$.row.answered_at'), json_extract(?1, '$.row.created_at'),
            json_extract(?1, '$.row.updated_at'))
          """)
      try statement.bind(line, at: 1)
      try statement.bind(postID, at: 2)
      try statement.bind(categoryID, at: 3)
      try statement.execute()
    case .category:
      if try exists("SELECT 1 FROM categories WHERE name = ?", key) {
        try run(
          """
          UPDATE categories SET created_at = json_extract(?1, '$.row.created_at')
          WHERE name = json_extract(?1, '$.row.name')
          """, line)
      } else {
        try run(
          """
          INSERT INTO categories (name, created_at)
          VALUES (json_extract(?1, '$.row.name'), json_extract(?1, '$.row.created_at'))
          """, line)
      }
    case .favorite:
      guard let postID = try postID(line, path: "$.row.post_uuid") else { return false }
      let statement = try database.cachedStatement(
        sql: try exists(
          "SELECT 1 FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?)", key)
          ? "UPDATE favorites SET added_at = json_extract(?1, '$.row.added_at') WHERE post_id = ?2"
          : """
          INSERT INTO favorites (post_id, position, added_at)
          VALUES (?2, (SELECT coalesce(max(position), 0) + 1 FROM favorites),
            json_extract(?1, '$.row.added_at'))
          """)
      try statement.bind(line, at: 1)
      try statement.bind(postID, at: 2)
      try statement.execute()
    case .savedFilter:
      if try exists("SELECT 1 FROM saved_filters WHERE name = ?", key) {
        try run(
          """
          UPDATE saved_filters SET filter = json_extract(?1, '$.row.filter'),
            created_at = json_extract(?1, '$.row.created_at'),
            updated_at = json_extract(?1, '$.row.updated_at')
          WHERE name = json_extract(?1, '$.row.name')
          """, line)
      } else {
        try run(
          """
          INSERT INTO saved_filters (name, filter, created_at, updated_at)
          VALUES (json_extract(?1, '$.row.name'), json_extract(?1, '$.row.filter'),
            json_extract(?1, '$.row.created_at'), json_extract(?1, '$.row.updated_at'))
          """, line)
      }
    }
    return true
  }

  func isInUse(category name: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: """
        SELECT EXISTS (SELECT 1 FROM questions WHERE category_id =
                       (SELECT id FROM categories WHERE name = ?))
        """)
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    return try statement.step() && statement.bool(0)
  }

  /// The shelf in the order the posts were put on it (then by UUID), on every device alike:
  /// after favorites arrived from elsewhere.
  func renumberFavorites() throws {
    try database.execute(sql: "UPDATE favorites SET position = -position")
    try database.execute(
      sql: """
        UPDATE favorites SET position = r.rank
        FROM (SELECT f.post_id, row_number() OVER (ORDER BY f.added_at, p.uuid) AS rank
              FROM favorites f JOIN posts p ON p.id = f.post_id) r
        WHERE favorites.post_id = r.post_id
        """)
  }

  func postID(_ line: String, path: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM posts WHERE uuid = json_extract(?1, ?2)")
    defer { statement.reset() }
    try statement.bind(line, at: 1)
    try statement.bind(path, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Who changes rows now: nil for this device's own changes (pushed by the next round), or
  /// a name for what a round applies (not pushed back).
  func setOrigin(_ origin: String?) throws {
    let statement = try database.cachedStatement(sql: "UPDATE change_context SET origin = ?")
    try statement.bind(origin, at: 1)
    try statement.execute()
  }

  // MARK: - Conflicts

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
