/// The root reducer: forwards each domain's actions to its reducer.
/// - Returns: the storage work the action calls for.
public func appReducer(_ state: inout AppState, _ action: Action) -> [Effect] {
  switch action {
  case .posts(let action): return postsReducer(&state, action)
  case .questions(let action): return questionsReducer(&state, action)
  case .highlights(let action): return highlightsReducer(&state, action)
  case .review(let action): return reviewReducer(&state, action)
  case .categories(let action): return categoriesReducer(&state, action)
  case .favorites(let action): return favoritesReducer(&state, action)
  case .filters(let action): return filtersReducer(&state, action)
  case .transfer(let action): return transferReducer(&state, action)
  case .database(let action):
    switch action {
    case .check: return [.transfer(.check)]
    case .repair: return [.transfer(.repair)]
    case .repaired(let mended):
      state.databaseRepairs = mended
      return []
    case .backup(let path):
      guard !path.trimmingWhitespace().isEmpty else {
        return fail(&state, .usage("give the backup a file path"))
      }
      return [.transfer(.backup(to: path))]
    case .checked(let problems, let mendable):
      state.databaseProblems = problems + mendable
      state.databaseMendable = mendable.count
      return []
    case .backedUp(let path):
      state.backupPath = path
      return []
    }
  case .search(.search(let query, let destination)):
    guard !query.text.trimmingWhitespace().isEmpty else {
      return fail(&state, .usage("give something to search for, e.g. memo search spice"))
    }
    return [.lookup(.search(query, to: destination))]
  case .search(.found(let results)):
    state.searchResults = results
    return []
  case .stats(let request):
    return [.lookup(.stats(request))]
  case .statsLoaded(let stats):
    state.stats = stats
    return []
  case .complete(let subject):
    return [.lookup(.completions(subject))]
  case .completed(let values):
    state.completions = values
    return []
  case .journal(let action):
    switch action {
    case .undo(let count, let everywhere), .redo(let count, let everywhere):
      guard count >= 1 else { return fail(&state, .usage("give how many changes, 1 or more")) }
      if case .undo = action { return [.journal(.undo(count, everywhere: everywhere))] }
      return [.journal(.redo(count, everywhere: everywhere))]
    case .log(let limit, let destination): return [.journal(.list(limit: limit, to: destination))]
    case .prune(let keep): return [.journal(.prune(keep: keep))]
    case .entries(let entries):
      state.journalEntries = entries
      return []
    }
  case .streamed(_, let filter):
    state.filter = filter
    return []
  case .sync(let action): return syncReducer(&state, action)
  case .browse:
    // Only `memo browse` reads these; its own reducer takes them.
    return []
  case .failed(let error):
    state.error = error
    return []
  }
}

/// The ids without repeats, in first-seen order.
func unique<ID: Hashable>(_ ids: [ID]) -> [ID] {
  var seen = Set<ID>()
  return ids.filter { seen.insert($0).inserted }
}
