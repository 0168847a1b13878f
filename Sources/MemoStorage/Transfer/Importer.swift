import MemoCore

/// Merges exported records into the database by UUID: new records are added, an existing one
/// is replaced only by a record with a newer `updated_at` (SPEC §5). Runs inside the caller's
/// transaction; any error leaves nothing written.
struct Importer {
  let database: Database
  let categories: CategoryRepository
  let filters: FilterRepository
  let now: Timestamp
  /// The ids this import has looked up or made: it runs in one write transaction, so only the
  /// import itself changes them, and most records name a post and a category seen before.
  let known = Known()

  final class Known {
    var posts: [String: Int64] = [:]
    var categories: [String: Int64] = [:]
    /// Questions whose highlight was not here yet when they were merged: linked by `finish`.
    var links: [(question: String, highlight: String)] = []
    /// The highest question id before this import (read at its first question).
    var questionFloor: Int64?
    /// Questions this import brought review events: their schedules are replayed by `finish`.
    var reviewed: Set<Int64> = []
    /// Highlights this import brought review choices: replayed by `finish` too.
    var reviewedHighlights: Set<Int64> = []
  }

  init(database: Database, now: Timestamp) {
    self.database = database
    self.categories = CategoryRepository(database: database)
    self.filters = FilterRepository(database: database)
    self.now = now
  }

  func merge(_ records: [BackupRecord], name: String) throws -> ImportSummary {
    var summary = ImportSummary()
    for record in records { try merge(record, into: &summary, name: name) }
    try finish(name: name)
    return summary
  }

  /// Links the questions whose highlight came later in the file (or in no order the file
  /// promises). Call once, after the last record.
  /// - Throws: `MemoError` `.badData` (65) for a highlight neither in the file nor here.
  func finish(name: String) throws {
    if !known.reviewed.isEmpty {
      try ReviewRepository(database: database).replay(
        known.reviewed.sorted().map { QuestionID($0) })
      known.reviewed = []
    }
    if !known.reviewedHighlights.isEmpty {
      let review = ReviewRepository(database: database)
      for id in known.reviewedHighlights.sorted() where try highlightExists(id) {
        try review.replayHighlight(HighlightID(id))
      }
      known.reviewedHighlights = []
    }
    let links = known.links
    known.links = []
    guard !links.isEmpty else { return }
    let floor = known.questionFloor ?? Int64.max
    // A question this import added is in its load's range, whose rows undo takes as they are
    // then (link included): its link is not a change of its own, which undo could not revert
    // once the row is gone. A question it updated is journaled as every update is.
    let entry = try database.int(sql: "SELECT entry_id FROM journal_context")
    for (question, highlight) in links {
      guard let id = try highlightID(highlight) else {
        throw MemoError.malformedImport(
          name, place: "question \(question)",
          reason: "its highlight \(highlight) is neither in the file nor in the database")
      }
      let isNew = try (questionID(question) ?? 0) > floor
      if isNew { try run("UPDATE journal_context SET entry_id = NULL", []) }
      try run(
        "UPDATE questions SET highlight_id = ? WHERE uuid = ?", [.integer(id), .text(question)])
      if isNew, let entry {
        try run("UPDATE journal_context SET entry_id = ?", [.integer(entry)])
      }
    }
  }

  func questionID(_ uuid: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM questions WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Merges one record, counting what it did.
  func merge(_ record: BackupRecord, into summary: inout ImportSummary, name: String) throws {
    switch record {
    case .category(let categoryName, let createdAt):
      try mergeCategory(categoryName, createdAt: createdAt, into: &summary)
    case .post(let post):
      try merge(post, into: &summary)
    case .question(let question):
      try merge(question, into: &summary, name: name)
    case .highlight(let highlight):
      try merge(highlight, into: &summary, name: name)
    case .favorite(let postUUID, _, let addedAt):
      try mergeFavorite(of: postUUID, addedAt: addedAt, into: &summary, name: name)
    case .savedFilter(let filterName, let filter, let createdAt, let updatedAt):
      try mergeSavedFilter(
        filterName, filter, createdAt: createdAt, updatedAt: updatedAt, into: &summary)
    case .currentFilter(let filter):
      // Never replace a filter the user chose here; fill it in only when there is none.
      if try filters.current().isEmpty && !filter.isEmpty {
        try filters.setCurrent(filter)
        summary.added += 1
      } else {
        summary.unchanged += 1
      }
    case .reviewEvent(let event):
      try merge(event, into: &summary, name: name)
    case .highlightReviewEvent(let event):
      try merge(event, into: &summary, name: name)
    case .deleted(let uuid, let kind, let deletedAt):
      try mergeDeletion(of: uuid, kind: kind, at: deletedAt, into: &summary, name: name)
    }
  }

  /// A category: added when neither this import nor the database has it.
  private func mergeCategory(
    _ categoryName: String, createdAt: Timestamp, into summary: inout ImportSummary
  ) throws {
    if known.categories[categoryName] == nil, try categories.id(named: categoryName) == nil {
      try run(
        "INSERT INTO categories (name, created_at) VALUES (?, ?)",
        [.text(categoryName), .text(createdAt.rfc3339)])
      known.categories[categoryName] = database.lastInsertedRowID
      summary.added += 1
    } else {
      summary.unchanged += 1
    }
  }

  /// A favorite: put last on the shelf unless its post is there already.
  private func mergeFavorite(
    of postUUID: String, addedAt: Timestamp, into summary: inout ImportSummary, name: String
  ) throws {
    guard let postID = try postID(postUUID) else {
      throw MemoError.malformedImport(
        name, place: "favorites",
        reason: "post \(postUUID) is neither in the file nor in the database")
    }
    try run(
      """
      INSERT INTO favorites (post_id, position, added_at)
      VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM favorites), ?) ON CONFLICT (post_id) DO NOTHING
      """, [.integer(postID), .text(addedAt.rfc3339)])
    if database.changes > 0 { summary.added += 1 } else { summary.unchanged += 1 }
  }

  /// A saved filter: added, or replaced by a later different one.
  private func mergeSavedFilter(
    _ filterName: String, _ filter: QuestionFilter, createdAt: Timestamp, updatedAt: Timestamp,
    into summary: inout ImportSummary
  ) throws {
    let existing = try? filters.saved(filterName)
    let statement = try database.cachedStatement(
      sql: "SELECT updated_at FROM saved_filters WHERE name = ?")
    try statement.bind(filterName, at: 1)
    let stored = try statement.step() ? Timestamp(rfc3339: statement.string(0)) : nil
    statement.reset()
    if existing == nil {
      try run(
        "INSERT INTO saved_filters (name, filter, created_at, updated_at) VALUES (?, ?, ?, ?)",
        [
          .text(filterName), .text(filter.json), .text(createdAt.rfc3339),
          .text(updatedAt.rfc3339),
        ])
      summary.added += 1
    } else if let stored, updatedAt > stored, existing?.filter != filter {
      try run(
        "UPDATE saved_filters SET filter = ?, updated_at = ? WHERE name = ?",
        [.text(filter.json), .text(updatedAt.rfc3339), .text(filterName)])
      summary.updated += 1
    } else {
      summary.unchanged += 1
    }
  }

  /// A deletion: applied unless something here changed after it was made (then kept, with a
  /// warning); one of a record never here is kept as a tombstone, so exports list it.
  private func mergeDeletion(
    of uuid: String, kind: String, at deletedAt: Timestamp, into summary: inout ImportSummary,
    name: String
  ) throws {
    let table = kind == "post" ? "posts" : kind == "highlight" ? "highlights" : "questions"
    let statement = try database.cachedStatement(
      sql: "SELECT updated_at FROM \(table) WHERE uuid = ?")
    try statement.bind(uuid, at: 1)
    let updated = try statement.step() ? Timestamp(rfc3339: statement.string(0)) : nil
    statement.reset()
    if updated != nil, let kept = try newerThanDeletion(kind: kind, uuid: uuid, at: deletedAt) {
      // Something here changed after the deletion was made: applying it would lose that.
      summary.deletionsKept += 1
      summary.warnings.append("\(name): \(kept)")
    } else if updated != nil {
      try run("DELETE FROM \(table) WHERE uuid = ?", [.text(uuid)])
      // The deletion keeps its time (the trigger wrote now), as when the record was never
      // here: an export of this database lists it as the file did.
      try run(
        "UPDATE tombstones SET deleted_at = ? WHERE uuid = ?",
        [.text(deletedAt.rfc3339), .text(uuid)])
      if kind == "post" { known.posts[uuid] = nil }
      summary.deleted += 1
    } else {
      try run(
        "INSERT OR IGNORE INTO tombstones (uuid, kind, deleted_at) VALUES (?, ?, ?)",
        [.text(uuid), .text(kind), .text(deletedAt.rfc3339)])
      summary.unchanged += 1
    }
  }

  func merge(_ post: PostRecord, into summary: inout ImportSummary) throws {
    let statement = try database.cachedStatement(sql: "SELECT updated_at FROM posts WHERE uuid = ?")
    try statement.bind(post.uuid, at: 1)
    let stored = try statement.step() ? Timestamp(rfc3339: statement.string(0)) : nil
    statement.reset()
    let values: [SQLCondition.Binding] = [
      .text(post.title), optional(post.author), optional(post.body), optional(post.source),
      .text(post.createdAt.rfc3339), .text(post.updatedAt.rfc3339), .text(post.uuid),
    ]
    if stored == nil {
      try run(
        "INSERT INTO posts (title, author, body, source, created_at, updated_at, uuid) VALUES (?, ?, ?, ?, ?, ?, ?)",
        values)
      known.posts[post.uuid] = database.lastInsertedRowID
      summary.added += 1
    } else if let stored, post.updatedAt > stored {
      try run(
        "UPDATE posts SET title = ?, author = ?, body = ?, source = ?, created_at = ?, updated_at = ? WHERE uuid = ?",
        values)
      summary.updated += 1
    } else {
      summary.unchanged += 1
    }
  }

  func merge(_ question: QuestionRecord, into summary: inout ImportSummary, name: String) throws {
    guard let postID = try postID(question.postUUID) else {
      throw MemoError.malformedImport(
        name, place: "question \(question.uuid)",
        reason: "its post \(question.postUUID) is neither in the file nor in the database")
    }
    if known.questionFloor == nil {
      known.questionFloor = try database.int(sql: "SELECT coalesce(max(id), 0) FROM questions")
    }
    let lookup = try database.cachedStatement(
      sql: "SELECT updated_at FROM questions WHERE uuid = ?")
    try lookup.bind(question.uuid, at: 1)
    let stored = try lookup.step() ? Timestamp(rfc3339: lookup.string(0)) : nil
    lookup.reset()
    if let stored, question.updatedAt <= stored {
      summary.unchanged += 1
      return
    }
    let categoryID = try question.category.map { try category($0, at: question.createdAt) }
    var highlightID: Int64?
    if let highlight = question.highlightUUID {
      highlightID = try self.highlightID(highlight)
      if highlightID == nil { known.links.append((question.uuid, highlight)) }
    }
    // Bound directly, column by column: this runs once per imported question.
    let statement = try database.cachedStatement(
      sql: stored == nil
        ? """
        INSERT INTO questions (post_id, text, category_id, starred, answer, answered_at, created_at, updated_at, uuid, highlight_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
        : """
        UPDATE questions SET post_id = ?, text = ?, category_id = ?, starred = ?, answer = ?, answered_at = ?,
          created_at = ?, updated_at = ?, highlight_id = ?10 WHERE uuid = ?9
        """)
    try statement.bind(postID, at: 1)
    try statement.bind(question.text, at: 2)
    try statement.bind(categoryID, at: 3)
    try statement.bind(question.isStarred, at: 4)
    try statement.bind(question.answer, at: 5)
    try statement.bind(question.answeredAt?.rfc3339, at: 6)
    try statement.bind(question.createdAt.rfc3339, at: 7)
    try statement.bind(question.updatedAt.rfc3339, at: 8)
    try statement.bind(question.uuid, at: 9)
    try statement.bind(highlightID, at: 10)
    try statement.execute()
    if stored == nil { summary.added += 1 } else { summary.updated += 1 }
  }

  /// A highlight: added, or replacing one with an older `updated_at`.
  /// - Throws: `.badData` (65) when its post is neither in the file nor here.
  func merge(_ highlight: HighlightRecord, into summary: inout ImportSummary, name: String)
    throws
  {
    guard let postID = try postID(highlight.postUUID) else {
      throw MemoError.malformedImport(
        name, place: "highlight \(highlight.uuid)",
        reason: "its post \(highlight.postUUID) is neither in the file nor in the database")
    }
    let lookup = try database.cachedStatement(
      sql: "SELECT updated_at FROM highlights WHERE uuid = ?")
    try lookup.bind(highlight.uuid, at: 1)
    let stored = try lookup.step() ? Timestamp(rfc3339: lookup.string(0)) : nil
    lookup.reset()
    if let stored, highlight.updatedAt <= stored {
      summary.unchanged += 1
      return
    }
    let statement = try database.cachedStatement(
      sql: stored == nil
        ? """
        INSERT INTO highlights (post_id, text, note, chapter, page, location, position,
          highlighted_at, starred, source, source_key, created_at, updated_at, uuid)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
        : """
        UPDATE highlights SET post_id = ?, text = ?, note = ?, chapter = ?, page = ?, location = ?,
          position = ?, highlighted_at = ?, starred = ?, source = ?, source_key = ?,
          created_at = ?, updated_at = ? WHERE uuid = ?
        """)
    try statement.bind(postID, at: 1)
    try statement.bind(highlight.text, at: 2)
    try statement.bind(highlight.note, at: 3)
    try statement.bind(highlight.chapter, at: 4)
    try statement.bind(highlight.page, at: 5)
    try statement.bind(highlight.location, at: 6)
    try statement.bind(highlight.position, at: 7)
    try statement.bind(highlight.highlightedAt?.rfc3339, at: 8)
    try statement.bind(highlight.isStarred, at: 9)
    try statement.bind(highlight.source, at: 10)
    try statement.bind(highlight.sourceKey, at: 11)
    try statement.bind(highlight.createdAt.rfc3339, at: 12)
    try statement.bind(highlight.updatedAt.rfc3339, at: 13)
    try statement.bind(highlight.uuid, at: 14)
    try statement.execute()
    if stored == nil { summary.added += 1 } else { summary.updated += 1 }
  }

  /// The id of the highlight with this UUID, if there is one.
  func highlightID(_ uuid: String) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT id FROM highlights WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The id of the post with this UUID, if there is one.
  func postID(_ uuid: String) throws -> Int64? {
    if let id = known.posts[uuid] { return id }
    let statement = try database.cachedStatement(sql: "SELECT id FROM posts WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    guard try statement.step() else { return nil }
    let id = statement.int64(0)
    known.posts[uuid] = id
    return id
  }

  /// The id of the category with this name, made if there is none.
  func category(_ name: String, at time: Timestamp) throws -> Int64 {
    if let id = known.categories[name] { return id }
    let id = try categories.ensure(name, at: time)
    known.categories[name] = id
    return id
  }

  func optional(_ text: String?) -> SQLCondition.Binding { text.map { .text($0) } ?? .null }

  /// Runs a cached statement with these values.
  func run(_ sql: String, _ values: [SQLCondition.Binding]) throws {
    let statement = try database.cachedStatement(sql: sql)
    var condition = SQLCondition()
    condition.add("", bindings: values)
    try condition.bind(to: statement)
    try statement.execute()
  }
}
