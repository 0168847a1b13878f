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

  /// The posts the Goodreads rows of a file went into so far, and the date of each this
  /// import made (the earliest Date Added of its rows).
  struct GoodreadsRows {
    var reached: Set<Int64> = []
    var madeAt: [Int64: Timestamp] = [:]
  }

  /// Counts a book's post in `summary`, made (added), filled in (updated) or not (unchanged;
  /// a Goodreads row only: a reader's book is counted by its clippings). A Goodreads row of a
  /// book an earlier row went into (another edition: another Book Id, ISBN and Date Added) is
  /// joined to that post: it fills what the post lacks, an earlier Date Added becomes the
  /// date of a post this import made, and a different ISBN is named in a warning.
  func countRow(
    _ book: ExternalBook, postID: Int64, isNew: Bool, rows: inout GoodreadsRows,
    into summary: inout ImportSummary
  ) throws {
    let isRow = book.key != nil
    defer { if isRow { rows.reached.insert(postID) } }
    if isNew {
      summary.added += 1
      if isRow { rows.madeAt[postID] = book.addedAt ?? now }
      return
    }
    let filled = try fillBlanks(of: postID, from: book)
    if filled == .reviewAppended { summary.reviewsAppended += 1 }
    guard isRow, rows.reached.contains(postID) else {
      if filled != .nothing {
        summary.updated += 1
      } else if isRow {
        summary.unchanged += 1
      }
      return
    }
    summary.joined += 1
    if let made = rows.madeAt[postID], let added = book.addedAt, added < made {
      rows.madeAt[postID] = added
      try execute(
        "UPDATE posts SET created_at = ?1 WHERE id = ?2",
        [.text(added.rfc3339), .integer(postID)])
    }
    let read = try database.cachedStatement(sql: "SELECT title, source FROM posts WHERE id = ?")
    defer { read.reset() }
    try read.bind(postID, at: 1)
    guard try read.step(), let source = book.source, let kept = read.text(1), kept != source
    else { return }
    let id = book.key.map { String($0.dropFirst("goodreads:".count)) } ?? ""
    summary.warnings.append(
      "Book Id \(id) (\"\(read.string(0))\", ISBN \(source)) is another edition of a book on an earlier row: joined to its post, which keeps ISBN \(kept)"
    )
  }

  /// What `fillBlanks` did to a post.
  enum Filled: Equatable {
    case nothing
    /// The review became its empty body, or the source its missing source.
    case filled
    /// Its body had text of its own: the review went after it, under `reviewHeading`.
    case reviewAppended
  }

  /// Where a Goodreads review goes in a post whose body has text of its own.
  static let reviewHeading = "## Goodreads review"

  /// Gives the post of `book` found here the review and source (a Goodreads row's) it lacks:
  /// a source it has stays; a body it has, edited or not, stays, and a review it does not
  /// hold yet goes after it under a "Goodreads review" heading (kept where the user finds it,
  /// never over what they wrote; a body that holds the review already is left alone, so a
  /// re-import adds it once).
  func fillBlanks(of postID: Int64, from book: ExternalBook) throws -> Filled {
    guard book.review != nil || book.source != nil else { return .nothing }
    let read = try database.cachedStatement(sql: "SELECT body FROM posts WHERE id = ?")
    defer { read.reset() }
    try read.bind(postID, at: 1)
    let body = try read.step() ? read.text(0) : nil
    var newBody = body
    var isAppended = false
    if let review = book.review, !review.isEmpty {
      if let body, !body.isEmpty {
        if !body.contains(review) {
          var kept = Substring(body)
          while let last = kept.last, last.isWhitespace { kept.removeLast() }
          newBody = String(kept) + "\n\n" + Self.reviewHeading + "\n\n" + review
          isAppended = true
        }
      } else {
        newBody = review
      }
    }
    try execute(
      """
      UPDATE posts SET body = ?1, source = coalesce(nullif(source, ''), ?2), updated_at = ?3
      WHERE id = ?4 AND (body IS NOT ?1 OR (nullif(source, '') IS NULL AND ?2 IS NOT NULL))
      """,
      [
        newBody.map { .text($0) } ?? .null, book.source.map { .text($0) } ?? .null,
        .text(now.rfc3339), .integer(postID),
      ])
    guard database.changes > 0 else { return .nothing }
    return isAppended ? .reviewAppended : .filled
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
