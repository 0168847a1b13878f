/// Computes the new state and the storage work for a category action. Pure.
public func categoriesReducer(_ state: inout AppState, _ action: CategoryAction) -> [Effect] {
  switch action {
  case .list(let destination):
    return [.categories(.list(to: destination))]
  case .add(let name):
    guard case .success(let name?) = categoryName(name) else {
      return fail(
        &state, .usage("give the category a name that is not blank and has no control characters"))
    }
    return [.categories(.insert(name))]
  case .rename(let old, let new):
    guard case .success(let new?) = categoryName(new) else {
      return fail(
        &state,
        .usage("give the category a new name that is not blank and has no control characters"))
    }
    return [.categories(.rename(from: old.trimmingWhitespace(), to: new))]
  case .remove(let name, let force):
    return [.categories(.delete(name.trimmingWhitespace(), force: force))]
  case .listed(let categories):
    state.categories = categories
    return []
  case .changed(let category):
    state.category = category
    return []
  }
}
