import MemoCore

/// Two devices that import the same reader's file before they sync each make the same
/// highlights (the same `source_key`) under their own UUIDs, in posts of their own. When a
/// round brings such a highlight, the two become one on every device alike: the posts holding
/// them are joined into the post with the smaller UUID (as `memo merge` joins them), and the
/// highlight with the smaller UUID stays; questions about either ask about it. Field by field
/// the two merge as sync merges one record's (`settle`): the later stamp wins and, where both
/// hold a value and they differ, the other is kept as a conflict (the same one on every device
/// that joins them, restorable); a note or star only one of them has is taken silently. What
/// this changes goes out as this device's change in the next round; a device that does the
/// same finds it done.
extension SyncRepository {
  /// What a round applied that duplicates may be joined with (`joinDuplicates`).
  struct Joinable {
    /// The UUIDs of the highlights it applied.
    var highlights: Set<String> = []
    /// The UUIDs of the questions it applied.
    var questions: Set<String> = []
    /// The import keys of questions deleted before they ever synced (`dropDeletedCopies`).
    var gone: Set<String> = []
    /// Whether it applied the deletion of a highlight made before it ever synced
    /// (`dropDeletedHighlights`).
    var goneHighlight = false

    mutating func note(_ change: SyncChange) {
      if change.hasRow, change.kind == .highlight {
        highlights.insert(change.key)
      } else if change.hasRow, change.kind == .question {
        questions.insert(change.key)
      } else if change.kind == .question, change.base == nil, let key = change.importKey {
        gone.insert(key)
      } else if change.kind == .highlight, change.base == nil, change.importKey != nil {
        goneHighlight = true
      }
    }
  }

  /// Joins the duplicates of the highlights and questions a round applied (`joinable`), then
  /// those of their questions (`joinDuplicateQuestions`), after deleting the copies of
  /// questions deleted elsewhere before they synced (`dropDeletedCopies`).
  /// - Returns: the conflicts met (values kept from the copy or the post that lost).
  func joinDuplicates(of joinable: Joinable, at now: Timestamp) throws -> Int {
    guard
      !joinable.highlights.isEmpty || !joinable.questions.isEmpty || !joinable.gone.isEmpty
        || joinable.goneHighlight
    else { return 0 }
    var conflicts = try dropDeletedHighlights(at: now)
    // Each highlight applied looked up once: whether it is imported (its id then read by the
    // question joins below) and whether another copy has its source key.
    var sourceKeys: Set<String> = []
    var highlights: Set<Int64> = []
    let find = try database.cachedStatement(
      sql: """
        SELECT h.id, h.source_key,
          EXISTS (SELECT 1 FROM highlights o WHERE o.source_key = h.source_key AND o.id <> h.id)
        FROM highlights h WHERE h.uuid = ?1 AND h.source_key IS NOT NULL
        """)
    for key in joinable.highlights {
      find.reset()
      try find.bind(key, at: 1)
      guard try find.step() else { continue }
      highlights.insert(find.int64(0))
      if find.bool(2) { sourceKeys.insert(find.string(1)) }
    }
    find.reset()
    for sourceKey in sourceKeys.sorted() {
      conflicts += try joinHighlights(sourceKey: sourceKey, at: now)
    }
    if !sourceKeys.isEmpty { highlights = try remaining(highlights) }
    highlights.formUnion(try importedHighlights(joinable.questions, joined: sourceKeys))
    conflicts += try dropDeletedCopies(about: highlights, keys: joinable.gone, at: now)
    return conflicts + (try joinDuplicateQuestions(about: highlights, at: now))
  }

  /// Those of highlights `ids` still here (a join deleted the other copies).
  private func remaining(_ ids: Set<Int64>) throws -> Set<Int64> {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM highlights WHERE id = ?")
    defer { statement.reset() }
    return try ids.filter { id in
      statement.reset()
      try statement.bind(id, at: 1)
      return try statement.step()
    }
  }

  /// The highlights with `sourceKey`, smallest UUID first: (id, uuid, post id, post uuid).
  private func copies(_ sourceKey: String) throws -> [(
    id: Int64, uuid: String, post: Int64, postUUID: String
  )] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.id, h.uuid, h.post_id, p.uuid FROM highlights h JOIN posts p ON p.id = h.post_id
        WHERE h.source_key = ? ORDER BY h.uuid
        """)
    defer { statement.reset() }
    try statement.bind(sourceKey, at: 1)
    var result: [(Int64, String, Int64, String)] = []
    while try statement.step() {
      result.append(
        (statement.int64(0), statement.string(1), statement.int64(2), statement.string(3)))
    }
    return result
  }

  private func joinHighlights(sourceKey: String, at now: Timestamp) throws -> Int {
    var conflicts = 0
    var found = try copies(sourceKey)
    guard found.count > 1 else { return 0 }
    // One post first: the one with the smallest UUID keeps them all, unless `memo merge` kept
    // one of them (another post was merged into it): that one, with its title.
    let posts = Dictionary(found.map { ($0.post, $0.postUUID) }) { a, _ in a }
    let kept = try Set(posts.values.filter(isMergeTarget))
    let rank = { (post: String) in (kept.contains(post) ? 0 : 1, post) }
    if posts.count > 1, let keep = posts.min(by: { rank($0.value) < rank($1.value) })?.key {
      for other in posts.keys.sorted() where other != keep {
        if let keepKey = posts[keep], let otherKey = posts[other] {
          conflicts += try settle(
            .post, keep: keepKey, other: otherKey, holding: kept.contains(keepKey) ? ["title"] : [],
            at: now
          ).conflicts
        }
        try joinPost(other, into: keep)
      }
      found = try copies(sourceKey)
    }
    let keep = found[0].id
    for other in found.dropFirst() {
      let settled = try settle(.highlight, keep: found[0].uuid, other: other.uuid, at: now)
      conflicts += settled.conflicts
      for sql in [
        // Changed by what it took: changed when the copy that gave it was, if later.
        """
        UPDATE highlights SET updated_at = o.updated_at
        FROM (SELECT updated_at FROM highlights WHERE id = ?2) AS o
        WHERE highlights.id = ?1 AND o.updated_at > highlights.updated_at AND \(settled.took)
        """,
        "UPDATE questions SET highlight_id = ?1 WHERE highlight_id = ?2",
        // Its review choices are this device's history of the one passage: they stay, and go
        // out again naming the kept copy (a device that never had the other copy, meeting only
        // its deletion, would drop a choice that names it).
        """
        DELETE FROM changes WHERE kind = 'highlight_review_event' AND ?1 IS NOT NULL
          AND key IN (SELECT uuid FROM highlight_review_events WHERE highlight_id = ?2)
        """,
        """
        INSERT INTO changes (kind, key, origin) SELECT 'highlight_review_event', uuid, NULL
        FROM highlight_review_events WHERE highlight_id = ?2 AND ?1 IS NOT NULL ORDER BY id
        """,
        "UPDATE highlight_review_events SET highlight_id = ?1 WHERE highlight_id = ?2",
        // What this machine's import last gave the copy follows it to the kept one, so that
        // a re-import here still takes what changed on the device.
        """
        INSERT OR IGNORE INTO highlight_imports (highlight_id, text, note, held)
        SELECT ?1, text, note, held FROM highlight_imports WHERE highlight_id = ?2
        """,
        "DELETE FROM highlights WHERE id = ?2",
      ] {
        let statement = try database.cachedStatement(sql: sql)
        try statement.bind(keep, at: 1)
        try statement.bind(other.id, at: 2)
        try statement.execute()
      }
    }
    // The kept highlight's schedule, replayed from every choice it now has.
    try ReviewRepository(database: database).replayHighlight(HighlightID(keep))
    return conflicts
  }

  /// The fields of copy `other` that the copy `keep` takes before `other` goes, as a round
  /// merges two versions of one record: for each field whose values differ, the later stamp
  /// wins, and the other value is kept as a conflict on `keep` (its identity, from the losing
  /// stamp, is the same on every device that joins the two). A note only one of them has, or a
  /// star, is taken without a conflict (nothing is lost). The fields taken keep the stamps they
  /// had on `other` and count as synced (not as an edit made here): a restore of the conflict
  /// is not refused as if the value had been changed again since. The fields in `holding` keep
  /// `keep`'s value whatever the stamps (the other's kept as a conflict).
  /// - Returns: the conflicts met, and whether `keep` took a value.
  func settle(
    _ kind: SyncChange.Kind, keep: String, other: String, holding: Set<String> = [],
    at now: Timestamp
  ) throws -> (conflicts: Int, took: Bool) {
    guard let keepRow = try image(kind, keep), let otherRow = try image(kind, other) else {
      return (0, false)
    }
    // Both copies were stamped by now (this device's at the round's start, the other's as it
    // arrived); one that was not counts as older than any stamp.
    let unstamped = SyncVersion(time: .zero, device: "")
    let keepHeld = try version(kind, keep) ?? Held(version: unstamped, base: nil, row: nil)
    let otherHeld = try version(kind, other) ?? Held(version: unstamped, base: nil, row: nil)
    let keepStamps = try fieldStamps(kind, keep, held: keepHeld.version)
    let otherStamps = try fieldStamps(kind, other, held: otherHeld.version)
    let values = SyncEngine.Values(store: self, here: keepRow, incoming: otherRow)
    let mergeable = Self.mergeable[kind] ?? ["text", "note", "starred", "place"]
    var stamps = keepStamps
    var taken: [String] = []
    var conflicts = 0
    for (field, columns) in kind.fields where mergeable.contains(field) {
      guard try values.differ(columns) else { continue }
      let mine = keepStamps[field] ?? keepHeld.version
      let theirs = otherStamps[field] ?? otherHeld.version
      let otherWins: Bool
      var conflict = true
      switch field {
      case "starred":
        otherWins = try number(otherRow, "starred") > number(keepRow, "starred")
        conflict = false
      // A value only one of them has is taken without a conflict.
      case _ where try Self.fillable.contains(field) && oneEmpty(keepRow, otherRow, field):
        otherWins = try isEmpty(keepRow, field)
        conflict = false
      default: otherWins = theirs > mine && !holding.contains(field)
      }
      if conflict,
        try self.keep(
          kind, key: keep, field: field, row: otherWins ? keepRow : otherRow,
          version: otherWins ? mine : theirs, winner: otherWins ? theirs.device : mine.device,
          at: now)
      {
        conflicts += 1
      }
      if otherWins {
        taken += columns
        stamps[field] = theirs
      }
    }
    guard !taken.isEmpty else { return (conflicts, false) }
    let table = kind == .post ? "posts" : kind == .question ? "questions" : "highlights"
    // A question's row names its category; the table holds the category's id.
    let list = taken.map { $0 == "category" ? "category_id" : $0 }.joined(separator: ", ")
    try run2(
      "UPDATE \(table) SET (\(list)) = (SELECT \(list) FROM \(table) WHERE uuid = ?2) WHERE uuid = ?1",
      keep, other)
    // As of the last round, the record held these values: the next round's stamping sees no
    // edit of them here (it pushes the copy's stamps as they are).
    let paths = taken.map { "'$.\($0)', json_extract(?3, '$.\($0)')" }.joined(separator: ", ")
    let statement = try database.cachedStatement(
      sql: """
        UPDATE sync_versions SET row = json_set(row, \(paths))
        WHERE kind = ?1 AND key = ?2 AND row IS NOT NULL
        """)
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(keep, at: 2)
    try statement.bind(otherRow, at: 3)
    try statement.execute()
    if keepHeld.version != unstamped {
      try setFieldStamps(kind, keep, stamps, version: keepHeld.version)
      // The next round sends them with those stamps (`stamp`).
      let fields = Set(
        (try setting(Self.joinedKey(kind, keep)) ?? "").split(separator: ",").map(String.init)
          + kind.fields.filter { taken.contains($0.columns[0]) }.map(\.name))
      try setSetting(Self.joinedKey(kind, keep), fields.sorted().joined(separator: ","))
    }
    return (conflicts, true)
  }

  /// The fields `settle` merges of a post, a question (a highlight's otherwise).
  static let mergeable: [SyncChange.Kind: Set<String>] = [
    .post: ["title", "author", "source"], .question: ["text", "category", "starred", "answer"],
  ]

  /// The fields a copy that has none of takes from the other without a conflict.
  static let fillable: Set<String> = ["note", "author", "source", "answer", "category"]

  /// Whether post `post` is one a `memo merge` kept, here or on a device whose merge came here.
  func isMergeTarget(_ post: String) throws -> Bool {
    try exists("SELECT 1 FROM sync_settings WHERE key LIKE 'merged:post:%' AND value = ?", post)
  }

  /// Whether one of two rows' field is null or empty text.
  private func oneEmpty(_ one: String, _ other: String, _ field: String) throws -> Bool {
    try isEmpty(one, field) || isEmpty(other, field)
  }

  /// Whether a row's field is null or empty text.
  private func isEmpty(_ row: String, _ field: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, ?2), '') = ''")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind("$." + field, at: 2)
    return try statement.step() && statement.bool(0)
  }

  /// A row's field as a number (0: null).
  private func number(_ row: String, _ field: String) throws -> Int64 {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, ?2), 0)")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind("$." + field, at: 2)
    return try statement.step() ? statement.int64(0) : 0
  }

  /// Runs `sql` with two text values bound to ?1 and ?2.
  func run2(_ sql: String, _ first: String, _ second: String) throws {
    let statement = try database.cachedStatement(sql: sql)
    try statement.bind(first, at: 1)
    try statement.bind(second, at: 2)
    try statement.execute()
  }

  /// Joins post `other` into `keep` as `memo merge` does (questions, highlights, the earlier
  /// shelf place, the body appended unless the same), but with what every device computes
  /// alike: the later `updated_at` of the two, not this device's clock.
  func joinPost(_ other: Int64, into keep: Int64) throws {
    for sql in [
      "UPDATE questions SET post_id = ?1 WHERE post_id = ?2",
      "UPDATE highlights SET post_id = ?1 WHERE post_id = ?2",
      """
      DELETE FROM favorites WHERE post_id = ?1
        AND (SELECT position FROM favorites WHERE post_id = ?2) < position
      """,
      "UPDATE OR IGNORE favorites SET post_id = ?1 WHERE post_id = ?2",
      """
      UPDATE posts SET
        body = CASE WHEN o.body IS NULL OR o.body = '' OR o.body IS posts.body THEN posts.body
          WHEN posts.body IS NULL OR posts.body = '' THEN o.body
          ELSE posts.body || char(10) || char(10) || o.body END,
        updated_at = max(posts.updated_at, o.updated_at)
      FROM (SELECT body, updated_at FROM posts WHERE id = ?2) AS o
      WHERE posts.id = ?1
      """,
      "DELETE FROM posts WHERE id = ?2",
    ] {
      let statement = try database.cachedStatement(sql: sql)
      try statement.bind(keep, at: 1)
      try statement.bind(other, at: 2)
      try statement.execute()
    }
  }
}
