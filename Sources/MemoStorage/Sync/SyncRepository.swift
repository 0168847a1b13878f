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

  /// What sync holds of a record: the version of the change its content came from, the
  /// version that change was made over, and the record as of the last round (nil: deleted).
  struct Held {
    var version: SyncVersion
    var base: SyncVersion?
    var row: String?
  }

  func version(_ kind: SyncChange.Kind, _ key: String) throws -> Held? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT hlc, device, base_hlc, base_device, row FROM sync_versions
        WHERE kind = ? AND key = ?
        """)
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    guard try statement.step() else { return nil }
    let base =
      statement.isNull(2)
      ? nil
      : SyncVersion(time: HybridTime(value: statement.int64(2)), device: statement.string(3))
    return Held(
      version: SyncVersion(
        time: HybridTime(value: statement.int64(0)), device: statement.string(1)),
      base: base, row: statement.text(4))
  }

  /// Records the version a record holds and its row. `isNew`: it held none (a plain INSERT;
  /// else UPDATE — no upsert, see `apply`).
  func setVersion(
    _ kind: SyncChange.Kind, _ key: String, _ version: SyncVersion, base: SyncVersion?,
    row: String?, isNew: Bool
  ) throws {
    let statement = try database.cachedStatement(
      sql: isNew
        ? """
        INSERT INTO sync_versions (kind, key, hlc, device, base_hlc, base_device, row)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
        : """
        UPDATE sync_versions SET hlc = ?3, device = ?4, base_hlc = ?5, base_device = ?6, row = ?7
        WHERE kind = ?1 AND key = ?2
        """)
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(version.time.value, at: 3)
    try statement.bind(version.device, at: 4)
    try statement.bind(base?.time.value, at: 5)
    try statement.bind(base?.device, at: 6)
    try statement.bind(row, at: 7)
    try statement.execute()
  }

  /// Each field's stamp; a field with no row of its own has the record's version (`held`).
  func fieldStamps(_ kind: SyncChange.Kind, _ key: String, held: SyncVersion?) throws
    -> [String: SyncVersion]
  {
    var stamps: [String: SyncVersion] = [:]
    if let held { for (name, _) in kind.fields { stamps[name] = held } }
    guard held != nil else { return stamps }
    let statement = try database.cachedStatement(
      sql: "SELECT field, hlc, device FROM sync_fields WHERE kind = ? AND key = ?")
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    while try statement.step() {
      stamps[statement.string(0)] = SyncVersion(
        time: HybridTime(value: statement.int64(1)), device: statement.string(2))
    }
    return stamps
  }

  /// Stores each field's stamp: a row for each that is not the record's `version` (most
  /// records were made in one change and never edited: no rows at all).
  func setFieldStamps(
    _ kind: SyncChange.Kind, _ key: String, _ stamps: [String: SyncVersion],
    version: SyncVersion, hadRows: Bool = true
  ) throws {
    if hadRows {
      let clear = try database.cachedStatement(
        sql: "DELETE FROM sync_fields WHERE kind = ? AND key = ?")
      try clear.bind(kind.rawValue, at: 1)
      try clear.bind(key, at: 2)
      try clear.execute()
    }
    // Looked up only when a field needs a row (a record made in one change needs none).
    var statement: Statement?
    for (field, stamp) in stamps where stamp != version {
      let insert =
        try statement
        ?? database.cachedStatement(
          sql: "INSERT INTO sync_fields (kind, key, field, hlc, device) VALUES (?, ?, ?, ?, ?)")
      statement = insert
      insert.reset()
      try insert.bind(kind.rawValue, at: 1)
      try insert.bind(key, at: 2)
      try insert.bind(field, at: 3)
      try insert.bind(stamp.time.value, at: 4)
      try insert.bind(stamp.device, at: 5)
      try insert.execute()
    }
  }

  /// A deletion's time in the tombstones (what `memo export` lists as deleted_at): the time
  /// it was made, from its stamp, the same on every device (issue 20).
  func dateTombstone(_ kind: SyncChange.Kind, _ key: String, _ version: SyncVersion) throws {
    guard kind.hasTombstone else { return }
    // Made here too when the record never was (made and deleted on another device between two
    // of its rounds): every device lists the same deletions.
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO tombstones (uuid, kind, deleted_at) SELECT ?1, ?3, ?2
        WHERE NOT EXISTS (SELECT 1 FROM posts WHERE uuid = ?1)
          AND NOT EXISTS (SELECT 1 FROM questions WHERE uuid = ?1)
          AND NOT EXISTS (SELECT 1 FROM highlights WHERE uuid = ?1)
        ON CONFLICT (uuid) DO UPDATE SET deleted_at = excluded.deleted_at, kind = excluded.kind
        """)
    try statement.bind(key, at: 1)
    try statement.bind(Timestamp(millis: version.time.millis).rfc3339, at: 2)
    try statement.bind(kind.rawValue, at: 3)
    try statement.execute()
  }

  /// The uuids of a post's questions (before the post's deletion takes them with it).
  func questionKeys(ofPost key: String) throws -> [String] {
    let statement = try database.cachedStatement(
      sql: "SELECT q.uuid FROM questions q JOIN posts p ON p.id = q.post_id WHERE p.uuid = ?")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    var keys: [String] = []
    while try statement.step() { keys.append(statement.string(0)) }
    return keys
  }

  /// A question (or highlight) gone with its post's deletion is listed as deleted at the later of the two
  /// stamps (its own, its post's deletion): the same time on the device that deleted the post,
  /// on the one that made the question, and on every other (issue 20: equal backups).
  /// - Parameters: question: its uuid (or the highlight's); post: its post's uuid, when the
  ///   question's own stamp is not held here (a question that never was here: `stamp` is its
  ///   change's).
  func dateCascadedTombstone(
    _ kind: SyncChange.Kind, _ question: String, post: String, stamp: SyncVersion?
  ) throws {
    let statement = try database.cachedStatement(
      sql: """
        WITH t(hlc) AS (
          SELECT max(coalesce(?3, (SELECT hlc FROM sync_versions WHERE kind = ?4 AND key = ?1), 0),
                     coalesce((SELECT hlc FROM sync_versions WHERE kind = 'post' AND key = ?2), 0)))
        UPDATE tombstones SET deleted_at = (
          SELECT strftime('%Y-%m-%dT%H:%M:%fZ', (hlc >> 16) / 1000.0, 'unixepoch') FROM t)
        WHERE uuid = ?1 AND (SELECT hlc FROM t) > 0
        """)
    defer { statement.reset() }
    try statement.bind(question, at: 1)
    try statement.bind(post, at: 2)
    try statement.bind(stamp.map { $0.time.value }, at: 3)
    try statement.bind(kind.rawValue, at: 4)
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
          'created_at', q.created_at, 'updated_at', q.updated_at, 'highlight_uuid', h.uuid)
        FROM questions q JOIN posts p ON p.id = q.post_id
        LEFT JOIN categories c ON c.id = q.category_id
        LEFT JOIN highlights h ON h.id = q.highlight_id WHERE q.uuid = ?
        """
    case .highlight:
      return """
        SELECT json_object('uuid', h.uuid, 'post_uuid', p.uuid, 'text', h.text, 'note', h.note,
          'chapter', h.chapter, 'page', h.page, 'location', h.location,
          'position', json(memo_real(h.position)),
          'highlighted_at', h.highlighted_at, 'starred', h.starred, 'source', h.source,
          'source_key', h.source_key, 'created_at', h.created_at, 'updated_at', h.updated_at)
        FROM highlights h JOIN posts p ON p.id = h.post_id WHERE h.uuid = ?
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
    case .resolution:
      return """
        SELECT json_object('identity', identity, 'resolution', resolution,
          'resolved_at', resolved_at)
        FROM sync_resolved WHERE identity = ?
        """
    case .reviewEvent:
      return """
        SELECT json_object('uuid', e.uuid, 'question_uuid', q.uuid, 'kind', e.kind,
          'rating', e.rating, 'reviewed_at', e.reviewed_at, 'device', e.device,
          'duration_ms', e.duration_ms, 'created_at', e.created_at)
        FROM review_events e JOIN questions q ON q.id = e.question_id WHERE e.uuid = ?
        """
    case .highlightReviewEvent:
      return """
        SELECT json_object('uuid', e.uuid, 'highlight_uuid', h.uuid, 'rating', e.rating,
          'reviewed_at', e.reviewed_at, 'device', e.device, 'duration_ms', e.duration_ms,
          'created_at', e.created_at)
        FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
        WHERE e.uuid = ?
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

  /// Resolutions first: a restore's reaches the other devices before its value, so that each
  /// keeps the value the restore replaces (`keepReplaced`), whatever came between the two here.
  static func resolutionsFirst(_ pending: [(Int64, String, String, Int64)])
    -> [(Int64, String, String, Int64)]
  {
    guard pending.contains(where: { $0.1 == "resolution" }) else { return pending }
    return pending.filter { $0.1 == "resolution" } + pending.filter { $0.1 != "resolution" }
  }

  /// This device's changes after `seq` (the change sequence, origin NULL), in order: seq,
  /// kind, key, when made.
  func pendingChanges(after seq: Int64) throws -> [(Int64, String, String, Int64)] {
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
    return pending
  }

  /// Turns this device's changes since the last round (the change sequence, origin NULL) into
  /// change-file lines, each with a new clock reading from the time it was made (plus `skew`,
  /// test-only), and makes them the records' versions.
  /// - Returns: the lines and the clock after them.
  func stamp(device: String, after seq: Int64, clock start: HybridTime, skew: Int64) throws
    -> (lines: [String], clock: HybridTime, lastSeq: Int64)
  {
    let pending = Self.resolutionsFirst(try pendingChanges(after: seq))
    // Deletions this database held unpushed when it became a new device (SyncEngine+Copied).
    let copied = try copiedDeletions()
    var clock = start
    var lines: [String] = []
    var lastSeq = seq
    for (seq, kindName, key, at) in pending {
      lastSeq = max(lastSeq, seq)
      guard let kind = SyncChange.Kind(rawValue: kindName) else { continue }
      let row = try image(kind, key)
      let held = try version(kind, key)
      // Deleted where sync knows it deleted (undone and done again), or made and deleted
      // again between two rounds (but for its tombstone, which every device's backup lists
      // alike): no other device needs to hear of it.
      if row == nil && (held == nil ? !kind.hasTombstone : held?.row == nil) { continue }
      var stamps = try fieldStamps(kind, key, held: held?.version)
      var changed: [String: SyncVersion?] = [:]
      if let row {
        // Which fields the change set: against the record as of the last round (all of them
        // for a new record, or one that comes back).
        let before = held?.row.flatMap { try? JSONParser.parse($0) }
        let after = before == nil ? nil : try? JSONParser.parse(row)
        for (name, columns) in kind.fields
        where before == nil || after == nil
          || columns.contains(where: { before?[$0] != after?[$0] })
        {
          changed[name] = .some(stamps[name])
        }
        // Values a join of duplicates took from the other copy (`settle`): the record goes out
        // even when nothing else changed, with the stamps they had there but not as set by
        // this change (they were set where that copy was made), so that a device that never
        // meets both copies takes them, and one that holds them sees no conflict.
        var joined = false
        if held != nil, kind == .highlight || kind == .post,
          try setting(Self.joinedKey(kind, key)) != nil
        {
          try run("DELETE FROM sync_settings WHERE key = ?1", Self.joinedKey(kind, key))
          joined = true
        }
        if changed.isEmpty && !joined { continue }
      }
      // When it was made (on this machine's clock), but past all this device had seen by then.
      clock = clock.tick(now: at + skew)
      let version = SyncVersion(time: clock, device: device)
      for name in changed.keys { stamps[name] = version }
      // A record new to sync: every field set by this change, over nothing. Its line leaves
      // the stamps out, as lines written before field stamps did, which every memo reads as
      // exactly that (`SyncChange.stamp`, `changedBase`): a first round's lines are half as
      // long (and git's, reading and parsing work with them).
      let whole = held == nil && row != nil
      let importKey = row == nil ? try deletionKey(kind, key, held: held, device: device) : nil
      let into = row == nil ? try mergedInto(kind, key) : nil
      if into != nil { try noteMergedAway(kind, key, held?.row) }
      lines.append(
        SyncChange.encode(
          kind: kind, key: key, version: version, base: held?.version, row: row,
          stamps: whole ? [:] : stamps, changed: whole ? [:] : changed,
          into: into, importKey: importKey,
          madeAs: row == nil && seq <= copied?.seq ?? 0 ? copied?.device : nil,
          post: held == nil ? try unsyncedHighlightPost(kind, importKey) : nil))
      try setVersion(kind, key, version, base: held?.version, row: row, isNew: held == nil)
      try setFieldStamps(kind, key, stamps, version: version, hadRows: held != nil)
      if row == nil { try dateTombstone(kind, key, version) }
      // Made again here after its deletion (an undone `rm`): as when another device's is.
      if row != nil, held != nil, held?.row == nil { try meetAgain(kind, key, by: version) }
    }
    return (lines, clock, lastSeq)
  }

  /// The setting naming the fields a join of duplicates gave record `key` (`settle`).
  static func joinedKey(_ kind: SyncChange.Kind, _ key: String) -> String {
    "joined:\(kind.rawValue):\(key)"
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
