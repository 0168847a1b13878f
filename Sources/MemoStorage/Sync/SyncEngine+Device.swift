import MemoCore

/// One device id, one database (issue 35). A database restored from a backup, or memo.db
/// copied to a second machine, holds the device id and file numbers of the database it came
/// from: its next change file would take a name that copy has used already on the remote, and
/// overwriting it would leave the machines that applied the first one different forever. So a
/// round first checks this device's folder on the remote: a file this database did not write
/// there (numbered from its next file on, or one waiting here to be pushed that the remote holds
/// with other content) stops it, changing nothing, and `memo sync init --new-device` gives it
/// a new device id: the other copy's files are then another device's, applied as any are, and
/// what this database holds goes out again under its new id.
extension SyncEngine {
  /// - Parameter listed: the paths in this device's folder on the remote.
  /// - Throws: `.cannotCreate` (73) when this device's folder on the remote holds a file this
  ///   database did not write.
  func checkOwnFolder(device: String, listed: [String]) throws {
    let next = max(1, try store.number("next_file"))
    var waiting: [String: String] = [:]
    for (name, content) in try outbox() { waiting[name] = content }
    for path in listed {
      let name = String(path.split(separator: "/").last ?? "")
      guard let number = Self.fileNumber(name) else { continue }
      if number >= next {
        throw Self.behind(path: path, device: device)
      }
      if let content = waiting[name], !content.isEmpty,
        try TemporaryFile.read(path: request.repository + "/" + path) != Array(content.utf8)
      {
        throw Self.behind(path: path, device: device)
      }
    }
  }

  /// The number in a change file's or snapshot's name (`changes-00000002.jsonl` → 2).
  static func fileNumber(_ name: String) -> Int64? {
    guard name.hasSuffix(".jsonl"), let dash = name.lastIndex(of: "-") else { return nil }
    return Int64(name[name.index(after: dash)...].dropLast(".jsonl".count))
  }

  static func behind(path: String, device: String) -> MemoError {
    MemoError(
      code: .cannotCreate,
      message:
        "the sync remote holds \(path), which this database did not write: another copy of it (a backup restored here, or memo.db copied to another machine) syncs as the same device, and this round would overwrite that copy's notes; nothing was changed. Run 'memo sync init --new-device' to sync this database as a new device: it keeps every note here, sends them again and brings in the other copy's"
    )
  }

  /// `memo sync init --new-device`: this database syncs on as a new device, through the
  /// remote it has (or the one given). The old device's files this database wrote are marked
  /// applied (it holds them); the others, another copy's, are applied by the round as another
  /// device's. What waited to be pushed under the old id is dropped from the outbox: its
  /// records go out again, with every other record whose content came from the old id, in a
  /// snapshot of the new device's (`resend`), which sets nothing over what a machine holds
  /// that is newer.
  /// - Throws: `.usage` (64) when sync is not set up and no remote is given.
  func renewDevice() throws -> SyncSummary {
    guard let current = try store.setting("remote"), let old = try store.setting("device_id")
    else {
      guard request.remote != nil else {
        throw MemoError(
          code: .usage,
          message:
            "sync is not set up for this database; give the remote: memo sync init REMOTE --new-device"
        )
      }
      var fresh = request
      fresh.newDevice = false
      return try SyncEngine(
        database: database, clock: clock, makeUUID: makeUUID, request: fresh, progress: progress
      ).initialize()
    }
    let remote = request.remote.map(Self.absolute) ?? current
    let command = "memo sync init " + (request.remote == nil ? "" : "REMOTE ") + "--new-device"
    try checkRemote(remote, command: command)
    try prepareRepository(remote: remote)
    let fetched = try git.run(Self.fetch)
    guard fetched.isSuccess else { throw Self.unreachable(remote, fetched, setUp: command) }
    try checkOutRemote()
    let listed = try git.check(["ls-files", "-z", "--", "devices/" + old]).stdout
    let next = max(1, try store.number("next_file"))
    var waiting: [String: String] = [:]
    for (name, content) in try outbox() { waiting[name] = content }
    let now = clock()
    let device = makeUUID(now)
    // A new device, a name of its own: by default the host name (memo.db copied to another
    // machine), numbered when a device already has it (a backup restored on the same one).
    let oldName = try store.setting("device_name")
    let name = try request.name ?? freeName(Self.hostName(), besides: oldName)
    try database.inTransaction {
      for path in listed.split(separator: "\0").map(String.init) {
        let file = String(path.split(separator: "/").last ?? "")
        guard let number = Self.fileNumber(file), number < next else { continue }
        // Written here, unless a file of that name waiting here holds something else.
        if let content = waiting[file], !content.isEmpty,
          try TemporaryFile.read(path: request.repository + "/" + path) != Array(content.utf8)
        {
          continue
        }
        try markApplied(path, at: now)
      }
      try takeUpPublished(
        by: old, paths: listed.split(separator: "\0").map(String.init), from: next)
      try store.noteCopied(from: old)
      try database.execute(sql: "DELETE FROM sync_outbox")
      try database.execute(
        sql: "DELETE FROM sync_settings WHERE key IN ('next_file', 'registered', 'resend')")
      try store.setSetting("remote", remote)
      try store.setSetting("device_id", device)
      try store.setSetting("device_name", name)
      try store.setSetting("resend", old)
      var info = JSONObjectWriter()
      info.add("id", device)
      info.add("name", name)
      try addToOutbox("device.json", info.object + "\n")
    }
    var summary = try round()
    if request.name == nil {
      summary.newDeviceName = SyncSummary.NewDeviceName(name: name, old: oldName ?? old)
    }
    return summary
  }

  /// After `--new-device`: this database's changes not yet pushed when it was copied that
  /// the other copy (syncing on as the old id) has pushed since, exactly as they are here:
  /// its first change to the record in its later files (numbered from `next` on) is made over
  /// the version held here and leaves the record as it is here. They are that copy's, not
  /// this device's: sent again under the new id, a deletion would win over what that copy
  /// did after it (an undone `rm` that made the book again: deleted on every machine). So they
  /// are marked as come from sync, and the round applies that copy's files over them.
  func takeUpPublished(by old: String, paths: [String], from next: Int64) throws {
    var first: [String: SyncChange] = [:]
    let later = paths.compactMap { path in
      Self.fileNumber(String(path.split(separator: "/").last ?? "")).map { (path, $0) }
    }.filter { $0.1 >= next }.sorted { $0.1 < $1.1 }
    for (path, _) in later {
      let bytes = try TemporaryFile.read(path: request.repository + "/" + path)
      for line in bytes.split(separator: 0x0A) {
        guard let text = String(validating: line, as: UTF8.self),
          let change = try? SyncChange.parse(text, device: old)
        else { continue }
        let id = change.kind.rawValue + " " + change.key
        if first[id] == nil { first[id] = change }
      }
    }
    guard !first.isEmpty else { return }
    let statement = try database.cachedStatement(
      sql: "SELECT kind, key FROM changes WHERE origin IS NULL AND seq > ?")
    defer { statement.reset() }
    try statement.bind(try store.number("pushed_seq"), at: 1)
    var taken: [(String, String)] = []
    while try statement.step() {
      let (kindName, key) = (statement.string(0), statement.string(1))
      guard let change = first[kindName + " " + key],
        let held = try store.version(change.kind, key), change.base == held.version
      else { continue }
      let here = try store.image(change.kind, key).map { try JSONParser.parse($0) }
      let there = try row(of: change).map { try JSONParser.parse($0) }
      if here == there { taken.append((kindName, key)) }
    }
    statement.reset()
    let mark = try database.cachedStatement(
      sql: "UPDATE changes SET origin = 'sync' WHERE kind = ? AND key = ?")
    for (kind, key) in taken {
      mark.reset()
      try mark.bind(kind, at: 1)
      try mark.bind(key, at: 2)
      try mark.execute()
    }
  }

  /// `base`, or `base-2`, `base-3`… when this database's old name or a device it has heard of
  /// has it already.
  func freeName(_ base: String, besides oldName: String?) throws -> String {
    var taken = Set(oldName.map { [$0] } ?? [])
    let statement = try database.cachedStatement(
      sql: "SELECT name FROM sync_peers WHERE name IS NOT NULL")
    defer { statement.reset() }
    while try statement.step() { taken.insert(statement.string(0)) }
    var name = base
    var number = 2
    while taken.contains(name) {
      name = "\(base)-\(number)"
      number += 1
    }
    return name
  }

  /// After `--new-device`: a snapshot, under this device's id, of every record holding a
  /// value the old id set (`old`), with each field's stamp as held here and no field set by
  /// it: a machine takes from it only what is newer than what it holds, with no conflict, and
  /// one that never received a change the old id made here (pushed by no one) gets it now.
  /// Records deleted here are left out: a deletion sent again could delete what another
  /// machine made again after seeing it.
  func resend(from old: String, as device: String) throws {
    try database.inTransaction {
      guard try store.setting("resend") == old else { return }
      let statement = try database.cachedStatement(
        sql: """
          SELECT kind, key FROM sync_versions WHERE device = ?1
          UNION SELECT kind, key FROM sync_fields WHERE device = ?1
          """)
      defer { statement.reset() }
      try statement.bind(old, at: 1)
      var records: [(SyncChange.Kind, String)] = []
      while try statement.step() {
        guard let kind = SyncChange.Kind(rawValue: statement.string(0)) else { continue }
        records.append((kind, statement.string(1)))
      }
      statement.reset()
      var clock = HybridTime(value: try store.number("clock"))
      let wall = self.clock().millis + request.clockSkewMillis
      var lines: [String] = []
      for (kind, key) in records {
        guard let held = try store.version(kind, key), let row = try store.image(kind, key)
        else { continue }
        clock = clock.tick(now: wall)
        lines.append(
          SyncChange.encode(
            kind: kind, key: key, version: SyncVersion(time: clock, device: device),
            base: held.version, row: row,
            stamps: try store.fieldStamps(kind, key, held: held.version), changed: [:]))
      }
      try store.setSetting("clock", String(clock.value))
      if !lines.isEmpty {
        try addToOutbox(try nextFileName("snapshot"), lines.joined(separator: "\n") + "\n")
      }
      // The copied deletions went out with the round's changes (`stamp`), before this.
      try database.execute(sql: "DELETE FROM sync_settings WHERE key IN ('resend', 'copied')")
    }
  }
}
