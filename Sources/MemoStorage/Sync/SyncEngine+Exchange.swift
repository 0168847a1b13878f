import MemoCore

/// The database side of a round: this device's changes out, the other devices' in, in one
/// transaction.
extension SyncEngine {
  /// Stamps this device's new changes into the outbox and applies the other devices' new
  /// files, in one transaction recorded as one journal entry.
  /// - Returns: also the ratings set aside (`SyncSummary.setAside`).
  func exchange(device: String) throws -> (applied: Int, conflicts: Int, setAside: Int) {
    let (files, names) = try newFiles(device: device)
    // Nothing new either way (the usual round): no write transaction at all.
    if files.isEmpty, try store.unstampedCount(after: try store.number("pushed_seq")) == 0,
      try knowsAll(names)
    {
      return (0, 0, 0)
    }
    // A `let`: a `var` the transaction's closure captures is read through its box, each change
    // copied (every String and dictionary in it retained) at every use.
    let changes = try readChanges(files)
    // As for an import (EffectRunner.importFile): a 64 MiB page cache for a large round, so
    // new rows' index pages stay in memory instead of going to the WAL and back.
    let cacheSize = try database.int(sql: "PRAGMA cache_size") ?? -2000
    if changes.count > 1000 { try database.execute(sql: "PRAGMA cache_size = -65536") }
    defer { try? database.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    return try database.inTransaction {
      let now = clock()
      let journal = Journal(database: database)
      let entry = try journal.begin(action: "sync", at: now)
      let hlc = try stampOutbox(device: device)
      var seen: [String: HybridTime] = [:]
      for owner in names.keys { seen[owner] = try self.seen(owner) }
      var round = Round()
      try store.setOrigin("sync")
      // New rows go in as an import's do: their search index, journal range and change
      // sequence in one pass at the end (BulkLoad).
      let load = changes.isEmpty ? nil : try BulkLoad(database: database)
      progress?.total = changes.count
      defer { progress?.finish() }
      var versioned = try Versioned(database: database, count: changes.count)
      // Categories removed go last: a rename's questions move to the new name first.
      let removals = changes.filter { $0.kind == .category && !$0.hasRow }
      // By index: `for change in changes` copies each change (retaining all it holds).
      for index in changes.indices where changes[index].kind != .category || changes[index].hasRow {
        try take(
          changes[index], last: false, seen: seen, at: now, versioned: &versioned, into: &round)
      }
      for change in round.later + removals {
        try take(change, last: true, seen: seen, at: now, versioned: &versioned, into: &round)
      }
      round.conflicts += try settle(round.joined, load: load, at: now)
      let from = try noteSeen(changes, files: files, names: names, seen: seen, clock: hlc, at: now)
      let applied = round.applied
      try journal.finish(
        entry,
        summary:
          "sync: \(applied) change\(applied == 1 ? "" : "s") from \(from.joined(separator: ", "))")
      return (applied, round.conflicts, round.setAside)
    }
  }

  /// What a round counts as it takes the other devices' changes, and what it keeps for later.
  struct Round {
    var applied = 0
    var conflicts = 0
    /// Ratings set aside with their item (`SyncSummary.setAside`).
    var setAside = 0
    /// Changes whose post was not here when their turn came: tried again after the rest.
    var later: [SyncChange] = []
    /// The records to join duplicates of (the same reader's file imported on two devices).
    var joined = SyncRepository.Joinable()
  }

  /// The other devices' change files, parsed, oldest first: a change made after seeing another
  /// comes after it (hybrid logical clock). - Throws: `.badData` (65) naming the file and line.
  private func readChanges(_ files: [(String, String)]) throws -> [SyncChange] {
    var parsed: [SyncChange] = []
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
        do { parsed.append(try SyncChange.parse(text, device: owner)) } catch {
          throw Self.unreadable(path, line: number, error.reason)
        }
      }
    }
    parsed.sort { $0.version < $1.version }
    return parsed
  }

  /// This device's changes since the last round, stamped and put in the outbox as a new
  /// change file. - Returns: the clock after stamping them.
  private func stampOutbox(device: String) throws -> HybridTime {
    let stamped = try store.stamp(
      device: device, after: try store.number("pushed_seq"),
      clock: HybridTime(value: try store.number("clock")), skew: request.clockSkewMillis)
    if !stamped.lines.isEmpty {
      try addToOutbox(try nextFileName("changes"), stamped.lines.joined(separator: "\n") + "\n")
    }
    try store.setSetting("pushed_seq", String(stamped.lastSeq))
    return stamped.clock
  }

  /// One change of another device's merged here, counted in `round`.
  /// - Parameter last: whether it is its last try (a change deferred now is kept, not retried).
  private func take(
    _ change: SyncChange, last: Bool, seen: [String: HybridTime], at now: Timestamp,
    versioned: inout Versioned?, into round: inout Round
  ) throws {
    if !last { progress?.advance() }
    // The ratings a deletion takes with its item (counted before it does).
    let ratings = change.hasRow ? 0 : try store.ratings(ofDeleted: change.kind, change.key)
    let (merged, found) = try self.merge(
      change, seen: seen[change.version.device], at: now,
      unversioned: versioned?.lacks(change) ?? false)
    versioned?.note(change, merged)
    round.conflicts += found
    switch merged {
    case .skipped: return
    case .applied:
      round.applied += 1
      round.setAside += ratings
      round.joined.note(change)
    case .deferred:
      // Its post is not here (yet): try again after the rest, then keep it.
      if !last {
        round.later.append(change)
      } else {
        try keepDeferred(change, at: now, into: &round)
      }
    }
  }

  /// A change whose item is still not here at its last try: a rating is set aside, any other
  /// record kept as a conflict.
  private func keepDeferred(_ change: SyncChange, at now: Timestamp, into round: inout Round) throws
  {
    if change.kind == .reviewEvent || change.kind == .highlightReviewEvent {
      // A rating of an item deleted here: set aside with it (`sync_set_aside`), so that
      // restoring the item here brings it back at once; the device that made it keeps it
      // in its journal too, and sends it again if the item comes back
      // (`reviveReviewEvents`).
      if let row = try row(of: change) {
        try store.setAside(change.kind, key: change.key, row: row)
      }
      round.setAside += 1
    } else if change.kind.reportsConflicts,
      try store.keep(
        change.kind, key: change.key, field: "record", row: try row(of: change),
        version: change.version, winner: "", at: now)
    {
      round.conflicts += 1
      // Where its post was deleted, the device that made it deleted it with the post:
      // listed as deleted here too, at the time that device gave it (equal backups).
      try store.dateTombstone(change.kind, change.key, change.version)
      if let post = try postKey(of: change) {  // a question's or a highlight's
        try store.dateCascadedTombstone(
          change.kind, change.key, post: post, stamp: change.version)
      }
    }
  }

  /// What a round does once every change is in: what they left to mend, join or bring back.
  /// - Returns: the conflicts found doing it.
  private func settle(
    _ joined: SyncRepository.Joinable, load: BulkLoad?, at now: Timestamp
  ) throws -> Int {
    var conflicts = try store.keepUnseenCascaded(at: now)  // questions of books deleted elsewhere
    try store.renumberFavorites()
    try store.replayReviewed()
    try load?.finish()
    conflicts += try store.applyFollowed(at: now) + store.keepGoneBooks(at: now)
    try store.tidyConflicts()
    try store.setOrigin(nil)
    // The same reader's file imported on two devices: one post, one highlight, one question
    // of a note each, joined here as this device's change (SyncRepository+Duplicates). Each
    // value that lost is kept as a conflict, counted with the round's.
    conflicts += try store.joinDuplicates(of: joined, at: now)
    // Items deleted here by a round and made again elsewhere (an undone deletion): their
    // ratings come back from the journal, and go out again.
    try store.reviveReviewEvents()
    // Ratings set aside that are here again (their item came back another way, and the
    // device that made them sent them again): nothing left to bring back.
    try store.dropSetAsideHeld()
    try store.dropRecordConflictsBack()
    return conflicts
  }

  /// Notes how far each device's changes were taken, the files applied and the clock after
  /// them. - Returns: the names of the devices changes came from, sorted.
  private func noteSeen(
    _ changes: [SyncChange], files: [(String, String)], names: [String: String],
    seen: [String: HybridTime], clock: HybridTime, at now: Timestamp
  ) throws -> [String] {
    // Each device's latest change, in one pass (oldest first: the last one seen is the
    // latest), not a search of every change for each device the remote names.
    var latestOf: [String: HybridTime] = [:]
    for index in changes.indices {
      latestOf[changes[index].version.device] = changes[index].version.time
    }
    for (owner, name) in names {
      let latest = latestOf[owner]
      try remember(owner, name: name, seen: max(latest ?? .zero, seen[owner] ?? .zero))
    }
    for (path, _) in files { try markApplied(path, at: now) }
    var hlc = clock
    if let latest = latestOf.values.max() {
      hlc = hlc.receive(latest, now: now.millis + request.clockSkewMillis)
    }
    try store.setSetting("clock", String(hlc.value))
    return Set(latestOf.keys.map { names[$0] ?? $0 }).sorted()
  }

  /// The files of other devices not applied yet (path, device), in order, and the name of
  /// every other device the remote holds. - Throws: `.badData` (65) for a foreign file;
  /// `.cannotCreate` (73) when this device's folder holds a file this database did not write
  /// (`checkOwnFolder`).
  func newFiles(device: String) throws -> (files: [(String, String)], names: [String: String]) {
    let listed = try git.check(["ls-files", "-z", "--", "devices"]).stdout
    var applied = Set<String>()
    let statement = try database.cachedStatement(sql: "SELECT path FROM sync_files")
    while try statement.step() { applied.insert(statement.string(0)) }
    statement.reset()
    var files: [(String, String)] = []
    var names: [String: String] = [:]
    var own: [String] = []
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
      if owner == device {
        own.append(path)
        continue
      }
      if parts[2] == "device.json" {
        let bytes = try TemporaryFile.read(path: request.repository + "/" + path)
        let info = try? JSONParser.parse(bytes)
        names[owner] = info?["name"]?.stringValue ?? owner
      } else if !applied.contains(path) {
        files.append((path, owner))
        if names[owner] == nil { names[owner] = owner }
      }
    }
    // Never over another copy's files (a restored backup, a copied memo.db).
    try checkOwnFolder(device: device, listed: own)
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
    if let text = change.rowText { return text }
    let statement = try database.cachedStatement(sql: "SELECT json_extract(?, '$.row')")
    defer { statement.reset() }
    try statement.bind(change.line, at: 1)
    return try statement.step() ? statement.text(0) : nil
  }

  /// The uuid of the post a question's change names.
  func postKey(of change: SyncChange) throws -> String? {
    let statement = try database.cachedStatement(sql: "SELECT json_extract(?, '$.row.post_uuid')")
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
}
