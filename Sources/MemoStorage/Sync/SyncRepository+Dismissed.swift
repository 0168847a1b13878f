import MemoCore

/// A dismissal taken back (issue 35: every machine ends with the same conflicts). A dismissal
/// travels as a resolution and clears the conflict on every device; undoing it (`memo undo` of
/// the dismissal, or `undo --everywhere` of a round that brought it in) sends the resolution's
/// deletion, and each device it reaches keeps the conflict again. The device that undoes has
/// the conflict back from its journal; the others from a note each keeps as the dismissal
/// reaches it (`dismissed:IDENTITY` in `sync_settings`: the conflict as it was listed, or the
/// value a round met already dismissed).
extension SyncRepository {
  static func dismissedKey(_ identity: String) -> String { "dismissed:" + identity }

  static let conflictObjectSQL = """
    json_object('id', c.id, 'kind', c.kind, 'key', c.key, 'row', c.row, 'hlc', c.hlc,
      'device', c.device, 'winner', c.winner, 'detected_at', c.detected_at, 'field', c.field,
      'lost', c.lost)
    """

  /// Before a dismissal forgets the conflict `identity`: notes it as it is listed.
  func noteDismissed(_ identity: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_settings (key, value)
        SELECT ?2, \(Self.conflictObjectSQL) FROM sync_conflicts c WHERE \(Self.identitySQL) = ?1
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """)
    try statement.bind(identity, at: 1)
    try statement.bind(Self.dismissedKey(identity), at: 2)
    try statement.execute()
  }

  /// A value a round meets as lost when its conflict was dismissed already (the dismissal
  /// arrived before the value): noted as the conflict it would have been, unless noted.
  func noteDismissedValue(
    _ kind: SyncChange.Kind, key: String, field: String, row: String?, version: SyncVersion,
    winner: String, at time: Timestamp, identity: String
  ) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO sync_settings (key, value)
        SELECT ?9, json_object('id', NULL, 'kind', ?2, 'key', ?3, 'row', ?1, 'hlc', ?4,
          'device', ?5, 'winner', ?6, 'detected_at', ?7, 'field', ?8,
          'lost', \(Self.valueSQL(kind, field)))
        WHERE (SELECT resolution FROM sync_resolved WHERE identity = ?10) = 'dismissed'
        """)
    try bindConflict(
      statement, kind, key: key, field: field, row: row, version: version, winner: winner,
      at: time)
    try statement.bind(Self.dismissedKey(identity), at: 9)
    try statement.bind(identity, at: 10)
    try statement.execute()
  }

  /// A dismissal taken back on the device that made it or brought it in: the conflict as it
  /// was noted comes back (under the id it had, when that id is free).
  func bringBackDismissed(_ identity: String) throws {
    let note = Self.dismissedKey(identity)
    try run(
      """
      INSERT OR IGNORE INTO sync_conflicts
        (id, kind, key, row, hlc, device, winner, detected_at, field, lost)
      SELECT CASE WHEN EXISTS (SELECT 1 FROM sync_conflicts WHERE id = json_extract(v, '$.id')) THEN NULL
          ELSE json_extract(v, '$.id') END,
        json_extract(v, '$.kind'), json_extract(v, '$.key'), json_extract(v, '$.row'), json_extract(v, '$.hlc'), json_extract(v, '$.device'),
        json_extract(v, '$.winner'), json_extract(v, '$.detected_at'), json_extract(v, '$.field'), json_extract(v, '$.lost')
      FROM (SELECT value AS v FROM sync_settings WHERE key = ?1)
      """, note)
    try run("DELETE FROM sync_settings WHERE key = ?1", note)
  }
}
