/// `memo sync init` and `memo sync`: where the local sync repository is and what to do.
public struct SyncRequest: Equatable, Sendable {
  /// The local git repository memo syncs through (next to the database).
  public var repository: String
  /// `sync init`: the remote git repository (a path, an ssh or https address).
  public var remote: String?
  /// `sync init`: this device's name (nil: the host name).
  public var name: String?
  /// Fold this device's change files into one snapshot after the round.
  public var compact: Bool
  /// Added to the wall clock for the hybrid logical clock: test-only ($MEMO_SYNC_CLOCK_SKEW_MS),
  /// to play machines whose clocks disagree.
  public var clockSkewMillis: Int64
  /// `sync init --new-device`: this database syncs on as a new device (a restored backup, a
  /// copied memo.db), its remote the one it has unless `remote` names another.
  public var newDevice: Bool

  public init(
    repository: String, remote: String? = nil, name: String? = nil, compact: Bool = false,
    clockSkewMillis: Int64 = 0, newDevice: Bool = false
  ) {
    self.repository = repository
    self.remote = remote
    self.name = name
    self.compact = compact
    self.clockSkewMillis = clockSkewMillis
    self.newDevice = newDevice
  }
}

/// What one round did.
public struct SyncSummary: Equatable, Sendable {
  /// Changes this device pushed.
  public var pushed = 0
  /// Other devices' changes applied here.
  public var applied = 0
  /// Records changed on two devices unseen by each other (the later won; the other is kept).
  public var conflicts = 0
  /// Pushes refused because another device pushed first, then redone.
  public var retries = 0
  /// Change files folded into a snapshot (`--compact`).
  public var compacted = 0
  /// Review ratings and highlight choices that went with items another device deleted (here,
  /// or arriving for an item deleted here): they come back if the item does (not in the
  /// round's record; said on stderr).
  public var setAside = 0
  /// `sync init --new-device` without `--name`: the name it chose, and the one the database
  /// had (said on stderr: the user may want another).
  public var newDeviceName: NewDeviceName?

  public struct NewDeviceName: Equatable, Sendable {
    public var name: String
    public var old: String

    public init(name: String, old: String) {
      self.name = name
      self.old = old
    }
  }

  public init(pushed: Int = 0, applied: Int = 0, conflicts: Int = 0) {
    self.pushed = pushed
    self.applied = applied
    self.conflicts = conflicts
  }

  /// "pushed 3, applied 1, conflicts 0".
  public var description: String { "pushed \(pushed), applied \(applied), conflicts \(conflicts)" }
}

/// A device that syncs through the remote.
public struct SyncDevice: Equatable, Sendable {
  public var id: String
  public var name: String
  /// When it last pushed (its last commit on the remote), if known.
  public var lastRound: Timestamp?

  public init(id: String, name: String, lastRound: Timestamp? = nil) {
    self.id = id
    self.name = name
    self.lastRound = lastRound
  }
}

/// `memo sync status`.
public struct SyncStatus: Equatable, Sendable {
  public var remote: String
  public var device: SyncDevice
  /// The other devices the remote knows, as of the last round.
  public var others: [SyncDevice]
  /// Local changes not pushed yet.
  public var pending: Int
  /// Versions that lost a conflict, kept (`memo sync conflicts`).
  public var conflicts: Int
  /// This device's last round that completed: when, and what it did.
  public var lastRound: Round?
  /// Of the changes waiting: posts and questions deleted here (the next round deletes them
  /// on the other devices).
  public var pendingDeletedPosts = 0
  public var pendingDeletedQuestions = 0

  public struct Round: Equatable, Sendable {
    public var at: Timestamp
    public var summary: SyncSummary
    public init(at: Timestamp, summary: SyncSummary) {
      self.at = at
      self.summary = summary
    }
  }

  public init(
    remote: String, device: SyncDevice, others: [SyncDevice], pending: Int, conflicts: Int,
    lastRound: Round? = nil
  ) {
    self.remote = remote
    self.device = device
    self.others = others
    self.pending = pending
    self.conflicts = conflicts
    self.lastRound = lastRound
  }
}

/// A field changed on two devices that had not seen each other's change (issue 20): the
/// later value won everywhere, the other is kept so that it can be restored or dismissed.
/// `field` "record": a whole record (kept by an older memo, or one whose book was deleted).
public struct SyncConflict: Equatable, Sendable {
  public var id: Int64
  public var kind: SyncChange.Kind
  /// The record's key: a post's or question's UUID, a saved filter's name.
  public var key: String
  public var field: String
  /// The record, in a few words (a title, a question).
  public var record: String
  /// The value the record holds now (nil: empty, or the record is deleted).
  public var kept: String?
  /// The value that lost.
  public var lost: String?
  /// Whether the record is deleted (a deletion wins over an edit made without seeing it).
  public var isDeleted: Bool
  /// The device whose value lost, and the one whose value won (names when known).
  public var device: String
  public var winner: String
  /// When the losing value was set, and when this device met the conflict.
  public var changedAt: Timestamp
  public var detectedAt: Timestamp
  /// A restored conflict: whether the value restored brought back a record that `device`
  /// had deleted (the deletion is what lost, not a value).
  public var replacedDeletion = false
  /// A restored conflict: the id of the conflict that keeps the value it replaced, as
  /// `memo sync conflicts` lists it now (nil: nothing was kept; the field was empty, or the
  /// record deleted).
  public var replacedBy: Int64?

  public init(
    id: Int64, kind: SyncChange.Kind, key: String, field: String, record: String,
    kept: String?, lost: String?, isDeleted: Bool, device: String, winner: String,
    changedAt: Timestamp, detectedAt: Timestamp
  ) {
    self.id = id
    self.kind = kind
    self.key = key
    self.field = field
    self.record = record
    self.kept = kept
    self.lost = lost
    self.isDeleted = isDeleted
    self.device = device
    self.winner = winner
    self.changedAt = changedAt
    self.detectedAt = detectedAt
  }
}

/// What `memo sync …` asks for, and what storage answered.
public enum SyncAction: Equatable, Sendable {
  case initialize(SyncRequest)
  case round(SyncRequest)
  case showStatus(repository: String)
  case listConflicts(to: RowDestination = .state)
  case restore(Int64)
  case dismiss(Int64)
  /// `memo sync remote [URL]`: show the remote (nil) or move to another.
  case remote(SyncRequest)
  case rounded(SyncSummary)
  case status(SyncStatus)
  case conflicts([SyncConflict])
  case restored(SyncConflict)
  case dismissed(SyncConflict)
  case remoteIs(String)
}

/// Computes the new state and the storage work for `memo sync`. Pure.
public func syncReducer(_ state: inout AppState, _ action: SyncAction) -> [Effect] {
  switch action {
  case .initialize(let request):
    // --new-device keeps the remote it has when none is given.
    guard
      request.newDevice && request.remote == nil
        || !(request.remote ?? "").trimmingWhitespace().isEmpty
    else {
      return fail(
        &state, .usage("give the remote git repository, e.g. memo sync init /media/usb/memo.git"))
    }
    if let name = request.name, name.trimmingWhitespace().isEmpty {
      return fail(&state, .usage("--name needs a name for this device, e.g. --name laptop"))
    }
    return [.sync(.initialize(request))]
  case .round(let request):
    return [.sync(.round(request))]
  case .showStatus(let repository):
    return [.sync(.loadStatus(repository: repository))]
  case .listConflicts(let destination):
    return [.sync(.listConflicts(to: destination))]
  case .restore(let id):
    return [.sync(.restoreConflict(id))]
  case .dismiss(let id):
    return [.sync(.dismissConflict(id))]
  case .remote(let request):
    if let remote = request.remote, remote.trimmingWhitespace().isEmpty {
      return fail(
        &state,
        .usage("give the new remote git repository, e.g. memo sync remote /media/usb/memo.git"))
    }
    return [.sync(.remote(request))]
  case .rounded(let summary):
    state.syncSummary = summary
    return []
  case .status(let status):
    state.syncStatus = status
    return []
  case .conflicts(let conflicts):
    state.syncConflicts = conflicts
    return []
  case .restored(let conflict), .dismissed(let conflict):
    state.syncConflicts = [conflict]
    return []
  case .remoteIs(let remote):
    state.syncRemote = remote
    return []
  }
}
