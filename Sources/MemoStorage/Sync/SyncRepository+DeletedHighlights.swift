import MemoCore

/// The same reader's file imported on two devices, a highlight deleted on one before it ever
/// synced (issue 35): the other device's copy of it is the same highlight, deleted without that
/// device having seen it. As for a question (SyncRepository+DeletedCopies), the deletion wins
/// on every device, and what the other device gave its copy (a note, a star) is kept as a
/// conflict marked deleted, restorable. Nothing else joins the two books then (their copies
/// of the highlight met nowhere), so the deletion names the deleted copy's post (`post`) and
/// the copy's book is joined with it, as a join of duplicates joins them; the questions the
/// copy held, about no passage now, join those asked at the same time in that book (a note
/// of the file asked them). The note is `unsynced-gone:SOURCE_KEY`: the deleted copy's UUID,
/// the deleting device and the post.
extension SyncRepository {
  /// The import key (`source_key`) of highlight `key`, made and deleted here since the last
  /// round (from the journal), noted with its post so that its copies elsewhere go too.
  func unsyncedHighlightKey(_ key: String, device: String) throws -> String? {
    guard let row = try unsyncedRow(of: key, in: "highlights"),
      let importKey = try deletionImportKey(.highlight, key, row: row)
    else { return nil }
    let statement = try database.cachedStatement(
      sql: "SELECT uuid FROM posts WHERE id = json_extract(?, '$.post_id')")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    let post = try statement.step() ? " " + statement.string(0) : ""
    try setSetting(Self.unsyncedGoneKey(importKey), key + " " + device + post)
    return importKey
  }

  /// The post a highlight's deletion names (`SyncChange.post`): the one its note holds.
  func unsyncedHighlightPost(_ kind: SyncChange.Kind, _ importKey: String?) throws -> String? {
    guard kind == .highlight, let importKey,
      let parts = try setting(Self.unsyncedGoneKey(importKey))?.split(separator: " "),
      parts.count == 3
    else { return nil }
    return String(parts[2])
  }

  /// Notes a deletion applied of a question or highlight made before it ever synced
  /// (`base` null) with import key `importKey`: its copies go (end of round).
  func noteUnsyncedGone(_ importKey: String, of change: SyncChange) throws {
    guard change.base == nil else { return }
    if change.kind == .question {
      try noteUnsyncedGone(importKey, question: change.key, device: change.version.device)
    } else if change.kind == .highlight {
      try setSetting(
        Self.unsyncedGoneKey(importKey),
        change.key + " " + change.version.device + (change.post.map { " " + $0 } ?? ""))
    }
  }

  /// Deletes the highlights that are copies of one deleted before it ever synced (its source
  /// key noted `unsynced-gone:`), but for one deleted once already and made again (a restore):
  /// each copy's book joins the deleted one's, its note and star are kept as conflicts lost to
  /// the deletion, and the questions it held join their copies. As this device's change:
  /// every device does the same, and the deletions meet.
  /// - Returns: the conflicts kept.
  func dropDeletedHighlights(at now: Timestamp) throws -> Int {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.uuid, s.value FROM sync_settings s
        JOIN highlights h ON h.source_key = substr(s.key, length('unsynced-gone:') + 1)
        WHERE s.key > 'unsynced-gone:' AND s.key < 'unsynced-gone;'
          AND s.value NOT LIKE h.uuid || ' %'
        ORDER BY h.uuid
        """)
    var copies: [(uuid: String, gone: [Substring])] = []
    while try statement.step() {
      copies.append((statement.string(0), statement.string(1).split(separator: " ")))
    }
    statement.reset()
    var conflicts = 0
    for (uuid, gone) in copies where gone.count >= 2 {
      guard try setting(Self.goneKey(.highlight, uuid)) == nil else { continue }
      conflicts += try dropHighlightCopy(
        uuid, deletedBy: String(gone[1]), post: gone.count > 2 ? String(gone[2]) : nil, at: now)
    }
    return conflicts
  }

  /// Highlight `uuid` goes (`dropDeletedHighlights`), its book joined with post `post` first.
  private func dropHighlightCopy(
    _ uuid: String, deletedBy device: String, post: String?, at now: Timestamp
  ) throws -> Int {
    var conflicts = 0
    if let post, let here = try postUUID(ofHighlight: uuid), here != post,
      try exists("SELECT 1 FROM posts WHERE uuid = ?", post)
    {
      conflicts += try joinBooks(here, post, at: now)
    }
    guard let row = try image(.highlight, uuid) else { return conflicts }
    let held = try version(.highlight, uuid)
    let stamps = try fieldStamps(.highlight, uuid, held: held?.version)
    for field in ["note", "starred"] {
      guard let stamp = stamps[field], try hasValue(row, field),
        try keep(
          .highlight, key: uuid, field: field, row: row, version: stamp, winner: device, at: now)
      else { continue }
      conflicts += 1
    }
    let asked = try questionsAbout(highlight: uuid)
    try run("DELETE FROM highlights WHERE uuid = ?", uuid)
    return conflicts + (try joinUnlinked(asked, at: now))
  }

  private func postUUID(ofHighlight uuid: String) throws -> String? {
    let statement = try database.cachedStatement(
      sql: "SELECT p.uuid FROM highlights h JOIN posts p ON p.id = h.post_id WHERE h.uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.string(0) : nil
  }

  /// The UUIDs of the questions about highlight `uuid`.
  private func questionsAbout(highlight uuid: String) throws -> [String] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT q.uuid FROM questions q JOIN highlights h ON h.id = q.highlight_id
        WHERE h.uuid = ? ORDER BY q.uuid
        """)
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    var keys: [String] = []
    while try statement.step() { keys.append(statement.string(0)) }
    return keys
  }

  /// Joins posts `one` and `other` as a join of duplicates does (SyncRepository+Duplicates):
  /// into the one `memo merge` kept, else the one with the smaller UUID.
  private func joinBooks(_ one: String, _ other: String, at now: Timestamp) throws -> Int {
    let kept = try Set([one, other].filter(isMergeTarget))
    let rank = { (post: String) in (kept.contains(post) ? 0 : 1, post) }
    let (keep, gone) = rank(one) < rank(other) ? (one, other) : (other, one)
    let conflicts = try settle(
      .post, keep: keep, other: gone, holding: kept.contains(keep) ? ["title"] : [], at: now
    ).conflicts
    guard let keepID = try postID(keep), let goneID = try postID(gone) else { return conflicts }
    try joinPost(goneID, into: keepID)
    return conflicts
  }

  private func postID(_ uuid: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM posts WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Joins each of questions `asked` (about no passage now) with the questions of its book
  /// about no passage asked at the same time, into the one with the smallest UUID (`settle`,
  /// their ratings moved to it, as `joinDuplicateQuestions` does).
  private func joinUnlinked(_ asked: [String], at now: Timestamp) throws -> Int {
    let find = try database.cachedStatement(
      sql: """
        SELECT o.uuid FROM questions q JOIN questions o ON o.post_id = q.post_id
          AND o.created_at = q.created_at AND o.highlight_id IS NULL
        WHERE q.uuid = ? ORDER BY o.uuid
        """)
    var conflicts = 0
    var kept: [QuestionID] = []
    for question in asked {
      find.reset()
      try find.bind(question, at: 1)
      var group: [String] = []
      while try find.step() { group.append(find.string(0)) }
      find.reset()
      guard group.count > 1, let keep = group.first, let keepID = try questionID(keep) else {
        continue
      }
      for other in group.dropFirst() {
        guard let otherID = try questionID(other) else { continue }
        conflicts += try settle(.question, keep: keep, other: other, at: now).conflicts
        try moveRatings(of: otherID, to: keepID)
      }
      kept.append(QuestionID(keepID))
    }
    if !kept.isEmpty { try ReviewRepository(database: database).replay(kept) }
    return conflicts
  }
}
