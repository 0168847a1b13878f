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

  /// The id of the post with UUID ?1, or of the post its merges lead to here (the first
  /// post here along them, `merged:post:` hop by hop): a question or highlight another device
  /// added to it follows the merge (`apply`).
  static let postIDSQL = """
    coalesce((SELECT id FROM posts WHERE uuid = ?1), (
      WITH RECURSIVE hop (uuid, n) AS (
        SELECT value, 1 FROM sync_settings WHERE key = 'merged:post:' || ?1
        UNION ALL
        SELECT s.value, hop.n + 1 FROM hop JOIN sync_settings s ON s.key = 'merged:post:' || hop.uuid
        WHERE hop.n < 64 AND NOT EXISTS (SELECT 1 FROM posts WHERE uuid = hop.uuid))
      SELECT p.id FROM hop JOIN posts p ON p.uuid = hop.uuid ORDER BY hop.n LIMIT 1))
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

  /// The setting holding a post merged away as it was when it went (`settleMerge`).
  static func mergedRowKey(_ post: String) -> String { "merged-row:post:" + post }

  /// Post `post`'s deletion by a merge into `target`, made on another machine: the merge is
  /// noted here, and the post it is to follow into is the one its group of merges keeps
  /// (`survivor`). Merges made on different machines unseen by each other can make a cycle
  /// (`memo merge A B` on one, `memo merge B A` on another; or B into A, C into B, A into C
  /// on three): followed as they come, they would delete every book of the cycle
  /// everywhere. The cycle's smallest UUID stays on every machine instead: its own merge
  /// away is forgotten here, it comes back as it was when it went (where it went here), and
  /// the rest follow into it.
  /// - Returns: the post to follow into; nil when the deletion is to be skipped (`post`
  ///   stays, the deletion's version taken).
  func settleMerge(of post: String, into target: String, version: SyncVersion) throws -> String? {
    let earlier = try setting(Self.mergedKey(post))
    try setSetting(Self.mergedKey(post), target)
    let survivor = try survivor(of: post)
    if try setting(Self.mergedKey(survivor)) != nil {
      try run("DELETE FROM sync_settings WHERE key = ?1", Self.mergedKey(survivor))
      if try image(.post, survivor) == nil, let was = try setting(Self.mergedRowKey(survivor)),
        try apply(.post, key: survivor, line: "{\"row\":" + was + "}"),
        let held = try self.version(.post, survivor)
      {
        try setVersion(.post, survivor, held.version, base: held.base, row: was, isNew: false)
      }
    }
    guard survivor == post else {
      if let earlier, earlier != target, try image(.post, post) == nil {
        try moveFollowed(of: post, to: survivor)
        try moveShelf(of: post, from: earlier, to: survivor)
      }
      return survivor
    }
    if let here = try image(.post, post) {
      let held = try self.version(.post, post)
      try setVersion(
        .post, post, max(version, held?.version ?? version), base: held?.base, row: here,
        isNew: held == nil)
    }
    return nil
  }

  /// Post `post`, merged away here into one book, met a later merge of it into another made
  /// elsewhere (one book merged into two on two machines): the later merge stands on every
  /// machine, so what followed the earlier one here goes to `target` too: the questions and
  /// highlights sync holds as `post`'s (those no machine moved; what a merge moved went out
  /// as its change, and the later one's change moves it).
  func moveFollowed(of post: String, to target: String) throws {
    for (kind, table) in [("question", "questions"), ("highlight", "highlights")] {
      try run2(
        """
        UPDATE \(table) SET post_id = (SELECT id FROM posts WHERE uuid = ?2)
        WHERE EXISTS (SELECT 1 FROM posts WHERE uuid = ?2)
          AND post_id IS NOT (SELECT id FROM posts WHERE uuid = ?2) AND uuid IN (
          SELECT key FROM sync_versions
          WHERE kind = '\(kind)' AND json_extract(row, '$.post_uuid') = ?1)
        """, post, target)
    }
  }

  /// Record `key` as sync is to hold it after a change merged into it (`merge`, `columns` the
  /// ones it took): as it is here, but a question or highlight the change did not move (its
  /// post not among `columns`) whose post sync held as one
  /// merged away here keeps that post: it is on the post that merge went into only here
  /// (`followMerge`), and should a later merge of the post into another stand, it follows
  /// that one (`moveFollowed`) like what else sync holds on the post.
  func heldImage(
    _ kind: SyncChange.Kind, _ key: String, over held: String?, columns: [String]
  ) throws -> String? {
    let image = try self.image(kind, key)
    guard kind == .question || kind == .highlight, !columns.contains("post_uuid"), let held,
      let image
    else {
      return image
    }
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_set(?1, '$.post_uuid', json_extract(?2, '$.post_uuid'))
        WHERE NOT EXISTS (SELECT 1 FROM posts WHERE uuid = json_extract(?2, '$.post_uuid'))
        """)
    defer { statement.reset() }
    try statement.bind(image, at: 1)
    try statement.bind(held, at: 2)
    return try statement.step() ? statement.string(0) : image
  }

  /// The post the merges noted here lead post `post` to: the first one here along them (a
  /// post here is merged away nowhere, whatever an undone merge left noted), or where they
  /// come back on themselves, the smallest UUID of the cycle (the same on every machine,
  /// whatever order the merges arrived in).
  func survivor(of post: String) throws -> String {
    var path = [post]
    while let next = try setting(Self.mergedKey(path[path.count - 1])) {
      if let start = path.firstIndex(of: next) { return path[start...].min() ?? next }
      if try exists("SELECT 1 FROM posts WHERE uuid = ?", next) { return next }
      path.append(next)
    }
    return path[path.count - 1]
  }

  /// An edit of post `post` made elsewhere unseen by its merge away here: what it comes back
  /// as, should a cycle of merges bring it back (`settleMerge`). Only the fields the edit set
  /// (`columns`): another machine's merge of a post into it sends it whole, over an author
  /// a third machine gave it.
  func noteMergedRow(_ change: SyncChange, _ row: String?) throws {
    let post = change.key
    let columns = SyncChange.Kind.post.fields.filter { change.changedBase($0.name).changed }
      .flatMap(\.columns)
    guard let row, !columns.isEmpty, let was = try setting(Self.mergedRowKey(post)) else {
      return
    }
    let paths = columns.map { "'$.\($0)', json(?2 -> '$.\($0)')" }.joined(separator: ", ")
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_set(?1, \(paths), '$.updated_at',
          max(json_extract(?1, '$.updated_at'), json_extract(?2, '$.updated_at')))
        """)
    defer { statement.reset() }
    try statement.bind(was, at: 1)
    try statement.bind(row, at: 2)
    if try statement.step() { try setSetting(Self.mergedRowKey(post), statement.string(0)) }
  }

  /// Applying post `post`'s deletion by a merge (into `target`, the post its merges lead to,
  /// `settleMerge`): its questions and highlights here move to `target`, then it goes.
  /// Nothing when `target` is not here (a plain deletion then).
  func followMerge(of post: String, into target: String) throws {
    guard try exists("SELECT 1 FROM posts WHERE uuid = ?", target) else { return }
    if let was = try image(.post, post) { try setSetting(Self.mergedRowKey(post), was) }
    for table in ["questions", "highlights"] {
      try run2(
        """
        UPDATE \(table) SET post_id = (SELECT id FROM posts WHERE uuid = ?2)
        WHERE post_id = (SELECT id FROM posts WHERE uuid = ?1)
        """, post, target)
    }
    try followShelf(of: post, into: target)
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
      // Each version: two machines' edits of the body, or of the author, both unseen by the
      // merge, both follow it (`applyFollowed`, `followedField`).
      let each = ":\(version.time.value):\(version.device)"
      try setSetting(Self.followedPrefix + field + ":" + key + each, statement.string(0))
    }
    return true
  }

  /// What `followsMerge` noted, each taken by the post its post went into as `memo merge`
  /// takes it: a body's paragraphs that post lacks appended, an author or source filled in
  /// where that post has none, or kept as a conflict of that post (restorable) where it has
  /// another (`followedField`). A body noted stays noted, and is taken again at the end of
  /// every round: an edit of that post's body made where it had not come yet (a machine that
  /// met the merge later) takes its place as any later edit does, and the paragraphs come
  /// again after it, so that every machine ends with the same body, every text in it.
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
    // Field by field; an author's or source's in the order they were set (`followedField`).
    func field(_ key: String) -> Substring {
      key.dropFirst(Self.followedPrefix.count).prefix { $0 != ":" }
    }
    found.sort {
      let (one, other) = (field($0.key), field($1.key))
      guard one == other else { return one < other }
      return $0.version < $1.version
    }
    var conflicts = 0
    for item in found {
      // A body's stay: a later edit of the body it went into, made where it had not come
      // (yet), takes that body's place on every machine, and they come again after it.
      if field(item.key) != "body" {
        try run("DELETE FROM sync_settings WHERE key = ?1", item.key)
      }
      let parts = item.key.dropFirst(Self.followedPrefix.count).split(separator: ":")
      guard parts.count >= 2, let target = try mergedInto(post: String(parts[1])),
        let row = try image(.post, target)
      else {
        if parts.count >= 2,
          try keepFollowedOfReturned(
            post: String(parts[1]), field: String(parts[0]), value: item.value,
            version: item.version, winner: item.winner, at: now)
        {
          conflicts += 1
        }
        continue
      }
      let field = String(parts[0])
      let held = try text(of: row, field)
      let taken: String?
      if field == "body" {
        // Only the paragraphs it does not hold yet: a body a merge elsewhere made of two
        // (the post's own and the other's) holds one of them already, and merges in a chain
        // or a cycle bring the same paragraph by more than one way.
        let paragraphs = held.split(separator: "\n\n", omittingEmptySubsequences: false)
        let missing = item.value.split(separator: "\n\n", omittingEmptySubsequences: false)
          .filter { !paragraphs.contains($0) }
        taken =
          held == item.value || missing.isEmpty
          ? nil : held.isEmpty ? item.value : held + "\n\n" + missing.joined(separator: "\n\n")
      } else {
        let outcome = try followedField(
          field, of: target, row: row, value: item.value, version: item.version,
          winner: item.winner, at: now)
        taken = outcome.taken
        conflicts += outcome.conflicts
      }
      if let taken {
        try run2("UPDATE posts SET \(field) = ?2 WHERE uuid = ?1", target, taken)
        // As sync holds it too: every machine takes it so, it is no edit of this one's (to
        // push, or to refuse a conflict's restore over).
        try run2(
          """
          UPDATE sync_versions SET row = json_set(row, '$.\(field)', ?2)
          WHERE kind = 'post' AND key = ?1 AND row IS NOT NULL
          """, target, taken)
      }
    }
    return conflicts
  }
}
