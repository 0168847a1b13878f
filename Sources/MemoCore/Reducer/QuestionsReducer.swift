/// Computes the new state and the storage work for a question action. Pure.
public func questionsReducer(_ state: inout AppState, _ action: QuestionAction) -> [Effect] {
  switch action {
  case .ask(var new):
    new.text = new.text.trimmingWhitespace()
    guard !new.text.isEmpty else { return fail(&state, .emptyQuestion()) }
    switch categoryName(new.category) {
    case .failure(let error): return fail(&state, error)
    case .success(let name): new.category = name
    }
    return [.questions(.insert(new))]

  case .list(let query, let destination):
    return [.questions(.list(query, to: destination))]

  case .show(let id):
    return [.questions(.load(id))]

  case .edit(let id, var patch):
    if let text = patch.text {
      patch.text = text.trimmingWhitespace()
      guard patch.text?.isEmpty == false else { return fail(&state, .emptyQuestion()) }
    }
    if let category = patch.category {
      switch categoryName(category) {
      case .failure(let error): return fail(&state, error)
      case .success(let name): patch.category = .some(name)
      }
    }
    return patch.isEmpty ? [] : [.questions(.update(id, patch))]

  case .star(let ids):
    return ids.isEmpty ? [] : [.questions(.setStarred(unique(ids), true))]

  case .unstar(let ids):
    return ids.isEmpty ? [] : [.questions(.setStarred(unique(ids), false))]

  case .answer(let id, let text):
    guard !text.trimmingWhitespace().isEmpty else {
      return fail(
        &state, .usage("the answer is empty; to remove an answer use 'memo unanswer \(id)'"))
    }
    return [.questions(.setAnswer(id, text))]

  case .unanswer(let id):
    return [.questions(.setAnswer(id, nil))]

  case .remove(let ids):
    return ids.isEmpty ? [] : [.questions(.delete(unique(ids)))]

  case .added(let question), .loaded(let question):
    state.question = question
    return []

  case .listed(let questions, let filter):
    state.questions = questions
    state.filter = filter
    return []

  case .updated(let questions):
    state.questions = questions
    return []

  case .removed(let questions):
    state.removedQuestions = questions
    return []
  }
}

/// A category name as typed: trimmed; blank means none. - Returns: failure for a name with
/// control characters.
func categoryName(_ name: String?) -> Result<String?, MemoError> {
  guard let name else { return .success(nil) }
  let trimmed = name.trimmingWhitespace()
  if trimmed.isEmpty { return .success(nil) }
  if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
    return .failure(.usage("a category name cannot hold control characters"))
  }
  return .success(trimmed)
}

/// Records `error` in the state. - Returns: no effects.
func fail(_ state: inout AppState, _ error: MemoError) -> [Effect] {
  state.error = error
  return []
}
