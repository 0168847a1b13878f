/// Computes the new state and the storage work for a highlight action. Pure.
public func highlightsReducer(_ state: inout AppState, _ action: HighlightAction) -> [Effect] {
  switch action {
  case .add(var new):
    new.text = new.text.trimmingWhitespace()
    guard !new.text.isEmpty else { return fail(&state, .emptyHighlight()) }
    new.note = new.note.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    new.chapter = new.chapter.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    new.page = new.page.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    new.location = new.location.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    return [.highlights(.insert(new))]

  case .list(let query, let destination):
    if let limit = query.limit, limit < 0 {
      return fail(&state, .usage("--limit must be 0 or more"))
    }
    return [.highlights(.list(query, to: destination))]

  case .show(let id):
    return [.highlights(.load(id))]

  case .edit(let id, var patch):
    if let text = patch.text {
      patch.text = text.trimmingWhitespace()
      guard patch.text?.isEmpty == false else { return fail(&state, .emptyHighlight()) }
    }
    // A blank value removes the field.
    func blankless(_ value: String??) -> String?? {
      guard case .some(.some(let text)) = value else { return value }
      let trimmed = text.trimmingWhitespace()
      return .some(trimmed.isEmpty ? nil : trimmed)
    }
    patch.note = blankless(patch.note)
    patch.chapter = blankless(patch.chapter)
    patch.page = blankless(patch.page)
    patch.location = blankless(patch.location)
    return patch.isEmpty ? [] : [.highlights(.update(id, patch))]

  case .star(let ids):
    return ids.isEmpty ? [] : [.highlights(.setStarred(unique(ids), true))]

  case .unstar(let ids):
    return ids.isEmpty ? [] : [.highlights(.setStarred(unique(ids), false))]

  case .remove(let ids):
    return ids.isEmpty ? [] : [.highlights(.delete(unique(ids)))]

  case .added(let highlight), .loaded(let highlight):
    state.highlight = highlight
    return []

  case .listed(let highlights), .updated(let highlights):
    state.highlights = highlights
    return []

  case .removed(let highlights):
    state.removedHighlights = highlights
    return []
  }
}
