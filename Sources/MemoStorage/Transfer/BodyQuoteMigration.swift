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
    makeUUID: @escaping (Timestamp) -> String = SystemClock.makeUUID(at:),
    reindexing: Reindexing = .cheaper
  ) {
    self.database = database
    self.version = version
    self.makeUUID = makeUUID
    self.reindexing = reindexing
  }

  /// The posts' update triggers that index a body; a rebuild takes them out meanwhile.
  static let searchUpdateTriggers = ["posts_search_update", "posts_grams_update"]

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

    /// Reads a place memo wrote; nil for anything else (a quote's attribution, say). Read as
    /// bytes: a million of them in a migration.
    static func parse(_ text: Substring) -> Place? {
      if text == "Kindle" { return Place(text: "Kindle") }
      let bytes = text.utf8
      var place = Place(text: String(text))
      var rest = bytes[...]
      if rest.starts(with: "p. ".utf8) {
        rest = rest.dropFirst(3)
        // The page runs to ", loc. " or the end.
        var end = rest.endIndex
        var i = rest.startIndex
        while i != rest.endIndex {
          if rest[i] == UInt8(ascii: ","), rest[i...].starts(with: ", loc. ".utf8) {
            end = i
            break
          }
          i = rest.index(after: i)
        }
        guard end != rest.startIndex else { return nil }
        place.page = String(Substring(rest[..<end]))
        rest = rest[end...]
        if !rest.isEmpty { rest = rest.dropFirst(2) }
      }
      if rest.starts(with: "loc. ".utf8) {
        rest = rest.dropFirst(5)
        guard let (start, afterStart) = number(rest) else { return nil }
        place.start = start
        rest = afterStart
        if rest.first == UInt8(ascii: "-") {
          guard let (end, afterEnd) = number(rest.dropFirst()) else { return nil }
          place.end = end
          rest = afterEnd
        }
      }
      guard rest.isEmpty, place.page != nil || place.start != nil else { return nil }
      return place
    }

    /// The decimal number at the start of `bytes`, and what follows it.
    static func number(_ bytes: Substring.UTF8View.SubSequence) -> (Int, Substring.UTF8View.SubSequence)? {
      var value = 0
      var i = bytes.startIndex
      var digits = 0
      while i != bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 18 {
        value = value * 10 + Int(bytes[i] - 0x30)
        digits += 1
        i = bytes.index(after: i)
      }
      return digits == 0 ? nil : (value, bytes[i...])
    }
  }

  /// The quotes memo wrote into `body` (with the notes at their places), in body order.
  static func quotes(in body: String) -> (quotes: [Quote], lines: [Substring]) {
    let lines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { Substring($0) }
    let quoteMark = "> ".utf8
    let placeMark = "> — ".utf8
    var quotes: [Quote] = []
    // Notes memo wrote: "Note (PLACE): text" paragraphs, by their first line.
    var notes: [(place: Place?, text: String, lines: Range<Int>)] = []
    var i = 0
    while i < lines.count {
      // A block starts a paragraph: at the top or after a blank line.
      guard i == 0 || lines[i - 1].isEmpty else {
        i += 1
        continue
      }
      if lines[i].utf8.starts(with: quoteMark) || lines[i] == ">" {
        var j = i
        var found: Quote?
        while j < lines.count, lines[j].utf8.starts(with: quoteMark) || lines[j] == ">" {
          if j > i, lines[j].utf8.starts(with: placeMark),
            let place = Place.parse(Substring(lines[j].utf8.dropFirst(placeMark.count))),
            j + 1 == lines.count || lines[j + 1].isEmpty
          {
            let text = lines[i..<j].map { $0 == ">" ? "" : String($0.dropFirst(2)) }
              .joined(separator: "\n")
            found = Quote(text: text, place: place, note: nil, lines: [i..<(j + 1)])
            break
          }
          j += 1
        }
        if let found {
          quotes.append(found)
          i = j + 1
          continue
        }
      } else if lines[i].utf8.starts(with: "Note".utf8) {
        let line = lines[i]
        var place: Place?
        var text: Substring?
        if line.hasPrefix("Note: ") {
          text = line.dropFirst(6)
        } else if line.hasPrefix("Note ("), let close = line.firstRange(of: "): ") {
          place = Place.parse(line[line.index(line.startIndex, offsetBy: 6)..<close.lowerBound])
          if place != nil { text = line[close.upperBound...] }
        }
        if let text {
          var j = i + 1
          while j < lines.count, !lines[j].isEmpty { j += 1 }
          let whole = ([text] + lines[(i + 1)..<j]).joined(separator: "\n")
          notes.append((place, whole, i..<j))
          i = j
          continue
        }
      }
      i += 1
    }
    // Each note to the last quote whose range holds its location, or ends just before it (as
    // the importer places them); notes at no quote's place stay in the body.
    for note in notes {
      guard let at = note.place?.start else { continue }
      let index = quotes.lastIndex { quote in
        guard let start = quote.place.start else { return false }
        return start <= at && at <= (quote.place.end ?? start)
      } ?? quotes.lastIndex { ($0.place.end ?? $0.place.start) == at - 1 }
      guard let index, quotes[index].note == nil else { continue }
      quotes[index].note = note.text
      quotes[index].lines.append(note.lines)
    }
    return (quotes, lines)
  }

  /// `body` without the lines the quotes took, and the blank line before each (after, for one
  /// at the top); nil when nothing else was in it.
  static func remainder(of lines: [Substring], without quotes: [Quote]) -> String? {
    var removed = [Bool](repeating: false, count: lines.count)
    for quote in quotes {
      for range in quote.lines {
        for i in range { removed[i] = true }
        if range.lowerBound > 0 {
          removed[range.lowerBound - 1] = true
        } else if range.upperBound < lines.count {
          removed[range.upperBound] = true
        }
      }
    }
    var kept: [Substring] = []
    for (i, line) in lines.enumerated() where !removed[i] { kept.append(line) }
    // A block at the top whose following blank line went: the text after starts the body.
    while let first = kept.first, first.isEmpty, removed.first == true { kept.removeFirst() }
    let body = kept.joined(separator: "\n")
    return body.isEmpty ? nil : body
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
    var indexes: [(name: String, sql: String)] = []
    let lookup = try database.makeStatement(
      sql: """
        SELECT name, sql FROM sqlite_schema
        WHERE type = 'index' AND tbl_name = 'highlights' AND sql IS NOT NULL ORDER BY name
        """)
    while try lookup.step() { indexes.append((lookup.string(0), lookup.string(1))) }
    lookup.reset()
    for index in indexes { try database.executeScript("DROP INDEX \(index.name)") }
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
    let update = try database.makeStatement(sql: "UPDATE posts SET body = ?1 WHERE id = ?2")
    var pending: [(Int64, String?)] = []
    var count = 0
    // The bytes of the bodies that change: what taking their index entries out would read.
    var changedBytes = 0
    while try select.step() {
      let id = select.int64(0)
      let body = select.string(3)
      let (quotes, lines) = Self.quotes(in: body)
      guard !quotes.isEmpty else { continue }
      changedBytes += body.utf8.count
      let title = select.string(1)
      let author = select.string(2)
      let updated = select.string(4)
      let time = Timestamp(rfc3339: updated) ?? Timestamp(millis: 0)
      for quote in quotes {
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
        count += 1
      }
      pending.append((id, Self.remainder(of: lines, without: quotes)))
    }
    select.reset()
    let rebuild = try rebuilds(changedBytes: changedBytes)
    var triggers: [String] = []
    if rebuild {
      for name in Self.searchUpdateTriggers {
        if let sql = try database.text(
          sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\(name)'")
        {
          triggers.append(sql)
          try database.executeScript("DROP TRIGGER \(name)")
        }
      }
    }
    for (id, body) in pending {
      update.reset()
      try update.bind(body, at: 1)
      try update.bind(id, at: 2)
      try update.execute()
    }
    for sql in triggers { try database.executeScript(sql) }
    for index in indexes { try database.executeScript(index.sql) }
    try load.finish(indexing: !rebuild)
    if rebuild {
      try SearchRepository(database: database).rebuildIndexes(highlights: version >= 13)
    }
    return count
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
