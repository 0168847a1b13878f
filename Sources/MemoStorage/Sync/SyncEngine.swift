import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `memo sync` (issue 16, SPEC §8): rounds through a git repository next to the database.
///
/// On the remote each device appends files of its own under `devices/<device id>/`
/// (`device.json`, then `changes-00000001.jsonl`, … — `SyncChange` lines) and never touches
/// another device's, so git never meets a merge conflict. A round: fetch; check out exactly
/// what the remote holds; in one database transaction (one journal entry) turn this device's
/// new changes into a change file (kept in `sync_outbox` until pushed) and apply the other
/// devices' files not applied yet, recording them as applied; then commit the outbox on top
/// of the remote and push. A push refused because another device pushed first starts the
/// round again. The database is the truth: the local repository is rebuilt from the remote
/// and the outbox each round, so a round killed at any point loses nothing.
struct SyncEngine {
  let database: Database
  let clock: () -> Timestamp
  let makeUUID: (Timestamp) -> String
  let request: SyncRequest

  static let attempts = 8

  var store: SyncRepository { SyncRepository(database: database) }
  var git: Git { Git(directory: request.repository) }

  // MARK: - Commands

  /// `memo sync init REMOTE`: registers this device and runs a first round.
  /// - Throws: `.usage` (64) when already set up; `.unavailable` (69) when the remote cannot
  ///   be reached (nothing is changed then).
  func initialize() throws -> SyncSummary {
    if let existing = try store.setting("remote") {
      throw MemoError(
        code: .usage,
        message:
          "this database already syncs with \(existing); 'memo sync' runs a round, 'memo sync status' shows the set-up"
      )
    }
    let remote = Self.absolute(request.remote ?? "")
    let probe = try Git.spawn(["git", "ls-remote", "-q", "--", remote], input: nil)
    guard probe.isSuccess else { throw Self.unreachable(remote, probe) }
    let now = clock()
    let device = makeUUID(now)
    let name = request.name ?? Self.hostName()
    // A repository left from an earlier set-up (the database was replaced): the new remote.
    var info = stat()
    if stat(request.repository + "/.git", &info) == 0 {
      _ = try git.run(["remote", "remove", "origin"])
      try git.check(["remote", "add", "origin", remote])
    }
    try database.inTransaction {
      try store.setSetting("remote", remote)
      try store.setSetting("device_id", device)
      try store.setSetting("device_name", name)
      var info = JSONObjectWriter()
      info.add("id", device)
      info.add("name", name)
      try addToOutbox("device.json", info.object + "\n")
    }
    return try round()
  }

  /// `memo sync`: one round, retried while other devices push in between.
  /// - Throws: `.usage` (64) when sync is not set up; `.unavailable` (69) when the remote or
  ///   git is unavailable; `.badData` (65) for a file on the remote memo cannot read.
  func round() throws -> SyncSummary {
    let (device, remote) = try settings()
    try prepareRepository(remote: remote)
    let lock = try RoundLock(repository: request.repository)
    defer { lock.release() }
    var summary = SyncSummary()
    var refused: (push: Git.Result, remoteHead: String)?
    for attempt in 0..<Self.attempts {
      let fetched = try git.run(["fetch", "-q", "--prune", "origin"])
      guard fetched.isSuccess else { throw Self.unreachable(remote, fetched) }
      if let refused, try remoteHead() == refused.remoteHead {
        // Nobody pushed in between: the remote refuses this device's pushes.
        throw MemoError(
          code: .unavailable,
          message:
            "the sync remote \(remote) refused the push (git: \(refused.push.lastError)); check that it is writable, then run 'memo sync' again"
        )
      }
      try checkOutRemote()
      let reseed = try hasLostOwnFiles(device: device)
      let exchanged = try exchange(device: device)
      summary.applied += exchanged.applied
      summary.conflicts += exchanged.conflicts
      var folded = 0
      if (request.compact || reseed) && attempt == 0 {
        (summary.compacted, folded) = try compact(device: device)
      }
      let outbox = try self.outbox()
      guard try commit(outbox, device: device) else {
        try clear(outbox)
        return summary
      }
      let before = try remoteHead()
      let pushed = try git.run(["push", "-q", "origin", "HEAD:refs/heads/main"])
      if pushed.isSuccess {
        if try store.setting("registered") == nil {
          try database.inTransaction { try store.setSetting("registered", "1") }
        }
        // The changes pushed: lines of change files (a snapshot repeats what was pushed
        // before, but for the changes folded into it unpushed).
        summary.pushed =
          folded
          + outbox.filter { $0.name.hasPrefix("changes-") }
          .reduce(0) { $0 + Self.lineCount($1.content) }
        try clear(outbox)
        return summary
      }
      // Refused: another device pushed first (or the remote went away: the next fetch says).
      refused = (pushed, before)
      summary.retries += 1
    }
    throw MemoError(
      code: .busy,
      message:
        "other devices kept pushing to \(remote) during \(counted(Self.attempts, "try")); run 'memo sync' again"
    )
  }

  /// Whether the remote no longer holds this device's files although it pushed them (the
  /// remote was replaced by an empty one, say): then its device file goes out again with a
  /// snapshot of the records whose content is its own, as `--compact` makes.
  func hasLostOwnFiles(device: String) throws -> Bool {
    guard try store.setting("registered") != nil else { return false }
    var info = stat()
    guard stat(request.repository + "/devices/\(device)/device.json", &info) != 0 else {
      return false
    }
    try database.inTransaction {
      var info = JSONObjectWriter()
      info.add("id", device)
      info.add("name", try store.setting("device_name") ?? device)
      try addToOutbox("device.json", info.object + "\n")
    }
    return true
  }

  /// `memo sync status`, from what the last round saw (no network).
  func status() throws -> SyncStatus {
    let (device, remote) = try settings()
    var others: [SyncDevice] = []
    let statement = try database.cachedStatement(
      sql: "SELECT device, coalesce(name, device), seen_hlc FROM sync_peers ORDER BY 2, 1")
    defer { statement.reset() }
    while try statement.step() {
      let seen = statement.int64(2)
      others.append(
        SyncDevice(
          id: statement.string(0), name: statement.string(1),
          lastRound: seen > 0 ? Timestamp(millis: HybridTime(value: seen).millis) : nil))
    }
    let waiting =
      try store.unstampedCount(after: try store.number("pushed_seq"))
      + (try outbox().filter { $0.name.hasSuffix(".jsonl") && !$0.name.hasPrefix("snapshot") }
        .reduce(0) { $0 + Self.lineCount($1.content) })
    return SyncStatus(
      remote: remote,
      device: SyncDevice(id: device, name: try store.setting("device_name") ?? device),
      others: others, pending: waiting,
      conflicts: Int(try database.int(sql: "SELECT count(*) FROM sync_conflicts") ?? 0))
  }
}
