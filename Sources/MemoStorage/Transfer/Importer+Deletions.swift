import MemoCore

extension Importer {
  /// Why a deletion made at `time` must not apply here, or nil when it may: the record, or
  /// what its deletion would take with it (a post's questions, highlights, their ratings and
  /// its place on the shelf; a question's or a highlight's ratings), was made or changed here
  /// after it (README, "Import": deletions apply when the record was not changed after them).
  /// Times are compared as the fixed-width RFC 3339 text every row holds.
  func newerThanDeletion(kind: String, uuid: String, at time: Timestamp) throws -> String? {
    let d = time.rfc3339
    let table = kind == "post" ? "posts" : kind == "highlight" ? "highlights" : "questions"
    let row = try database.cachedStatement(
      sql: """
        SELECT id, \(kind == "post" ? "title" : "substr(text, 1, 40)"),
          updated_at > ?1 OR created_at > ?1 FROM \(table) WHERE uuid = ?2
        """)
    try row.bind(d, at: 1)
    try row.bind(uuid, at: 2)
    guard try row.step() else {
      row.reset()
      return nil
    }
    let id = row.int64(0)
    let title = row.string(1)
    let selfChanged = row.int64(2) != 0
    row.reset()
    var reasons: [String] = []
    if selfChanged { reasons.append("the \(kind) itself") }
    func count(_ sql: String, _ what: String) throws {
      let statement = try database.cachedStatement(sql: sql)
      defer { statement.reset() }
      try statement.bind(d, at: 1)
      try statement.bind(id, at: 2)
      guard try statement.step() else { return }
      let n = Int(statement.int64(0))
      if n > 0 { reasons.append(counted(n, what)) }
    }
    let questionRatings = """
      SELECT count(*) FROM review_events e JOIN questions q ON q.id = e.question_id
      WHERE (e.reviewed_at > ?1 OR e.created_at > ?1) AND
      """
    let highlightRatings = """
      SELECT count(*) FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
      WHERE (e.reviewed_at > ?1 OR e.created_at > ?1) AND
      """
    switch kind {
    case "post":
      try count(
        """
        SELECT count(*) FROM questions WHERE post_id = ?2
          AND (updated_at > ?1 OR created_at > ?1 OR answered_at > ?1)
        """, "question")
      try count(
        "SELECT count(*) FROM highlights WHERE post_id = ?2 AND (updated_at > ?1 OR created_at > ?1)",
        "highlight")
      try count(questionRatings + " q.post_id = ?2", "question rating")
      try count(highlightRatings + " h.post_id = ?2", "highlight review")
      try count(
        "SELECT count(*) FROM favorites WHERE post_id = ?2 AND added_at > ?1",
        "place on the shelf")
    case "question":
      try count(questionRatings + " q.id = ?2", "rating")
    default:
      try count(highlightRatings + " h.id = ?2", "review")
    }
    guard !reasons.isEmpty else { return nil }
    let remove =
      kind == "post"
      ? "memo rm \(id)" : kind == "question" ? "memo question rm \(id)" : "memo highlight rm \(id)"
    return
      "the deletion of \(kind) \(id) \"\(title)\" (made \(d)) was not applied: \(kind) \(id) has newer changes here ("
      + reasons.joined(separator: ", ")
      + " made or changed after it); it is kept, run '\(remove)' to delete it"
  }
}
