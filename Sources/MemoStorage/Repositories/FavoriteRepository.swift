import MemoCore

/// Reads and writes the favorites shelf: posts in the order they were added, each at most once.
public struct FavoriteRepository {
  let database: Database
  let posts: PostRepository

  public init(database: Database) {
    self.database = database
    self.posts = PostRepository(database: database)
  }

  /// Puts posts at the end of the shelf, in the order given; posts already there stay where
  /// they are. All or none. - Returns: the posts, now favorites.
  public func add(_ ids: [PostID], at time: Timestamp) throws -> [Post] {
    _ = try posts.require(ids)
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO favorites (post_id, position, added_at)
        VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM favorites), ?)
        ON CONFLICT (post_id) DO NOTHING
        """)
    // Each a millisecond after the one before: the shelf's order on every machine is the
    // order of `added_at` (sync's `renumberFavorites`), which must be the order given here.
    for (index, id) in ids.enumerated() {
      statement.reset()
      try statement.bind(id.rawValue, at: 1)
      try statement.bind(Timestamp(millis: time.millis + Int64(index)).rfc3339, at: 2)
      try statement.execute()
    }
    return try posts.require(ids)
  }

  /// Takes posts off the shelf (those not on it are left alone). All or none.
  public func remove(_ ids: [PostID]) throws -> [Post] {
    _ = try posts.require(ids)
    let statement = try database.cachedStatement(sql: "DELETE FROM favorites WHERE post_id = ?")
    for id in ids {
      statement.reset()
      try statement.bind(id.rawValue, at: 1)
      try statement.execute()
    }
    return try posts.require(ids)
  }

  /// The shelf, in the order posts were added.
  public func shelf() throws -> [Post] {
    let statement = try shelfListing()
    defer { statement.reset() }
    var result: [Post] = []
    while try statement.step() { result.append(PostRepository.post(from: statement)) }
    return result
  }

  /// The shelf in order, as a statement ready to step. The caller resets it.
  func shelfListing() throws -> Statement {
    try database.cachedStatement(
      sql:
        "SELECT \(PostRepository.columns) FROM favorites f JOIN posts p ON p.id = f.post_id ORDER BY f.position"
    )
  }
}
