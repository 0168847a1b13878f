import MemoCore

/// The values kept from lost conflicts, one field each (issue 20): listed, restored,
/// dismissed. A conflict's identity — kind, field, the lost stamp and the key — is the same on
/// every device that meets it, so that restoring or dismissing it travels as a record
/// (`SyncChange.Kind.resolution`) and clears it on every device.
extension SyncRepository {
  static let identitySQL =
    "c.kind || ':' || c.field || ':' || c.hlc || ':' || c.device || ':' || c.key"

  /// The value of `field` in a record's JSON row (SQL over `?1`).
  static func valueSQL(_ kind: SyncChange.Kind, _ field: String) -> String {
    guard let columns = kind.fields.first(where: { $0.name == field })?.columns else {
      return
        "coalesce(json_extract(?1, '$.title'), json_extract(?1, '$.text'), json_extract(?1, '$.name'), json_extract(?1, '$.post_uuid'))"
    }
    return "json_extract(?1, '$.\(columns[0])')"
  }

  /// Binds a conflict's values as `keep` and `noteDismissedValue` number them: ?1 the row,
  /// ?2 the kind, ?3 the key, ?4 and ?5 the stamp, ?6 the winner, ?7 the time met, ?8 the field.
  func bindConflict(
    _ statement: Statement, _ kind: SyncChange.Kind, key: String, field: String, row: String?,
    version: SyncVersion, winner: String, at time: Timestamp
  ) throws {
    try statement.bind(row, at: 1)
    try statement.bind(kind.rawValue, at: 2)
    try statement.bind(key, at: 3)
    try statement.bind(version.time.value, at: 4)
    try statement.bind(version.device, at: 5)
    try statement.bind(winner, at: 6)
    try statement.bind(time.rfc3339, at: 7)
    try statement.bind(field, at: 8)
  }

  /// Keeps the value of `field` that lost: `row` is the record it was part of (nil: a
  /// deletion), `version` its stamp, `winner` the device whose value won.
  /// - Returns: whether it is a new conflict (not kept already, nor resolved on a device).
  @discardableResult
  func keep(
    _ kind: SyncChange.Kind, key: String, field: String, row: String?, version: SyncVersion,
    winner: String, at time: Timestamp
  ) throws -> Bool {
    let identity = "\(kind.rawValue):\(field):\(version.time.value):\(version.device):\(key)"
    if try followsMerge(kind, key: key, field: field, row: row, version: version, winner: winner) {
      return false
    }
    if try exists("SELECT 1 FROM sync_resolved WHERE identity = ?", identity) {
      try noteDismissedValue(
        kind, key: key, field: field, row: row, version: version, winner: winner, at: time,
        identity: identity)
      return false
    }
    let known = try database.cachedStatement(
      sql: """
        SELECT 1 FROM sync_conflicts
        WHERE kind = ? AND key = ? AND field = ? AND hlc = ? AND device = ?
        """)
    defer { known.reset() }
    try known.bind(kind.rawValue, at: 1)
    try known.bind(key, at: 2)
    try known.bind(field, at: 3)
    try known.bind(version.time.value, at: 4)
    try known.bind(version.device, at: 5)
    if try known.step() { return false }
    known.reset()
    if field == "record", let row, try !keepRecord(kind, key: key, row: row, version: version) {
      return false
    }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_conflicts (kind, key, row, hlc, device, winner, detected_at, field, lost)
        VALUES (?2, ?3, ?1, ?4, ?5, ?6, ?7, ?8, \(Self.valueSQL(kind, field)))
        """)
    try bindConflict(
      statement, kind, key: key, field: field, row: row, version: version, winner: winner,
      at: time)
    try statement.execute()
    return true
  }

  /// A change setting `field`, made over the value with stamp `set.base` where it was made
  /// (its user saw that value and replaced it), where that value is kept only because a
  /// restore replaced it (the field's restore note names it): no loss, as on the device that
  /// made the change, which keeps none. (A restore on one device keeps the value it replaced;
  /// an edit of that value on another, unseen by the restore, then leaves it on no device,
  /// whichever wins.) The restore's own value (`incoming` is the value the note says it made
  /// live: the resolution comes first) leaves it kept; so do an undo's and any other change's.
  func dropSeen(
    _ kind: SyncChange.Kind, key: String, field: String,
    by set: (changed: Bool, base: SyncVersion?), incoming: String?
  ) throws {
    guard set.changed, let base = set.base else { return }
    let statement = try database.cachedStatement(
      sql: """
        SELECT id FROM sync_conflicts
        WHERE kind = ?1 AND key = ?2 AND field = ?3 AND hlc = ?4 AND device = ?5
        """)
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(field, at: 3)
    try statement.bind(base.time.value, at: 4)
    try statement.bind(base.device, at: 5)
    guard try statement.step() else { return }
    let id = statement.int64(0)
    statement.reset()
    let identity = "\(kind.rawValue):\(field):\(base.time.value):\(base.device):\(key)"
    guard let note = try restoredNote(kind.rawValue, field, key), note.replaced == identity,
      let columns = kind.fields.first(where: { $0.name == field })?.columns,
      try SyncEngine.Values(store: self, here: note.row, incoming: incoming).differ(columns)
    else { return }
    try run("DELETE FROM sync_conflicts WHERE id = ?1", String(id))
  }

  /// Whether a whole record about to be kept as a conflict at `version` is to be kept: the
  /// same record kept before at another version with the same values (a question a merge on
  /// one device moved to another book, deleted with its book on another: its version from
  /// each device) is one value, kept once, at the later version (the one every device meets:
  /// the same on each). The earlier goes, if it was kept. - Returns: false when a later one
  /// holds the same values.
  private func keepRecord(
    _ kind: SyncChange.Kind, key: String, row: String, version: SyncVersion
  ) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, row, hlc, device FROM sync_conflicts
        WHERE kind = ? AND key = ? AND field = 'record' AND row IS NOT NULL
        """)
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    var kept: [(id: Int64, row: String, version: SyncVersion)] = []
    while try statement.step() {
      kept.append(
        (
          statement.int64(0), statement.string(1),
          SyncVersion(time: HybridTime(value: statement.int64(2)), device: statement.string(3))
        ))
    }
    statement.reset()
    let columns = kind.fields.filter { kind.reportsConflicts(on: $0.name) }.flatMap(\.columns)
    for other in kept
    where try !SyncEngine.Values(store: self, here: other.row, incoming: row).differ(columns) {
      if other.version > version { return false }
      let drop = try database.cachedStatement(sql: "DELETE FROM sync_conflicts WHERE id = ?")
      try drop.bind(other.id, at: 1)
      try drop.execute()
    }
    return true
  }

  /// A highlight's place in words, from its chapter, page and location (SQL expressions):
  /// `chapter Part One · p. 12, loc. 140`, the parts it has (NULL: none). A place conflict
  /// shows every part on both sides, whichever of them differs (`no place` for a side with
  /// none): a restore brings back the whole place the listing shows as lost, every part of it,
  /// as the other machine had it (a part only the winning side changed goes back too).
  static func placeSQL(_ chapter: String, _ page: String, _ location: String) -> String {
    """
    nullif(coalesce('chapter ' || \(chapter), '')
      || CASE WHEN \(chapter) IS NOT NULL AND coalesce(\(page), \(location)) IS NOT NULL THEN ' · ' ELSE '' END
      || coalesce('p. ' || \(page), '')
      || CASE WHEN \(page) IS NOT NULL AND \(location) IS NOT NULL THEN ', ' ELSE '' END
      || coalesce('loc. ' || \(location), ''), '')
    """
  }

  /// A star as the listing says it (`starred`, `not starred`), as a place is said in words.
  static func starredSQL(_ value: String) -> String {
    "CASE WHEN \(value) IN (1, '1') THEN 'starred' ELSE 'not starred' END"
  }

  /// The listing's columns (SyncConflictPresenter's fields): the record (title, question or
  /// name), the value the record holds now (`kept`; null when it is deleted), the value that
  /// lost, the devices and times.
  static let conflictColumns = """
    SELECT c.id AS id, c.kind AS kind, c.key AS uuid, c.field AS field,
      coalesce(CASE c.kind
          WHEN 'post' THEN (SELECT title FROM posts WHERE uuid = c.key)
          WHEN 'question' THEN (SELECT text FROM questions WHERE uuid = c.key)
          WHEN 'highlight' THEN (SELECT text FROM highlights WHERE uuid = c.key) END,
        json_extract(c.row, '$.title'), json_extract(c.row, '$.text'), c.key) AS record,
      CASE c.kind
        WHEN 'post' THEN (SELECT CASE c.field WHEN 'title' THEN title WHEN 'author' THEN author
          WHEN 'body' THEN body WHEN 'source' THEN source ELSE title END
          FROM posts WHERE uuid = c.key)
        WHEN 'question' THEN (SELECT CASE c.field WHEN 'text' THEN q.text WHEN 'category' THEN k.name
          WHEN 'starred' THEN \(Self.starredSQL("q.starred")) WHEN 'answer' THEN q.answer ELSE q.text END
          FROM questions q LEFT JOIN categories k ON k.id = q.category_id WHERE q.uuid = c.key)
        WHEN 'highlight' THEN (SELECT CASE c.field WHEN 'note' THEN note
          WHEN 'starred' THEN \(Self.starredSQL("starred"))
          WHEN 'place' THEN coalesce(\(placeSQL("chapter", "page", "location")), 'no place')
          ELSE text END
          FROM highlights WHERE uuid = c.key)
        WHEN 'saved_filter' THEN (SELECT filter FROM saved_filters WHERE name = c.key)
      END AS kept,
      CASE WHEN c.kind = 'highlight' AND c.field = 'place' AND c.row IS NOT NULL
        THEN coalesce(\(placeSQL("json_extract(c.row, '$.chapter')", "json_extract(c.row, '$.page')", "json_extract(c.row, '$.location')")), 'no place')
      WHEN c.field = 'starred' AND c.lost IS NOT NULL THEN \(Self.starredSQL("c.lost"))
        ELSE coalesce(c.lost, CASE WHEN c.field = 'record' THEN coalesce(json_extract(c.row, '$.title'),
          json_extract(c.row, '$.text'), json_extract(c.row, '$.filter')) END) END AS lost,
      CASE c.kind
        WHEN 'post' THEN NOT EXISTS (SELECT 1 FROM posts WHERE uuid = c.key)
        WHEN 'question' THEN NOT EXISTS (SELECT 1 FROM questions WHERE uuid = c.key)
        WHEN 'highlight' THEN NOT EXISTS (SELECT 1 FROM highlights WHERE uuid = c.key)
        WHEN 'saved_filter' THEN NOT EXISTS (SELECT 1 FROM saved_filters WHERE name = c.key)
        ELSE 0 END AS deleted,
      coalesce(pd.name, me.name, c.device) AS device, coalesce(pw.name, mw.name, c.winner) AS winner,
      strftime('%Y-%m-%dT%H:%M:%fZ', (c.hlc >> 16) / 1000.0, 'unixepoch') AS changed_at,
      c.detected_at AS detected_at, c.row AS row,
      c.kind || ':' || c.field || ':' || c.hlc || ':' || c.device || ':' || c.key AS identity
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

  /// The kept values for a listing, oldest first (ids in the order they were met).
  func conflictListing() throws -> Statement {
    try database.cachedStatement(sql: Self.conflictColumns + " ORDER BY c.id")
  }

  func conflict(from statement: Statement) -> SyncConflict {
    SyncConflict(
      id: statement.int64(0), kind: SyncChange.Kind(rawValue: statement.string(1)) ?? .post,
      key: statement.string(2), field: statement.string(3), record: statement.string(4),
      kept: statement.text(5), lost: statement.text(6), isDeleted: statement.bool(7),
      device: statement.string(8), winner: statement.string(9),
      changedAt: Timestamp(rfc3339: statement.string(10)) ?? Timestamp(millis: 0),
      detectedAt: Timestamp(rfc3339: statement.string(11)) ?? Timestamp(millis: 0))
  }

  /// The kept values, oldest first.
  func conflicts() throws -> [SyncConflict] {
    let statement = try conflictListing()
    defer { statement.reset() }
    var result: [SyncConflict] = []
    while try statement.step() { result.append(conflict(from: statement)) }
    return result
  }

  /// The conflict `id`, its row and its identity. - Throws: `.notFound` (1).
  func lookUp(_ id: Int64) throws -> (conflict: SyncConflict, row: String?, identity: String) {
    let statement = try database.cachedStatement(
      sql: Self.conflictColumns + " WHERE c.id = ?")
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    guard try statement.step() else {
      throw MemoError(
        code: .notFound, message: "no conflict \(id); 'memo sync conflicts' lists them")
    }
    return (conflict(from: statement), statement.text(12), statement.string(13))
  }

  /// Makes a kept value the record's again, as a change of this device's (the next round
  /// pushes it, and it wins: it is the latest), and forgets the conflict on every device. A
  /// record deleted since comes back as the losing device had it.
  /// - Throws: `.notFound` (1) for an unknown id, or a question whose post is gone.
  func restore(_ id: Int64, at time: Timestamp) throws -> SyncConflict {
    let (conflict, row, identity) = try lookUp(id)
    if conflict.isDeleted,
      let deletion = try deletionAfterConflict(
        conflict.kind, key: conflict.key, identity: identity, detected: conflict.detectedAt)
    {
      throw Self.deletedSinceMet(conflict, deletion: deletion)
    }
    let wasDeleted =
      try conflict.kind == .highlight
      && !exists("SELECT 1 FROM highlights WHERE uuid = ?", conflict.key)
    let questionWasDeleted =
      try conflict.kind == .question
      && !exists("SELECT 1 FROM questions WHERE uuid = ?", conflict.key)
    let replacedAt = try fieldChangedAt(conflict.kind, key: conflict.key, field: conflict.field)
    try refuseIfChangedAgain(conflict)
    // Resolved first: the value replaced is kept as a conflict, and the resolution goes out
    // before the value, so that every device keeps the value it replaces too.
    try resolve(identity, "restored", at: time, push: true)
    if let row {
      var line = "{\"row\":" + row + "}"
      if conflict.field != "record", let current = try image(conflict.kind, conflict.key),
        let columns = conflict.kind.fields.first(where: { $0.name == conflict.field })?.columns
      {
        // Only this field: the others stay as they are.
        let paths = columns.map { "'$.\($0)', json(?2 -> '$.\($0)')" }
        let merged = try database.cachedStatement(
          sql: "SELECT json_object('row', json(json_set(?1, \(paths.joined(separator: ", ")))))")
        defer { merged.reset() }
        try merged.bind(current, at: 1)
        try merged.bind(row, at: 2)
        guard try merged.step() else { return conflict }
        line = merged.string(0)
      }
      guard try apply(conflict.kind, key: conflict.key, line: line) else {
        throw MemoError(
          code: .notFound,
          message:
            "cannot restore conflict \(id): the book it belongs to was deleted; restore or re-add that book first"
        )
      }
    } else {
      _ = try apply(conflict.kind, key: conflict.key, line: nil)
    }
    if conflict.isDeleted { try heldAsDeleted(conflict.kind, conflict.key) }
    if wasDeleted {
      try relinkQuestions(toRestoredHighlight: conflict.key)
      try restoreReviewEvents(of: conflict.key, highlight: true)
    }
    if questionWasDeleted, try exists("SELECT 1 FROM questions WHERE uuid = ?", conflict.key) {
      try restoreReviewEvents(of: conflict.key, highlight: false)
    }
    // As it is now: the value restored is the one kept, from the device that set it; the one
    // it replaced lost, from the device that had won, set when that device set it.
    var restored = conflict
    restored.kept = conflict.lost
    restored.lost = conflict.kept
    restored.isDeleted = false
    restored.replacedDeletion = conflict.isDeleted
    restored.winner = conflict.device
    restored.device = conflict.winner
    if let replacedAt { restored.changedAt = replacedAt }
    if conflict.field != "record", !conflict.isDeleted,
      let note = try restoredNote(conflict.kind.rawValue, conflict.field, conflict.key)
    {
      // The note this restore left (not an older one): its conflict keeps the value replaced.
      if let kept = try conflictID(identity: note.replaced),
        case let listed = try lookUp(kept).conflict, listed.lost == restored.lost
      {
        restored.replacedBy = kept
        (restored.changedAt, restored.detectedAt) = (listed.changedAt, listed.detectedAt)
      }
    }
    return restored
  }

  /// The id of the conflict kept under `identity` (nil: none).
  func conflictID(identity: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT c.id FROM sync_conflicts c WHERE \(Self.identitySQL) = ?1")
    defer { statement.reset() }
    try statement.bind(identity, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Forgets a conflict on every device, keeping the record as it is.
  func dismiss(_ id: Int64, at time: Timestamp) throws -> SyncConflict {
    let (conflict, _, identity) = try lookUp(id)
    try resolve(identity, "dismissed", at: time, push: true)
    return conflict
  }

  /// Records a resolution and forgets the conflict it names; `push`: made here (the next
  /// round pushes it).
  func resolve(_ identity: String, _ resolution: String, at time: Timestamp, push: Bool) throws {
    // A resolution met again (a file read again) has kept what it replaced already.
    let fresh = try !exists("SELECT 1 FROM sync_resolved WHERE identity = ?", identity)
    let statement = try database.cachedStatement(
      sql:
        "INSERT OR IGNORE INTO sync_resolved (identity, resolution, resolved_at) VALUES (?, ?, ?)")
    try statement.bind(identity, at: 1)
    try statement.bind(resolution, at: 2)
    try statement.bind(time.rfc3339, at: 3)
    try statement.execute()
    if resolution == "restored" {
      if fresh { try keepReplaced(identity, at: time) }
      // The other values kept from the same field lost to the one restored now: they name
      // its device as the winner, as the record now holds its value.
      try run(
        """
        UPDATE sync_conflicts AS o SET winner = r.device
        FROM (SELECT c.id, c.kind, c.key, c.field, c.device FROM sync_conflicts c
              WHERE \(Self.identitySQL) = ?1) AS r
        WHERE o.id != r.id AND o.kind = r.kind AND o.key = r.key
          AND (o.field = r.field OR r.field = 'record') AND o.winner != r.device
        """, identity)
    }
    if resolution == "dismissed" { try noteDismissed(identity) }
    try run("DELETE FROM sync_conflicts AS c WHERE \(Self.identitySQL) = ?1", identity)
    // A resolution made here is pushed at the next round (schema 22's sync_resolved_push
    // trigger does it too, for one put back by redo; this one also covers a resolution
    // already recorded).
    if push {
      try run("DELETE FROM changes WHERE kind = 'resolution' AND key = ?1", identity)
      try run("INSERT INTO changes (kind, key, origin) VALUES ('resolution', ?1, NULL)", identity)
    }
  }

  func run(_ sql: String, _ value: String) throws {
    let statement = try database.cachedStatement(sql: sql)
    try statement.bind(value, at: 1)
    try statement.execute()
  }
}
