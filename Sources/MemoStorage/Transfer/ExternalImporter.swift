import MemoCore

/// Merges books from Kindle clippings or a Goodreads library: each book is a post matched by
/// title and author; highlights and notes are appended to its body, notes that ask something
/// become questions. Every clipping and Goodreads row leaves a key in `import_keys`, so
/// importing the same file again (or a later file repeating old clippings) adds nothing.
struct ExternalImporter {
  let database: Database
  let now: Timestamp
  let makeUUID: (Timestamp) -> String

  func merge(_ books: [ExternalBook]) throws -> ImportSummary {
    var summary = ImportSummary()
    for book in books {
      if let key = book.key, try hasKey(key) {
        summary.unchanged += 1
        continue
      }
      let (postID, isNew) = try findOrCreatePost(for: book)
      if isNew { summary.added += 1 } else if book.key != nil { summary.unchanged += 1 }
      if book.isFavorite {
        try execute(
          """
          INSERT INTO favorites (post_id, position, added_at)
          VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM favorites), ?) ON CONFLICT (post_id) DO NOTHING
          """, [.integer(postID), .text((book.addedAt ?? now).rfc3339)])
      }
      if let key = book.key { try remember(key) }
      var additions: [String] = []
      for clipping in book.clippings {
        if try hasKey(clipping.key) {
          summary.unchanged += 1
          continue
        }
        try remember(clipping.key)
        summary.added += 1
        if clipping.isQuestion {
          let created = clipping.addedAt ?? now
          try execute(
            "INSERT INTO questions (uuid, post_id, text, starred, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)",
            [
              .text(makeUUID(created)), .integer(postID), .text(clipping.text),
              .text(created.rfc3339), .text(now.rfc3339),
            ])
        } else {
          additions.append(clipping.bodyText)
        }
      }
      if !additions.isEmpty {
        // Append to the body: existing text, a blank line, then the clippings.
        try execute(
          """
          UPDATE posts SET body = CASE WHEN body IS NULL OR body = '' THEN ? ELSE body || char(10) || char(10) || ? END,
                           updated_at = ? WHERE id = ?
          """,
          [
            .text(additions.joined(separator: "\n\n")), .text(additions.joined(separator: "\n\n")),
            .text(now.rfc3339), .integer(postID),
          ])
      }
    }
    return summary
  }

  func findOrCreatePost(for book: ExternalBook) throws -> (Int64, Bool) {
    let find = try database.cachedStatement(
      sql: "SELECT id FROM posts WHERE title = ? AND author IS ? ORDER BY id LIMIT 1")
    try find.bind(book.title, at: 1)
    try find.bind(book.author, at: 2)
    let found = try find.step() ? find.int64(0) : nil
    find.reset()
    if let found { return (found, false) }
    let created = book.addedAt ?? now
    try execute(
      "INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .text(makeUUID(created)), .text(book.title), book.author.map { .text($0) } ?? .null,
        book.review.map { .text($0) } ?? .null, book.source.map { .text($0) } ?? .null,
        .text(created.rfc3339), .text(created.rfc3339),
      ])
    return (database.lastInsertedRowID, true)
  }

  func hasKey(_ key: String) throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM import_keys WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step()
  }

  func remember(_ key: String) throws {
    try execute(
      "INSERT OR IGNORE INTO import_keys (key, imported_at) VALUES (?, ?)",
      [.text(key), .text(now.rfc3339)])
  }

  func execute(_ sql: String, _ values: [SQLCondition.Binding]) throws {
    let statement = try database.cachedStatement(sql: sql)
    var condition = SQLCondition()
    condition.add("", bindings: values)
    try condition.bind(to: statement)
    try statement.execute()
  }
}
