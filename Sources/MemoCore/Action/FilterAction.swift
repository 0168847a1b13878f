/// What a command asks of the current and saved filters, and what storage answered.
public enum FilterAction: Equatable, Sendable {
  case show
  case set(QuestionFilter)
  case clear
  /// Saves the current filter under a name; `replacing` an existing one only when asked.
  case save(String, replacing: Bool)
  case use(String)
  case list
  case remove(String)
  /// The current filter now (empty: none).
  case current(QuestionFilter)
  /// The saved filters (all of them, or the one a command saved or removed).
  case saved([SavedFilter])
}
