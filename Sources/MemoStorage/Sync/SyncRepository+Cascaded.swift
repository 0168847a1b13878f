import MemoCore

/// A question asked on one device about a book another device deleted, neither having seen
/// the other's change (issue 35): the deletion wins. The device that deleted the book keeps
/// the question as a conflict when it arrives there (`SyncEngine.exchange`); the device that
/// asked it, or any other that held it, keeps it too when the deletion arrives and takes the
/// question with its book. A device that deletes a book sends a deletion of its own for each
/// question it held: a question taken with its book whose own deletion did not come was one
/// the deleting device never had. A highlight likewise (one another device moved into the
/// book by `memo merge`, unseen by the device that deleted the book).
extension SyncRepository {
  /// The questions and highlights of a post, before another device's deletion of the post
  /// takes them with it, each noted with its row and version (`keepUnseenCascaded`).
  func cascadedQuestions(ofPost key: String) throws -> [(kind: SyncChange.Kind, key: String)] {
    let keys =
      try questionKeys(ofPost: key).map { (kind: SyncChange.Kind.question, key: $0) }
      + highlightKeys(ofPost: key).map { (kind: SyncChange.Kind.highlight, key: $0) }
    guard !keys.isEmpty else { return keys }
    try database.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS sync_cascaded (
          kind TEXT NOT NULL, key TEXT NOT NULL, row TEXT NOT NULL, hlc INTEGER NOT NULL,
          device TEXT NOT NULL, PRIMARY KEY (kind, key))
        """)
    let note = try database.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO temp.sync_cascaded (kind, key, row, hlc, device)
        VALUES (?, ?, ?, ?, ?)
        """)
    for (kind, item) in keys {
      guard let held = try version(kind, item), let row = try image(kind, item) else { continue }
      note.reset()
      try note.bind(kind.rawValue, at: 1)
      try note.bind(item, at: 2)
      try note.bind(row, at: 3)
      try note.bind(held.version.time.value, at: 4)
      try note.bind(held.version.device, at: 5)
      try note.execute()
    }
    return keys
  }

  /// The uuids of a post's highlights.
  func highlightKeys(ofPost key: String) throws -> [String] {
    let statement = try database.cachedStatement(
      sql: "SELECT h.uuid FROM highlights h JOIN posts p ON p.id = h.post_id WHERE p.uuid = ?")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    var keys: [String] = []
    while try statement.step() { keys.append(statement.string(0)) }
    return keys
  }

  /// Keeps as a conflict (field `record`, as the deleting device keeps it) each question or
  /// highlight a deletion of its book took this round whose own deletion did not come, unless
  /// it is here again. - Returns: the conflicts kept.
  func keepUnseenCascaded(at time: Timestamp) throws -> Int {
    guard
      try database.int(
        sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_cascaded'") ?? 0 > 0
    else { return 0 }
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.kind, c.key, c.row, c.hlc, c.device FROM temp.sync_cascaded c
        WHERE NOT EXISTS (SELECT 1 FROM questions WHERE uuid = c.key)
          AND NOT EXISTS (SELECT 1 FROM highlights WHERE uuid = c.key)
          AND NOT EXISTS (SELECT 1 FROM sync_versions v
                          WHERE v.kind = c.kind AND v.key = c.key AND v.row IS NULL)
        ORDER BY c.hlc, c.key
        """)
    var unseen: [(SyncChange.Kind, String, String, SyncVersion)] = []
    while try statement.step() {
      guard let kind = SyncChange.Kind(rawValue: statement.string(0)) else { continue }
      unseen.append(
        (
          kind, statement.string(1), statement.string(2),
          SyncVersion(time: HybridTime(value: statement.int64(3)), device: statement.string(4))
        ))
    }
    statement.reset()
    try database.execute(sql: "DELETE FROM temp.sync_cascaded")
    var kept = 0
    for (kind, key, row, version) in unseen
    where try keep(
      kind, key: key, field: "record", row: row, version: version, winner: "", at: time)
    {
      kept += 1
    }
    return kept
  }
}
