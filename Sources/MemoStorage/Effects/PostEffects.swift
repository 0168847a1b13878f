import MemoCore

/// The post effects: each write one journal entry through `write`, worded here.
extension EffectRunner {
  func perform(_ effect: PostEffect) throws -> Action {
    switch effect {
    case .insert(let new):
      return .posts(
        .added(
          try write("add", { try posts.insert(new, uuid: makeUUID($0), at: $0) }) {
            "add post \($0.id) \(quoted($0.title))"
          }))
    case .list(let query, let destination): return try listPosts(query, to: destination)
    case .load(let id, let destination): return try showPost(id, to: destination)
    case .update(let id, let patch):
      return .posts(
        .edited(
          try write("edit", { try posts.update(id, with: patch, at: $0) }) {
            "edit post \($0.id) \(quoted($0.title))"
          }))
    case .delete(let ids):
      return .posts(
        .removed(
          try write("rm", { _ in try removePosts(ids) }, summary: removedSummary).map(\.post)))
    case .merge(let keep, let other):
      let (post, notKept) = try write("merge", { try posts.merge(other, into: keep, at: $0) }) {
        "merge post \(other) into \(postLabel($0.0))"
      }
      return .posts(.merged(post, notKept: notKept))
    }
  }

  /// `memo show`: one post and all its questions. - Throws: `.postNotFound`.
  func showPost(_ id: PostID, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .post) : nil
    return try database.inReadTransaction {
      guard let writer else {
        guard var post = try posts.post(id) else { throw MemoError.postNotFound(id) }
        post.questions = try questions.questions(ofPosts: [id], matching: nil)[id] ?? []
        post.highlights = try HighlightRepository(database: database).highlights(
          HighlightQuery(postID: id))
        return .posts(.loaded(post))
      }
      let statement = try database.cachedStatement(
        sql: "SELECT \(PostRepository.columns) FROM posts p WHERE p.id = ?")
      defer { statement.reset() }
      try statement.bind(id.rawValue, at: 1)
      let (nested, _) = try questions.nestedRows(matching: nil)
      defer { nested.reset() }
      try stream(
        .post, statement, into: writer, nested: nested, mustHaveRow: MemoError.postNotFound(id)
      ) { try $0.bind(id.rawValue, at: 1) }
      return .streamed(.post, filter: nil)
    }
  }

  /// `memo list`: posts; under a question filter only those with matching questions, each
  /// with them.
  func listPosts(_ query: PostQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .posts) : nil
    return try database.inReadTransaction { try postsListed(query, into: writer) }
  }

  /// - Parameter writer: the output writer to stream to; nil: one page into the state.
  func postsListed(_ query: PostQuery, into writer: RowSink?) throws -> Action {
    var filter: QuestionFilter?
    var resolved: ResolvedFilter?
    if let selection = query.selection {
      let effective = try effectiveFilter(selection)
      filter = effective
      if !effective.isEmpty {
        resolved = try effective.resolved(
          now: selection.now, utcOffsetSeconds: selection.utcOffsetSeconds)
      }
    }
    if let writer {
      let statement = try posts.listing(matching: query, questions: resolved)
      defer { statement.reset() }
      let (nested, condition) = try questions.nestedRows(matching: resolved)
      defer { nested.reset() }
      try stream(.posts, statement, into: writer, filter: filter, nested: nested) {
        try condition.bind(to: $0, startingAt: 2)
      }
      return .streamed(.posts, filter: filter)
    }
    var page = try posts.posts(matching: query, questions: resolved)
    if query.includesQuestions || resolved != nil {
      let byPost = try questions.questions(ofPosts: page.map(\.id), matching: resolved)
      for i in page.indices { page[i].questions = byPost[page[i].id] ?? [] }
    }
    return .posts(.listed(page, filter: filter))
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
