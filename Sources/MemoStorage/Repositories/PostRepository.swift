import MemoCore

/// Reads and writes the `posts` table. Callers run writes inside a transaction.
public struct PostRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The columns `post(from:)` reads, in order; each named by its JSON key, which is how a
  /// listing's writer finds it.
  static let columns = """
    p.id AS id, p.uuid AS uuid, p.title AS title, p.author AS author, p.body AS body,
    p.source AS source, p.created_at AS created_at, p.updated_at AS updated_at,
    EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = p.id) AS favorite,
    (SELECT count(*) FROM questions q WHERE q.post_id = p.id) AS question_count
    """

  /// Inserts a post. - Returns: the stored post.
  public func insert(_ new: NewPost, uuid: String, at time: Timestamp) throws -> Post {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
    let stamp = time.rfc3339
    try statement.bind(uuid, at: 1)
    try statement.bind(new.title, at: 2)
    try statement.bind(new.author, at: 3)
    try statement.bind(new.body, at: 4)
    try statement.bind(new.source, at: 5)
    try statement.bind(stamp, at: 6)
    try statement.bind(stamp, at: 7)
    try statement.execute()
    return Post(
      id: PostID(database.lastInsertedRowID), uuid: uuid, title: new.title, author: new.author,
      body: new.body, source: new.source, createdAt: time, updatedAt: time)
  }

  /// The post with this id, or nil.
  public func post(_ id: PostID) throws -> Post? {
    let statement = try database.cachedStatement(
      sql: "SELECT \(Self.columns) FROM posts p WHERE p.id = ?")
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    return try statement.step() ? Self.post(from: statement) : nil
  }

  /// Whether a post with this id exists.
  public func exists(_ id: PostID) throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM posts WHERE id = ?")
    defer { statement.reset() }
    try statement.bind(id.rawValue, at: 1)
    return try statement.step()
  }

  /// The posts with these ids, in the order given.
  /// - Throws: `MemoError.postsNotFound` naming every missing id.
  public func require(_ ids: [PostID]) throws -> [Post] {
    var found: [Post] = []
    var missing: [PostID] = []
    for id in ids {
      if let post = try post(id) { found.append(post) } else { missing.append(id) }
    }
    guard missing.isEmpty else { throw MemoError.postsNotFound(missing) }
    return found
  }

  /// One page of posts, filtered and ordered as `query` says; with a question filter, only
  /// posts that have a matching question.
  public func posts(matching query: PostQuery, questions filter: ResolvedFilter? = nil) throws
    -> [Post]
  {
    let statement = try listing(matching: query, questions: filter)
    defer { statement.reset() }
    var posts: [Post] = []
    while try statement.step() { posts.append(Self.post(from: statement)) }
    return posts
  }

  /// The posts `query` selects, in its order, as a statement bound and ready to step: a
  /// listing streams its rows from it, a page collects them. The caller resets it.
  func listing(matching query: PostQuery, questions filter: ResolvedFilter? = nil) throws
    -> Statement
  {
    var condition = SQLCondition()
    if let author = query.author {
      condition.add("p.author LIKE '%' || ? || '%' ESCAPE '\\'", .text(Self.escapeLike(author)))
    }
    if let since = query.since { condition.add("p.created_at >= ?", .text(since.rfc3339)) }
    if let until = query.until { condition.add("p.created_at < ?", .text(until.rfc3339)) }
    if query.favoritesOnly { condition.add("p.id IN (SELECT post_id FROM favorites)") }
    if let filter, !filter.isEmpty {
      let questions = SQLCondition.questions(filter)
      condition.add(
        "EXISTS (SELECT 1 FROM questions q WHERE q.post_id = p.id \(questions.andClause))",
        bindings: questions.bindings)
    }
    let statement = try database.cachedStatement(
      sql:
        "SELECT \(Self.columns) FROM posts p \(condition.whereClause) ORDER BY \(Self.order(query)) LIMIT ? OFFSET ?"
    )
    let next = try condition.bind(to: statement)
    try statement.bind(Int64(query.limit ?? -1), at: next)
    try statement.bind(Int64(query.offset), at: next + 1)
    return statement
  }

  /// Applies `patch` and bumps `updated_at`, unless the patch changes nothing.
  /// - Throws: `MemoError.postNotFound`.
  public func update(_ id: PostID, with patch: PostPatch, at time: Timestamp) throws -> Post {
    guard let post = try post(id) else { throw MemoError.postNotFound(id) }
    var edited = patch.applied(to: post)
    guard edited != post else { return post }
    edited.updatedAt = time
    let statement = try database.cachedStatement(
      sql:
        "UPDATE posts SET title = ?, author = ?, body = ?, source = ?, updated_at = ? WHERE id = ?")
    try statement.bind(edited.title, at: 1)
    try statement.bind(edited.author, at: 2)
    try statement.bind(edited.body, at: 3)
    try statement.bind(edited.source, at: 4)
    try statement.bind(time.rfc3339, at: 5)
    try statement.bind(id.rawValue, at: 6)
    try statement.execute()
    return edited
  }

  /// Deletes the posts (their questions and shelf places go by cascade), all or none.
  /// - Returns: the posts as they were. - Throws: `MemoError.postsNotFound` naming every missing id.
  /// Joins `other` into `keep` (one book as two posts): its questions and highlights move to
  /// `keep`, its body is appended to `keep`'s (unless the same), its author and source fill
  /// those `keep` lacks, `keep` takes its place on the shelf when `keep` has none (else the
  /// earlier of the two), and `other` is deleted.
  /// - Returns: the kept post, and the title, author or source of `other` that differ from
  ///   `keep`'s own and so were not kept (only the journal holds them).
  /// - Throws: `postsNotFound` naming every missing id.
  public func merge(_ other: PostID, into keep: PostID, at time: Timestamp) throws -> (
    Post, [MergeLeftover]
  ) {
    let found = try require([keep, other])
    let (kept, gone) = (found[0], found[1])
    for sql in [
      "UPDATE questions SET post_id = ?1 WHERE post_id = ?2",
      "UPDATE highlights SET post_id = ?1 WHERE post_id = ?2",
      // The earlier shelf place of the two stays, as the kept post's: the other's taken off
      // and put back as the kept post's (not moved in place: sync sends a shelf place by its
      // post, and the other's must go out as taken off, or a device that brings the other
      // back by an undo would not send its place again).
      """
      DELETE FROM favorites WHERE post_id = ?1
        AND (SELECT position FROM favorites WHERE post_id = ?2) < position
      """,
      """
      INSERT INTO favorites (post_id, position, added_at)
      SELECT ?1, -position, added_at FROM favorites WHERE post_id = ?2
      ON CONFLICT (post_id) DO NOTHING
      """,
      "DELETE FROM favorites WHERE post_id = ?2",
      "UPDATE favorites SET position = -position WHERE position < 0 AND post_id IN (?1, ?2)",
    ] {
      let statement = try database.cachedStatement(sql: sql)
      try statement.bind(keep.rawValue, at: 1)
      try statement.bind(other.rawValue, at: 2)
      try statement.execute()
    }
    let body: String?
    switch (kept.body, gone.body) {
    case (let a?, let b?) where !b.isEmpty && a != b: body = a.isEmpty ? b : a + "\n\n" + b
    case (nil, let b?): body = b
    default: body = kept.body
    }
    let (author, authorLeft) = Self.joined("author", kept.author, gone.author)
    let (source, sourceLeft) = Self.joined("source", kept.source, gone.source)
    let (_, titleLeft) = Self.joined("title", kept.title, gone.title)
    let update = try database.cachedStatement(
      sql: "UPDATE posts SET body = ?, author = ?, source = ?, updated_at = ? WHERE id = ?")
    try update.bind(body, at: 1)
    try update.bind(author, at: 2)
    try update.bind(source, at: 3)
    try update.bind(time.rfc3339, at: 4)
    try update.bind(keep.rawValue, at: 5)
    try update.execute()
    _ = try delete([other])
    // Sync's note of the merge (this machine's bookkeeping, not synced as a record): the
    // deletion goes out naming the post kept, and what another device added to the gone
    // post meanwhile lands on it (SyncRepository+Merged).
    let note = try database.cachedStatement(
      sql: """
        INSERT INTO sync_settings (key, value) VALUES ('merged:post:' || ?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """)
    try note.bind(gone.uuid, at: 1)
    try note.bind(kept.uuid, at: 2)
    try note.execute()
    return (try require([keep])[0], [titleLeft, authorLeft, sourceLeft].compactMap { $0 })
  }

  /// A one-line field of a merge: the kept post's when it has one, else the other's; the
  /// other's, when it differs (beyond case and surrounding spaces), as not kept.
  static func joined(_ field: String, _ kept: String?, _ other: String?) -> (
    String?, MergeLeftover?
  ) {
    let mine = kept.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
    guard let other, !other.trimmingWhitespace().isEmpty else { return (kept, nil) }
    guard let mine else { return (other, nil) }
    let same =
      mine.trimmingWhitespace().lowercased() == other.trimmingWhitespace().lowercased()
    return (mine, same ? nil : MergeLeftover(field: field, value: other, kept: mine))
  }

  public func delete(_ ids: [PostID]) throws -> [Post] {
    let found = try require(ids)
    let statement = try database.cachedStatement(sql: "DELETE FROM posts WHERE id = ?")
    // A post deleted, not merged: its deletion names no post kept (a merge's note is written
    // after it).
    let forget = try database.cachedStatement(
      sql: "DELETE FROM sync_settings WHERE key = 'merged:post:' || ?")
    for post in found {
      statement.reset()
      try statement.bind(post.id.rawValue, at: 1)
      try statement.execute()
      forget.reset()
      try forget.bind(post.uuid, at: 1)
      try forget.execute()
    }
    return found
  }

  static func order(_ query: PostQuery) -> String {
    switch (query.sort, query.isReversed) {
    case (.created, false): return "p.created_at DESC, p.id DESC"
    case (.created, true): return "p.created_at ASC, p.id ASC"
    case (.updated, false): return "p.updated_at DESC, p.id DESC"
    case (.updated, true): return "p.updated_at ASC, p.id ASC"
    case (.title, false): return "p.title COLLATE NOCASE ASC, p.id ASC"
    case (.title, true): return "p.title COLLATE NOCASE DESC, p.id DESC"
    }
  }

  /// Escapes LIKE's wildcards so the user's text matches literally.
  static func escapeLike(_ text: String) -> String {
    var out = ""
    for c in text {
      if c == "%" || c == "_" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// Reads a post from a row of `columns`.
  static func post(from row: Statement) -> Post {
    Post(
      id: PostID(row.int64(0)), uuid: row.string(1), title: row.string(2), author: row.text(3),
      body: row.text(4), source: row.text(5),
      createdAt: Timestamp(rfc3339: row.string(6)) ?? Timestamp(millis: 0),
      updatedAt: Timestamp(rfc3339: row.string(7)) ?? Timestamp(millis: 0),
      isFavorite: row.bool(8), questionCount: row.int(9))
  }
}
