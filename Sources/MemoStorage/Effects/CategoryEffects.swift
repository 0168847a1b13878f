import MemoCore

/// The category effects: each change one journal entry through `write`, worded here.
extension EffectRunner {
  func perform(_ effect: CategoryEffect) throws -> Action {
    switch effect {
    case .list(let destination): return try listCategories(to: destination)
    case .insert(let name):
      return .categories(
        .changed(
          try write("category add", { try categories.insert(name, at: $0) }) {
            "add category \(quoted($0.name))"
          }))
    case .rename(let old, let new):
      return .categories(
        .changed(
          try write("category rename", { _ in try categories.rename(old, to: new) }) {
            "rename category \(quoted(old)) to \(quoted($0.name))"
          }))
    case .delete(let name, let force):
      return .categories(
        .changed(
          try write("category rm", { _ in try categories.delete(name, force: force) }) {
            "rm category \(quoted($0.name)) (\(plural($0.questionCount, "question")))"
          }))
    case .loadNames:
      return .browse(.categoryNames(try browse.categoryNames()))
    }
  }

  func listCategories(to destination: RowDestination) throws -> Action {
    try streamOrPage(.categories, to: destination, categories.listing) {
      .categories(.listed(try categories.all()))
    }
  }
}
