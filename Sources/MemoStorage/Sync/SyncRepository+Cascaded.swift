import MemoCore

/// A question asked on one device about a book another device deleted, neither having seen
/// the other's change (issue 35): the deletion wins. The device that deleted the book keeps
/// the question as a conflict when it arrives there (`SyncEngine.exchange`); the device that
/// asked it, or any other that held it, keeps it too when the deletion arrives and takes the
/// question with its book. A device that deletes a book sends a deletion of its own for each
/// question it held: a question taken with its book whose own deletion did not come was one
/// the deleting device never had.
extension SyncRepository {
  /// The uuids of a post's questions, before another device's deletion of the post takes them
  /// with it, each noted with its row and version (`keepUnseenCascaded`).
  func cascadedQuestions(ofPost key: String) throws -> [String] {
    let keys = try questionKeys(ofPost: key)
    guard !keys.isEmpty else { return keys }
    try database.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS sync_cascaded (
          key TEXT PRIMARY KEY, row TEXT NOT NULL, hlc INTEGER NOT NULL, device TEXT NOT NULL)
        """)
    let note = try database.cachedStatement(
      sql: "INSERT OR REPLACE INTO temp.sync_cascaded (key, row, hlc, device) VALUES (?, ?, ?, ?)")
    for question in keys {
      guard let held = try version(.question, question), let row = try image(.question, question)
      else { continue }
      note.reset()
      try note.bind(question, at: 1)
      try note.bind(row, at: 2)
      try note.bind(held.version.time.value, at: 3)
      try note.bind(held.version.device, at: 4)
      try note.execute()
    }
    return keys
  }

  /// Keeps as a conflict (field `record`, as the deleting device keeps it) each question a
  /// deletion of its book took this round whose own deletion did not come, unless it is here
  /// again. - Returns: the conflicts kept.
  func keepUnseenCascaded(at time: Timestamp) throws -> Int {
    guard
      try database.int(
        sql: "SELECT count(*) FROM temp.sqlite_master WHERE name = 'sync_cascaded'") ?? 0 > 0
    else { return 0 }
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.key, c.row, c.hlc, c.device FROM temp.sync_cascaded c
        WHERE NOT EXISTS (SELECT 1 FROM questions WHERE uuid = c.key)
          AND NOT EXISTS (SELECT 1 FROM sync_versions v
                          WHERE v.kind = 'question' AND v.key = c.key AND v.row IS NULL)
        ORDER BY c.hlc, c.key
        """)
    var unseen: [(String, String, SyncVersion)] = []
    while try statement.step() {
      unseen.append(
        (
          statement.string(0), statement.string(1),
          SyncVersion(time: HybridTime(value: statement.int64(2)), device: statement.string(3))
        ))
    }
    statement.reset()
    try database.execute(sql: "DELETE FROM temp.sync_cascaded")
    var kept = 0
    for (key, row, version) in unseen
    where try keep(
      .question, key: key, field: "record", row: row, version: version, winner: "", at: time)
    {
      kept += 1
    }
    return kept
  }
}
