import MemoCore

/// The question effects: each write one journal entry through `write`, worded here.
extension EffectRunner {
  func perform(_ effect: QuestionEffect) throws -> Action {
    switch effect {
    case .insert(let new):
      return .questions(
        .added(
          try write("ask", { try questions.insert(new, uuid: makeUUID($0), at: $0) }) {
            "ask question \($0.id) on post \($0.postID) \(quoted($0.postTitle)): \(quoted($0.text))"
          }))
    case .list(let query, let destination): return try listQuestions(query, to: destination)
    case .load(let id): return .questions(.loaded(try loadQuestion(id)))
    case .update(let id, let patch):
      // An edit that changes nothing answers no question: the command says "no change".
      return .questions(
        .updated(
          [
            try write("question edit", { try questions.update(id, with: patch, at: $0) }) { _ in
              "edit question \(id)"
            }
          ]
          .compactMap { $0 }))
    case .setStarred(let ids, let isStarred):
      let verb = isStarred ? "star" : "unstar"
      return .questions(
        .updated(
          try write(verb, { try questions.setStarred(ids, isStarred, at: $0) }) { _ in
            "\(verb) question \(ids.map(\.description).joined(separator: ", "))"
          }))
    case .setAnswer(let id, let answer):
      let verb = answer == nil ? "unanswer" : "answer"
      return .questions(
        .updated([
          try write(verb, { try questions.setAnswer(id, answer, at: $0) }) { _ in
            "\(verb) question \(id)"
          }
        ]))
    case .answerOpen(let id, let answer): return .questions(.updated([try answerOpen(id, answer)]))
    case .delete(let ids):
      return .questions(
        .removed(
          try write("question rm", { _ in try questions.delete(ids) }) { removed in
            removed.map { "rm question \($0.id) \(quoted($0.text))" }.joined(separator: "; ")
          }))
    }
  }

  /// One question, with the passage of the highlight it is about.
  func loadQuestion(_ id: QuestionID) throws -> Question {
    try database.inReadTransaction {
      var question = try questions.require(id)
      if let highlight = question.highlightID {
        question.passage = try highlights.highlight(highlight)?.text
      }
      return question
    }
  }

  /// `memo review`'s answer: written only while the question is still open.
  /// - Throws: `MemoError.answeredMeanwhile` when an answer was given elsewhere meanwhile.
  func answerOpen(_ id: QuestionID, _ answer: String) throws -> Question {
    try write(
      "answer",
      {
        guard let existing = try questions.require(id).answer else {
          return try questions.setAnswer(id, answer, at: $0)
        }
        throw MemoError.answeredMeanwhile(id, existing)
      }
    ) { _ in "answer question \(id)" }
  }

  /// `memo questions`: the questions the query's filter selects, newest first.
  func listQuestions(_ query: QuestionQuery, to destination: RowDestination) throws -> Action {
    let writer = destination == .output ? try outputWriter(for: .questions) : nil
    return try database.inReadTransaction {
      let filter = try effectiveFilter(query.selection)
      let resolved = try filter.resolved(
        now: query.selection.now, utcOffsetSeconds: query.selection.utcOffsetSeconds)
      if let id = query.postID, try !posts.exists(id) { throw MemoError.postNotFound(id) }
      guard let writer else {
        let page = try questions.questions(
          matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
        return .questions(.listed(page, filter: filter))
      }
      let statement = try questions.listing(
        matching: resolved, postID: query.postID, limit: query.limit, offset: query.offset)
      defer { statement.reset() }
      try stream(.questions, statement, into: writer, filter: filter)
      return .streamed(.questions, filter: filter)
    }
  }
}
