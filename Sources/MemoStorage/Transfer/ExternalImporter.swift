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
    var counts = ClippingSummary()
    for book in books {
      if let key = book.key, try hasKey(key) {
        summary.unchanged += 1
        continue
      }
      let (postID, isNew) = try findOrCreatePost(for: book)
      if isNew { summary.added += 1 } else if book.key != nil { summary.unchanged += 1 }
      if !book.clippings.isEmpty {
        counts.books += 1
        if isNew { counts.newBooks += 1 }
      }
      if book.isFavorite {
        try execute(
          """
          INSERT INTO favorites (post_id, position, added_at)
          VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM favorites), ?) ON CONFLICT (post_id) DO NOTHING
          """, [.integer(postID), .text((book.addedAt ?? now).rfc3339)])
      }
      if let key = book.key { try remember(key) }
      var additions: [String] = []
      // Quotes imported before that a longer highlight replaces: (old text, new text).
      var replacements: [(String, String)] = []
      for clipping in book.clippings {
        if try hasKey(clipping.key) {
          summary.unchanged += 1
          counts.duplicates += 1
          continue
        }
        try remember(clipping.key)
        var replacing: ExternalClipping?
        for earlier in clipping.replaces {
          if try hasKey(earlier.key) { replacing = earlier } else { try remember(earlier.key) }
        }
        if let replacing {
          replacements.append((replacing.bodyText, clipping.bodyText))
          summary.updated += 1
          counts.replaced += 1
          continue
        }
        summary.added += 1
        if clipping.isQuestion {
          counts.questions += 1
          let created = clipping.addedAt ?? now
          try execute(
            "INSERT INTO questions (uuid, post_id, text, starred, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)",
            [
              .text(makeUUID(created)), .integer(postID),
              .text(clipping.text), .text(created.rfc3339), .text(now.rfc3339),
            ])
        } else {
          if clipping.kind == .note { counts.notes += 1 } else { counts.highlights += 1 }
          additions.append(clipping.bodyText)
        }
      }
      if !additions.isEmpty || !replacements.isEmpty {
        try updateBody(of: postID, replacing: replacements, appending: additions)
      }
    }
    summary.clippings = counts
    return summary
  }

  /// Replaces each old quote in the body by its longer version (appending it when the reader
  /// edited the old one away), then appends the new clippings after a blank line.
  func updateBody(of postID: Int64, replacing: [(String, String)], appending: [String]) throws {
    let select = try database.cachedStatement(sql: "SELECT body FROM posts WHERE id = ?")
    try select.bind(postID, at: 1)
    var body = try select.step() ? select.string(0) : ""
    select.reset()
    var additions = appending
    for (old, new) in replacing {
      if let range = body.firstRange(of: old) {
        body.replaceSubrange(range, with: new)
      } else {
        additions.append(new)
      }
    }
    if !additions.isEmpty {
      body += (body.isEmpty ? "" : "\n\n") + additions.joined(separator: "\n\n")
    }
    try execute(
      "UPDATE posts SET body = ?, updated_at = ? WHERE id = ?",
      [.text(body), .text(now.rfc3339), .integer(postID)])
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
