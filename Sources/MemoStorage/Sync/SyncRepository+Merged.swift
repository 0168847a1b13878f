import MemoCore

/// `memo merge A B` on one machine while another, not having seen it, adds to B (a question,
/// a highlight, a body edit): what it added follows the merge into A on every machine, as
/// the merge would have taken it, instead of meeting B's deletion as a conflict that could
/// only come back with B (issue 35).
///
/// The merging machine notes it (`merged:post:B` = A in sync_settings, PostRepository.merge),
/// and B's deletion goes out naming A (`"into"`). A machine applying that deletion notes it
/// too, and first moves B's questions and highlights here to A (those made here since, among
/// them). A question or highlight that arrives for a B gone so finds A (`postID`); a body of
/// B's set unseen by the merge is appended to A's at the end of the round, as the merge
/// appends a body A lacks, the same on every machine; B's other fields (title, author,
/// source) stay conflicts. Applied as the round's (not pushed): every machine does the same.
extension SyncRepository {
  static func mergedKey(_ post: String) -> String { "merged:post:" + post }

  static let followedBodyPrefix = "follow_body:"

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

  /// Applying post `post`'s deletion by a merge into `target`: its questions and highlights
  /// here move to `target`, then it goes. Nothing when `target` is not here (a plain
  /// deletion then).
  func followMerge(of post: String, into target: String) throws {
    guard try exists("SELECT 1 FROM posts WHERE uuid = ?", target) else { return }
    try setSetting(Self.mergedKey(post), target)
    for table in ["questions", "highlights"] {
      let statement = try database.cachedStatement(
        sql: """
          UPDATE \(table) SET post_id = (SELECT id FROM posts WHERE uuid = ?2)
          WHERE post_id = (SELECT id FROM posts WHERE uuid = ?1)
          """)
      try statement.bind(post, at: 1)
      try statement.bind(target, at: 2)
      try statement.execute()
    }
    _ = try apply(.post, key: post, line: nil)
  }

  /// Whether a conflict about to be kept is a body of a post merged away: noted to be
  /// appended to the post it went into (`appendFollowedBodies`) instead.
  func followsMerge(_ kind: SyncChange.Kind, key: String, field: String, row: String?) throws
    -> Bool
  {
    guard kind == .post, field == "body", let row, try mergedInto(post: key) != nil else {
      return false
    }
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, '$.body'), '')")
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    let body = try statement.step() ? statement.string(0) : ""
    statement.reset()
    if !body.isEmpty { try setSetting(Self.followedBodyPrefix + key, body) }
    return true
  }

  /// The bodies noted by `followsMerge`, each appended to the post its post went into, as
  /// `memo merge` appends a body (unless that post holds it already).
  func appendFollowedBodies() throws {
    let pending = try database.cachedStatement(
      sql: "SELECT substr(key, ?1), value FROM sync_settings WHERE key LIKE ?2 || '%' ORDER BY key")
    try pending.bind(Int64(Self.followedBodyPrefix.count + 1), at: 1)
    try pending.bind(Self.followedBodyPrefix, at: 2)
    var bodies: [(String, String)] = []
    while try pending.step() { bodies.append((pending.string(0), pending.string(1))) }
    pending.reset()
    for (post, body) in bodies {
      try run("DELETE FROM sync_settings WHERE key = ?1", Self.followedBodyPrefix + post)
      guard let target = try mergedInto(post: post) else { continue }
      let read = try database.cachedStatement(sql: "SELECT body FROM posts WHERE uuid = ?")
      try read.bind(target, at: 1)
      let held = try read.step() && !read.isNull(0) ? read.string(0) : ""
      read.reset()
      let paragraphs = held.split(separator: "\n\n", omittingEmptySubsequences: false)
      if held == body || paragraphs.contains(where: { $0 == body }) { continue }
      let write = try database.cachedStatement(sql: "UPDATE posts SET body = ?2 WHERE uuid = ?1")
      try write.bind(target, at: 1)
      try write.bind(held.isEmpty ? body : held + "\n\n" + body, at: 2)
      try write.execute()
    }
  }
}
