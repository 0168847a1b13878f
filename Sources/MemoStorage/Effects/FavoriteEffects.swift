import MemoCore

/// The shelf's effects: each change one journal entry through `write`, worded here (`memo
/// browse` takes off and puts back with the same words as `memo unfav` and `memo fav`).
extension EffectRunner {
  func perform(_ effect: FavoriteEffect) throws -> Action {
    switch effect {
    case .add(let ids):
      return .favorites(
        .listed(
          try write("fav", { try favorites.add(ids, at: $0) }) {
            "fav " + $0.map(postLabel).joined(separator: ", ")
          }))
    case .remove(let ids):
      return .favorites(
        .listed(
          try write("unfav", { _ in try favorites.remove(ids) }) {
            "unfav " + $0.map(postLabel).joined(separator: ", ")
          }))
    case .list(let destination): return try listFavorites(to: destination)
    case .takeOff(let id):
      let (post, position) = try write("unfav", { _ in try browse.takeOffShelf(id) }) {
        "unfav " + postLabel($0.0)
      }
      return .browse(.unshelved(post, position: position))
    case .put(let id, let position):
      return .favorites(
        .listed([
          try write("fav", { try browse.putOnShelf(id, position: position, at: $0) }) {
            "fav " + postLabel($0)
          }
        ]))
    }
  }

  func listFavorites(to destination: RowDestination) throws -> Action {
    try streamOrPage(.favorites, to: destination, favorites.shelfListing) {
      .favorites(.listed(try favorites.shelf()))
    }
  }
}
