/// Computes the new state and the storage work for export and import. Pure.
public func transferReducer(_ state: inout AppState, _ action: TransferAction) -> [Effect] {
  switch action {
  case .export(let request):
    if let cursor = request.cursor, cursor.trimmingWhitespace().isEmpty {
      return fail(&state, .usage("--cursor needs a name, e.g. --cursor nightly"))
    }
    return [.transfer(.export(request))]
  case .import(let request):
    return [.transfer(.importFile(request))]
  case .exported(let summary):
    state.exportSummary = summary
    return []
  case .imported(let summary):
    state.importSummary = summary
    return []
  }
}
