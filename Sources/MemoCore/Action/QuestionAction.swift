/// What a command asks of questions, and what storage answered.
public enum QuestionAction: Equatable, Sendable {
  case ask(NewQuestion)
  case added(Question)
  /// The questions the query selects, to where `to` says.
  case list(QuestionQuery, to: RowDestination = .state)
  /// A page of questions and the filter that chose them (current or saved, with the flags).
  case listed([Question], filter: QuestionFilter)
  case show(QuestionID)
  case loaded(Question)
  case edit(QuestionID, QuestionPatch)
  case star([QuestionID])
  case unstar([QuestionID])
  case answer(QuestionID, String)
  case unanswer(QuestionID)
  /// The questions as they are after an edit, a star change or an answer.
  case updated([Question])
  case remove([QuestionID])
  case removed([Question])
}
