import MemoCore

/// `memo export --format markdown`: one file per post, with its highlights in reading order.
extension Exporter {
  func writeMarkdown(to folder: MarkdownFolder, _ selection: Selection) throws -> ExportSummary {
    var summary = ExportSummary()
    if let progress, selection.since == nil, selection.afterSeq == nil {
      progress.total = try database.int(sql: "SELECT count(*) FROM posts").map { Int($0) }
    }
    try forEachPost(selection, allQuestions: true, withHighlights: false) {
      post, isFavorite, _, questions in
      let text = MarkdownEncoder.render(
        post, isFavorite: isFavorite, questions: questions,
        highlights: try markdownHighlights(ofPost: post.uuid))
      switch try folder.write(uuid: post.uuid, title: post.title, content: text) {
      case .written: summary.filesWritten += 1
      case .keptEdited: summary.filesKept += 1
      case .unchanged: break
      }
      summary.posts += 1
      summary.questions += questions.count
      progress?.advance()
    }
    if selection.since == nil, selection.afterSeq == nil,
      try hasOrphans(questions: summary.questions, highlights: nil)
    {
      summary.warnings.append(
        "questions whose post is not in the database (deleted outside memo) have no file here; 'memo export --format json' keeps them under a placeholder post, and 'memo db check' lists them"
      )
    }
    return summary
  }

  /// A post's highlights in reading order, for its markdown file.
  func markdownHighlights(ofPost uuid: String) throws -> [MarkdownEncoder.Highlight] {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.uuid, h.text, h.note, h.page, h.location, h.starred FROM highlights h
        WHERE h.post_id = (SELECT id FROM posts WHERE uuid = ?)
        ORDER BY h.position IS NULL, h.position, h.created_at, h.id
        """)
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    var result: [MarkdownEncoder.Highlight] = []
    while try statement.step() {
      result.append(
        MarkdownEncoder.Highlight(
          uuid: statement.string(0), text: statement.string(1), note: statement.text(2),
          page: statement.text(3), location: statement.text(4), isStarred: statement.bool(5)))
    }
    return result
  }

  /// Whether a post with this uuid exists.
  func postExists(_ uuid: String) throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT 1 FROM posts WHERE uuid = ?")
    defer { statement.reset() }
    try statement.bind(uuid, at: 1)
    return try statement.step()
  }
}
