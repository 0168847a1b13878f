/// The storage work of `memo sync` (`Effect.sync`).
public enum SyncEffect: Equatable, Sendable {
  /// Make the sync repository, register this device, run a first round; answers
  /// `.sync(.rounded)`.
  case initialize(SyncRequest)
  /// One round through git; answers `.sync(.rounded)`.
  case round(SyncRequest)
  /// Answers `.sync(.status)`.
  case loadStatus(repository: String)
  /// Newest first: into the state, answering `.sync(.conflicts)`, or streamed to the output.
  case listConflicts(to: RowDestination = .state)
  /// Make a kept version current again, as a new local change; answers `.sync(.restored)`.
  case restoreConflict(Int64)
  /// Forget a conflict on every device; answers `.sync(.dismissed)`.
  case dismissConflict(Int64)
  /// Show the remote (request.remote nil) or move to the one given, checked as `sync init`
  /// checks it; answers `.sync(.remoteIs)`.
  case remote(SyncRequest)

  /// Whether the effect only reads (`Effect.onlyReads`): showing the remote reads, moving it
  /// writes.
  public var onlyReads: Bool {
    switch self {
    case .loadStatus, .listConflicts: true
    case .remote(let request): request.remote == nil
    case .initialize, .round, .restoreConflict, .dismissConflict: false
    }
  }
}
