import MemoCore

/// Merges books from a reader's export (Kindle clippings, KOReader, Kobo, Apple Books,
/// Readwise) or a Goodreads library: each book is a post matched by title and author; each
/// highlight becomes a row of `highlights` with its note and place; a Kindle note at a
/// highlight's place becomes that highlight's note, and a note that asks something a question
/// (linked to the highlight at its place, if any). A note at no highlight's place is appended
/// to the post's body. Every clipping and Goodreads row leaves a key in `import_keys` (and a
/// highlight its own key in `source_key`), so importing the same file again (or a later file
/// repeating old clippings) adds nothing, and never overwrites what was edited since.
struct ExternalImporter {
  let database: Database
  let now: Timestamp
  let makeUUID: (Timestamp) -> String
  /// The reader the clippings came from (`highlights.source`): kindle, koreader, …
  var reader: String? = nil
  /// The posts by `BookKey`, read when the first book needs them.
  let posts = PostIndex()
  /// Whether sync noted here any deletion of what a file gave (nil: not read yet).
  let deletions = DeletionNotes()

  final class DeletionNotes { var any: Bool? }

  /// A highlight of the post being merged, for notes to find by place.
  struct Placed {
    var id: Int64
    var page: String?
    var start: Int?
    var end: Int?
    /// Its import key (`source_key`), for the notes the file puts on it.
    var key: String?
  }

  /// What a `merge` counts as it goes.
  struct Tally {
    var summary = ImportSummary()
    var counts = ClippingSummary()
    /// The posts of the books counted, and those this import made.
    var counted: Set<Int64> = []
    var created: Set<Int64> = []
    /// The posts deleted here that books of the file were on (a merged post: two books).
    var deletedHere: Set<Int64> = []
    var rows = GoodreadsRows()
  }

  func merge(_ books: [ExternalBook]) throws -> ImportSummary {
    var tally = Tally()
    for read in books { try mergeBook(read.withOneLineFields(), into: &tally) }
    tally.summary.clippings = tally.counts
    return tally.summary
  }

  /// One book: its post found or made (or the book left deleted), counted, put on the shelf,
  /// then its highlights and, after them, its notes.
  private func mergeBook(_ book: ExternalBook, into tally: inout Tally) throws {
    if let key = book.key, try hasKey(key) {
      tally.summary.unchanged += 1
      return
    }
    // Every clipping of the book imported before, and the book no longer here: it was
    // deleted here since (`memo rm`), and stays deleted, as a highlight deleted here does,
    // instead of coming back as a post without its highlights.
    let allKnown =
      try book.key == nil && !book.clippings.isEmpty
      && book.clippings.allSatisfy({ try isKnown($0) })
    let known = allKnown ? try existingPost(for: book) : nil
    if allKnown && known == nil {
      // Counted by post: two books merged into one post, then deleted, are one book.
      if try deletedPost(of: book).map({ tally.deletedHere.insert($0).inserted }) ?? true {
        tally.counts.booksDeletedHere += 1
      }
      tally.counts.duplicates += book.clippings.reduce(0) { $0 + 1 + $1.replaces.count }
      tally.summary.unchanged += book.clippings.count
      return
    }
    // The post looked up once: a re-imported book's (every clipping known) is found above.
    let (postID, isNew) = try known.map { ($0, false) } ?? findOrCreatePost(for: book)
    try countRow(book, postID: postID, isNew: isNew, rows: &tally.rows, into: &tally.summary)
    // Counted by post: two spellings of one book in a file ("Dune (Herbert, Frank)", "Dune
    // (Frank Herbert)") are one post, new when this import made it.
    if isNew { tally.created.insert(postID) }
    if !book.clippings.isEmpty, tally.counted.insert(postID).inserted {
      tally.counts.books += 1
      if tally.created.contains(postID) { tally.counts.newBooks += 1 }
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
    // Highlights first, then notes: a Kindle writes a note before or after its highlight.
    let ordered =
      book.clippings.filter { $0.kind == .highlight } + book.clippings.filter { $0.kind == .note }
    var place = BookPlace(book: book, postID: postID, isNew: isNew)
    for clipping in ordered {
      if clipping.kind == .note {
        try mergeNote(
          clipping, postID: postID, placed: &place.placed, additions: &additions,
          summary: &tally.summary, counts: &tally.counts)
      } else {
        try mergeHighlight(clipping, in: &place, into: &tally)
      }
    }
    if !additions.isEmpty {
      try appendToBody(of: postID, additions)
    }
  }

  /// The post a book's highlights were on when it was deleted here, as the journal recorded
  /// their deletion (nil: not recorded, or the journal was pruned since). Only read for a
  /// book deleted here.
  func deletedPost(of book: ExternalBook) throws -> Int64? {
    guard let key = book.clippings.first(where: { $0.kind == .highlight })?.key else {
      return nil
    }
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_extract(old_row, '$.post_id') FROM journal_changes
        WHERE table_name = 'highlights' AND new_row IS NULL
          AND json_extract(old_row, '$.source_key') = ?
        ORDER BY id DESC LIMIT 1
        """)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() && !statement.isNull(0) ? statement.int64(0) : nil
  }

  /// A clipping imported before: the same highlight again brings in what changed on the device
  /// since (its passage or note: updated; a note that now asks: a question, added); else it is
  /// a duplicate, or kept as edited here.
  func mergeKnown(
    _ clipping: ExternalClipping, postID: Int64, into summary: inout ImportSummary,
    _ counts: inout ClippingSummary
  ) throws {
    if clipping.kind == .highlight, let id = try keyedHighlight(postID: postID, key: clipping.key) {
      let refreshed = try refresh(id, from: clipping, postID: postID)
      if refreshed.asked {
        summary.added += 1
        counts.questions += 1
      }
      if refreshed.changed {
        summary.updated += 1
        counts.updated += 1
        return
      }
      if refreshed.asked { return }
      if refreshed.keptEdited {
        summary.unchanged += 1
        counts.keptEdited += 1
        return
      }
    }
    summary.unchanged += 1
    counts.duplicates += 1
  }

  /// The `location` column: a Kindle's location range ("140-141", "140"), else the reader's
  /// place as written when it names no page.
  static func location(of clipping: ExternalClipping) -> String? {
    if let start = clipping.start {
      return clipping.end.map { $0 != start ? "\(start)-\($0)" : "\(start)" } ?? "\(start)"
    }
    return clipping.page == nil ? clipping.location : nil
  }

  /// The number that sorts the highlight in reading order: the reader's, else the location's
  /// start, else an arabic page number.
  static func position(of clipping: ExternalClipping) -> Double? {
    clipping.position ?? clipping.start.map(Double.init)
      ?? HighlightRepository.position(location: nil, page: clipping.page)
  }

  func insertHighlight(_ clipping: ExternalClipping, postID: Int64) throws -> Int64 {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO highlights (uuid, post_id, text, note, chapter, page, location, position,
          highlighted_at, starred, source, source_key, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10, ?11, ?12, ?12)
        """)
    try statement.bind(makeUUID(clipping.addedAt ?? now), at: 1)
    try statement.bind(postID, at: 2)
    try statement.bind(clipping.text, at: 3)
    try statement.bind(clipping.note, at: 4)
    try statement.bind(clipping.chapter, at: 5)
    try statement.bind(clipping.page, at: 6)
    try statement.bind(Self.location(of: clipping), at: 7)
    try statement.bind(Self.position(of: clipping), at: 8)
    try statement.bind(clipping.addedAt?.rfc3339, at: 9)
    try statement.bind(reader, at: 10)
    try statement.bind(clipping.key, at: 11)
    try statement.bind(now.rfc3339, at: 12)
    try statement.execute()
    let id = database.lastInsertedRowID
    try rememberImported(id, text: clipping.text, note: clipping.note, held: clipping.note)
    return id
  }

  /// A question asked of the post (about one of its highlights), dated when it was asked.
  func insertQuestion(_ text: String, postID: Int64, highlightID: Int64?, at time: Timestamp?)
    throws
  {
    let created = time ?? now
    try execute(
      "INSERT INTO questions (uuid, post_id, text, starred, created_at, updated_at, highlight_id) VALUES (?, ?, ?, 0, ?, ?, ?)",
      [
        .text(makeUUID(created)), .integer(postID), .text(text), .text(created.rfc3339),
        .text(now.rfc3339), highlightID.map { .integer($0) } ?? .null,
      ])
  }

  /// The post's highlight imported under `key`, else (one migrated from a quote in the body,
  /// which has no key) the post's highlight with exactly `text`.
  func highlightID(postID: Int64, key: String, text: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id FROM highlights WHERE post_id = ?1 AND (source_key = ?2 OR text = ?3)
        ORDER BY source_key = ?2 DESC, id LIMIT 1
        """)
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(text, at: 3)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Appends notes that are at no highlight's place to the post's body, after a blank line.
  func appendToBody(of postID: Int64, _ additions: [String]) throws {
    let select = try database.cachedStatement(sql: "SELECT body FROM posts WHERE id = ?")
    try select.bind(postID, at: 1)
    var body = try select.step() ? select.string(0) : ""
    select.reset()
    body += (body.isEmpty ? "" : "\n\n") + additions.joined(separator: "\n\n")
    try execute(
      "UPDATE posts SET body = ?, updated_at = ? WHERE id = ?",
      [.text(body), .text(now.rfc3339), .integer(postID)])
  }

  /// Whether the highlight `clipping` is in the database already, without its import key: a
  /// highlight with its key as `source_key` (which backups and sync carry). A note's own check
  /// is `isHere(_:postID:target:)`, by its place.
  func isHere(_ clipping: ExternalClipping, postID: Int64) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "SELECT 1 FROM highlights WHERE source_key = ?1 AND ?2 IS NOT NULL")
    defer { statement.reset() }
    try statement.bind(clipping.key, at: 1)
    try statement.bind(postID, at: 2)
    return try statement.step()
  }

  /// Counts the earlier versions of a clipping that the file itself holds (a highlight it
  /// extends, a note edited on the device): replaced by it (changed on the device, for a note)
  /// when they are new here, duplicates of what was imported before when they are not.
  func countEarlierVersions(
    of clipping: ExternalClipping, postID: Int64, into counts: inout ClippingSummary
  ) throws {
    for earlier in clipping.replaces {
      if try hasKey(earlier.key) || isHere(earlier, postID: postID) {
        counts.duplicates += 1
      } else if clipping.kind == .note {
        counts.updated += 1
      } else {
        counts.replaced += 1
      }
    }
  }

  /// Whether the clipping `key` was imported here, or what it gave was deleted on a synced
  /// device (`SyncRepository.rememberGone`). The second look only where sync noted a deletion
  /// at all (read once an import): every clipping of every import asks.
  func hasKey(_ key: String) throws -> Bool {
    if deletions.any == nil {
      deletions.any =
        try database.int(
          sql:
            "SELECT EXISTS (SELECT 1 FROM sync_settings WHERE key >= 'deleted:' AND key < 'deleted;')"
        ) == 1
    }
    let statement = try database.cachedStatement(
      sql: deletions.any == true
        ? """
        SELECT 1 FROM import_keys WHERE key = ?1
        UNION ALL SELECT 1 FROM sync_settings WHERE key = 'deleted:' || ?1
        """ : "SELECT 1 FROM import_keys WHERE key = ?1")
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
