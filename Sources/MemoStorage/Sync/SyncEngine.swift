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
  /// Counts the other devices' changes as they are applied, for a progress line.
  var progress: ProgressMeter? = nil

  static let attempts = 8

  /// A fetch keeps what it brings as one pack, as it comes (`fetch.unpackLimit=1`), instead of
  /// writing each object out compressed again: a change file of 100,000 lines is one object
  /// of 96 MB, which took git half a second to deflate again at every fetch that brought it.
  static let fetch = ["-c", "fetch.unpackLimit=1", "fetch", "-q", "--prune", "origin"]

  /// For a remote on this machine (a folder, a USB disk), the push makes the remote keep
  /// what it receives as the one pack it came in (`receive.unpackLimit=1`) instead of writing
  /// each object out loose: a change file of 100,000 lines is one object of 50 MB, which a
  /// loose remote made every later fetch inflate and deflate again (`upload-pack` reuses a
  /// pack's data as stored): 0.96 s of CPU for the fetch against 0.31 s. A remote reached
  /// over a network runs only the plain `git-receive-pack` (a hosting service allows no other
  /// command), so it is left as git does.
  static func keepsPacks(_ remote: String) -> [String] {
    guard remote.hasPrefix("/") || remote.hasPrefix("file://") else { return [] }
    return ["--receive-pack=git -c receive.unpackLimit=1 receive-pack"]
  }

  var store: SyncRepository { SyncRepository(database: database) }
  var git: Git { Git(directory: request.repository) }

  // MARK: - Commands

  /// `memo sync init REMOTE`: registers this device and runs a first round.
  /// - Throws: `.usage` (64) when already set up; `.unavailable` (69) when the remote cannot
  ///   be reached (nothing is changed then).
  func initialize() throws -> SyncSummary {
    if request.newDevice { return try renewDevice() }
    if let existing = try store.setting("remote") {
      throw MemoError(
        code: .usage,
        message:
          "this database already syncs with \(existing); 'memo sync' runs a round, 'memo sync remote URL' moves it to another remote, 'memo sync init --new-device' makes it a new device (a restored backup, a copied memo.db)"
      )
    }
    let remote = Self.absolute(request.remote ?? "")
    try checkRemote(remote, command: "memo sync init REMOTE")
    let now = clock()
    let device = makeUUID(now)
    let name = request.name ?? Self.hostName()
    let lastEntry = try database.int(sql: "SELECT coalesce(max(id), 0) FROM journal_entries") ?? 0
    try database.inTransaction {
      try store.setSetting("remote", remote)
      try store.setSetting("device_id", device)
      try store.setSetting("device_name", name)
      var info = JSONObjectWriter()
      info.add("id", device)
      info.add("name", name)
      try addToOutbox("device.json", info.object + "\n")
    }
    do {
      return try round()
    } catch {
      // A first round that fails leaves the database as it was: not set up, nothing applied.
      try? forgetSetUp(after: lastEntry)
      throw error
    }
  }

  /// Takes back a `sync init` whose first round failed: what it applied (its journal entry,
  /// undone and dropped) and every sync setting and record.
  func forgetSetUp(after lastEntry: Int64) throws {
    try database.inTransaction {
      let journal = Journal(database: database)
      if try database.int(
        sql: "SELECT count(*) FROM journal_entries WHERE id > \(lastEntry) AND undone = 0") ?? 0 > 0
      {
        _ = try journal.undo(1, everywhere: true)
      }
      try database.execute(sql: "DELETE FROM journal_entries WHERE id > \(lastEntry)")
      for table in [
        "sync_settings", "sync_versions", "sync_fields", "sync_peers", "sync_files", "sync_outbox",
        "sync_conflicts", "sync_resolved",
      ] {
        try database.execute(sql: "DELETE FROM \(table)")
      }
    }
  }

  /// `memo sync remote [URL]`: the remote, or a move to another, checked as `sync init`
  /// checks one (a moved USB disk, a renamed share). The next round pushes this device's
  /// notes there if it holds none of them.
  func moveRemote() throws -> String {
    let (_, current) = try settings()
    guard let given = request.remote else { return current }
    let remote = Self.absolute(given)
    try checkRemote(remote, command: "memo sync remote URL")
    try prepareRepository(remote: remote)
    try database.inTransaction { try store.setSetting("remote", remote) }
    return remote
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
      let fetched = try git.run(Self.fetch)
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
      if exchanged.applied > 0 {
        // The packs fetches keep (`fetch`) folded into one now and then, as git would after a
        // fetch but for memo's maintenance.auto=false: in the foreground, inside the round's
        // lock (a check of a few milliseconds when there is nothing to do).
        _ = try? git.run(["-c", "gc.autoDetach=false", "gc", "--auto", "--quiet"])
      }
      summary.applied += exchanged.applied
      summary.conflicts += exchanged.conflicts
      summary.setAside += exchanged.setAside
      var folded = 0
      if (request.compact || reseed) && attempt == 0 {
        (summary.compacted, folded) = try compact(device: device)
      }
      if let old = try store.setting("resend") { try resend(from: old, as: device) }
      let outbox = try self.outbox()
      guard try commit(outbox, device: device) else {
        try clear(outbox)
        try remember(summary)
        return summary
      }
      let before = try remoteHead()
      let pushed = try git.run(
        ["push", "-q"] + Self.keepsPacks(remote) + ["origin", "HEAD:refs/heads/main"])
      if pushed.isSuccess {
        pointRemoteHead(remote)
        if try store.setting("registered") == nil {
          try database.inTransaction { try store.setSetting("registered", "1") }
        }
        // The changes pushed: lines of change files (a snapshot repeats what was pushed
        // before, but for the changes folded into it unpushed; to a remote that lost this
        // device's files, every line of it is news).
        summary.pushed =
          (reseed ? 0 : folded)
          + outbox.filter {
            $0.name.hasPrefix("changes-") || reseed && $0.name.hasPrefix("snapshot-")
          }
          .reduce(0) { $0 + Self.lineCount($1.content) }
        try clear(outbox)
        try remember(summary)
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

  /// Remembers what the round did, for `memo sync status`: in the local repository, so that
  /// a round with nothing to do still writes nothing to the database.
  func remember(_ summary: SyncSummary) throws {
    let line = "\(clock().rfc3339) \(summary.pushed) \(summary.applied) \(summary.conflicts)\n"
    let fd = open(
      request.repository + "/.git/memo-last-round", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    _ = Array(line.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
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
    var last: SyncStatus.Round?
    let saved = (try? TemporaryFile.read(path: request.repository + "/.git/memo-last-round")) ?? []
    let parts = String(decoding: saved, as: UTF8.self).trimmingWhitespace().split(separator: " ")
      .map(String.init)
    if parts.count == 4, let at = Timestamp(rfc3339: parts[0]), let pushed = Int(parts[1]),
      let applied = Int(parts[2]), let conflicts = Int(parts[3])
    {
      last = SyncStatus.Round(
        at: at, summary: SyncSummary(pushed: pushed, applied: applied, conflicts: conflicts))
    }
    let deleted = try database.cachedStatement(
      sql: """
        SELECT count(*) FILTER (WHERE kind = 'post'), count(*) FILTER (WHERE kind = 'question')
        FROM changes c WHERE origin IS NULL AND seq > ? AND kind IN ('post', 'question')
          AND NOT EXISTS (SELECT 1 FROM posts WHERE uuid = c.key)
          AND NOT EXISTS (SELECT 1 FROM questions WHERE uuid = c.key)
          AND NOT EXISTS (SELECT 1 FROM sync_versions v
                          WHERE v.kind = c.kind AND v.key = c.key AND v.row IS NULL)
        """)
    defer { deleted.reset() }
    try deleted.bind(try store.number("pushed_seq"), at: 1)
    let (posts, questions) = try deleted.step() ? (deleted.int(0), deleted.int(1)) : (0, 0)
    deleted.reset()
    var status = SyncStatus(
      remote: remote,
      device: SyncDevice(
        id: device, name: try store.setting("device_name") ?? device, lastRound: last?.at),
      others: others, pending: waiting,
      conflicts: Int(try database.int(sql: "SELECT count(*) FROM sync_conflicts") ?? 0),
      lastRound: last)
    status.pendingDeletedPosts = posts
    status.pendingDeletedQuestions = questions
    return status
  }
}
