import MemoCore

/// The shelf across merges (issue 35): a book on the shelf merged into another leaves the
/// kept book on the shelf, at the earlier place of the two, on every machine whatever order
/// the merge and the shelf places arrive in. The shelf's order everywhere is the order of
/// `added_at` (`renumberFavorites`), so the earlier place is the earlier `added_at`.
extension SyncRepository {
  /// Post `post` (here, merged away by a merge made elsewhere, `followMerge`) takes its shelf
  /// place to `target`, which keeps the earlier of the two.
  func followShelf(of post: String, into target: String) throws {
    try run2(
      """
      INSERT INTO favorites (post_id, position, added_at)
      SELECT (SELECT id FROM posts WHERE uuid = ?2),
        (SELECT coalesce(max(position), 0) + 1 FROM favorites), f.added_at
      FROM favorites f JOIN posts p ON p.id = f.post_id WHERE p.uuid = ?1
        AND EXISTS (SELECT 1 FROM posts WHERE uuid = ?2)
      ON CONFLICT (post_id) DO UPDATE SET added_at = min(added_at, excluded.added_at)
      """, post, target)
  }

  /// A shelf place of post `key` gone here by a merge (made here, or elsewhere and followed):
  /// taken by the post the merges lead to, which keeps the earlier of the two.
  /// - Returns: false when no post here takes it.
  func applyFollowedShelf(key: String, line: String) throws -> Bool {
    let target = try database.cachedStatement(sql: "SELECT \(Self.postIDSQL)")
    defer { target.reset() }
    try target.bind(key, at: 1)
    guard try target.step(), !target.isNull(0) else { return false }
    let postID = target.int64(0)
    target.reset()
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO favorites (post_id, position, added_at)
        VALUES (?2, (SELECT coalesce(max(position), 0) + 1 FROM favorites),
          json_extract(?1, '$.row.added_at'))
        ON CONFLICT (post_id) DO UPDATE SET added_at = min(added_at, excluded.added_at)
        """)
    try statement.bind(line, at: 1)
    try statement.bind(postID, at: 2)
    try statement.execute()
    return true
  }
}
