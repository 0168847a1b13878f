import MemoCore

/// The sync effects: a round's journal entry is the engine's; a restore and a dismissal are
/// worded here.
extension EffectRunner {
  func perform(_ effect: SyncEffect) throws -> Action {
    switch effect {
    case .initialize(let request):
      return .sync(.rounded(try syncEngine(request).initialize()))
    case .round(let request):
      return .sync(.rounded(try syncEngine(request).round()))
    case .loadStatus(let repository):
      return .sync(.status(try syncEngine(SyncRequest(repository: repository)).status()))
    case .listConflicts(let destination):
      let store = SyncRepository(database: database)
      return try streamOrPage(.syncConflicts, to: destination, store.conflictListing) {
        .sync(.conflicts(try store.conflicts()))
      }
    case .restoreConflict(let id):
      return .sync(
        .restored(
          try write("sync restore", { try SyncRepository(database: database).restore(id, at: $0) })
          {
            // As it is after the restore: `winner` set the value restored.
            "restore the \($0.kind.rawValue)'s \($0.field) as \($0.winner) had it (conflict \(id))"
          }))
    case .dismissConflict(let id):
      return .sync(
        .dismissed(
          try write(
            Journal.dismissAction, { try SyncRepository(database: database).dismiss(id, at: $0) }
          ) {
            "dismiss the conflict over the \($0.kind.rawValue)'s \($0.field) (conflict \(id))"
          }))
    case .remote(let request):
      if request.remote == nil {
        return .sync(
          .remoteIs(try database.inReadTransaction { try syncEngine(request).moveRemote() }))
      }
      return .sync(.remoteIs(try syncEngine(request).moveRemote()))
    }
  }

  /// The engine for `request`, its repository made absolute: git runs in it (`git -C`) and
  /// is given paths inside it, which a relative folder (`--db notes.db`) would double.
  func syncEngine(_ request: SyncRequest) -> SyncEngine {
    var request = request
    request.repository = SyncEngine.absolutePath(request.repository)
    return SyncEngine(
      database: database, clock: clock, makeUUID: makeUUID, request: request, progress: progress)
  }
}
