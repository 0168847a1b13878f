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

  /// Post `post`'s shelf place taken away by its merge into `target` made elsewhere (the
  /// favorite's deletion names `into`), where the merges noted here come back on themselves
  /// (`merge A B` here, `merge B A` there: `settleMerge` keeps the cycle's smallest UUID):
  /// the post that stays keeps its place, and another post of the cycle keeps its own until
  /// its deletion follows the merge into the one that stays (`followMerge`, the earlier place
  /// of the two), or gives it now where that one is here. Outside a cycle it goes.
  /// - Returns: whether the deletion is to be skipped.
  func shelfStays(of post: String, mergedInto target: String) throws -> Bool {
    var path = [post]
    var next: String? = target
    while let hop = next {
      if let start = path.firstIndex(of: hop) {
        let survivor = path[start...].min() ?? hop
        if survivor == post { return true }
        guard try exists("SELECT 1 FROM posts WHERE uuid = ?", survivor) else { return true }
        try followShelf(of: post, into: survivor)
        return false
      }
      if try exists("SELECT 1 FROM posts WHERE uuid = ?", hop) { return false }
      path.append(hop)
      next = try setting(Self.mergedKey(hop))
    }
    return false
  }

  /// `settleMerge` of a post's deletion by a merge, or `shelfStays` of its shelf place's
  /// (`kind` favorite): the post to follow into; nil when the deletion is to be skipped.
  func settle(_ kind: SyncChange.Kind, _ key: String, into: String, version: SyncVersion)
    throws -> String?
  {
    guard kind == .favorite else { return try settleMerge(of: key, into: into, version: version) }
    return try shelfStays(of: key, mergedInto: into) ? nil : into
  }

  /// The post a deleted post, or its shelf place, goes with (`into`, `mergedInto`).
  func mergedInto(_ kind: SyncChange.Kind, _ key: String) throws -> String? {
    kind == .post || kind == .favorite ? try mergedInto(post: key) : nil
  }

  /// Post `post` back (an undone `memo merge`): the shelf place sync holds as its own (given
  /// it unseen by the merge, which followed it into the post it went into here) comes back
  /// to it (`moveShelf`).
  func shelfBack(of post: String) throws {
    guard let holder = try setting(Self.mergedKey(post)) else { return }
    try moveShelf(of: post, from: holder, to: post)
  }

  /// The shelf place post `post` has as sync holds it (given it unseen by its merge away),
  /// which followed the merge into `holder` here, goes to `target` (the post back, or the one
  /// a later merge chose elsewhere), at the earlier place of the two where `target` has one;
  /// `holder` keeps a place only where sync holds one of its own.
  func moveShelf(of post: String, from holder: String, to target: String) throws {
    let held = "SELECT 1 FROM sync_versions WHERE kind = 'favorite' AND key = ? AND row IS NOT NULL"
    guard holder != target, try exists(held, post) else { return }
    try run2(
      """
      INSERT INTO favorites (post_id, position, added_at)
      SELECT p.id, (SELECT coalesce(max(position), 0) + 1 FROM favorites),
        json_extract(v.row, '$.added_at')
      FROM sync_versions v JOIN posts p ON p.uuid = ?2
      WHERE v.kind = 'favorite' AND v.key = ?1
      ON CONFLICT (post_id) DO UPDATE SET added_at = min(added_at, excluded.added_at)
      """, post, target)
    if try !exists(held, holder) {
      try run(
        "DELETE FROM favorites WHERE post_id = (SELECT id FROM posts WHERE uuid = ?1)", holder)
    }
  }

  /// A post's deletion by a merge going out: the post as it went, should a cycle of merges
  /// bring it back (`settleMerge`); nothing for its shelf place's.
  func noteMergedAway(_ kind: SyncChange.Kind, _ key: String, _ was: String?) throws {
    guard kind == .post, let was else { return }
    try setSetting(Self.mergedRowKey(key), was)
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
