/// Computes the new state and the storage work for a filter action. Pure.
public func filtersReducer(_ state: inout AppState, _ action: FilterAction) -> [Effect] {
  switch action {
  case .show:
    return [.filters(.loadCurrent)]
  case .set(var filter):
    var names: [String] = []
    for category in filter.categories {
      switch categoryName(category) {
      case .failure(let error): return fail(&state, error)
      case .success(let name?):
        if !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
      case .success(nil): return fail(&state, .usage("--category needs a name"))
      }
    }
    filter.categories = names
    guard !filter.isEmpty else {
      return fail(
        &state,
        .usage(
          "give at least one filter flag (e.g. --starred); 'memo filter clear' removes the filter"))
    }
    return [.filters(.saveCurrent(filter))]
  case .clear:
    return [.filters(.saveCurrent(QuestionFilter()))]
  case .save(let name, let replacing):
    guard let name = filterName(name) else { return fail(&state, .badFilterName()) }
    return [.filters(.saveNamed(name, replacing: replacing))]
  case .use(let name):
    return [.filters(.use(name.trimmingWhitespace()))]
  case .list:
    return [.filters(.listSaved)]
  case .remove(let name):
    return [.filters(.deleteSaved(name.trimmingWhitespace()))]
  case .current(let filter):
    state.filter = filter
    return []
  case .saved(let filters):
    state.savedFilters = filters
    return []
  }
}

/// A filter name: trimmed, not blank, no control characters.
func filterName(_ name: String) -> String? {
  let trimmed = name.trimmingWhitespace()
  guard !trimmed.isEmpty,
    !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
  else { return nil }
  return trimmed
}
