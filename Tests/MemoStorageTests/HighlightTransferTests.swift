import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("export and import carry highlights (issue 23)")
struct HighlightTransferTests {
  /// A post with two highlights (one with every field, one with none) and two questions, one
  /// asking about the first highlight; a second post with neither. Written as rows, so every
  /// field and time is known.
  static let rows = """
    INSERT INTO posts (uuid, title, author, body, source, created_at, updated_at) VALUES
      ('p-1', 'Dune', 'Frank Herbert', NULL, NULL, '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z'),
      ('p-2', 'Empty', NULL, NULL, NULL, '2026-01-02T10:00:00.000Z', '2026-01-02T10:00:00.000Z');
    INSERT INTO highlights (uuid, post_id, text, note, chapter, page, location, position,
      highlighted_at, starred, source, source_key, created_at, updated_at) VALUES
      ('h-2', 1, 'Unplaced, "quoted"
    two lines', NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL,
       '2026-01-01T11:00:00.000Z', '2026-01-01T11:00:00.000Z'),
      ('h-1', 1, 'Fear is the mind-killer.', 'litany', 'Book One', '12', '140-142', 140.5,
       '2025-12-31T21:00:00.000Z', 1, 'kindle', 'kindle:abc', '2026-01-01T10:30:00.000Z',
       '2026-01-01T12:00:00.000Z');
    INSERT INTO categories (name, created_at) VALUES ('why', '2026-01-01T09:00:00.000Z');
    INSERT INTO questions (uuid, post_id, text, category_id, starred, created_at, updated_at,
      highlight_id) VALUES
      ('q-1', 1, 'Why is fear the mind-killer?', 1, 0, '2026-01-01T13:00:00.000Z',
       '2026-01-01T13:00:00.000Z', 2),
      ('q-2', 1, 'Plain?', NULL, 1, '2026-01-01T14:00:00.000Z', '2026-01-01T14:00:00.000Z', NULL);
    """

  static func filled() throws -> TemporaryDatabase {
    let temp = try TemporaryDatabase()
    try temp.database.executeScript(rows)
    return temp
  }

  static func export(
    _ database: Database, _ format: ExportFormat, in folder: String, fast: Bool = true
  )
    throws -> String
  {
    let path = folder + "/export-\(UUID().uuidString).\(format.rawValue)"
    let output = try OutputFile(path: path)
    _ = try database.inReadTransaction {
      try Exporter(database: database).write(
        ExportEncoder(format: format), to: output, since: nil, fast: fast)
    }
    try output.commit()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// Imports `text` as `format` into `temp`. - Returns: the summary.
  static func importText(_ text: String, _ format: ImportFormat, into temp: TemporaryDatabase)
    throws -> ImportSummary
  {
    let path = temp.folder + "/import-\(UUID().uuidString).\(format.rawValue)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    switch temp.runner().run(.transfer(.importFile(ImportRequest(path: path, format: format)))) {
    case .transfer(.imported(let summary)): return summary
    case .failed(let error): throw error
    case let other: Issue.record("unexpected \(other)"); return ImportSummary()
    }
  }

  /// Everything a backup carries, by UUID (ids left out: they are each database's own).
  static func snapshot(_ temp: TemporaryDatabase) throws -> [[String]] {
    try snapshot(temp.database)
  }

  static func snapshot(_ database: Database) throws -> [[String]] {
    let statement = try database.makeStatement(
      sql: """
        SELECT 'post', uuid, title, author, body, source, created_at, updated_at,
          NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM posts
        UNION ALL
        SELECT 'highlight', h.uuid, p.uuid, h.text, h.note, h.chapter, h.page, h.location,
          printf('%.17g', h.position), h.highlighted_at, h.starred, h.source, h.source_key,
          h.created_at, h.updated_at
        FROM highlights h JOIN posts p ON p.id = h.post_id
        UNION ALL
        SELECT 'question', q.uuid, p.uuid, q.text, c.name, q.starred, q.answer, q.answered_at,
          q.created_at, q.updated_at, h.uuid, NULL, NULL, NULL, NULL
        FROM questions q JOIN posts p ON p.id = q.post_id
        LEFT JOIN categories c ON c.id = q.category_id LEFT JOIN highlights h ON h.id = q.highlight_id
        ORDER BY 1, 2
        """)
    var rows: [[String]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.text($0) ?? "NULL" })
    }
    return rows
  }

  @Test("the JSON backup of a post with highlights and a linked question, byte for byte")
  func exactJSON() throws {
    let temp = try Self.filled()
    let expected = """
      {"format":"memo","version":3,"since":null,
      "categories":[
      {"name":"why","created_at":"2026-01-01T09:00:00.000Z"}
      ],
      "posts":[
      {"uuid":"p-1","title":"Dune","author":"Frank Herbert","body":null,"source":null,"favorite":false,"created_at":"2026-01-01T10:00:00.000Z","updated_at":"2026-01-01T10:00:00.000Z","highlights":[
       {"uuid":"h-1","text":"Fear is the mind-killer.","note":"litany","chapter":"Book One","page":"12","location":"140-142","position":140.5,"highlighted_at":"2025-12-31T21:00:00.000Z","starred":true,"source":"kindle","source_key":"kindle:abc","created_at":"2026-01-01T10:30:00.000Z","updated_at":"2026-01-01T12:00:00.000Z"},
       {"uuid":"h-2","text":"Unplaced, \\"quoted\\"\\ntwo lines","note":null,"chapter":null,"page":null,"location":null,"position":null,"highlighted_at":null,"starred":false,"source":null,"source_key":null,"created_at":"2026-01-01T11:00:00.000Z","updated_at":"2026-01-01T11:00:00.000Z"}
      ],"questions":[
       {"uuid":"q-1","text":"Why is fear the mind-killer?","category":"why","starred":false,"answer":null,"answered_at":null,"created_at":"2026-01-01T13:00:00.000Z","updated_at":"2026-01-01T13:00:00.000Z","highlight_uuid":"h-1"},
       {"uuid":"q-2","text":"Plain?","category":null,"starred":true,"answer":null,"answered_at":null,"created_at":"2026-01-01T14:00:00.000Z","updated_at":"2026-01-01T14:00:00.000Z","highlight_uuid":null}
      ]},
      {"uuid":"p-2","title":"Empty","author":null,"body":null,"source":null,"favorite":false,"created_at":"2026-01-02T10:00:00.000Z","updated_at":"2026-01-02T10:00:00.000Z","highlights":[],"questions":[]}
      ],
      "favorites":[],
      "saved_filters":[],
      "current_filter":null,
      "deleted":[],
      "review_events":[]}

      """
    #expect(try Self.export(temp.database, .json, in: temp.folder) == expected)
    #expect(try Self.export(temp.database, .json, in: temp.folder, fast: false) == expected)
  }

  @Test("JSON Lines: a highlight line after its post, before the questions that name it")
  func exactJSONL() throws {
    let temp = try Self.filled()
    let lines = try Self.export(temp.database, .jsonl, in: temp.folder).split(separator: "\n")
    #expect(
      lines.map { $0.dropFirst(9).prefix { $0 != "\"" } } == [
        "header", "category", "post", "highlight", "highlight", "question", "question", "post",
      ])
    #expect(
      lines[3]
        == #"{"type":"highlight","uuid":"h-1","post_uuid":"p-1","text":"Fear is the mind-killer.","note":"litany","chapter":"Book One","page":"12","location":"140-142","position":140.5,"highlighted_at":"2025-12-31T21:00:00.000Z","starred":true,"source":"kindle","source_key":"kindle:abc","created_at":"2026-01-01T10:30:00.000Z","updated_at":"2026-01-01T12:00:00.000Z"}"#
    )
  }

  @Test("CSV: a row per highlight, then per question, each with its post's columns")
  func exactCSV() throws {
    let temp = try Self.filled()
    let rows = try Self.export(temp.database, .csv, in: temp.folder).components(separatedBy: "\r\n")
    let post = "p-1,Dune,Frank Herbert,,,false,2026-01-01T10:00:00.000Z,2026-01-01T10:00:00.000Z"
    #expect(rows[0] == ExportEncoder.csvColumns.joined(separator: ","))
    #expect(
      rows[1]
        == post
        + ",,,,,,,,,,h-1,Fear is the mind-killer.,litany,Book One,12,140-142,140.5,2025-12-31T21:00:00.000Z,true,kindle,kindle:abc,2026-01-01T10:30:00.000Z,2026-01-01T12:00:00.000Z"
    )
    #expect(
      rows[2].hasPrefix(post + ",,,,,,,,,,h-2,\"Unplaced, \"\"quoted\"\"\ntwo lines\",,,,,,,false,")
    )
    #expect(
      rows[3]
        == post
        + ",q-1,Why is fear the mind-killer?,why,false,,,2026-01-01T13:00:00.000Z,2026-01-01T13:00:00.000Z,h-1"
        + String(repeating: ",", count: 13)
    )
    #expect(
      rows[5].hasPrefix("p-2,Empty,,,,false,")
        && rows[5].hasSuffix(String(repeating: ",", count: 22)))
    #expect(rows.count == 7 && rows[6].isEmpty)
    #expect(rows.dropFirst().allSatisfy { $0.isEmpty || $0.filter { $0 == "," }.count >= 29 })
  }

  @Test(
    "export → import into an empty database: the same highlights and links; again: nothing changes",
    arguments: [ExportFormat.json, .jsonl, .csv])
  func roundTrip(format: ExportFormat) throws {
    let source = try Self.filled()
    let text = try Self.export(source.database, format, in: source.folder)
    let importFormat: ImportFormat = format == .json ? .json : format == .jsonl ? .jsonl : .csv
    let target = try TemporaryDatabase()
    let first = try Self.importText(text, importFormat, into: target)
    #expect(first.added == 2 + 2 + 2 + (format == .csv ? 0 : 1))
    #expect(try Self.snapshot(target) == (try Self.snapshot(source)))
    let exported = try Self.export(target.database, format, in: target.folder)
    // No database ids in a backup: the same file.
    #expect(exported == text)
    let again = try Self.importText(text, importFormat, into: target)
    #expect(again.added == 0 && again.updated == 0 && again.deleted == 0)
    #expect(try Self.snapshot(target) == (try Self.snapshot(source)))
    #expect(try Self.export(target.database, format, in: target.folder) == exported)
  }

  @Test(
    "undo takes an import's highlights and links back, redo brings them back linked, whatever the file's order",
    arguments: [false, true])
  func undoRedo(highlightsLast: Bool) throws {
    let source = try Self.filled()
    var text = try Self.export(source.database, .jsonl, in: source.folder)
    if highlightsLast {
      // A file written by hand: the questions before the highlights they name.
      let lines = text.split(separator: "\n")
      let isHighlight = { (line: Substring) in line.hasPrefix(#"{"type":"highlight""#) }
      text = (lines.filter { !isHighlight($0) } + lines.filter(isHighlight)).joined(separator: "\n")
    }
    let target = try TemporaryDatabase()
    try target.database.executeScript(
      "INSERT INTO posts (uuid, title, created_at, updated_at) VALUES ('mine', 'Mine', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')"
    )
    let before = try Self.snapshot(target)
    _ = try Self.importText(text, .jsonl, into: target)
    let imported = try Self.snapshot(target)
    #expect(imported.contains { $0[0] == "question" && $0[1] == "q-1" && $0[10] == "h-1" })
    let runner = target.runner()
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try Self.snapshot(target) == before)
    #expect(runner.run(.journal(.redo(1))) != .failed(.nothingToRedo()))
    #expect(try Self.snapshot(target) == imported)
    #expect(runner.run(.journal(.undo(1))) != .failed(.nothingToUndo()))
    #expect(try Self.snapshot(target) == before)
  }

  @Test("the newer updated_at wins, as for posts and questions")
  func newerWins() throws {
    let source = try Self.filled()
    let text = try Self.export(source.database, .jsonl, in: source.folder)
    let target = try TemporaryDatabase()
    _ = try Self.importText(text, .jsonl, into: target)
    // Edited here later: an older file does not overwrite it.
    try target.database.executeScript(
      "UPDATE highlights SET note = 'mine', updated_at = '2026-02-01T00:00:00.000Z' WHERE uuid = 'h-1'"
    )
    let older = try Self.importText(text, .jsonl, into: target)
    #expect(older.updated == 0)
    #expect(try target.rows("SELECT note FROM highlights WHERE uuid = 'h-1'") == [["mine"]])
    // Edited in the source later still: it replaces this one.
    try source.database.executeScript(
      "UPDATE highlights SET note = 'theirs', starred = 0, updated_at = '2026-03-01T00:00:00.000Z' WHERE uuid = 'h-1'"
    )
    let newer = try Self.importText(
      try Self.export(source.database, .jsonl, in: source.folder), .jsonl, into: target)
    #expect(newer.updated == 1)
    #expect(try Self.snapshot(target) == (try Self.snapshot(source)))
  }

  @Test(
    "a highlight's deletion is exported as kind highlight and applied on import",
    arguments: [ExportFormat.json, .jsonl])
  func deletionRoundTrips(format: ExportFormat) throws {
    let source = try Self.filled()
    let importFormat: ImportFormat = format == .json ? .json : .jsonl
    let target = try TemporaryDatabase()
    _ = try Self.importText(
      try Self.export(source.database, format, in: source.folder), importFormat, into: target)
    let fresh = try TemporaryDatabase()
    // Deleted in the source: its question keeps its text and loses the link.
    try source.database.executeScript("DELETE FROM highlights WHERE uuid = 'h-1'")
    let text = try Self.export(source.database, format, in: source.folder)
    let deleted = try #require(
      text.split(separator: "\n").first { $0.contains(#""kind":"highlight""#) })
    #expect(deleted.contains(#""uuid":"h-1","kind":"highlight","deleted_at":"20"#))
    let summary = try Self.importText(text, importFormat, into: target)
    #expect(summary.deleted == 1)
    #expect(try Self.snapshot(target) == (try Self.snapshot(source)))
    #expect(try target.rows("SELECT highlight_id FROM questions WHERE uuid = 'q-1'") == [["NULL"]])
    // The deletion keeps its time through every database it passes: one that had the
    // highlight, and one that never did.
    _ = try Self.importText(text, importFormat, into: fresh)
    #expect(try Self.export(target.database, format, in: target.folder) == text)
    #expect(try Self.export(fresh.database, format, in: fresh.folder) == text)
    let again = try Self.importText(text, importFormat, into: target)
    #expect(again.deleted == 0 && again.added == 0 && again.updated == 0)
  }

  @Test("--since exports the posts whose highlights changed, with those highlights only")
  func since() throws {
    let temp = try Self.filled()
    try temp.database.executeScript(
      "UPDATE highlights SET note = 'later', updated_at = '2026-05-01T00:00:00.000Z' WHERE uuid = 'h-2'"
    )
    let path = temp.folder + "/since.jsonl"
    let output = try OutputFile(path: path)
    let summary = try temp.database.inReadTransaction {
      try Exporter(database: temp.database).write(
        ExportEncoder(format: .jsonl), to: output,
        since: Timestamp(rfc3339: "2026-04-01T00:00:00.000Z"))
    }
    try output.commit()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix(#"{"type":"category""#) }
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix(#"{"type":"post","uuid":"p-1""#))
    #expect(lines[2].contains(#""uuid":"h-2""#) && lines[2].contains(#""note":"later""#))
    #expect(summary.posts == 1 && summary.highlights == 1 && summary.questions == 0)
  }

  @Test("--cursor: a highlight changed or deleted since the last run is exported, once")
  func cursor() throws {
    let temp = try Self.filled()
    func run() throws -> (lines: [Substring], summary: ExportSummary) {
      let path = temp.folder + "/cursor-\(UUID().uuidString).jsonl"
      let summary = try Exporter(database: temp.database).export(
        ExportRequest(format: .jsonl, output: path, cursor: "nightly"),
        now: Timestamp(millis: 1_800_000_000_000))
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return (text.split(separator: "\n").filter { !$0.hasPrefix(#"{"type":"header""#) }, summary)
    }
    #expect(try run().summary.highlights == 2)
    #expect(try run().lines.isEmpty)
    try temp.database.executeScript(
      """
      UPDATE highlights SET starred = 1, updated_at = '2026-01-05T00:00:00.000Z' WHERE uuid = 'h-2';
      DELETE FROM highlights WHERE uuid = 'h-1';
      """)
    let (lines, summary) = try run()
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix(#"{"type":"post","uuid":"p-1""#))
    #expect(lines[1].hasPrefix(#"{"type":"highlight","uuid":"h-2""#))
    // q-1 lost its link with the highlight: a change of its own.
    #expect(lines[2].hasPrefix(#"{"type":"question","uuid":"q-1""#))
    #expect(lines[2].hasSuffix(#""highlight_uuid":null}"#))
    #expect(lines[3].hasPrefix(#"{"type":"deleted","uuid":"h-1","kind":"highlight""#))
    #expect(summary.highlights == 1 && summary.deleted == 1)
    #expect(try run().lines.isEmpty)
  }

  @Test("a highlight whose post is neither in the file nor here: 65 naming it, nothing written")
  func missingPost() throws {
    let source = try Self.filled()
    let text = try Self.export(source.database, .jsonl, in: source.folder)
    let highlight = try #require(
      text.split(separator: "\n").first { $0.contains(#""uuid":"h-2""#) })
    let target = try TemporaryDatabase()
    #expect {
      try Self.importText(String(highlight) + "\n", .jsonl, into: target)
    } throws: { error in
      guard let error = error as? MemoError else { return false }
      return error.code == .badData
        && error.message.contains(
          "highlight h-2: its post p-1 is neither in the file nor in the database")
    }
    #expect(try target.rows("SELECT count(*) FROM highlights") == [["0"]])
    // A question naming a highlight that is nowhere: the same.
    let question = try #require(text.split(separator: "\n").first { $0.contains(#""uuid":"q-1""#) })
    let post = try #require(
      text.split(separator: "\n").first { $0.contains(#""type":"post","uuid":"p-1""#) })
    #expect {
      try Self.importText(post + "\n" + question + "\n", .jsonl, into: target)
    } throws: { error in
      (error as? MemoError)?.message.contains("question q-1: its highlight h-1 is neither") == true
    }
    #expect(try target.rows("SELECT count(*) FROM posts") == [["0"]])
  }

  @Test(
    "a database upgraded from version 11 with every Kindle fixture's quotes comes back whole from its backup"
  )
  func upgradedKindleRoundTrips() throws {
    // Every fixture's books in one database (an import costs about a second in a debug build).
    var books: [ExternalBook] = []
    for name in BodyQuoteMigrationTests.kindleNames {
      let text = try String(
        contentsOf: BodyQuoteMigrationTests.kindleFolder.appendingPathComponent(name),
        encoding: .utf8)
      books += try KindleClippings.read(text, name: name).books
    }
    let temp = try TemporaryDatabase()
    let old = try BodyQuoteMigrationTests.version11(temp, "old")
    try BodyQuoteMigrationTests.importTheOldWay(books, into: old, ownText: "Mine.")
    old.close()
    let migrated = try DatabaseFile.open(at: temp.folder + "/old.db", for: .write)
    defer { migrated.close() }
    let count = try migrated.int(sql: "SELECT count(*) FROM highlights") ?? 0
    #expect(count > 50)
    // A question about one of them, as memo ask --highlight makes it.
    try migrated.executeScript(
      """
      INSERT INTO questions (uuid, post_id, text, created_at, updated_at, highlight_id)
      SELECT 'asked', post_id, 'Why?', created_at, created_at, id FROM highlights ORDER BY id LIMIT 1
      """)
    for format in [ExportFormat.json, .jsonl, .csv] {
      let backup = try Self.export(migrated, format, in: temp.folder)
      let target = try TemporaryDatabase()
      _ = try Self.importText(
        backup, format == .json ? .json : format == .jsonl ? .jsonl : .csv, into: target)
      #expect(try Self.snapshot(target) == (try Self.snapshot(migrated)), "\(format)")
      #expect(try target.rows("SELECT count(*) FROM highlights") == [["\(count)"]])
      #expect(
        try target.rows("SELECT h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id")
          == (try Self.rows(
            migrated, "SELECT h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id")))
      // Restored into an empty database, exported again: the same file (these posts were made
      // in the same millisecond, so the restore gives them other ids: a backup holds none).
      #expect(try Self.export(target.database, format, in: target.folder) == backup, "\(format)")
    }
  }

  static func rows(_ database: Database, _ sql: String) throws -> [[String]] {
    let statement = try database.makeStatement(sql: sql)
    var rows: [[String]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.text($0) ?? "NULL" })
    }
    return rows
  }
}
