import MemoCore

/// Two devices that import the same reader's file before they sync each make the same
/// highlights (the same `source_key`) under their own UUIDs, in posts of their own. When a
/// round brings such a highlight, the two become one on every device alike: the posts holding
/// them are joined into the post with the smaller UUID (as `memo merge` joins them), and the
/// highlight with the smaller UUID stays, taking the other's note when it has none and its
/// star; questions about either ask about it. What this changes goes out as this device's
/// change in the next round; a device that does the same finds it done.
extension SyncRepository {
  /// Joins the duplicates of the highlights with UUIDs `keys` (those a round applied).
  func joinDuplicates(ofHighlights keys: Set<String>) throws -> Int {
    var sourceKeys: Set<String> = []
    let find = try database.cachedStatement(
      sql: """
        SELECT h.source_key FROM highlights h WHERE h.uuid = ?1 AND h.source_key IS NOT NULL
          AND EXISTS (SELECT 1 FROM highlights o WHERE o.source_key = h.source_key AND o.id <> h.id)
        """)
    for key in keys {
      find.reset()
      try find.bind(key, at: 1)
      if try find.step() { sourceKeys.insert(find.string(0)) }
    }
    find.reset()
    var joined = 0
    for sourceKey in sourceKeys.sorted() {
      joined += try joinHighlights(sourceKey: sourceKey)
    }
    return joined
  }

  /// The highlights with `sourceKey`, smallest UUID first: (id, post id, post uuid).
  private func copies(_ sourceKey: String) throws -> [(id: Int64, post: Int64, postUUID: String)] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.id, h.post_id, p.uuid FROM highlights h JOIN posts p ON p.id = h.post_id
        WHERE h.source_key = ? ORDER BY h.uuid
        """)
    defer { statement.reset() }
    try statement.bind(sourceKey, at: 1)
    var result: [(Int64, Int64, String)] = []
    while try statement.step() {
      result.append((statement.int64(0), statement.int64(1), statement.string(2)))
    }
    return result
  }

  private func joinHighlights(sourceKey: String) throws -> Int {
    var found = try copies(sourceKey)
    guard found.count > 1 else { return 0 }
    // One post first: the one with the smallest UUID keeps them all.
    let posts = Dictionary(found.map { ($0.post, $0.postUUID) }) { a, _ in a }
    if posts.count > 1, let keep = posts.min(by: { $0.value < $1.value })?.key {
      for other in posts.keys.sorted() where other != keep {
        try joinPost(other, into: keep)
      }
      found = try copies(sourceKey)
    }
    let keep = found[0].id
    for other in found.dropFirst() {
      for sql in [
        """
        UPDATE highlights SET
          note = CASE WHEN highlights.note IS NULL OR highlights.note = '' THEN o.note
            ELSE highlights.note END,
          starred = max(highlights.starred, o.starred),
          updated_at = max(highlights.updated_at, o.updated_at)
        FROM (SELECT note, starred, updated_at FROM highlights WHERE id = ?2) AS o
        WHERE highlights.id = ?1
          AND ((highlights.note IS NULL OR highlights.note = '') AND coalesce(o.note, '') <> ''
            OR o.starred > highlights.starred)
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
    return found.count - 1
  }

  /// Joins post `other` into `keep` as `memo merge` does (questions, highlights, the earlier
  /// shelf place, the body appended unless the same), but with what every device computes
  /// alike: the later `updated_at` of the two, not this device's clock.
  private func joinPost(_ other: Int64, into keep: Int64) throws {
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
