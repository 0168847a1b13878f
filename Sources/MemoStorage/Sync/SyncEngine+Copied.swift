import MemoCore

/// A deletion a restored backup held not yet pushed (issue 35). A backup taken between an
/// `rm` and its `undo`, both before any round, holds the deletion; the database it came from,
/// syncing on under the old device id, undid it and so pushed nothing at all about the record.
/// Restored and made a new device (`sync init --new-device`), the backup cannot tell that
/// undo from a machine that never synced again: it sends the deletion, naming the old id it
/// was made under (`SyncChange.madeAs`). The device with that id made the deletion itself: if
/// it holds the record, it undid it since, so it keeps the record and sends it again as made
/// after that deletion (as an undone `rm` that was pushed goes out), and every device takes
/// it back. Where no device has the old id any more (the machine is gone), the deletion stands.
extension SyncEngine {
  /// `merge` of a deletion (`held`, `here`: as `mergeDeletion` has them): whether it is one
  /// this device made and undid, sent by a copy of its database. The record then stays; its
  /// version becomes the deletion, and it goes out in the next round as made again after it.
  func keepsUndone(_ change: SyncChange, held: SyncRepository.Held?, here: String?) throws
    -> Bool
  {
    guard let madeAs = change.madeAs, try madeAs == store.setting("device_id") else {
      return false
    }
    let kind = change.kind
    // A record sync never held here is not read by `merge`.
    guard try here ?? (held == nil ? store.image(kind, change.key) : nil) != nil else {
      return false
    }
    try store.setVersion(
      kind, change.key, change.version, base: change.base, row: nil, isNew: held == nil)
    var deleted: [String: SyncVersion] = [:]
    for (field, _) in kind.fields {
      deleted[field] = change.stamps[field] ?? change.base ?? change.version
    }
    try store.setFieldStamps(
      kind, change.key, deleted, version: change.version, hadRows: held != nil)
    try store.markChanged(kind, change.key)
    return true
  }
}

extension SyncRepository {
  /// Notes, for `sync init --new-device`, that the changes not yet pushed here (up to the
  /// latest) were made under device `old`: their deletions name it (`copiedDeletions`).
  func noteCopied(from old: String) throws {
    guard
      let last = try database.int(sql: "SELECT max(seq) FROM changes WHERE origin IS NULL"),
      last > (try number("pushed_seq"))
    else { return }
    try setSetting("copied", "\(last) \(old)")
  }

  /// The device id this database's unpushed changes up to `seq` were made under, before it
  /// became a new device (`noteCopied`); nil when there are none.
  func copiedDeletions() throws -> (seq: Int64, device: String)? {
    guard let value = try setting("copied"), let space = value.firstIndex(of: " "),
      let seq = Int64(value[..<space])
    else { return nil }
    return (seq, String(value[value.index(after: space)...]))
  }

  /// Puts record `key` in the change sequence as changed here: the next round sends it.
  func markChanged(_ kind: SyncChange.Kind, _ key: String) throws {
    try run2("DELETE FROM changes WHERE kind = ?1 AND key = ?2", kind.rawValue, key)
    try run2("INSERT INTO changes (kind, key, origin) VALUES (?1, ?2, NULL)", kind.rawValue, key)
  }
}
