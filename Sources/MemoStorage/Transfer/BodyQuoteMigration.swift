import MemoCore

/// Schema version 12's data step: the quote blocks memo itself wrote into post bodies before
/// highlights were records (`ExternalClipping.bodyText`: `> text` lines, then `> — p. 12, loc.
/// 140-142`) become rows of `highlights` with the same text and place, and a `Note (loc. 143):
/// …` paragraph memo wrote at such a highlight's place becomes its note. Every other line of
/// the body stays as it was; the blank line memo put before each block goes with it. Runs in
/// the migration's transaction, one pass over the bodies that hold a quote, with its
/// statements prepared once.
struct BodyQuoteMigration {
  /// How the changed bodies reach the search indexes.
  enum Reindexing {
    /// Entry by entry, by the posts' update triggers (each old entry read and taken out).
    case byTriggers
    /// The three indexes made again from every row (`SearchRepository.rebuildIndexes`).
    case rebuild
    /// Whichever reads less text: the rebuild when the old bodies hold more than everything
    /// else the indexes hold.
    case cheaper
  }

  let database: Database
  /// The schema version the database is at when it runs (12 on: 13 and later index
  /// highlights in search).
  let version: Int32
  let makeUUID: (Timestamp) -> String
  let reindexing: Reindexing

  init(
    database: Database, version: Int32 = 12,
    makeUUID: @escaping (Timestamp) -> String = UUIDBatch().make(at:),
    reindexing: Reindexing = .cheaper
  ) {
    self.database = database
    self.version = version
    self.makeUUID = makeUUID
    self.reindexing = reindexing
  }

  /// The posts' update triggers that index a body; a rebuild takes them out meanwhile.
  static let searchUpdateTriggers = ["posts_search_update", "posts_grams_update"]
  /// The posts' update trigger that records a change in the change sequence.
  static let changeUpdateTrigger = "posts_change_update"

  /// A quote found in a body.
  struct Quote: Equatable {
    var text: String
    var place: Place
    var note: String?
    /// The body's lines it took (its own and the note's), as a range of line indexes each.
    var lines: [Range<Int>]
  }

  /// Where a quote is, as memo wrote it: `p. 12, loc. 140-142`, `loc. 7`, `p. xii`, `Kindle`.
  struct Place: Equatable {
    var page: String?
    var start: Int?
    var end: Int?
    /// As written after "— " (for the import key).
    var text: String

    /// The `location` column: "140-142" or "140".
    var location: String? {
      start.map { start in end.map { $0 != start ? "\(start)-\($0)" : "\(start)" } ?? "\(start)" }
    }

    /// Reads a place memo wrote; nil for anything else (a quote's attribution, say).
    static func parse(_ text: Substring) -> Place? {
      var text = text
      return text.withUTF8 { parse(Bytes($0)) }
    }

    /// Reads a place from its bytes: a million of them in a migration.
    static func parse(_ bytes: Bytes) -> Place? {
      if bytes.equals("Kindle") { return Place(text: "Kindle") }
      var place = Place(text: bytes.string)
      var rest = bytes
      if rest.starts(with: "p. ") {
        rest = rest.dropFirst(3)
        // The page runs to ", loc. " or the end.
        var end = rest.end
        var i = rest.start
        while i < rest.end {
          if rest.base[i] == UInt8(ascii: ","), rest.from(i).starts(with: ", loc. ") {
            end = i
            break
          }
          i += 1
        }
        guard end != rest.start else { return nil }
        place.page = Bytes(rest.base, rest.start, end).string
        rest = rest.from(end)
        if !rest.isEmpty { rest = rest.dropFirst(2) }
      }
      if rest.starts(with: "loc. ") {
        rest = rest.dropFirst(5)
        guard let (start, afterStart) = number(rest) else { return nil }
        place.start = start
        rest = afterStart
        if !rest.isEmpty, rest.base[rest.start] == UInt8(ascii: "-") {
          guard let (end, afterEnd) = number(rest.dropFirst(1)) else { return nil }
          place.end = end
          rest = afterEnd
        }
      }
      guard rest.isEmpty, place.page != nil || place.start != nil else { return nil }
      return place
    }

    /// The decimal number at the start of `bytes`, and what follows it.
    static func number(_ bytes: Bytes) -> (Int, Bytes)? {
      var value = 0
      var i = bytes.start
      var digits = 0
      while i < bytes.end, bytes.base[i] >= 0x30, bytes.base[i] <= 0x39, digits < 18 {
        value = value * 10 + Int(bytes.base[i] - 0x30)
        digits += 1
        i += 1
      }
      return digits == 0 ? nil : (value, bytes.from(i))
    }
  }

  /// A run of a body's UTF-8 bytes: `base[start..<end]`, valid while the body is.
  struct Bytes {
    let base: UnsafeBufferPointer<UInt8>
    var start: Int
    var end: Int

    init(_ base: UnsafeBufferPointer<UInt8>, _ start: Int = 0, _ end: Int? = nil) {
      self.base = base
      self.start = start
      self.end = end ?? base.count
    }

    var isEmpty: Bool { start >= end }
    var count: Int { end - start }
    /// As text; malformed UTF-8 repaired as `String(decoding:as:)` does it for the whole body
    /// (every run starts and ends at an ASCII byte or the body's ends, so the same).
    var string: String {
      String(decoding: UnsafeBufferPointer(rebasing: base[start..<end]), as: UTF8.self)
    }
    func from(_ index: Int) -> Bytes { Bytes(base, index, end) }
    func dropFirst(_ n: Int) -> Bytes { Bytes(base, min(start + n, end), end) }
    func starts(with prefix: StaticString) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard end - start >= count else { return false }
      let p = prefix.utf8Start
      for k in 0..<count where base[start + k] != p[k] { return false }
      return true
    }
    func equals(_ text: StaticString) -> Bool {
      count == text.utf8CodeUnitCount && starts(with: text)
    }
    /// Where `needle` first starts, if anywhere.
    func firstIndex(of needle: StaticString) -> Int? {
      let n = needle.utf8CodeUnitCount
      guard n > 0, count >= n else { return nil }
      var i = start
      while i + n <= end {
        if Bytes(base, i, end).starts(with: needle) { return i }
        i += 1
      }
      return nil
    }
  }

  /// Converts every body; returns how many highlights it made.
  @discardableResult
  func run() throws -> Int {
    // The new rows' change-sequence entries in one statement at the end, not a trigger each;
    // a page cache of up to 1 GiB (used only as the rows need it): a million quotes' rows,
    // indexes and search entries are written once and not spilled to the WAL and read back.
    let load = try BulkLoad(database: database, version: version)
    let cacheSize = try database.int(sql: "PRAGMA cache_size") ?? -2000
    try database.execute(sql: "PRAGMA cache_size = -1048576")
    defer { try? database.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    // The table's own indexes are made again once the rows are in: sorting a million keys
    // once is faster than a million inserts into each index.
    let indexes = try dropHighlightIndexes()
    let (count, pending, changedBytes) = try insertQuotes()
    let rebuild = try rebuilds(changedBytes: changedBytes)
    let (triggers, recordsChanges) = try dropUpdateTriggers(rebuild: rebuild)
    try updateBodies(pending, recordsChanges: recordsChanges)
    for sql in triggers { try database.executeScript(sql) }
    for index in indexes { try database.executeScript(index.sql) }
    try load.finish(indexing: !rebuild)
    if rebuild {
      try SearchRepository(database: database).rebuildIndexes(highlights: version >= 13)
    }
    return count
  }

  /// Drops the highlights table's own indexes; returns them, to be made again.
  private func dropHighlightIndexes() throws -> [(name: String, sql: String)] {
    var indexes: [(name: String, sql: String)] = []
    let lookup = try database.makeStatement(
      sql: """
        SELECT name, sql FROM sqlite_schema
        WHERE type = 'index' AND tbl_name = 'highlights' AND sql IS NOT NULL ORDER BY name
        """)
    while try lookup.step() { indexes.append((lookup.string(0), lookup.string(1))) }
    lookup.reset()
    for index in indexes { try database.executeScript("DROP INDEX \(index.name)") }
    return indexes
  }

  /// Inserts a highlight for each quote of each body holding one; returns how many, each
  /// such post's body without its quotes, and the bytes of the bodies that change (what
  /// taking their index entries out would read).
  private func insertQuotes() throws -> (
    count: Int, pending: [(Int64, String?)], changedBytes: Int
  ) {
    let select = try database.makeStatement(
      sql: """
        SELECT id, title, coalesce(author, ''), body, updated_at FROM posts
        WHERE instr(body, '> — ') > 0 ORDER BY id
        """)
    let insert = try database.makeStatement(
      sql: """
        INSERT INTO highlights (uuid, post_id, text, note, page, location, position, source,
          source_key, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'kindle', ?8, ?9, ?9)
        """)
    var pending: [(Int64, String?)] = []
    var count = 0
    var changedBytes = 0
    while try select.step() {
      let id = select.int64(0)
      // Read in place, as bytes: no copy of the whole body.
      let found = select.withUTF8(3) { raw -> (quotes: [Quote], remainder: String?)? in
        let body = Bytes(raw)
        let (quotes, lines) = Self.scan(body)
        guard !quotes.isEmpty else { return nil }
        changedBytes += raw.count
        return (quotes, Self.remainder(of: body, lines: lines, without: quotes))
      }
      guard let (quotes, remainder) = found else { continue }
      let title = select.string(1)
      let author = select.string(2)
      let updated = select.string(4)
      let time = Timestamp(rfc3339: updated) ?? Timestamp(millis: 0)
      for quote in quotes {
        try insertQuote(
          quote, post: id, title: title, author: author, updated: updated, time: time, insert)
        count += 1
      }
      pending.append((id, remainder))
    }
    select.reset()
    return (count, pending, changedBytes)
  }

  /// One quote's highlight, through the prepared `insert`.
  private func insertQuote(
    _ quote: Quote, post id: Int64, title: String, author: String, updated: String,
    time: Timestamp, _ insert: Statement
  ) throws {
    insert.reset()
    try insert.bind(makeUUID(time), at: 1)
    try insert.bind(id, at: 2)
    try insert.bind(quote.text, at: 3)
    try insert.bind(quote.note, at: 4)
    try insert.bind(quote.place.page, at: 5)
    try insert.bind(quote.place.location, at: 6)
    try insert.bind(
      quote.place.start.map(Double.init)
        ?? HighlightRepository.position(location: nil, page: quote.place.page), at: 7)
    // The key the Kindle importer gave the clipping: importing it again finds this row.
    let place = quote.place.text == "Kindle" ? "" : quote.place.text
    try insert.bind(
      "kindle:" + stableKey([title, author, "highlight", place, quote.text]), at: 8)
    try insert.bind(updated, at: 9)
    try insert.execute()
  }

  /// The posts' update triggers this conversion does the work of itself, taken out meanwhile:
  /// with a trigger on it, each UPDATE gets a statement journal (a copy of every page it
  /// touches); without, it is one row written. The search ones when the indexes are made
  /// again; the journal's when no entry records (a migration); the change sequence's always,
  /// its entry written by `updateBodies`, after each post's update as the trigger would.
  /// Returns the triggers' SQL, to be made again, and whether the change sequence's was one.
  private func dropUpdateTriggers(rebuild: Bool) throws -> (
    triggers: [String], recordsChanges: Bool
  ) {
    var names: [String] = []
    if rebuild { names += Self.searchUpdateTriggers }
    if try database.int(sql: "SELECT count(*) FROM journal_context WHERE entry_id IS NOT NULL")
      == 0
    {
      names.append("posts_journal_update")
    }
    names.append(Self.changeUpdateTrigger)
    var triggers: [String] = []
    var recordsChanges = false
    for name in names {
      if let sql = try database.text(
        sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\(name)'")
      {
        triggers.append(sql)
        try database.executeScript("DROP TRIGGER \(name)")
        if name == Self.changeUpdateTrigger { recordsChanges = true }
      }
    }
    return (triggers, recordsChanges)
  }

  /// Writes each converted body; with `recordsChanges`, does what posts_change_update does:
  /// the post's change moves to the end of the sequence.
  private func updateBodies(_ pending: [(Int64, String?)], recordsChanges: Bool) throws {
    let update = try database.makeStatement(sql: "UPDATE posts SET body = ?1 WHERE id = ?2")
    let change = try database.makeStatement(
      sql: """
        INSERT OR REPLACE INTO changes (kind, key, origin, at)
        SELECT 'post', uuid, (SELECT origin FROM change_context),
          CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
        FROM posts WHERE id = ?1
        """)
    for (id, body) in pending {
      update.reset()
      try update.bind(body, at: 1)
      try update.bind(id, at: 2)
      try update.execute()
      if recordsChanges {
        change.reset()
        try change.bind(id, at: 1)
        try change.execute()
      }
    }
  }

  /// Whether to make the search indexes again rather than replace the changed bodies' entries.
  func rebuilds(changedBytes: Int) throws -> Bool {
    switch reindexing {
    case .byTriggers: return false
    case .rebuild: return true
    case .cheaper:
      guard changedBytes > 0 else { return false }
      // Everything else a rebuild would read again: the other bodies, titles, questions.
      let posts =
        try database.int(
          sql: """
            SELECT CAST(total(length(CAST(title AS BLOB)) + coalesce(length(CAST(author AS BLOB)), 0)
              + coalesce(length(CAST(body AS BLOB)), 0)) AS INTEGER) FROM posts
            """) ?? 0
      let questions =
        try database.int(
          sql: """
            SELECT CAST(total(length(CAST(text AS BLOB)) + coalesce(length(CAST(answer AS BLOB)), 0))
              AS INTEGER) FROM questions
            """) ?? 0
      return changedBytes > Int(posts + questions) - changedBytes
    }
  }
}
