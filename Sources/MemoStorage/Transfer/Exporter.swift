import MemoCore

/// Streams the database into an export: posts in order merged with their highlights and their
/// questions from two more cursors (one statement each), so memory stays flat whatever the
/// database's size.
struct Exporter {
  let database: Database
  /// Counts the posts written, for a progress line.
  var progress: ProgressMeter? = nil

  /// A cursor saved before the change sequence (schema 8) holds a time: it starts this long
  /// before it, so a change committed while that run was reading is not missed.
  static let cursorOverlapMilliseconds: Int64 = 60_000

  /// Writes the export. A cursor reads the change sequence (issue 16): the records whose seq
  /// passed the cursor's, up to the last seq of the export's own snapshot, which becomes the
  /// cursor's: nothing missed, nothing repeated.
  func export(_ request: ExportRequest, now: Timestamp) throws -> ExportSummary {
    var since = request.since
    var selection = Selection(since: nil, afterSeq: nil)
    if let name = request.cursor { selection.cursor = (name, nil) }
    if since == nil, let name = request.cursor, let last = try cursor(name) {
      if let seq = last.seq {
        selection.afterSeq = seq
        selection.cursor = (name, seq)
        // The header names where the cursor stood: its position and the time it got there.
        selection.headerSince = last.time
      } else {
        since = Timestamp(millis: last.time.millis - Self.cursorOverlapMilliseconds)
      }
    }
    selection.since = since
    var summary: ExportSummary
    var lastSeq: Int64 = 0
    if request.format == .markdown {
      guard let path = request.output else {
        throw MemoError.usage("markdown export writes a folder; pass --output DIR")
      }
      let folder = try MarkdownFolder(
        path, database: database.path, isForced: request.isForced)
      summary = try database.inReadTransaction {
        lastSeq = try currentSeq()
        try folder.checkTargets(postExists: postExists)
        var summary = try writeMarkdown(to: folder, selection)
        summary.filesRemoved = try folder.removeDeleted(postExists: postExists)
        return summary
      }
      summary.warnings += folder.warnings
      try folder.commit()
    } else {
      let output = try OutputFile(path: request.output, database: database.path, isUsersPath: true)
      summary = try database.inReadTransaction {
        lastSeq = try currentSeq()
        return try write(ExportEncoder(format: request.format), to: output, selection)
      }
      try output.commit()
    }
    summary.since = since
    if let name = request.cursor {
      try database.inTransaction { try saveCursor(name, at: now, seq: lastSeq) }
    }
    return summary
  }

  /// What an export selects: changed at or after a time, or after a seq (nil: no limit).
  struct Selection {
    var since: Timestamp?
    var afterSeq: Int64?
    /// The cursor the export runs under, and the seq it starts after (for the header).
    var cursor: (name: String, seq: Int64?)? = nil
    /// The header's `since` when it is not `since`: the time the cursor was saved.
    var headerSince: Timestamp? = nil
  }

  /// The last seq of the change sequence, in the caller's snapshot.
  func currentSeq() throws -> Int64 {
    try database.int(sql: "SELECT coalesce(max(seq), 0) FROM changes") ?? 0
  }

  func write(_ encoder: ExportEncoder, to output: OutputFile, since: Timestamp?, fast: Bool = true)
    throws -> ExportSummary
  {
    try write(encoder, to: output, Selection(since: since, afterSeq: nil), fast: fast)
  }

  /// Writes json, jsonl or csv. With `fast` (the default) rows stream through `RowWriter`;
  /// without it through `ExportEncoder` records — the reference the fast path must equal.
  func write(
    _ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection, fast: Bool = true
  ) throws -> ExportSummary {
    let since = selection.since
    var summary = ExportSummary()
    try output.write(
      encoder.begin(since: selection.headerSince ?? since, cursor: selection.cursor))
    // After a cursor's seq, only the categories, favorites and saved filters that changed.
    try writeCategories(encoder, to: output, selection)
    try output.write(encoder.beginPosts())
    if let progress, selection.since == nil, selection.afterSeq == nil {
      progress.total = try database.int(
        sql: """
          SELECT (SELECT count(*) FROM posts) + (SELECT count(*) FROM questions)
            + (SELECT count(*) FROM highlights)
          """
      ).map { Int($0) }
    }
    if fast {
      try writeRows(encoder, to: output, selection, &summary)
    } else {
      try writeRecords(encoder, to: output, selection, &summary)
    }
    try writeOrphans(encoder, to: output, selection, fast: fast, &summary)
    let deleted = try tombstones(since: since?.rfc3339, afterSeq: selection.afterSeq)
    summary.deleted = deleted.count
    // The current filter is this device's, not a change: a cursor's later runs leave it out.
    let currentFilter =
      selection.afterSeq == nil
      ? try FilterRepository(database: database).current().nilIfEmpty : nil
    try output.write(
      encoder.end(
        favorites: try favorites(afterSeq: selection.afterSeq),
        savedFilters: try savedFilters(afterSeq: selection.afterSeq),
        currentFilter: currentFilter, deleted: deleted, closes: false))
    try writeReviewEvents(encoder, to: output, selection)
    return summary
  }

  /// The categories: after a cursor's seq, only those that changed.
  private func writeCategories(
    _ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection
  ) throws {
    let categories = try database.makeStatement(
      sql: """
        SELECT name, created_at FROM categories
        WHERE ?1 IS NULL OR name IN (SELECT key FROM changes WHERE kind = 'category' AND seq > ?1)
        ORDER BY name COLLATE NOCASE, id
        """)
    try categories.bind(selection.afterSeq, at: 1)
    var index = 0
    while try categories.step() {
      try output.write(
        encoder.category(name: categories.string(0), createdAt: time(categories, 1), index: index))
      index += 1
    }
  }

  /// The posts with their highlights and questions, streamed from the rows (`RowWriter`).
  func writeRows(
    _ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection,
    orphans: Bool = false, _ summary: inout ExportSummary
  ) throws {
    let rows = RowWriter(format: encoder.format, out: output.writer)
    try forEachPostRow(selection, orphans: orphans) { post, highlights, questions in
      rows.post(post, index: summary.posts)
      var highlightCount = 0
      while try highlights.next() {
        rows.highlight(highlights.statement, of: post, index: highlightCount)
        highlightCount += 1
      }
      rows.beginQuestions(highlightCount: highlightCount)
      var count = 0
      while try questions.next() {
        rows.question(questions.statement, of: post, index: count)
        count += 1
      }
      rows.endPost(post, highlightCount: highlightCount, questionCount: count)
      summary.posts += 1
      summary.highlights += highlightCount
      summary.questions += count
      progress?.advance(by: 1 + highlightCount + count)
      try output.writer.flushIfFull()
    }
  }

  /// The same through `ExportEncoder` records: the reference the rows must equal.
  func writeRecords(
    _ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection,
    orphans: Bool = false, _ summary: inout ExportSummary
  ) throws {
    try forEachPost(selection, orphans: orphans) { post, isFavorite, highlights, questions in
      try output.write(encoder.post(post, isFavorite: isFavorite, index: summary.posts))
      for (i, highlight) in highlights.enumerated() {
        try output.write(
          encoder.highlight(highlight, of: post, isFavorite: isFavorite, index: i))
      }
      try output.write(encoder.beginQuestions(highlightCount: highlights.count))
      for (i, question) in questions.enumerated() {
        try output.write(encoder.question(question, of: post, isFavorite: isFavorite, index: i))
      }
      try output.write(
        encoder.endPost(
          post, isFavorite: isFavorite, highlightCount: highlights.count,
          questionCount: questions.count))
      summary.posts += 1
      summary.highlights += highlights.count
      summary.questions += questions.count
      progress?.advance(by: 1 + highlights.count + questions.count)
    }
  }

  /// Steps through one post's questions (or highlights) on the shared, post-ordered statement
  /// of them: its column 0 is the post's id, `postOrder` the columns of the post's created_at
  /// and uuid.
  final class RowCursor {
    let statement: Statement
    let postOrder: (created: Int32, uuid: Int32)
    var hasRow: Bool
    var postID: Int64 = 0
    var isStarted = false

    init(_ statement: Statement, postOrder: (created: Int32, uuid: Int32)) throws {
      self.statement = statement
      self.postOrder = postOrder
      hasRow = try statement.step()
    }

    /// Moves to the current post's next question. - Returns: false when it has no more.
    func next() throws -> Bool {
      if isStarted && hasRow && statement.int64(0) == postID { hasRow = try statement.step() }
      isStarted = true
      return hasRow && statement.int64(0) == postID
    }

    /// Positions the cursor at post `id`'s first question, skipping any before it (`created`
    /// and `uuid`: the post's, its place in the export's order).
    func start(_ id: Int64, created: String, uuid: String) throws {
      // Finish the previous post: step past what its body did not read.
      if isStarted {
        while hasRow && statement.int64(0) == postID { hasRow = try statement.step() }
      }
      while hasRow && Exporter.isBefore(statement, postOrder, created, uuid) {
        hasRow = try statement.step()
      }
      postID = id
      isStarted = false
    }
  }

  /// The columns of the post's created_at and uuid in the questions and highlights statements.
  static let questionPostOrder: (created: Int32, uuid: Int32) = (9, 10)
  static let highlightPostOrder: (created: Int32, uuid: Int32) = (15, 16)

  /// Calls `body` with the posts statement on each post changed since `since` (all without it)
  /// and cursors over that post's highlights and questions (those changed since then).
  func forEachPostRow(
    _ selection: Selection, orphans: Bool = false,
    _ body: (Statement, RowCursor, RowCursor) throws -> Void
  ) throws {
    let (posts, highlightStatement, questionStatement) = try statements(
      selection, allQuestions: false, orphans: orphans)
    let highlights = try RowCursor(highlightStatement, postOrder: Self.highlightPostOrder)
    let questions = try RowCursor(questionStatement, postOrder: Self.questionPostOrder)
    while try posts.step() {
      let id = posts.int64(0)
      let (created, uuid) = Self.orderKey(posts, orphans: orphans)
      try highlights.start(id, created: created, uuid: uuid)
      try questions.start(id, created: created, uuid: uuid)
      try body(posts, highlights, questions)
    }
  }

  /// Whether a row of the questions (or highlights) statement belongs to a post before the one
  /// created at `created` with `uuid`, in the export's order.
  static func isBefore(
    _ rows: Statement, _ postOrder: (created: Int32, uuid: Int32), _ created: String,
    _ uuid: String
  ) -> Bool {
    let postCreated = rows.string(postOrder.created)
    return postCreated < created
      || (postCreated == created && rows.string(postOrder.uuid) < uuid)
  }

  /// The posts changed since `since` (or whose highlights or questions did) in the order they
  /// were made (then by UUID: the same on every device that syncs, whatever its ids), and the
  /// highlights and questions (changed since then, or all) in post order: the three cursors
  /// the export loops merge. A post's highlights come in reading order.
  func statements(_ selection: Selection, allQuestions: Bool, orphans: Bool = false) throws -> (
    posts: Statement, highlights: Statement, questions: Statement
  ) {
    if orphans {
      // Only a full export looks for them: nothing to bind.
      return try (
        database.makeStatement(sql: Self.orphanPostsSQL),
        database.makeStatement(sql: Self.orphanHighlightsSQL),
        database.makeStatement(sql: Self.orphanQuestionsSQL)
      )
    }
    let sinceText = selection.since?.rfc3339
    let posts = try database.makeStatement(sql: Self.postsSQL)
    try posts.bind(sinceText, at: 1)
    try posts.bind(selection.afterSeq, at: 2)
    let questions = try database.makeStatement(sql: Self.questionsSQL)
    try questions.bind(allQuestions ? nil : sinceText, at: 1)
    try questions.bind(allQuestions ? nil : selection.afterSeq, at: 2)
    let highlights = try database.makeStatement(sql: Self.highlightsSQL)
    try highlights.bind(allQuestions ? nil : sinceText, at: 1)
    try highlights.bind(allQuestions ? nil : selection.afterSeq, at: 2)
    return (posts, highlights, questions)
  }

  /// The posts in the export's order, read from posts_by_created_uuid (schema 25): no sort.
  static let postsSQL = """
    SELECT p.id, p.uuid, p.title, p.author, p.body, p.source, p.created_at, p.updated_at,
           EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = p.id)
    FROM posts p
    WHERE (?1 IS NULL OR p.updated_at >= ?1
       OR EXISTS (SELECT 1 FROM questions q WHERE q.post_id = p.id AND q.updated_at >= ?1)
       OR EXISTS (SELECT 1 FROM highlights h WHERE h.post_id = p.id AND h.updated_at >= ?1))
      AND (?2 IS NULL
       OR p.uuid IN (SELECT key FROM changes WHERE kind = 'post' AND seq > ?2)
       OR EXISTS (SELECT 1 FROM questions q JOIN changes c ON c.kind = 'question' AND c.key = q.uuid
                  WHERE q.post_id = p.id AND c.seq > ?2)
       OR EXISTS (SELECT 1 FROM highlights h JOIN changes c ON c.kind = 'highlight' AND c.key = h.uuid
                  WHERE h.post_id = p.id AND c.seq > ?2))
    ORDER BY p.created_at, p.uuid
    """

  /// The questions in the export's order, unsorted: the posts in order (posts_by_created_uuid)
  /// and each post's questions in order (questions_by_post_uuid). CROSS JOIN keeps posts the
  /// outer loop: a database without statistics (memo never runs ANALYZE) otherwise scanned the
  /// questions and sorted them all, through a temporary file past a few thousand.
  static let questionsSQL = """
    SELECT q.post_id, q.uuid, q.text, c.name, q.starred, q.answer, q.answered_at, q.created_at,
           q.updated_at, p.created_at, p.uuid, q.highlight_id, h.uuid
    FROM posts p CROSS JOIN questions q ON q.post_id = p.id
    LEFT JOIN categories c ON c.id = q.category_id
    LEFT JOIN highlights h ON h.id = q.highlight_id
    WHERE (?1 IS NULL OR q.updated_at >= ?1)
      AND (?2 IS NULL OR q.uuid IN (SELECT key FROM changes WHERE kind = 'question' AND seq > ?2))
    ORDER BY p.created_at, p.uuid, q.created_at, q.uuid
    """

  /// The highlights in the export's order, as the questions (highlights_by_post_order: each
  /// post's in reading order).
  static let highlightsSQL = """
    SELECT h.post_id, h.id, h.uuid, h.text, h.note, h.chapter, h.page, h.location, h.position,
           h.highlighted_at, h.starred, h.source, h.source_key, h.created_at, h.updated_at,
           p.created_at, p.uuid
    FROM posts p CROSS JOIN highlights h ON h.post_id = p.id
    WHERE (?1 IS NULL OR h.updated_at >= ?1)
      AND (?2 IS NULL OR h.uuid IN (SELECT key FROM changes WHERE kind = 'highlight' AND seq > ?2))
    ORDER BY p.created_at, p.uuid, h.position IS NULL, h.position, h.created_at, h.uuid
    """

  /// Calls `body` for each post changed since `since` (all without it), in order, with the
  /// highlights and questions changed since then (or all of them): three cursors merged on the
  /// post, so only one post's rows are in memory at a time.
  func forEachPost(
    _ selection: Selection, allQuestions: Bool = false, withHighlights: Bool = true,
    orphans: Bool = false,
    _ body: (PostRecord, Bool, [HighlightRecord], [QuestionRecord]) throws -> Void
  ) throws {
    let (posts, highlights, questions) = try statements(
      selection, allQuestions: allQuestions, orphans: orphans)
    var hasQuestion = try questions.step()
    var hasHighlight = withHighlights ? try highlights.step() : false
    while try posts.step() {
      let id = posts.int64(0)
      let post = PostRecord(
        uuid: posts.string(1), title: posts.string(2), author: posts.text(3), body: posts.text(4),
        source: posts.text(5), createdAt: time(posts, 6), updatedAt: time(posts, 7))
      let (created, uuid) = Self.orderKey(posts, orphans: orphans)
      while hasHighlight && Self.isBefore(highlights, Self.highlightPostOrder, created, uuid) {
        hasHighlight = try highlights.step()
      }
      var highlightList: [HighlightRecord] = []
      while hasHighlight && highlights.int64(0) == id {
        let h = highlights
        highlightList.append(
          HighlightRecord(
            uuid: h.string(2), postUUID: post.uuid, text: h.string(3),
            note: h.text(4), chapter: h.text(5), page: h.text(6), location: h.text(7),
            position: h.isNull(8) ? nil : h.double(8),
            highlightedAt: h.text(9).flatMap { Timestamp(rfc3339: $0) }, isStarred: h.bool(10),
            source: h.text(11), sourceKey: h.text(12), createdAt: time(h, 13),
            updatedAt: time(h, 14)))
        hasHighlight = try highlights.step()
      }
      while hasQuestion && Self.isBefore(questions, Self.questionPostOrder, created, uuid) {
        hasQuestion = try questions.step()
      }
      var list: [QuestionRecord] = []
      while hasQuestion && questions.int64(0) == id {
        list.append(
          QuestionRecord(
            uuid: questions.string(1), postUUID: post.uuid, text: questions.string(2),
            category: questions.text(3), isStarred: questions.bool(4), answer: questions.text(5),
            answeredAt: questions.text(6).flatMap { Timestamp(rfc3339: $0) },
            createdAt: time(questions, 7), updatedAt: time(questions, 8),
            highlightUUID: questions.text(12)))
        hasQuestion = try questions.step()
      }
      try body(post, posts.bool(8), highlightList, list)
    }
  }
}
