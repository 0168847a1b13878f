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
      let exchanged = try exchange(device: device)
      summary.applied += exchanged.applied
      summary.conflicts += exchanged.conflicts
      var folded = 0
      if request.compact && attempt == 0 {
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
        "other devices kept pushing to \(remote) during \(Self.attempts) tries; run 'memo sync' again"
    )
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

  // MARK: - The database side of a round

  /// Stamps this device's new changes into the outbox and applies the other devices' new
  /// files, in one transaction recorded as one journal entry.
  func exchange(device: String) throws -> (applied: Int, conflicts: Int) {
    let (files, names) = try newFiles(device: device)
    // Nothing new either way (the usual round): no write transaction at all.
    if files.isEmpty, try store.unstampedCount(after: try store.number("pushed_seq")) == 0,
      try knowsAll(names)
    {
      return (0, 0)
    }
    var changes: [SyncChange] = []
    for (path, owner) in files {
      let bytes = try TemporaryFile.read(path: request.repository + "/" + path)
      var number = 0
      // Lines split on bytes: splitting a String walks it by Character, far slower.
      for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        number += 1
        if line.isEmpty { continue }
        guard let text = String(validating: line, as: UTF8.self) else {
          throw Self.unreadable(path, line: number, "it is not UTF-8 text")
        }
        do { changes.append(try SyncChange.parse(text, device: owner)) } catch {
          throw Self.unreadable(path, line: number, error.reason)
        }
      }
    }
    // Oldest first: a change made after seeing another comes after it (hybrid logical clock).
    changes.sort { $0.version < $1.version }
    // As for an import (EffectRunner.importFile): a 64 MiB page cache for a large round, so
    // new rows' index pages stay in memory instead of going to the WAL and back.
    let cacheSize = try database.int(sql: "PRAGMA cache_size") ?? -2000
    if changes.count > 1000 { try database.execute(sql: "PRAGMA cache_size = -65536") }
    defer { try? database.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    return try database.inTransaction {
      let now = clock()
      let wall = now.millis + request.clockSkewMillis
      let journal = Journal(database: database)
      let entry = try journal.begin(action: "sync", at: now)
      var hlc = HybridTime(value: try store.number("clock"))

      let stamped = try store.stamp(
        device: device, after: try store.number("pushed_seq"), clock: hlc,
        skew: request.clockSkewMillis)
      hlc = stamped.clock
      if !stamped.lines.isEmpty {
        try addToOutbox(try nextFileName("changes"), stamped.lines.joined(separator: "\n") + "\n")
      }
      try store.setSetting("pushed_seq", String(stamped.lastSeq))

      var seen: [String: HybridTime] = [:]
      for owner in names.keys { seen[owner] = try self.seen(owner) }
      var applied = 0
      var conflicts = 0
      var favorites = false
      var later: [SyncChange] = []
      try store.setOrigin("sync")
      // New rows go in as an import's do: their search index, journal range and change
      // sequence in one pass at the end (BulkLoad).
      let load = changes.isEmpty ? nil : try BulkLoad(database: database)
      func merge(_ change: SyncChange, last: Bool) throws {
        let current = try store.version(change.kind, change.key)
        let outcome = SyncMerge.decide(
          current: current?.version, incoming: change.version, base: change.base,
          seen: seen[change.version.device])
        let reports = change.kind.reportsConflicts
        switch outcome {
        case .skip:
          return
        case .apply, .applyOverConflict:
          let before =
            outcome == .applyOverConflict ? try store.image(change.kind, change.key) : nil
          guard
            try store.apply(change.kind, key: change.key, line: change.hasRow ? change.line : nil)
          else {
            // Its post is not here (yet): try again after the rest, then keep it.
            if !last {
              later.append(change)
            } else if reports {
              try store.keep(
                change.kind, key: change.key, row: try row(of: change), version: change.version,
                winner: current?.version.device ?? "", at: now)
              conflicts += 1
            }
            return
          }
          try store.setVersion(
            change.kind, change.key, change.version, base: change.base, isNew: current == nil)
          applied += 1
          if change.kind == .favorite { favorites = true }
          if outcome == .applyOverConflict && reports, let current {
            try store.keep(
              change.kind, key: change.key, row: before, version: current.version,
              winner: change.version.device, at: now)
            conflicts += 1
          }
        case .keepOverConflict:
          if reports, let current {
            try store.keep(
              change.kind, key: change.key, row: try row(of: change), version: change.version,
              winner: current.version.device, at: now)
            conflicts += 1
          }
        }
      }
      // Categories removed go last: a rename's questions move to the new name first.
      let removals = changes.filter { $0.kind == .category && !$0.hasRow }
      for change in changes where change.kind != .category || change.hasRow {
        try merge(change, last: false)
      }
      for change in later + removals { try merge(change, last: true) }
      if favorites { try store.renumberFavorites() }
      try load?.finish()
      try store.setOrigin(nil)

      for (owner, name) in names {
        let latest = changes.last { $0.version.device == owner }?.version.time
        try remember(owner, name: name, seen: max(latest ?? .zero, seen[owner] ?? .zero))
      }
      for (path, _) in files { try markApplied(path, at: now) }
      if let latest = changes.map(\.version.time).max() { hlc = hlc.receive(latest, now: wall) }
      try store.setSetting("clock", String(hlc.value))
      let from = Set(changes.map { names[$0.version.device] ?? $0.version.device }).sorted()
      try journal.finish(
        entry,
        summary:
          "sync: \(applied) change\(applied == 1 ? "" : "s") from \(from.joined(separator: ", "))")
      return (applied, conflicts)
    }
  }

  /// The files of other devices not applied yet (path, device), in order, and the name of
  /// every other device the remote holds. - Throws: `.badData` (65) for a foreign file.
  func newFiles(device: String) throws -> (files: [(String, String)], names: [String: String]) {
    let listed = try git.check(["ls-files", "-z", "--", "devices"]).stdout
    var applied = Set<String>()
    let statement = try database.cachedStatement(sql: "SELECT path FROM sync_files")
    while try statement.step() { applied.insert(statement.string(0)) }
    statement.reset()
    var files: [(String, String)] = []
    var names: [String: String] = [:]
    for path in listed.split(separator: "\0").map(String.init).sorted() {
      let parts = path.split(separator: "/").map(String.init)
      guard parts.count == 3, parts[2] == "device.json" || parts[2].hasSuffix(".jsonl") else {
        throw MemoError(
          code: .badData,
          message:
            "the sync remote holds \(path), which memo did not write; nothing was applied. Remove it from the remote (git rm) and run 'memo sync' again"
        )
      }
      let owner = parts[1]
      guard owner != device else { continue }
      if parts[2] == "device.json" {
        let bytes = try TemporaryFile.read(path: request.repository + "/" + path)
        let info = try? JSONParser.parse(bytes)
        names[owner] = info?["name"]?.stringValue ?? owner
      } else if !applied.contains(path) {
        files.append((path, owner))
        if names[owner] == nil { names[owner] = owner }
      }
    }
    return (files, names)
  }

  /// Whether every device the remote holds is remembered here, under its current name.
  func knowsAll(_ names: [String: String]) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "SELECT EXISTS (SELECT 1 FROM sync_peers WHERE device = ? AND name IS ?)")
    defer { statement.reset() }
    for (device, name) in names {
      statement.reset()
      try statement.bind(device, at: 1)
      try statement.bind(name, at: 2)
      guard try statement.step(), statement.bool(0) else { return false }
    }
    return true
  }

  func row(of change: SyncChange) throws -> String? {
    guard change.hasRow else { return nil }
    let statement = try database.cachedStatement(sql: "SELECT json_extract(?, '$.row')")
    defer { statement.reset() }
    try statement.bind(change.line, at: 1)
    return try statement.step() ? statement.text(0) : nil
  }

  func seen(_ device: String) throws -> HybridTime? {
    let statement = try database.cachedStatement(
      sql: "SELECT seen_hlc FROM sync_peers WHERE device = ?")
    defer { statement.reset() }
    try statement.bind(device, at: 1)
    return try statement.step() ? HybridTime(value: statement.int64(0)) : nil
  }

  func remember(_ device: String, name: String, seen: HybridTime) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_peers (device, name, seen_hlc) VALUES (?, ?, ?)
        ON CONFLICT (device) DO UPDATE SET name = excluded.name,
          seen_hlc = max(seen_hlc, excluded.seen_hlc)
        """)
    try statement.bind(device, at: 1)
    try statement.bind(name, at: 2)
    try statement.bind(seen.value, at: 3)
    try statement.execute()
  }

  func markApplied(_ path: String, at time: Timestamp) throws {
    let statement = try database.cachedStatement(
      sql: "INSERT OR IGNORE INTO sync_files (path, applied_at) VALUES (?, ?)")
    try statement.bind(path, at: 1)
    try statement.bind(time.rfc3339, at: 2)
    try statement.execute()
  }

  // MARK: - Compaction

  /// Folds this device's change files into one snapshot: the latest version of every record
  /// whose content is this device's. Other devices skip what they applied already (their
  /// `seen_hlc`) and apply the rest.
  /// - Returns: how many files it folded, and how many changes in them were not pushed yet.
  func compact(device: String) throws -> (files: Int, unpushed: Int) {
    let listed = try git.check(["ls-files", "-z", "--", "devices/" + device]).stdout
    let own = listed.split(separator: "\0").map { String($0.split(separator: "/").last ?? "") }
      .filter { $0.hasSuffix(".jsonl") }
    return try database.inTransaction {
      // Files stamped but not pushed are in the snapshot too.
      let unpushed = try outbox().filter { $0.name.hasPrefix("changes-") && !$0.content.isEmpty }
      let pending = unpushed.map(\.name)
      let statement = try database.cachedStatement(
        sql: """
          SELECT kind, key, hlc, base_hlc, base_device FROM sync_versions WHERE device = ?
          ORDER BY hlc
          """)
      defer { statement.reset() }
      try statement.bind(device, at: 1)
      var lines: [String] = []
      var versions: [(SyncChange.Kind, String, SyncVersion, SyncVersion?)] = []
      while try statement.step() {
        guard let kind = SyncChange.Kind(rawValue: statement.string(0)) else { continue }
        let base =
          statement.isNull(3)
          ? nil
          : SyncVersion(time: HybridTime(value: statement.int64(3)), device: statement.string(4))
        versions.append(
          (
            kind, statement.string(1),
            SyncVersion(time: HybridTime(value: statement.int64(2)), device: device),
            base
          ))
      }
      statement.reset()
      for (kind, key, version, base) in versions {
        lines.append(
          SyncChange.encode(
            kind: kind, key: key, version: version, base: base, row: try store.image(kind, key)))
      }
      for name in Set(own + pending) { try addToOutbox(name, "") }
      if !lines.isEmpty {
        try addToOutbox(try nextFileName("snapshot"), lines.joined(separator: "\n") + "\n")
      }
      return (
        Set(own + pending).count,
        unpushed.reduce(0) { $0 + Self.lineCount($1.content) }
      )
    }
  }

  // MARK: - The git side of a round

  func settings() throws -> (device: String, remote: String) {
    guard let device = try store.setting("device_id"), let remote = try store.setting("remote")
    else {
      throw MemoError(
        code: .usage,
        message:
          "sync is not set up for this database; run 'memo sync init REMOTE' first (REMOTE: a git repository, e.g. /media/usb/memo.git)"
      )
    }
    return (device, remote)
  }

  /// Makes the local repository if it is missing (first round, or removed by hand: the
  /// database holds everything it needs).
  func prepareRepository(remote: String) throws {
    var info = stat()
    if stat(request.repository + "/.git", &info) == 0 { return }
    try Self.makeFolder(request.repository)
    try git.check(["init", "-q", "-b", "main"])
    try git.check(["remote", "add", "origin", remote])
  }

  /// The commit the remote's main branch was at when last fetched ("" for none).
  func remoteHead() throws -> String {
    let result = try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"])
    return result.isSuccess ? result.stdout : ""
  }

  /// Puts the work tree at exactly what the remote holds (or nothing, for an empty remote):
  /// what a killed round left behind goes; the outbox brings back what was not pushed.
  func checkOutRemote() throws {
    if try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"]).isSuccess {
      try git.check(["checkout", "-q", "-f", "-B", "main", "refs/remotes/origin/main"])
    } else if try git.run(["rev-parse", "-q", "--verify", "HEAD"]).isSuccess {
      try git.check(["update-ref", "-d", "refs/heads/main"])
      try git.check(["read-tree", "--empty"])
    }
    try git.check(["clean", "-q", "-f", "-d", "-x"])
  }

  /// Writes the outbox into this device's folder and commits it.
  /// - Returns: whether there was anything new to commit.
  func commit(_ outbox: [(name: String, content: String)], device: String) throws -> Bool {
    guard !outbox.isEmpty else { return false }
    let folder = request.repository + "/devices/" + device
    try Self.makeFolder(folder)
    for (name, content) in outbox {
      let path = folder + "/" + name
      if content.isEmpty {
        unlink(path)
      } else {
        let file = try OutputFile(path: path)
        try file.write(content)
        try file.commit()
      }
    }
    try git.check(["add", "-A", "--", "devices/" + device])
    if try git.run(["diff", "--cached", "--quiet"]).isSuccess { return false }
    let names = outbox.map(\.name).joined(separator: ", ")
    try git.check(["commit", "-q", "--no-verify", "-m", "memo sync: \(device) \(names)"])
    return true
  }

  func outbox() throws -> [(name: String, content: String)] {
    let statement = try database.cachedStatement(
      sql: "SELECT name, content FROM sync_outbox ORDER BY name")
    defer { statement.reset() }
    var files: [(name: String, content: String)] = []
    while try statement.step() { files.append((statement.string(0), statement.string(1))) }
    return files
  }

  func addToOutbox(_ name: String, _ content: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_outbox (name, content) VALUES (?, ?)
        ON CONFLICT (name) DO UPDATE SET content = excluded.content
        """)
    try statement.bind(name, at: 1)
    try statement.bind(content, at: 2)
    try statement.execute()
  }

  /// Forgets outbox files the remote now holds.
  func clear(_ files: [(name: String, content: String)]) throws {
    guard !files.isEmpty else { return }
    try database.inTransaction {
      let statement = try database.cachedStatement(
        sql: "DELETE FROM sync_outbox WHERE name = ? AND content = ?")
      for (name, content) in files {
        statement.reset()
        try statement.bind(name, at: 1)
        try statement.bind(content, at: 2)
        try statement.execute()
      }
    }
  }

  func nextFileName(_ prefix: String) throws -> String {
    let number = max(1, try store.number("next_file"))
    try store.setSetting("next_file", String(number + 1))
    var digits = String(number)
    while digits.count < 8 { digits = "0" + digits }
    return "\(prefix)-\(digits).jsonl"
  }

  // MARK: - Helpers

  /// The lines of a change file (each ends with a line break), counted on bytes.
  static func lineCount(_ text: String) -> Int {
    text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
  }

  /// One round at a time per sync repository: an exclusive flock(2) on a file in it, which
  /// the kernel releases when the process ends however it ends. Holding it, memo knows the
  /// git lock files it finds were left by a round that was killed, and removes them.
  struct RoundLock {
    let fd: Int32

    init(repository: String) throws {
      fd = open(repository + "/.git/memo-round.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw MemoError(
          code: .io,
          message:
            "cannot open \(repository)/.git/memo-round.lock: \(String(cString: strerror(errno)))")
      }
      while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
      for name in [
        "index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "refs/heads/main.lock",
        "refs/remotes/origin/main.lock", "FETCH_HEAD.lock", "shallow.lock",
      ] {
        unlink(repository + "/.git/" + name)
      }
    }

    func release() { close(fd) }
  }

  static func unreachable(_ remote: String, _ result: Git.Result) -> MemoError {
    MemoError(
      code: .unavailable,
      message:
        "cannot reach the sync remote \(remote) (git: \(result.lastError)); check that it is mounted or online, then run 'memo sync' again"
    )
  }

  static func unreadable(_ path: String, line: Int, _ reason: String) -> MemoError {
    MemoError(
      code: .badData,
      message:
        "the sync remote's \(path) line \(line) is not a memo change (\(reason)); nothing was applied. Remove or repair that file on the remote and run 'memo sync' again"
    )
  }

  /// A local path made absolute (git resolves a relative remote from the repository folder);
  /// URLs and scp-style addresses (host:path) as they are.
  static func absolute(_ remote: String) -> String {
    if remote.hasPrefix("/") || remote.contains(":") { return remote }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    guard getcwd(&buffer, buffer.count) != nil else { return remote }
    let folder = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + remote
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "device" : name
  }

  /// mkdir -p, with mode 0700 (notes are private, as the database's folder is).
  static func makeFolder(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw MemoError(
          code: .cannotCreate,
          message: "cannot create \(current): \(String(cString: strerror(errno)))")
      }
    }
  }
}
