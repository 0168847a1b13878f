import MemoCore

/// The highlight effects (issue 23): each write one journal entry through `write`, worded here.
extension EffectRunner {
  func perform(_ effect: HighlightEffect) throws -> Action {
    switch effect {
    case .insert(let new):
      return .highlights(
        .added(
          try write("highlight add", { try highlights.insert(new, uuid: makeUUID($0), at: $0) }) {
            "add highlight \($0.id) on post \($0.postID) \(quoted($0.postTitle)): \(quoted($0.text))"
          }))
    case .list(let query, let destination):
      return try listHighlights(query, to: destination)
    case .load(let id):
      return .highlights(
        .loaded(
          try database.inReadTransaction {
            var highlight = try highlights.require(id)
            highlight.questions = try questions.questions(aboutHighlight: id)
            return highlight
          }))
    case .update(let id, let patch):
      return .highlights(
        .updated(
          [
            try write("highlight edit", { try highlights.update(id, with: patch, at: $0) }) { _ in
              "edit highlight \(id)"
            }
          ]
          .compactMap { $0 }))
    case .setStarred(let ids, let isStarred):
      let verb = isStarred ? "highlight star" : "highlight unstar"
      return .highlights(
        .updated(
          try write(verb, { try highlights.setStarred(ids, isStarred, at: $0) }) { _ in
            "\(isStarred ? "star" : "unstar") highlight \(ids.map(\.description).joined(separator: ", "))"
          }))
    case .delete(let ids):
      return .highlights(
        .removed(
          try write("highlight rm", { _ in try highlights.delete(ids) }) { removed in
            removed.map { "rm highlight \($0.id) \(quoted($0.text))" }.joined(separator: "; ")
          }))
    }
  }

  /// `memo highlights`: one post's in reading order, else every post's newest first.
  func listHighlights(_ query: HighlightQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .highlights) : nil
    return try database.inReadTransaction {
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard let writer else { return .highlights(.listed(try highlights.highlights(query))) }
      let statement = try highlights.listing(query)
      defer { statement.reset() }
      try stream(.highlights, statement, into: writer)
      return .streamed(.highlights, filter: nil)
    }
  }
}
