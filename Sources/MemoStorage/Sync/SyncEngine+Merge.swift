import MemoCore

/// Merging one change of another device's into this database, field by field (issue 20).
///
/// A change made over the version held here follows it: taken whole. Otherwise the two were
/// made without seeing each other, and each field merges on its own: the later stamp wins
/// (`SyncMerge.field`); only a field both set is a conflict, and its losing value is kept.
/// A deletion wins over an edit made without seeing it, whichever came later: the record
/// stays deleted and the edit is kept as a conflict (restorable). A record made again after
/// seeing the deletion (`memo undo`, a restore) comes back.
extension SyncEngine {
  enum Merged {
    case skipped, applied
    /// It needs a post that is not here (yet).
    case deferred
  }

  /// - Parameter unversioned: whether sync is known to hold no version of the record (see
  ///   `Versioned`): its lookup is left out.
  func merge(
    _ change: SyncChange, seen: HybridTime?, at now: Timestamp, unversioned: Bool = false
  ) throws -> (merged: Merged, conflicts: Int) {
    if let seen, change.version.time <= seen { return (.skipped, 0) }
    let kind = change.kind
    let key = change.key
    let held = unversioned ? nil : try store.version(kind, key)
    if let held, held.version == change.version { return (.skipped, 0) }
    // A record sync never held is new here (no need to read it).
    let here = held == nil ? nil : try store.image(kind, key)
    let follows = held.map { change.base == $0.version } ?? false
    let stamps = try store.fieldStamps(kind, key, held: held?.version)

    guard change.hasRow else {
      return try mergeDeletion(change, held: held, here: here, stamps: stamps, at: now)
    }

    let incoming = try row(of: change)
    if here == nil, let held, held.row == nil, !follows {
      return try keepUnseen(change, incoming: incoming, deletedBy: held, stamps: stamps, at: now)
    }
    guard let held, let here else {
      // New here, or made again after its deletion: all of it.
      return (try takeWhole(change, held: held, incoming: incoming, at: now), 0)
    }
    return try mergeFields(
      change, held: held, here: here, incoming: incoming, stamps: stamps, follows: follows, at: now)
  }

  /// `merge` of a record new here, or made again after its deletion: all of it.
  private func takeWhole(
    _ change: SyncChange, held: SyncRepository.Held?, incoming: String?, at now: Timestamp
  ) throws -> Merged {
    let (kind, key) = (change.kind, change.key)
    guard try store.apply(kind, key: key, line: change.line, row: change.row) else {
      return .deferred
    }
    try store.setVersion(
      kind, key, change.version, base: change.base, row: incoming, isNew: held == nil)
    // A record new here from a line without stamps (every field the change's version) has
    // no field rows to write or clear: nothing to build for each of a first round's records.
    if held != nil { try madeAgain(change, at: now) }
    if held != nil || !change.stamps.isEmpty {
      var taken: [String: SyncVersion] = [:]
      for (field, _) in kind.fields { taken[field] = change.stamp(field) }
      try store.setFieldStamps(kind, key, taken, version: change.version, hadRows: held != nil)
    }
    return .applied
  }

  /// `merge` of a record held here, field by field: the later stamp winning; a conflict only
  /// when the change was made without seeing the version here.
  private func mergeFields(
    _ change: SyncChange, held: SyncRepository.Held, here: String, incoming: String?,
    stamps: [String: SyncVersion], follows: Bool, at now: Timestamp
  ) throws -> (merged: Merged, conflicts: Int) {
    let (kind, key) = (change.kind, change.key)
    var conflicts = 0
    func keep(_ field: String, row: String?, stamp: SyncVersion, winner: String) throws {
      let new = try store.keep(
        kind, key: key, field: field, row: row, version: stamp, winner: winner, at: now)
      conflicts += new ? 1 : 0
      // Every value kept from the field lost to the one it holds now (`winner`'s).
      try store.setWinner(kind, key: key, field: field, winner: winner)
    }
    var merged = stamps
    var columns: [String] = []
    let values = Values(store: store, here: here, incoming: incoming)
    for (field, fieldColumns) in kind.fields {
      let local = stamps[field] ?? held.version
      let stamp = change.stamp(field)
      let set = change.changedBase(field)
      let outcome = SyncMerge.field(local: local, incoming: stamp, set: set.changed, base: set.base)
      try store.dropSeen(kind, key: key, field: field, by: set, incoming: incoming)
      conflicts += try store.keepFilled(change, field, taken: outcome.take, here, incoming, now)
      if outcome.take { (merged[field], columns) = (stamp, columns + fieldColumns) }
      if outcome.conflict && !follows && kind.reportsConflicts(on: field),
        try values.differ(fieldColumns)
      {
        if outcome.take {
          try keep(field, row: here, stamp: local, winner: stamp.device)
        } else {
          try keep(field, row: incoming, stamp: stamp, winner: local.device)
        }
      }
    }
    let version = max(held.version, change.version)
    var result = Merged.skipped
    if !columns.isEmpty {
      // Each value as its JSON text (`->`): a REAL from json_extract would get 15 digits.
      let paths = columns.map { "'$.\($0)', json(?2 -> '$.\($0)')" }
      let statement = try database.cachedStatement(
        sql: "SELECT json_object('row', json(json_set(?1, \(paths.joined(separator: ", ")))))")
      try statement.bind(here, at: 1)
      try statement.bind(incoming, at: 2)
      let line = try statement.step() ? statement.string(0) : nil
      statement.reset()
      guard let line, try store.apply(kind, key: key, line: line) else { return (.deferred, 0) }
      result = .applied
    }
    try store.setVersion(
      kind, key, version, base: version == held.version ? held.base : change.base,
      row: try store.heldImage(kind, key, over: held.row, columns: columns), isNew: false)
    try store.setFieldStamps(kind, key, merged, version: version)
    return (result, conflicts)
  }

  /// `merge` of a record made again after sync deleted it here: its ratings may come back
  /// (end of round), and the values kept from its conflicts stand against it as it came.
  func madeAgain(_ change: SyncChange, at now: Timestamp) throws {
    if change.kind == .question || change.kind == .highlight {
      try store.noteRevived(change.kind, change.key)
    }
    // A post merged away, back (an undone `memo merge`): what followed the merge only here
    // (added to it unseen by the merge) comes back to it, where sync holds it.
    if change.kind == .post {
      try store.moveFollowed(of: change.key, to: change.key)
      try store.shelfBack(of: change.key)
    }
    try store.meetAgain(change.kind, change.key, by: change.version, at: now)
  }

  /// `merge` of an edit of a record deleted here by a deletion the edit had not seen: the
  /// deletion wins, the edit is kept (a conflict for each field it set).
  func keepUnseen(
    _ change: SyncChange, incoming: String?, deletedBy held: SyncRepository.Held,
    stamps: [String: SyncVersion], at now: Timestamp
  ) throws -> (merged: Merged, conflicts: Int) {
    let kind = change.kind
    // A post merged away here keeps it too, should it come back (`settleMerge`).
    if kind == .post { try store.noteMergedRow(change, incoming) }
    // A book deleted here that another device changed (as `memo merge` does, moving a
    // question or highlight into it): kept as that device keeps it, if what it moved is kept
    // (`keepGoneBooks`), so that restoring the book brings back what is restored into it.
    if kind == .post, let incoming {
      try store.noteGoneBook(
        change.key, row: incoming, time: change.version.time, winner: held.version.device,
        device: change.version.device)
    }
    var conflicts = 0
    // A field the edit left empty holds nothing, as the deletion: no conflict.
    let edited = incoming.map { Values(store: store, here: $0, incoming: nil) }
    for (field, columns) in kind.fields where kind.reportsConflicts(on: field) {
      let set = change.changedBase(field)
      guard set.changed, change.stamp(field) != stamps[field],
        try edited?.hereIsEmpty(columns) == false,
        try store.keep(
          kind, key: change.key, field: field, row: incoming, version: change.stamp(field),
          winner: held.version.device, at: now)
      else { continue }
      conflicts += 1
    }
    return (.skipped, conflicts)
  }

  /// `merge` of a deletion (`held`: the version here, `here`: the record as it is here).
  func mergeDeletion(
    _ change: SyncChange, held: SyncRepository.Held?, here: String?,
    stamps: [String: SyncVersion], at now: Timestamp
  ) throws -> (merged: Merged, conflicts: Int) {
    if try keepsUndone(change, held: held, here: here) { return (.skipped, 0) }
    let kind = change.kind
    let key = change.key
    // Deleted here already by a later deletion (two devices joined the same duplicates, or
    // deleted the same record): the later one stands on every device, and with it the time
    // every backup lists.
    if let held, held.row == nil, here == nil, held.version > change.version {
      return (.skipped, 0)
    }
    // Merged into another post here: what is here of it follows (SyncRepository+Merged).
    if let into = change.into {
      // Merges that make a cycle across machines (`merge A B` here, `merge B A` elsewhere):
      // one post of the cycle stays everywhere, with its shelf place.
      guard let survivor = try store.settle(kind, key, into: into, version: change.version)
      else { return (.skipped, 0) }
      if kind == .post { try store.followMerge(of: key, into: survivor) }
    }
    var conflicts = 0
    // What was here: the record, or as the last round left it (a question deleted with its
    // post just now).
    if let held, change.base != held.version, let was = here ?? held.row, kind.reportsConflicts {
      // A field empty here holds nothing, as the deletion: no conflict (a book made again by
      // an undone `rm` has every field stamped anew, its empty author too).
      let values = Values(store: store, here: was, incoming: nil)
      for (field, columns) in kind.fields where kind.reportsConflicts(on: field) {
        guard let local = stamps[field],
          SyncMerge.unseenByDeletion(local: local, deleted: change.stamps[field] ?? change.base),
          try !values.hereIsEmpty(columns),
          try store.keep(
            kind, key: key, field: field, row: was, version: local,
            winner: change.version.device, at: now)
        else { continue }
        conflicts += 1
      }
    }
    // Rated here (the ratings go with it): kept as a conflict, as this device's, so that
    // restoring it here brings them back (from this round's journal) undoing nothing else.
    if conflicts == 0, let held, let was = here ?? held.row, try store.ratedHere(kind, key),
      let device = try store.setting("device_id"),
      try store.keep(
        kind, key: key, field: "record", row: was,
        version: SyncVersion(time: held.version.time, device: device),
        winner: change.version.device, at: now)
    {
      conflicts += 1
    }
    // Its questions' or highlights' edits here kept as conflicts (later in the round): the
    // book is kept too, so that restoring it first brings them back (`keepGoneBooks`).
    if kind == .post, conflicts == 0, let held, let was = here ?? held.row {
      try store.noteGoneBook(key, row: was, time: held.version.time, winner: change.version.device)
    }
    let cascaded = kind == .post ? try store.cascadedQuestions(ofPost: key) : []
    if let importKey = change.importKey
      ?? SyncRepository.importKey(kind, row: here ?? held?.row)
    {
      try store.rememberGone(kind, key, importKey: importKey)
      // Deleted before it ever synced: its copies made elsewhere go too (end of round).
      try store.noteUnsyncedGone(importKey, of: change)
    }
    // A restore taken back where it was made or brought in: its conflict comes back.
    if kind == .resolution { try store.unresolve(key, at: now) }
    _ = try store.apply(kind, key: key, line: nil)
    try store.setVersion(kind, key, change.version, base: change.base, row: nil, isNew: held == nil)
    for (cascadedKind, item) in cascaded {
      try store.dateCascadedTombstone(cascadedKind, item, post: key, stamp: nil)
    }
    var deleted: [String: SyncVersion] = [:]
    for (field, _) in kind.fields {
      deleted[field] = change.stamps[field] ?? change.base ?? change.version
    }
    try store.setFieldStamps(kind, key, deleted, version: change.version, hadRows: held != nil)
    try store.dateTombstone(kind, key, change.version)
    return (.applied, conflicts)
  }

  /// The records a round has given a version, when sync held none before it (a first round,
  /// as `sync init` on a new device): any other record has none, with no need to look
  /// (a lookup for each of 100,000 changes). nil: sync held versions; look each one up.
  struct Versioned {
    /// A digest of each record given a version (`digest`): a record whose digest is not here
    /// surely has none; one whose digest is (itself, or another record's by chance) is looked
    /// up. A set of whole kinds and keys hashed every key with SipHash, and grew as it filled:
    /// 5% of a first round of 100,000 changes.
    private var records: Set<UInt64>

    /// Starts one for a round of `count` changes, when sync_versions is empty; else nil.
    init?(database: Database, count: Int) throws {
      guard try database.int(sql: "SELECT EXISTS (SELECT 1 FROM sync_versions)") == 0 else {
        return nil
      }
      records = []
      records.reserveCapacity(count)
    }

    /// FNV-1a of the kind and the key.
    static func digest(_ change: SyncChange) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in change.kind.rawValue.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      hash = (hash ^ 0x2F) &* 0x100_0000_01b3
      for byte in change.key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return hash
    }

    /// Whether the record surely has no version.
    func lacks(_ change: SyncChange) -> Bool { !records.contains(Self.digest(change)) }

    /// Notes a change merged: a merge that applied a change has given its record a version
    /// (one that applied nothing left a record without one as it was).
    mutating func note(_ change: SyncChange, _ merged: Merged) {
      if merged == .applied { records.insert(Self.digest(change)) }
    }
  }

  /// Two rows of one record, compared column by column in SQL (as JSON values).
  struct Values {
    let store: SyncRepository
    let here: String
    let incoming: String?

    func differ(_ columns: [String]) throws -> Bool {
      guard let incoming else { return true }
      let statement = try store.database.cachedStatement(
        sql: "SELECT json_extract(?1, ?3) IS NOT json_extract(?2, ?3)")
      defer { statement.reset() }
      for column in columns {
        statement.reset()
        try statement.bind(here, at: 1)
        try statement.bind(incoming, at: 2)
        try statement.bind("$." + column, at: 3)
        if try statement.step(), statement.bool(0) { return true }
      }
      return false
    }

    /// Whether `here` holds nothing in these columns (each null or empty text).
    func hereIsEmpty(_ columns: [String]) throws -> Bool {
      let statement = try store.database.cachedStatement(
        sql: "SELECT coalesce(json_extract(?1, ?2), '') = ''")
      defer { statement.reset() }
      for column in columns {
        statement.reset()
        try statement.bind(here, at: 1)
        try statement.bind("$." + column, at: 2)
        if try statement.step(), !statement.bool(0) { return false }
      }
      return true
    }
  }
}
