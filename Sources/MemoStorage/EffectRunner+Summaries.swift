import MemoCore

/// How the journal's one-line summaries name things (`memo log`, undo's messages).
extension EffectRunner {
  func quoted(_ text: String) -> String {
    let line = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    return "'" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "'"
  }

  func postLabel(_ post: Post) -> String { "post \(post.id) \(quoted(post.title))" }

  func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  /// Deletes the posts, each with how many highlights went with it (counted first: the
  /// deletion cascades to them).
  func removePosts(_ ids: [PostID]) throws -> [(post: Post, highlights: Int)] {
    let count = try database.cachedStatement(
      sql: "SELECT count(*) FROM highlights WHERE post_id = ?")
    var highlights: [PostID: Int] = [:]
    for id in ids {
      count.reset()
      try count.bind(id.rawValue, at: 1)
      highlights[id] = try count.step() ? Int(count.int64(0)) : 0
    }
    return try posts.delete(ids).map { ($0, highlights[$0.id] ?? 0) }
  }

  /// `memo log`'s line for removed posts: each with what went with it, as `memo rm` said it
  /// (issue 35): its questions, and its highlights when it had any.
  func removedSummary(_ removed: [(post: Post, highlights: Int)]) -> String {
    removed.map { post, highlights in
      let counts =
        [plural(post.questionCount, "question")]
        + (highlights > 0 ? [plural(highlights, "highlight")] : [])
      return "rm post \(post.id) \(quoted(post.title)) (\(counts.joined(separator: ", ")))"
    }
    .joined(separator: "; ")
  }
}
