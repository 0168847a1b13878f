/// What a command asks of highlights, and what storage answered.
public enum HighlightAction: Equatable, Sendable {
  case add(NewHighlight)
  case added(Highlight)
  case list(HighlightQuery, to: RowDestination = .state)
  case listed([Highlight])
  case show(HighlightID)
  case loaded(Highlight)
  case edit(HighlightID, HighlightPatch)
  case star([HighlightID])
  case unstar([HighlightID])
  /// The highlights as they are after an edit or a star change.
  case updated([Highlight])
  case remove([HighlightID])
  case removed([Highlight])
}
