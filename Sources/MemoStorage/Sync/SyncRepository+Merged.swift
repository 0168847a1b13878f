import MemoCore

/// `memo merge A B` on one machine while another, not having seen it, adds to B (a question,
/// a highlight, a body edit): what it added follows the merge into A on every machine, as
/// the merge would have taken it, instead of meeting B's deletion as a conflict that could
/// only come back with B (issue 35).
///
/// The merging machine notes it (`merged:post:B` = A in sync_settings, PostRepository.merge),
/// and B's deletion goes out naming A (`"into"`). A machine applying that deletion notes it
/// too, and first moves B's questions and highlights here to A (those made here since, among
/// them). A question or highlight that arrives for a B gone so finds A (`postID`); a body,
/// author or source of B's set unseen by the merge goes to A at the end of the round as the
/// merge takes them (a body appended, an author or source A lacks filled in, one A has
/// otherwise kept as a conflict of A's), the same on every machine; B's title edited stays a
/// conflict of B's. Applied as the round's (not pushed): every machine does the same.
extension SyncRepository {
  static func mergedKey(_ post: String) -> String { "merged:post:" + post }

  static let followedPrefix = "follow:"

  /// The id of the post with UUID ?1, or of the post it was merged into here: a question or
  /// highlight another device added to it follows the merge (`apply`).
  static let postIDSQL = """
    coalesce((SELECT id FROM posts WHERE uuid = ?1), (SELECT id FROM posts WHERE uuid =
      (SELECT value FROM sync_settings WHERE key = 'merged:post:' || ?1)))
    """

  /// The post that post `uuid` was merged into (through later merges too), when `uuid` is
  /// gone and that post is here; nil otherwise.
  func mergedInto(post uuid: String) throws -> String? {
    if try exists("SELECT 1 FROM posts WHERE uuid = ?", uuid) { return nil }
    var current = uuid
    var seen: Set<String> = [uuid]
    while let next = try setting(Self.mergedKey(current)), seen.insert(next).inserted {
      if try exists("SELECT 1 FROM posts WHERE uuid = ?", next) { return next }
      current = next
    }
    return nil
  }

  /// The setting holding a post merged away as it was when it went (`settleOppositeMerges`).
  static func mergedRowKey(_ post: String) -> String { "merged-row:post:" + post }

  /// Post `post`'s deletion by a merge into `target` met here a merge of `target` into
  /// `post` (`memo merge A B` on one machine, `memo merge B A` on another, unseen by each
  /// other): followed both ways, they would delete both books everywhere. The one with the
  /// smaller UUID stays on every machine, and the other follows the merge into it: where it
  /// is `post` (here, as `target` was merged into it), the deletion is skipped, the version
  /// taken; where it is `target` (gone here), it comes back as it was when it went, and the
  /// deletion of `post` follows the merge into it.
  /// - Returns: whether the deletion is to be skipped.
  func settleOppositeMerges(
    of post: String, into target: String, version: SyncVersion
  ) throws -> Bool {
    guard try setting(Self.mergedKey(target)) == post else { return false }
    let here = try image(.post, post)
    if post < target, let here {
      let held = try self.version(.post, post)
      try setVersion(
        .post, post, max(version, held?.version ?? version), base: held?.base, row: here,
        isNew: held == nil)
      return true
    }
    guard post > target, try image(.post, target) == nil,
      let was = try setting(Self.mergedRowKey(target))
    else { return false }
    try run("DELETE FROM sync_settings WHERE key = ?1", Self.mergedKey(target))
    guard try apply(.post, key: target, line: "{\"row\":" + was + "}") else { return false }
    if let held = try self.version(.post, target) {
      try setVersion(.post, target, held.version, base: held.base, row: was, isNew: false)
    }
    return false
  }

  /// An edit of post `post` made elsewhere unseen by its merge away here: what it comes back
  /// as, should an opposite merge bring it back (`settleOppositeMerges`).
  func noteMergedRow(_ post: String, _ row: String?) throws {
    guard let row, try setting(Self.mergedRowKey(post)) != nil else { return }
    try setSetting(Self.mergedRowKey(post), row)
  }

  /// Applying post `post`'s deletion by a merge into `target`: its questions and highlights
  /// here move to `target`, then it goes. Nothing when `target` is not here (a plain
  /// deletion then).
  func followMerge(of post: String, into target: String) throws {
    guard try exists("SELECT 1 FROM posts WHERE uuid = ?", target) else { return }
    try setSetting(Self.mergedKey(post), target)
    if let was = try image(.post, post) { try setSetting(Self.mergedRowKey(post), was) }
    for table in ["questions", "highlights"] {
      try run2(
        """
        UPDATE \(table) SET post_id = (SELECT id FROM posts WHERE uuid = ?2)
        WHERE post_id = (SELECT id FROM posts WHERE uuid = ?1)
        """, post, target)
    }
    _ = try apply(.post, key: post, line: nil)
  }

  /// Whether a conflict about to be kept is a body, author or source of a post merged away
  /// here: noted to follow the merge into the post it went into (`applyFollowed`) instead.
  func followsMerge(
    _ kind: SyncChange.Kind, key: String, field: String, row: String?, version: SyncVersion,
    winner: String
  ) throws -> Bool {
    guard kind == .post, ["body", "author", "source"].contains(field), let row,
      try mergedInto(post: key) != nil
    else { return false }
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_object('value', json_extract(?1, '$.' || ?2), 'hlc', ?3, 'device', ?4,
          'winner', ?5)
        WHERE coalesce(trim(json_extract(?1, '$.' || ?2)), '') <> ''
        """)
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(field, at: 2)
    try statement.bind(version.time.value, at: 3)
    try statement.bind(version.device, at: 4)
    try statement.bind(winner, at: 5)
    if try statement.step() {
      try setSetting(Self.followedPrefix + field + ":" + key, statement.string(0))
    }
    return true
  }

  /// What `followsMerge` noted, each taken by the post its post went into as `memo merge`
  /// takes it: a body appended (unless that post holds it already), an author or source
  /// filled in where that post has none, and kept as a conflict of that post (restorable)
  /// where it has another.
  /// - Returns: the conflicts kept.
  func applyFollowed(at now: Timestamp) throws -> Int {
    let pending = try database.cachedStatement(
      sql: """
        SELECT key, json_extract(value, '$.value'), json_extract(value, '$.hlc'),
          json_extract(value, '$.device'), json_extract(value, '$.winner')
        FROM sync_settings WHERE key LIKE ?1 || '%' ORDER BY key
        """)
    try pending.bind(Self.followedPrefix, at: 1)
    var found: [(key: String, value: String, version: SyncVersion, winner: String)] = []
    while try pending.step() {
      found.append(
        (
          pending.string(0), pending.string(1),
          SyncVersion(time: HybridTime(value: pending.int64(2)), device: pending.string(3)),
          pending.string(4)
        ))
    }
    pending.reset()
    var conflicts = 0
    for item in found {
      try run("DELETE FROM sync_settings WHERE key = ?1", item.key)
      let parts = item.key.dropFirst(Self.followedPrefix.count).split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let target = try mergedInto(post: String(parts[1])),
        let row = try image(.post, target)
      else { continue }
      let field = String(parts[0])
      let held = try text(of: row, field)
      let taken: String?
      if field == "body" {
        let paragraphs = held.split(separator: "\n\n", omittingEmptySubsequences: false)
        // Held already: whole, or each of its paragraphs (the body an opposite merge gave
        // the post that does not stay, `settleOppositeMerges`).
        let has =
          held == item.value
          || item.value.split(separator: "\n\n", omittingEmptySubsequences: false).allSatisfy {
            paragraphs.contains($0)
          }
        taken = has ? nil : held.isEmpty ? item.value : held + "\n\n" + item.value
      } else if held.trimmingWhitespace().isEmpty {
        taken = item.value
      } else {
        taken = nil
        let same =
          held.trimmingWhitespace().lowercased() == item.value.trimmingWhitespace().lowercased()
        if !same,
          try keep(
            .post, key: target, field: field, row: try with(row, field, item.value),
            version: item.version, winner: item.winner, at: now)
        {
          conflicts += 1
        }
      }
      if let taken { try run2("UPDATE posts SET \(field) = ?2 WHERE uuid = ?1", target, taken) }
    }
    return conflicts
  }

  /// A field of a JSON row as text ("" for null).
  private func text(of row: String, _ field: String) throws -> String {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, '$.' || ?2), '')")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(field, at: 2)
    return try statement.step() ? statement.string(0) : ""
  }

  /// A JSON row with one field set.
  private func with(_ row: String, _ field: String, _ value: String) throws -> String {
    let statement = try database.cachedStatement(sql: "SELECT json_set(?1, '$.' || ?2, ?3)")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(field, at: 2)
    try statement.bind(value, at: 3)
    return try statement.step() ? statement.string(0) : row
  }
}
