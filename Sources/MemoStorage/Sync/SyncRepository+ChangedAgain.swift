import MemoCore

/// What a restore checks first: whether the record was deleted since its conflict was met, and
/// whether the field was changed again since.
extension SyncRepository {
  /// The refusal of a restore of a record deleted after its conflict was met (exit 1): what
  /// it would bring back, where it was deleted, and how to have it whole.
  static func deletedSinceMet(
    _ conflict: SyncConflict, deletion: (entry: Int64, round: Bool, device: String?)
  ) -> MemoError {
    let kind = conflict.kind.rawValue
    let field = conflict.field == "record" ? "it" : "its \(conflict.field)"
    let whole =
      conflict.kind == .post ? ", without its questions, highlights and shelf place" : ""
    let device = deletion.device.map { " on \($0)" } ?? ""
    let where_ =
      deletion.round
      ? "\(device.isEmpty ? " on another device" : device) (round #\(deletion.entry) in 'memo log' brought the deletion here)"
      : " here\(device) (#\(deletion.entry) in 'memo log')"
    // Undone here, the record is back as it was deleted, its fields' stamps as they were:
    // the restore then goes ahead. Undone on the device that deleted it, it comes back with
    // new stamps, and the conflict stands against it as it came (`meetAgain`): the restore
    // goes ahead after a round here.
    let undo =
      deletion.round
      ? "To have it back whole, undo the deletion\(device.isEmpty ? " on the device that made it" : device) ('memo undo' there) and run 'memo sync' there and here, then restore the conflict"
      : "To have it back whole, undo the deletion first ('memo undo' takes back the latest changes, down to #\(deletion.entry)), then restore the conflict"
    return MemoError(
      code: .notFound,
      message:
        "refusing to restore conflict \(conflict.id): the \(kind) was deleted\(where_) after the conflict was met, and restoring \(field) would bring back only the \(kind) as it was when the conflict was met\(whole); nothing was changed. \(undo); or keep it deleted and run 'memo sync conflicts dismiss \(conflict.id)'"
    )
  }

  /// A record a restore brought back is held as deleted, so that the next round sends all of
  /// it: sync may still hold it as it was before its deletion (a question taken with its
  /// book here, whose own deletion never came), and the round would find it back unchanged
  /// and not send it, while the device that deleted the book never had it.
  func heldAsDeleted(_ kind: SyncChange.Kind, _ key: String) throws {
    let statement = try database.cachedStatement(
      sql: "UPDATE sync_versions SET row = NULL WHERE kind = ?1 AND key = ?2")
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.execute()
  }

  /// Refuses (1) a restore over a value set after the conflict was met (on any machine, as far
  /// as sync has carried it, or here and not pushed yet): it is not the one the conflict lost
  /// to, and restoring over it would lose it with no conflict left to bring it back.
  func refuseIfChangedAgain(_ conflict: SyncConflict) throws {
    // A value another restore made live is not: it is kept again, as the value this restore
    // replaces (`keepReplaced`).
    let restoredLive =
      try conflict.field != "record"
      && holdsRestored(conflict.kind, key: conflict.key, field: conflict.field) != nil
    let changedAgain =
      try !restoredLive
      && fieldStamp(conflict.kind, key: conflict.key, field: conflict.field).map {
        $0 >> 16 > conflict.detectedAt.millis
      } ?? false
    // An edit made here since (not pushed yet, so with no stamp of its own) is one too.
    if try changedAgain || (!restoredLive && isEditedHere(conflict)) {
      let field = conflict.field == "record" ? "" : "'s \(conflict.field)"
      throw MemoError(
        code: .notFound,
        message:
          "refusing to restore conflict \(conflict.id): the \(conflict.kind.rawValue)\(field) was changed again after the conflict was met, and restoring would replace that value with no conflict left to bring it back; nothing was changed. Set the value by hand ('memo sync conflicts --format json' shows it as lost), or dismiss the conflict"
      )
    }
  }

  /// Whether the conflict's field was edited on this device since the last round: its value
  /// differs from the one the record held as of that round (every conflict is met in a round,
  /// and the round's own changes are in that row). Such an edit has no stamp until the next
  /// round pushes it.
  func isEditedHere(_ conflict: SyncConflict) throws -> Bool {
    guard conflict.field != "record",
      let columns = conflict.kind.fields.first(where: { $0.name == conflict.field })?.columns,
      let held = try version(conflict.kind, conflict.key), let heldRow = held.row,
      heldRow != "{}", let current = try image(conflict.kind, conflict.key)
    else { return false }
    return try SyncEngine.Values(store: self, here: current, incoming: heldRow).differ(columns)
  }

  /// When the value `field` of a record holds now was set, from its stamp (the latest of the
  /// record's fields for `record`); nil when sync holds no stamp for it.
  func fieldChangedAt(_ kind: SyncChange.Kind, key: String, field: String) throws -> Timestamp? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT strftime('%Y-%m-%dT%H:%M:%fZ', (max(hlc) >> 16) / 1000.0, 'unixepoch')
        FROM sync_fields WHERE kind = ?1 AND key = ?2 AND (field = ?3 OR ?3 = 'record')
        """)
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(field, at: 3)
    guard try statement.step(), let text = statement.text(0) else { return nil }
    return Timestamp(rfc3339: text)
  }

  /// The stamp (hybrid time) of the value `field` of a record holds now: its own, else the
  /// record's (a field set in the record's latest change has no row); the record's latest for
  /// `record`. Nil when sync holds none.
  func fieldStamp(_ kind: SyncChange.Kind, key: String, field: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT coalesce(
          (SELECT hlc FROM sync_fields WHERE kind = ?1 AND key = ?2 AND field = ?3 AND ?3 != 'record'),
          (SELECT hlc FROM sync_versions WHERE kind = ?1 AND key = ?2))
        """)
    defer { statement.reset() }
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(field, at: 3)
    guard try statement.step(), !statement.isNull(0) else { return nil }
    return statement.int64(0)
  }
}
