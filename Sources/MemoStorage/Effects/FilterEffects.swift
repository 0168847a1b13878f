import MemoCore

/// The filter effects: each change one journal entry through `write`, worded here.
extension EffectRunner {
  func perform(_ effect: FilterEffect) throws -> Action {
    switch effect {
    case .loadCurrent:
      return .filters(.current(try filters.current()))
    case .saveCurrent(let filter):
      return .filters(
        .current(
          try write(
            filter.isEmpty ? "filter clear" : "filter set",
            { time in
              for name in filter.categories { _ = try categories.ensure(name, at: time) }
              try filters.setCurrent(filter)
              return filter
            }
          ) { $0.isEmpty ? "clear the filter" : "set the filter to \($0.summary)" }))
    case .saveNamed(let name, let replacing):
      return .filters(.saved([try saveNamedFilter(name, replacing: replacing)]))
    case .use(let name):
      return .filters(
        .current(
          try write(
            "filter use",
            { _ in
              let saved = try filters.saved(name)
              try filters.setCurrent(saved.filter)
              return saved.filter
            }
          ) { "use filter \(quoted(name)): \($0.summary)" }))
    case .listSaved:
      return .filters(.saved(try filters.all()))
    case .deleteSaved(let name):
      return .filters(
        .saved([
          try write("filter rm", { _ in try filters.delete(name) }) {
            "rm filter \(quoted($0.name))"
          }
        ]))
    }
  }

  /// `memo filter save`: the current filter under `name`.
  /// - Throws: `.usage` when there is no current filter.
  func saveNamedFilter(_ name: String, replacing: Bool) throws -> SavedFilter {
    try write(
      "filter save",
      { time in
        let current = try filters.current()
        guard !current.isEmpty else {
          throw MemoError.usage(
            "there is no current filter to save; set one first with 'memo filter set --starred …'"
          )
        }
        return try filters.save(name, current, replacing: replacing, at: time)
      }
    ) { "save filter \(quoted($0.name)): \($0.filter.summary)" }
  }
}
