/// The storage work on questions (`Effect.questions`).
public enum QuestionEffect: Equatable, Sendable {
  /// Insert a question, creating its category if new; answers `.questions(.added)`.
  case insert(NewQuestion)
  /// The questions the query selects: one page into the state, answering
  /// `.questions(.listed)`, or streamed to the output, answering `.streamed(.questions)`.
  case list(QuestionQuery, to: RowDestination = .state)
  /// Answers `.questions(.loaded)`.
  case load(QuestionID)
  /// Answers `.questions(.updated)`.
  case update(QuestionID, QuestionPatch)
  /// Star or unstar questions, all or none; answers `.questions(.updated)`.
  case setStarred([QuestionID], Bool)
  /// Set (or with nil, remove) an answer; answers `.questions(.updated)`.
  case setAnswer(QuestionID, String?)
  /// Answer a question only while it is open (`memo review`'s session: an answer given
  /// elsewhere meanwhile is never replaced); answers `.questions(.updated)`, refuses (1)
  /// with `MemoError.answeredMeanwhile`.
  case answerOpen(QuestionID, String)
  /// Delete questions, all or none; answers `.questions(.removed)`.
  case delete([QuestionID])

  /// Whether the effect only reads (`Effect.onlyReads`).
  public var onlyReads: Bool {
    switch self {
    case .list, .load: true
    case .insert, .update, .setStarred, .setAnswer, .answerOpen, .delete: false
    }
  }
}
