import MemoCore

/// Questions and highlights whose post is gone (deleted with sqlite3, foreign keys off): the
/// export's loops run from the posts and would leave them out without a word. A full export
/// counts the rows (two `count(*)`, which SQLite answers from the b-trees' page headers) and,
/// only when the counts disagree with what it wrote, writes the missing rows under a
/// placeholder post per missing post, with a warning: nothing is lost from a backup.
extension Exporter {
  /// The posts statement's order key of its row: (created_at, uuid); a placeholder post's
  /// ("", its id zero-padded), as its orphans' rows carry it.
  static func orderKey(_ posts: Statement, orphans: Bool) -> (String, String) {
    orphans ? ("", orphanOrder(posts.int64(0))) : (posts.string(6), posts.string(1))
  }

  static func orphanOrder(_ id: Int64) -> String {
    let digits = String(id)
    return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
  }

  /// The title of the placeholder post of the orphans of post `id`.
  static func orphanTitle(_ id: Int64) -> String { "Missing post \(id)" }

  /// Whether the database holds questions or highlights the export left out: a full export
  /// wrote every row a post reaches, so the counts differ exactly when some reach none.
  func hasOrphans(questions: Int, highlights: Int?) throws -> Bool {
    let questionCount = try database.int(sql: "SELECT count(*) FROM questions") ?? 0
    if questionCount != questions { return true }
    guard let highlights else { return false }
    return try database.int(sql: "SELECT count(*) FROM highlights") ?? 0 != highlights
  }

  /// json, jsonl, csv: after the posts, the orphans under their placeholder posts, and the
  /// warning. Only a full export looks (an incremental one follows the posts it exports).
  func writeOrphans(
    _ encoder: ExportEncoder, to output: OutputFile, _ selection: Selection, fast: Bool,
    _ summary: inout ExportSummary
  ) throws {
    guard selection.since == nil, selection.afterSeq == nil,
      try hasOrphans(questions: summary.questions, highlights: summary.highlights)
    else { return }
    var orphans = ExportSummary()
    orphans.posts = summary.posts
    if fast {
      try writeRows(encoder, to: output, selection, orphans: true, &orphans)
    } else {
      try writeRecords(encoder, to: output, selection, orphans: true, &orphans)
    }
    try summary.warnings.append(orphanWarning(orphans))
    summary.posts = orphans.posts
    summary.questions += orphans.questions
    summary.highlights += orphans.highlights
  }

  /// "2 questions and 1 highlight belong to post 9, which is not in the database …".
  func orphanWarning(_ orphans: ExportSummary) throws -> String {
    var ids: [Int64] = []
    let statement = try database.makeStatement(sql: Self.orphanPostsSQL)
    while try statement.step() { ids.append(statement.int64(0)) }
    let rows = [
      orphans.questions > 0 ? counted(orphans.questions, "question") : nil,
      orphans.highlights > 0 ? counted(orphans.highlights, "highlight") : nil,
    ].compactMap { $0 }.joined(separator: " and ")
    let posts = ids.map(String.init).joined(separator: ", ")
    let titles = ids.map { "\"\(Self.orphanTitle($0))\"" }.joined(separator: ", ")
    return
      "\(rows) \(orphans.questions + orphans.highlights == 1 ? "belongs" : "belong") to \(ids.count == 1 ? "post" : "posts") \(posts), which \(ids.count == 1 ? "is" : "are") not in the database (deleted outside memo); exported under \(titles), so that importing the export keeps them. 'memo db check' lists the broken rows"
  }

  /// A placeholder post for each post id that questions or highlights point to but no post
  /// has, in the columns of `postsSQL`; its body says what it is.
  static let orphanPostsSQL = """
    SELECT o.post_id, printf('00000000-0000-4000-8000-%012x', o.post_id),
           'Missing post ' || o.post_id, NULL,
           'memo export found questions or highlights of post ' || o.post_id
             || ', which is not in the database (deleted outside memo); they are kept here.',
           NULL, o.created, o.updated, 0
    FROM (SELECT post_id, min(created_at) AS created, max(updated_at) AS updated
          FROM (SELECT post_id, created_at, updated_at FROM questions
                UNION ALL SELECT post_id, created_at, updated_at FROM highlights)
          GROUP BY post_id) o
    WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = o.post_id)
    ORDER BY o.post_id
    """

  /// The questions without a post, in the columns of `questionsSQL` (the post's order: "" and
  /// the id zero-padded, as `orderKey` gives it).
  static let orphanQuestionsSQL = """
    SELECT q.post_id, q.uuid, q.text, c.name, q.starred, q.answer, q.answered_at, q.created_at,
           q.updated_at, '', printf('%020d', q.post_id), q.highlight_id, h.uuid
    FROM questions q
    LEFT JOIN categories c ON c.id = q.category_id
    LEFT JOIN highlights h ON h.id = q.highlight_id
    WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = q.post_id)
    ORDER BY q.post_id, q.created_at, q.uuid
    """

  /// The highlights without a post, in the columns of `highlightsSQL`.
  static let orphanHighlightsSQL = """
    SELECT h.post_id, h.id, h.uuid, h.text, h.note, h.chapter, h.page, h.location, h.position,
           h.highlighted_at, h.starred, h.source, h.source_key, h.created_at, h.updated_at,
           '', printf('%020d', h.post_id)
    FROM highlights h
    WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = h.post_id)
    ORDER BY h.post_id, h.position IS NULL, h.position, h.created_at, h.uuid
    """
}
