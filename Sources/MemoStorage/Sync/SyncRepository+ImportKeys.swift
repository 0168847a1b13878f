import MemoCore

/// Deletions that hold against a reader's file (issue 35): a highlight or question a file
/// gave, deleted on any device, stays deleted when the file is imported again on any device
/// (one that joins sync, a backup restored as a new device). Its deletion's line carries its
/// import key (`SyncChange.importKey`); each device that makes or applies the deletion puts
/// the key among its own import keys (`import_keys`, which an import finds it by) and keeps
/// it for the deletion's later lines (a compaction's snapshot) in `sync_settings`.
extension SyncRepository {
  static func goneKey(_ kind: SyncChange.Kind, _ key: String) -> String {
    "gone:\(kind.rawValue):\(key)"
  }

  /// What a reader's file gave a record, from its row as sync holds it: a highlight's
  /// `source_key`, a question's `SyncChange.questionKey`; nil for one a file did not give.
  static func importKey(_ kind: SyncChange.Kind, row: String?) -> String? {
    guard kind == .highlight || kind == .question, let row,
      let value = try? JSONParser.parse(row)
    else { return nil }
    if kind == .highlight {
      return value["source_key"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let post = value["post_uuid"]?.stringValue,
      let createdAt = value["created_at"]?.stringValue, let text = value["text"]?.stringValue
    else { return nil }
    return SyncChange.questionKey(
      post: post, highlight: value["highlight_uuid"]?.stringValue, createdAt: createdAt,
      text: text)
  }

  /// The import key a deleted record had, as its deletion noted it (nil: none known).
  func goneImportKey(_ kind: SyncChange.Kind, _ key: String) throws -> String? {
    guard kind == .highlight || kind == .question else { return nil }
    return try setting(Self.goneKey(kind, key))
  }

  /// Notes the deletion of a record with import key `importKey`: an import here leaves what
  /// the key names deleted, and the deletion's later lines carry it.
  func rememberGone(
    _ kind: SyncChange.Kind, _ key: String, importKey: String, at time: Timestamp
  ) throws {
    try setSetting(Self.goneKey(kind, key), importKey)
    let statement = try database.cachedStatement(
      sql: "INSERT OR IGNORE INTO import_keys (key, imported_at) VALUES (?, ?)")
    try statement.bind(importKey, at: 1)
    try statement.bind(time.rfc3339, at: 2)
    try statement.execute()
  }
}
