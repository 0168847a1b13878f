import MemoCore

/// What a restore replaces (issue 35: "each keeps both versions or says where the other
/// went"). Restoring a kept value keeps the value it replaced as a conflict, on every device
/// (the restoring one at once, the others when the resolution reaches them, before the value
/// does), under the identity of the replaced value's own stamp, so that every device keeps the
/// same one. Each device notes what the restore made live (`restored:KIND:FIELD:KEY` in
/// `sync_settings`): the value, the stamp it lost with, the conflict it replaced. While the
/// field still holds it, another conflict of the field restores over it (keeping it again,
/// under that first stamp), and an undone round that had brought the restore in puts it back
/// as the conflict it was.
extension SyncRepository {
  static let restoredPrefix = "restored:"

  struct Restored {
    var row: String
    var version: SyncVersion
    /// The identity of the conflict that keeps the value the restore replaced.
    var replaced: String
    /// The device whose value the restore replaced.
    var replacedDevice: String
  }

  static func restoredKey(_ kind: String, _ field: String, _ key: String) -> String {
    restoredPrefix + kind + ":" + field + ":" + key
  }

  func restoredNote(_ kind: String, _ field: String, _ key: String) throws -> Restored? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT json(json_extract(value, '$.row')), json_extract(value, '$.hlc'),
          json_extract(value, '$.device'), json_extract(value, '$.replaced'),
          json_extract(value, '$.replaced_device')
        FROM sync_settings WHERE key = ?1
        """)
    defer { statement.reset() }
    try statement.bind(Self.restoredKey(kind, field, key), at: 1)
    guard try statement.step() else { return nil }
    return Restored(
      row: statement.string(0),
      version: SyncVersion(
        time: HybridTime(value: statement.int64(1)), device: statement.string(2)),
      replaced: statement.string(3), replacedDevice: statement.string(4))
  }

  /// Whether the field holds the value a restore made live (noted here) and no other since.
  func holdsRestored(_ kind: SyncChange.Kind, key: String, field: String) throws -> Restored? {
    guard let note = try restoredNote(kind.rawValue, field, key),
      let columns = kind.fields.first(where: { $0.name == field })?.columns,
      let current = try image(kind, key),
      try !SyncEngine.Values(store: self, here: current, incoming: note.row).differ(columns)
    else { return nil }
    return note
  }

  /// Before a restore of the conflict `identity` (here, or one arriving from another device):
  /// keeps the value the field holds now as a conflict that lost to the one restored, and
  /// notes the restore.
  func keepReplaced(_ identity: String, at time: Timestamp) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.kind, c.key, c.field, c.row, c.hlc, c.device FROM sync_conflicts c
        WHERE \(Self.identitySQL) = ?1
        """)
    try statement.bind(identity, at: 1)
    guard try statement.step() else {
      statement.reset()
      return try keepReplacedUnmet(identity, at: time)
    }
    guard !statement.isNull(3), let kind = SyncChange.Kind(rawValue: statement.string(0))
    else { return statement.reset() }
    let (key, field, row) = (statement.string(1), statement.string(2), statement.string(3))
    let lost = SyncVersion(
      time: HybridTime(value: statement.int64(4)), device: statement.string(5))
    statement.reset()
    guard field != "record", let current = try image(kind, key),
      let columns = kind.fields.first(where: { $0.name == field })?.columns,
      let live = try liveStamp(kind, key: key, field: field)
    else { return }
    let replaced = "\(kind.rawValue):\(field):\(live.time.value):\(live.device):\(key)"
    let values = SyncEngine.Values(store: self, here: current, incoming: row)
    // A field that held nothing (an answer or a note not given) loses nothing to the restore.
    if try values.differ(columns), try !values.hereIsEmpty(columns) {
      // Restored once and replaced now: kept again, under the same identity.
      try run("DELETE FROM sync_resolved WHERE identity = ?1", replaced)
      try keep(
        kind, key: key, field: field, row: current, version: live, winner: lost.device,
        at: time)
    }
    try noteRestored(
      kind.rawValue, field, key,
      Restored(row: row, version: lost, replaced: replaced, replacedDevice: live.device))
  }

  /// The stamp of the value `field` holds now: as a restore made it (under the stamp it had
  /// lost with, the same on every device), else its own.
  private func liveStamp(_ kind: SyncChange.Kind, key: String, field: String) throws
    -> SyncVersion?
  {
    if let restored = try holdsRestored(kind, key: key, field: field) { return restored.version }
    guard let held = try version(kind, key) else { return nil }
    return try fieldStamps(kind, key, held: held.version)[field] ?? held.version
  }

  /// `keepReplaced` of a restore whose conflict is not kept here under its identity: a value
  /// that lost again after a restore of it went out under a new stamp (a restore raced by
  /// another, undone, then redone) is kept under that one where it lost. The value the field
  /// holds is kept all the same, as the restoring device keeps it (the restored value comes
  /// after; a conflict holding the value live at the end of the round goes then).
  private func keepReplacedUnmet(_ identity: String, at time: Timestamp) throws {
    let parts = identity.split(separator: ":", maxSplits: 4).map(String.init)
    guard parts.count == 5, parts[1] != "record", let kind = SyncChange.Kind(rawValue: parts[0]),
      let current = try image(kind, parts[4]),
      let columns = kind.fields.first(where: { $0.name == parts[1] })?.columns,
      try !SyncEngine.Values(store: self, here: current, incoming: current).hereIsEmpty(columns),
      let live = try liveStamp(kind, key: parts[4], field: parts[1])
    else { return }
    try keep(
      kind, key: parts[4], field: parts[1], row: current, version: live, winner: parts[3],
      at: time)
  }

  func noteRestored(_ kind: String, _ field: String, _ key: String, _ note: Restored) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_object('row', json(?1), 'hlc', ?2, 'device', ?3, 'replaced', ?4,
          'replaced_device', ?5)
        """)
    defer { statement.reset() }
    try statement.bind(note.row, at: 1)
    try statement.bind(note.version.time.value, at: 2)
    try statement.bind(note.version.device, at: 3)
    try statement.bind(note.replaced, at: 4)
    try statement.bind(note.replacedDevice, at: 5)
    if try statement.step() {
      try setSetting(Self.restoredKey(kind, field, key), statement.string(0))
    }
  }

  /// A restore's resolution taken back on the device that made it or brought it in (`memo
  /// undo` of it, or of the round): the restored value is kept again as the conflict it was,
  /// and the value it had replaced, live again, is no longer one.
  func unresolve(_ identity: String, at time: Timestamp) throws {
    guard try exists("SELECT 1 FROM sync_resolved WHERE identity = ?", identity) else { return }
    if try exists(
      "SELECT 1 FROM sync_resolved WHERE identity = ? AND resolution = 'dismissed'", identity)
    {
      try run("DELETE FROM sync_resolved WHERE identity = ?1", identity)
      return try bringBackDismissed(identity)
    }
    try run("DELETE FROM sync_resolved WHERE identity = ?1", identity)
    let parts = identity.split(separator: ":", maxSplits: 4).map(String.init)
    guard parts.count == 5, let kind = SyncChange.Kind(rawValue: parts[0]),
      let hlc = Int64(parts[2]), let note = try restoredNote(parts[0], parts[1], parts[4]),
      note.version == SyncVersion(time: HybridTime(value: hlc), device: parts[3])
    else { return }
    let back = try database.cachedStatement(
      sql: "SELECT c.row FROM sync_conflicts c WHERE \(Self.identitySQL) = ?1")
    try back.bind(note.replaced, at: 1)
    let row = try back.step() ? back.text(0) : nil
    back.reset()
    try run("DELETE FROM sync_conflicts AS c WHERE \(Self.identitySQL) = ?1", note.replaced)
    try keep(
      kind, key: parts[4], field: parts[1], row: note.row, version: note.version,
      winner: note.replacedDevice, at: time)
    try setWinner(kind, key: parts[4], field: parts[1], winner: note.replacedDevice)
    // The value live again is noted as a restore's, under the stamp it was kept with: the
    // undo's value goes out with a new stamp, and a restore over it keeps it under its first
    // one, as the device that undid does (its journal keeps that conflict).
    let replaced = note.replaced.split(separator: ":", maxSplits: 4).map(String.init)
    if let row, replaced.count == 5, let stamp = Int64(replaced[2]) {
      try noteRestored(
        parts[0], parts[1], parts[4],
        Restored(
          row: row, version: SyncVersion(time: HybridTime(value: stamp), device: replaced[3]),
          replaced: identity, replacedDevice: note.version.device))
    } else {
      try run(
        "DELETE FROM sync_settings WHERE key = ?1",
        Self.restoredKey(parts[0], parts[1], parts[4]))
    }
  }

  /// `memo undo` or `memo redo` here took a restore's resolution back or put it back (of the
  /// restore, or of a round that brought it in), the record's value with it: the note of what
  /// the field holds swaps sides, as `unresolve` and `keepReplaced` make it on the devices the
  /// undo or redo reaches, so that a later restore keeps the value under the same stamp here
  /// and there.
  /// - Parameter putBack: whether the resolution is put back (redo), else taken back (undo).
  func swapRestoredNote(_ identity: String, putBack: Bool) throws {
    let parts = identity.split(separator: ":", maxSplits: 4).map(String.init)
    guard parts.count == 5, let kind = SyncChange.Kind(rawValue: parts[0]),
      let note = try restoredNote(parts[0], parts[1], parts[4]),
      let current = try image(kind, parts[4])
    else { return }
    let noted =
      "\(parts[0]):\(parts[1]):\(note.version.time.value):\(note.version.device):\(parts[4])"
    let replaced = note.replaced.split(separator: ":", maxSplits: 4).map(String.init)
    // Taken back: the note says its value is live; put back: that it was replaced.
    guard (putBack ? note.replaced : noted) == identity, replaced.count == 5,
      let stamp = Int64(replaced[2])
    else { return }
    try noteRestored(
      parts[0], parts[1], parts[4],
      Restored(
        row: current, version: SyncVersion(time: HybridTime(value: stamp), device: replaced[3]),
        replaced: noted, replacedDevice: note.version.device))
  }

  /// At the end of a round: the conflicts kept of a field as every device lists them, each
  /// value lost once, and never the value the field holds. Restores made on two devices unseen
  /// by each other keep their values by more than one way (the value a restore replaced under
  /// the stamp it was restored with, then again under the stamp it went out with when the other
  /// device's value wins), and a restore arriving keeps the value it replaces here even where
  /// that value wins again after: a value kept twice stays under its latest stamp, one the
  /// field holds now goes (nothing of it is lost).
  func tidyConflicts() throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT c.id, c.kind, c.key, c.field, c.row, c.hlc, c.device FROM sync_conflicts c
        WHERE c.field <> 'record' AND c.row IS NOT NULL
        ORDER BY c.kind, c.key, c.field, c.hlc DESC, c.device DESC
        """)
    var found:
      [(id: Int64, kind: String, key: String, field: String, row: String, stamp: SyncVersion)] =
        []
    while try statement.step() {
      found.append(
        (
          statement.int64(0), statement.string(1), statement.string(2), statement.string(3),
          statement.string(4),
          SyncVersion(time: HybridTime(value: statement.int64(5)), device: statement.string(6))
        ))
    }
    statement.reset()
    var drop: [Int64] = []
    var kept: [String] = []  // the rows kept so far of the current field
    var group = ""
    for item in found {
      let here = item.kind + ":" + item.field + ":" + item.key
      if here != group { (group, kept) = (here, []) }
      guard let kind = SyncChange.Kind(rawValue: item.kind),
        let columns = kind.fields.first(where: { $0.name == item.field })?.columns
      else { continue }
      func same(_ other: String) throws -> Bool {
        try !SyncEngine.Values(store: self, here: other, incoming: item.row).differ(columns)
      }
      if let live = try image(kind, item.key) ?? followedImage(kind, item.key, item.field),
        try same(live) || (kind == .post && item.field == "body" && bodyHolds(live, item.row))
      {
        drop.append(item.id)
        if try same(live) { try noteLiveAgain(kind, key: item.key, item.field, item.stamp) }
      } else if try kept.contains(where: same) {
        drop.append(item.id)
      } else {
        kept.append(item.row)
      }
    }
    for id in drop { try run("DELETE FROM sync_conflicts WHERE id = ?1", String(id)) }
  }

  /// A kept value the field holds again (an undone restore brought it back under the undo's
  /// stamp) is noted as a restore's, under the stamp it was kept with, unless a restore's note
  /// says so already: a later restore over it keeps it under that stamp, as the device that
  /// undid does (`swapRestoredNote`), not under the one it came back with.
  private func noteLiveAgain(
    _ kind: SyncChange.Kind, key: String, _ field: String, _ stamp: SyncVersion
  ) throws {
    guard try holdsRestored(kind, key: key, field: field) == nil, let live = try image(kind, key)
    else { return }
    try noteRestored(
      kind.rawValue, field, key,
      Restored(row: live, version: stamp, replaced: "", replacedDevice: stamp.device))
  }

  /// The post a post merged away went into, for its author or source (a value of the merged
  /// post's that the post kept holds is lost nowhere: merges that made a cycle keep it there).
  private func followedImage(_ kind: SyncChange.Kind, _ key: String, _ field: String) throws
    -> String?
  {
    guard kind == .post, field == "author" || field == "source",
      let target = try mergedInto(post: key)
    else { return nil }
    return try image(.post, target)
  }

  /// Whether the post's body `live` holds every paragraph of the body in `row`: a body that
  /// lost to one a merge made of it and the merged books' bodies lost nothing (each machine
  /// meets such a body at another step of the merges, so keeping it would list it on some).
  private func bodyHolds(_ live: String, _ row: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "SELECT coalesce(json_extract(?1, '$.body'), ''), json_extract(?2, '$.body')")
    defer { statement.reset() }
    try statement.bind(live, at: 1)
    try statement.bind(row, at: 2)
    guard try statement.step(), !statement.isNull(1) else { return false }
    let held = Set(statement.string(0).split(separator: "\n\n", omittingEmptySubsequences: false))
    return statement.string(1).split(separator: "\n\n", omittingEmptySubsequences: false)
      .allSatisfy { held.contains($0) }
  }

  /// Every conflict kept from the field names `winner`, the device whose value it holds now.
  func setWinner(_ kind: SyncChange.Kind, key: String, field: String, winner: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        UPDATE sync_conflicts SET winner = ?4
        WHERE kind = ?1 AND key = ?2 AND field = ?3 AND winner != ?4
        """)
    try statement.bind(kind.rawValue, at: 1)
    try statement.bind(key, at: 2)
    try statement.bind(field, at: 3)
    try statement.bind(winner, at: 4)
    try statement.execute()
  }
}
