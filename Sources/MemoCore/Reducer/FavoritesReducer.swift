/// Computes the new state and the storage work for a favorites action. Pure.
public func favoritesReducer(_ state: inout AppState, _ action: FavoriteAction) -> [Effect] {
  switch action {
  case .add(let ids):
    return ids.isEmpty ? [] : [.addFavorites(unique(ids))]
  case .remove(let ids):
    return ids.isEmpty ? [] : [.removeFavorites(unique(ids))]
  case .list(let destination):
    return [.loadFavorites(to: destination)]
  case .listed(let posts):
    state.posts = posts
    return []
  }
}
