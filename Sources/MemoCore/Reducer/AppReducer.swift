/// The root reducer: forwards each domain's actions to its reducer.
/// - Returns: the storage work the action calls for.
public func appReducer(_ state: inout AppState, _ action: Action) -> [Effect] {
  switch action {
  case .posts(let action):
    return postsReducer(&state, action)
  case .failed(let error):
    state.error = error
    return []
  }
}
