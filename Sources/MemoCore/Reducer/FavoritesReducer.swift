/// Computes the new state and the storage work for a favorites action. Pure.
public func favoritesReducer(_ state: inout AppState, _ action: FavoriteAction) -> [Effect] {
  switch action {
  case .add(let ids):
    return ids.isEmpty ? [] : [.favorites(.add(unique(ids)))]
  case .remove(let ids):
    return ids.isEmpty ? [] : [.favorites(.remove(unique(ids)))]
  case .list(let destination):
    return [.favorites(.list(to: destination))]
  case .listed(let posts):
    state.posts = posts
    return []
  }
}
