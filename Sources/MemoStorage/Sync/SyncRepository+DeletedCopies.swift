import MemoCore

/// The same reader's file imported on two devices gives each its own copy of a note's question
/// (SyncRepository+DuplicateQuestions). When one device deletes its copy before the two meet,
/// the other's copy is the same question, deleted without that device having seen it: the
/// deletion wins over it on every device, as over an edit of a question asked by hand, and what
/// that device gave its copy (an answer, a star, a category, a text edited) is kept as a
/// conflict, restorable.
/// A deletion made before its copy ever synced goes out with no version to follow (`base`
/// null), which no join of duplicates ever sends (a join deletes a copy a round stamped):
/// its import key (`SyncChange.questionKey`) then names the copies to delete, under
/// `unsynced-gone:KEY` (the deleted copy's UUID and the deleting device).
extension SyncRepository {
  static func unsyncedGoneKey(_ importKey: String) -> String { "unsynced-gone:" + importKey }

  /// The row of question `key` (or of a record of `table`), made and deleted here since the
  /// last round (sync never held it), as this round's journal changes before the round's own
  /// entry hold it: its import key goes out with its deletion. Only the entries since the last
  /// round are read.
  func unsyncedRow(of key: String, in table: String = "questions") throws -> String? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.old_row FROM journal_changes c
        WHERE c.entry_id > coalesce((SELECT id FROM journal_entries WHERE action = 'sync'
            ORDER BY id DESC LIMIT 1 OFFSET 1), 0)
          AND c.table_name = ?2 AND c.new_row IS NULL
          AND json_extract(c.old_row, '$.uuid') = ?1
        ORDER BY c.id DESC LIMIT 1
        """)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    try statement.bind(table, at: 2)
    return try statement.step() ? statement.text(0) : nil
  }

  /// The import key a deletion made here carries (`deletionImportKey`): for a question made
  /// and deleted since the last round, from its row in the journal, noted so that its copies
  /// made elsewhere go too (`dropDeletedCopies`).
  func deletionKey(_ kind: SyncChange.Kind, _ key: String, held: Held?, device: String) throws
    -> String?
  {
    guard held == nil, kind == .question || kind == .highlight else {
      return try deletionImportKey(kind, key, row: held?.row)
    }
    if kind == .highlight { return try unsyncedHighlightKey(key, device: device) }
    guard let importKey = try deletionImportKey(kind, key, row: try unsyncedRow(of: key))
    else { return nil }
    try noteUnsyncedGone(importKey, question: key, device: device)
    return importKey
  }

  /// Notes that question `key`, with import key `importKey`, was deleted by `device` before
  /// it ever synced: its other copies go (`dropDeletedCopies`).
  func noteUnsyncedGone(_ importKey: String, question key: String, device: String) throws {
    try setSetting(Self.unsyncedGoneKey(importKey), key + " " + device)
  }

  /// Deletes the questions about imported highlights `highlights`, and those with import keys
  /// `keys` (deletions a round applied), that are copies of a question deleted before it ever
  /// synced (`unsynced-gone:KEY`), keeping what the device that made each gave it as a
  /// conflict. A copy deleted once already and made again (a restore, an undone deletion)
  /// stays. As this device's change: every device does the same and the deletions meet.
  /// - Returns: the conflicts kept.
  func dropDeletedCopies(about highlights: Set<Int64>, keys: Set<String>, at now: Timestamp)
    throws -> Int
  {
    // A copy goes only where a question was noted deleted before it synced: with no such
    // note (one look at the settings' key range), no question needs reading (a round of
    // 10,600 changes read every question on every imported highlight it touched, and a
    // setting for each: 4.5% of the round). Only questions' notes count (their import keys
    // start `question:`): a highlight's (`unsynced-gone:SOURCE_KEY`, DeletedHighlights) kept
    // this open in every round after one highlight was deleted before it synced.
    guard
      try exists(
        "SELECT 1 FROM sync_settings WHERE key > ?1 AND key < 'unsynced-gone:question;'",
        Self.unsyncedGoneKey("question:"))
    else { return 0 }
    var candidates: [(uuid: String, createdAt: String, text: String)] = []
    let onHighlight = try database.cachedStatement(
      sql: "SELECT uuid, created_at, text FROM questions WHERE highlight_id = ?")
    for highlight in highlights.sorted() {
      onHighlight.reset()
      try onHighlight.bind(highlight, at: 1)
      while try onHighlight.step() {
        candidates.append((onHighlight.string(0), onHighlight.string(1), onHighlight.string(2)))
      }
    }
    onHighlight.reset()
    // Asked when the deleted one was: its copy, whatever text an edit gave it since.
    let byKey = try database.cachedStatement(
      sql: """
        SELECT q.uuid, q.text FROM questions q JOIN highlights h ON h.id = q.highlight_id
        WHERE q.created_at = ?1 AND h.source_key IS NOT NULL
        """)
    for key in keys.sorted() {
      guard let (createdAt, _) = Self.splitQuestionKey(key) else { continue }
      byKey.reset()
      try byKey.bind(createdAt, at: 1)
      while try byKey.step() { candidates.append((byKey.string(0), createdAt, byKey.string(1))) }
    }
    byKey.reset()
    var conflicts = 0
    var done: Set<String> = []
    for (uuid, createdAt, text) in candidates where done.insert(uuid).inserted {
      guard let (deleted, gone) = try unsyncedGone(createdAt: createdAt, text: text),
        let space = gone.firstIndex(of: " "), gone[..<space] != uuid,
        try setting(Self.goneKey(.question, uuid)) == nil,
        try exists(
          """
          SELECT 1 FROM questions q JOIN highlights h ON h.id = q.highlight_id
          WHERE q.uuid = ? AND h.source_key IS NOT NULL
          """, uuid)
      else { continue }
      conflicts += try dropCopy(
        uuid, deletedBy: String(gone[gone.index(after: space)...]), text: deleted, at: now)
    }
    return conflicts
  }

  /// The note of a question asked at `createdAt` deleted before it ever synced
  /// (`unsynced-gone:KEY`): its text and the note's value. One with the same text first; else
  /// the copy's text was edited since the import (a note is asked once at a time).
  private func unsyncedGone(createdAt: String, text: String) throws -> (
    text: String, value: String
  )? {
    let prefix = Self.unsyncedGoneKey(SyncChange.questionKey(createdAt: createdAt, text: ""))
    let statement = try database.cachedStatement(
      sql: """
        SELECT substr(key, length(?1) + 1), value FROM sync_settings
        WHERE key >= ?1 AND key < ?2 ORDER BY substr(key, length(?1) + 1) IS NOT ?3 LIMIT 1
        """)
    defer { statement.reset() }
    try statement.bind(prefix, at: 1)
    // Past every key with the prefix: its last character, ':', is followed by ';'.
    try statement.bind(prefix.dropLast() + ";", at: 2)
    try statement.bind(text, at: 3)
    return try statement.step() ? (statement.string(0), statement.string(1)) : nil
  }

  /// Question `uuid` goes, its answer, star and category (what an import never gives) and a
  /// text other than the deleted copy's (`text`: an edit) kept as conflicts lost to `device`'s
  /// deletion, each named by the stamp it has here (the same on every device).
  private func dropCopy(_ uuid: String, deletedBy device: String, text: String, at now: Timestamp)
    throws -> Int
  {
    guard let row = try image(.question, uuid) else { return 0 }
    let held = try version(.question, uuid)
    let stamps = try fieldStamps(.question, uuid, held: held?.version)
    let edited = try JSONParser.parse(row)["text"]?.stringValue != text
    var conflicts = 0
    for field in ["answer", "category", "starred"] + (edited ? ["text"] : []) {
      guard let stamp = stamps[field], try hasValue(row, field),
        try keep(
          .question, key: uuid, field: field, row: row, version: stamp, winner: device, at: now)
      else { continue }
      conflicts += 1
    }
    try run("DELETE FROM questions WHERE uuid = ?", uuid)
    return conflicts
  }

  /// Whether a row's field holds something (not null, not empty, not 0).
  func hasValue(_ row: String, _ field: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, ?2), '') NOT IN ('', 0)")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind("$." + field, at: 2)
    return try statement.step() && statement.bool(0)
  }

  /// A question's import key (`SyncChange.questionKey`) as its time asked and its text.
  static func splitQuestionKey(_ key: String) -> (String, String)? {
    guard key.hasPrefix("question:") else { return nil }
    let rest = key.dropFirst(9)
    var index = rest.startIndex
    while index < rest.endIndex {
      let next = rest.index(after: index)
      if rest[index] == "Z", next < rest.endIndex, rest[next] == ":" {
        return (String(rest[...index]), String(rest[rest.index(after: next)...]))
      }
      index = next
    }
    return nil
  }
}
