import MemoCore

/// Deletions that hold against a reader's file (issue 35): a highlight or question a file
/// gave, deleted on any device, stays deleted when the file is imported again on any device
/// (one that joins sync, a backup restored as a new device). Its deletion's line carries its
/// import key (`SyncChange.importKey`); each device that makes or applies the deletion puts
/// the key in its `sync_settings` (`deleted:KEY`), where an import finds it as it finds its own
/// import keys, and keeps it for the deletion's later lines (a compaction's snapshot).
extension SyncRepository {
  static func goneKey(_ kind: SyncChange.Kind, _ key: String) -> String {
    "gone:\(kind.rawValue):\(key)"
  }

  /// The setting noting that what a file gave under import key `key` was deleted on a device.
  static func deletedKey(_ key: String) -> String { "deleted:" + key }

  /// What a reader's file gave a record, from its row as sync holds it: a highlight's
  /// `source_key`, a question's `SyncChange.questionKey`; nil for one a file did not give.
  static func importKey(_ kind: SyncChange.Kind, row: String?) -> String? {
    guard kind == .highlight || kind == .question, let row,
      let value = try? JSONParser.parse(row)
    else { return nil }
    if kind == .highlight {
      return value["source_key"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let createdAt = value["created_at"]?.stringValue, let text = value["text"]?.stringValue
    else { return nil }
    return SyncChange.questionKey(createdAt: createdAt, text: text)
  }

  /// The import key a deleted record had, as its deletion noted it (nil: none known).
  func goneImportKey(_ kind: SyncChange.Kind, _ key: String) throws -> String? {
    guard kind == .highlight || kind == .question else { return nil }
    return try setting(Self.goneKey(kind, key))
  }

  /// Notes the deletion of a record with import key `importKey`: an import here leaves what
  /// the key names deleted (`ExternalImporter.hasKey`), and the deletion's later lines carry
  /// it. Sync's own settings, not import keys: a round that only deletes stays out of the
  /// journal, as before.
  func rememberGone(_ kind: SyncChange.Kind, _ key: String, importKey: String) throws {
    try setSetting(Self.goneKey(kind, key), importKey)
    try setSetting(Self.deletedKey(importKey), kind.rawValue)
  }

  /// The import key a deletion made here carries, from the record as the last round left it
  /// (or as an earlier deletion noted it), noted here too (`rememberGone`).
  func deletionImportKey(_ kind: SyncChange.Kind, _ key: String, row: String?) throws -> String? {
    guard let known = try Self.importKey(kind, row: row) ?? goneImportKey(kind, key) else {
      return nil
    }
    try rememberGone(kind, key, importKey: known)
    return known
  }
}
