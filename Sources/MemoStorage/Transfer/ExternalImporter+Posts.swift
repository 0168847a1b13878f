import MemoCore

/// The post of each book an import merges: found (by a highlight imported from it, or by
/// title and author), filled in where it lacks what the book gives, or made.
extension ExternalImporter {
  /// The post of `book`, made when there is none; whether it was made.
  func findOrCreatePost(for book: ExternalBook) throws -> (Int64, Bool) {
    if let found = try existingPost(for: book) { return (found, false) }
    let key = BookKey(title: book.title, author: book.author)
    let created = book.addedAt ?? now
    try execute(
      "INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .text(makeUUID(created)), .text(book.title), book.author.map { .text($0) } ?? .null,
        book.review.map { .text($0) } ?? .null, book.source.map { .text($0) } ?? .null,
        .text(created.rfc3339), .text(created.rfc3339),
      ])
    let id = database.lastInsertedRowID
    posts.add(id, key)
    return (id, true)
  }

  /// Gives the post of `book` found here the review and source (a Goodreads row's) it lacks:
  /// a body or source it has, edited or not, stays. Whether anything was filled in.
  func fillBlanks(of postID: Int64, from book: ExternalBook) throws -> Bool {
    guard book.review != nil || book.source != nil else { return false }
    try execute(
      """
      UPDATE posts SET body = coalesce(nullif(body, ''), ?1), source = coalesce(nullif(source, ''), ?2),
        updated_at = ?3
      WHERE id = ?4 AND ((nullif(body, '') IS NULL AND ?1 IS NOT NULL)
        OR (nullif(source, '') IS NULL AND ?2 IS NOT NULL))
      """,
      [
        book.review.map { .text($0) } ?? .null, book.source.map { .text($0) } ?? .null,
        .text(now.rfc3339), .integer(postID),
      ])
    return database.changes > 0
  }

  /// The post of `book`: the one holding a highlight imported from it (even if its title was
  /// edited since), else the one of the same title and author; nil when there is none.
  func existingPost(for book: ExternalBook) throws -> Int64? {
    let byKey = try database.cachedStatement(
      sql: "SELECT post_id FROM highlights WHERE source_key = ? LIMIT 1")
    for clipping in book.clippings where clipping.kind == .highlight {
      byKey.reset()
      try byKey.bind(clipping.key, at: 1)
      if try byKey.step() {
        let id = byKey.int64(0)
        byKey.reset()
        return id
      }
    }
    byKey.reset()
    return try posts.post(for: BookKey(title: book.title, author: book.author), in: database)
  }
}
