import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("the search indexes: every text in the words, CJK text alone in the trigrams")
struct SearchIndexTests {
  /// The first and last letter of each CJK range, and the letters just outside.
  static let boundaries: [UInt32] = [
    0x303F, 0x3040, 0x30FF, 0x3100, 0x33FF, 0x3400, 0x4DBF, 0x4DC0, 0x4DFF, 0x4E00, 0x9FFF,
    0xA000, 0xABFF, 0xAC00, 0xD7A3, 0xD7A4, 0xF8FF, 0xF900, 0xFAFF, 0xFB00, 0xFF65, 0xFF66,
    0xFF9F, 0xFFA0, 0x41, 0xE9, 0x439, 0x2019, 0x1F600, 0x20000,
  ]

  @Test("every letter SearchQuery.hasCJK sends to the trigrams is one the triggers index there")
  func oneDefinitionOfCJK() throws {
    let temp = try TemporaryDatabase()
    let statement = try temp.database.makeStatement(sql: "SELECT ? GLOB ?")
    for value in Self.boundaries {
      let text = "a" + String(Character(try #require(Unicode.Scalar(value)))) + "b"
      statement.reset()
      try statement.bind(text, at: 1)
      try statement.bind(SearchRepository.cjkPattern, at: 2)
      #expect(try statement.step())
      // Indexing a little more than queries need costs space only; less would lose hits.
      if SearchQuery(text: text).hasCJK {
        #expect(statement.bool(0), "U+\(String(value, radix: 16))")
      }
      if value < 0x3000 || value > 0xFFFF {
        #expect(!statement.bool(0), "U+\(String(value, radix: 16))")
      }
    }
    // schema.sql's triggers and migrations use the same pattern (six times in version 6 for
    // the trigrams, six in version 8 for the grams, six in version 13 for highlights, nine
    // in version 21 for the grams made anew and the search update triggers, six in version 23
    // for the grams triggers feeding one expression).
    let uses = Schema.sql.components(separatedBy: "GLOB '\(SearchRepository.cjkPattern)'").count - 1
    #expect(uses == 33)
  }

  func trigramRows(_ temp: TemporaryDatabase) throws -> [Int64] {
    let statement = try temp.database.makeStatement(
      sql: "SELECT rowid FROM search_trigrams ORDER BY rowid")
    var rows: [Int64] = []
    while try statement.step() { rows.append(statement.int64(0)) }
    return rows
  }

  @Test("adding, editing and importing keep CJK text, and only it, in the trigram index")
  func onlyCJKText() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "Dune", body: "Spice."))))
    _ = runner.run(.posts(.insert(NewPost(title: "吾輩は猫である"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Why spice?"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "砂漠とは?"))))
    // Post 2 is row 4, question 2 is row 5 (a post is 2 * id, a question 2 * id + 1).
    #expect(try trigramRows(temp) == [4, 5])
    _ = runner.run(.posts(.update(1, PostPatch(body: "香料."))))
    _ = runner.run(.questions(.update(2, QuestionPatch(text: "What is the desert?"))))
    #expect(try trigramRows(temp) == [2, 4])
    guard case .search(.found(let hits)) = runner.run(.lookup(.search(SearchQuery(text: "香料"))))
    else {
      Issue.record("no search results")
      return
    }
    #expect(hits.map(\.id) == [1])

    let file = temp.folder + "/in.jsonl"
    try """
    {"type":"post","uuid":"p3","title":"Hyperion","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"post","uuid":"p4","title":"三体","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"question","uuid":"q3","post_uuid":"p3","text":"Who is the Shrike?","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    {"type":"question","uuid":"q4","post_uuid":"p3","text":"Plain","answer":"答え","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    _ = runner.run(.transfer(.importFile(ImportRequest(path: file, format: .jsonl))))
    #expect(try trigramRows(temp) == [2, 4, 8, 9])
    let words = try temp.database.int(sql: "SELECT count(*) FROM search_words")
    #expect(words == 8)
  }

  @Test("a one-character CJK query lists the newest matches first and stops at the limit")
  func shortCJKQueries() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "猫 A"))))
    _ = runner.run(.posts(.insert(NewPost(title: "猫 B"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "猫?"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "犬?"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 2, text: "猫と犬?"))))
    func hits(_ scope: SearchQuery.Scope, limit: Int) -> [String] {
      guard
        case .search(.found(let found)) = runner.run(
          .lookup(.search(SearchQuery(text: "猫", scope: scope, limit: limit))))
      else { return ["failed"] }
      return found.map { "\($0.kind == .posts ? "post" : "question") \($0.id) of \($0.postID)" }
    }
    // One clock for all: at the same time posts come first, then the higher id.
    #expect(hits(.all, limit: 3) == ["post 2 of 2", "post 1 of 1", "question 3 of 2"])
    #expect(hits(.questions, limit: 5) == ["question 3 of 2", "question 1 of 1"])
    #expect(hits(.posts, limit: 1) == ["post 2 of 2"])
  }

  /// Each row's grams in search_grams (FTS5 keeps them as given: a normal table).
  func grams(_ temp: TemporaryDatabase) throws -> [String] {
    let statement = try temp.database.makeStatement(
      sql: "SELECT rowid || ': ' || grams FROM search_grams ORDER BY rowid")
    var rows: [String] = []
    while try statement.step() { rows.append(statement.string(0)) }
    return rows
  }

  @Test(
    "one- and two-letter CJK terms: every letter and pair indexed by the triggers and by an import alike"
  )
  func gramIndex() throws {
    let typed = try TemporaryDatabase()
    let runner = typed.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "吾輩は猫である", author: "夏目", body: "東京 A"))))
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 2, text: "Why spice?"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "なぜ猫？"))))
    #expect(
      try grams(typed) == [
        "2: 吾 吾輩 輩 輩は は は猫 猫 猫で で であ あ ある る る  夏 夏目 目 目  東 東京 京 京 ",
        "5: な なぜ ぜ ぜ猫 猫 猫？ ？ ？ ",
      ])
    func hits(_ text: String) -> [String] {
      guard case .search(.found(let found)) = runner.run(.lookup(.search(SearchQuery(text: text))))
      else {
        return ["failed"]
      }
      return found.map { "\($0.kind == .posts ? "post" : "question") \($0.id)" }
    }
    #expect(hits("東京") == ["post 1"])
    // One clock for all: at the same time a post comes first.
    #expect(hits("猫") == ["post 1", "question 2"])
    #expect(hits("京東") == [])
    // An edit takes the old grams out; a deletion too.
    _ = runner.run(.questions(.update(2, QuestionPatch(text: "Why?"))))
    #expect(hits("猫") == ["post 1"])

    // The same rows imported: BulkLoad indexes them in one pass, as the triggers would.
    let export = typed.folder + "/all.jsonl"
    _ = runner.run(.questions(.update(2, QuestionPatch(text: "なぜ猫？"))))
    _ = runner.run(.transfer(.export(ExportRequest(format: .jsonl, output: export))))
    let imported = try TemporaryDatabase()
    _ = imported.runner().run(.transfer(.importFile(ImportRequest(path: export, format: .jsonl))))
    // The import numbers the questions in the file's order: the grams are compared by text.
    func texts(_ rows: [String]) -> [String] { rows.map { String($0.drop { $0 != ":" }) }.sorted() }
    #expect(try texts(grams(imported)) == texts(grams(typed)))
    #expect(try grams(imported).count == 2)
  }

  @Test(
    "the grams triggers (version 21, one expression since 23) make, column by column, what version 9's SQL and memo_grams make of the joined text"
  )
  func gramsColumnByColumn() throws {
    let temp = try TemporaryDatabase()
    let database = temp.database
    var seed: UInt64 = 21
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    // Letters of one to four bytes, the CJK range's edges, spaces: every kind of neighbour.
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x20, 0x41...0x43, 0xE0...0xE9, 0x3030...0x3045, 0x4E00...0x4E08, 0xFF98...0xFFA2,
      0xAC00...0xAC03, 0x1_F600...0x1_F603,
    ]
    func text(_ nullable: Bool) -> String? {
      if nullable && next() % 4 == 0 { return nil }
      var text = next() % 2 == 0 ? "猫" : ""
      for _ in 0..<(next() % 9) {
        let range = ranges[Int(next() % UInt64(ranges.count))]
        text.unicodeScalars.append(
          Unicode.Scalar(range.lowerBound + UInt32(next() % UInt64(range.count)))!)
      }
      return text.trimmingCharacters(in: .whitespaces).isEmpty ? "x" + text : text
    }
    let stamp = "'2026-01-01T00:00:00.000Z'"
    let post = try database.makeStatement(
      sql:
        "INSERT INTO posts (uuid, title, author, body, created_at, updated_at) VALUES (?, ?, ?, ?, \(stamp), \(stamp))"
    )
    let question = try database.makeStatement(
      sql:
        "INSERT INTO questions (uuid, post_id, text, answer, created_at, updated_at) VALUES (?, 1, ?, ?, \(stamp), \(stamp))"
    )
    let highlight = try database.makeStatement(
      sql:
        "INSERT INTO highlights (uuid, post_id, text, note, created_at, updated_at) VALUES (?, 1, ?, ?, \(stamp), \(stamp))"
    )
    for row in 0..<300 {
      for (statement, columns) in [(post, 3), (question, 2), (highlight, 2)] {
        statement.reset()
        try statement.bind("u\(row)-\(columns)-\(next())", at: 1)
        for column in 0..<columns {
          try statement.bind(text(column > 0), at: Int32(column + 2))
        }
        try statement.execute()
      }
    }
    // And edited: the update triggers make them again.
    try database.executeScript(
      """
      UPDATE posts SET body = coalesce(body, '') || '東京' WHERE id % 3 = 0;
      UPDATE questions SET answer = '京都' || coalesce(answer, '') WHERE id % 3 = 1;
      UPDATE highlights SET text = text || ' 夏目' WHERE id % 3 = 2;
      """)
    let joined = [
      ("posts", "2 * id", "title || ' ' || coalesce(author, '') || ' ' || coalesce(body, '')"),
      ("questions", "2 * id + 1", "text || ' ' || coalesce(answer, '')"),
      ("highlights", "-id", "text || ' ' || coalesce(note, '')"),
    ]
    for (table, rowid, text) in joined {
      let differ = try database.int(
        sql: """
          SELECT count(*) FROM \(table) LEFT JOIN search_grams g ON g.rowid = \(rowid)
          WHERE g.grams IS NOT \(SearchRepository.gramsSQL(text)) OR g.grams IS NOT memo_grams(\(text))
          """)
      #expect(differ == 0, "\(table)")
      #expect(
        try database.int(
          sql: "SELECT count(*) FROM search_grams WHERE rowid IN (SELECT \(rowid) FROM \(table))")
          ?? 0 > 100)
    }
  }

  @Test(
    "a long text holding CJK letters is indexed in time that grows with its length, not its square",
    .timeLimit(.minutes(5)))
  func longCJKText() throws {
    // 3 MB: version 9's triggers took many minutes over it (a substr() from the start for
    // each letter); these take about a second in a release build, up to two minutes in a
    // debug build on a loaded machine (a limit of one minute tripped there). A square's time
    // is far past five minutes in either.
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let body = "猫" + String(repeating: "a b c ", count: 500_000) + "東京"
    _ = runner.run(.posts(.insert(NewPost(title: "Long", body: body))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Why?"))))
    _ = runner.run(.questions(.setAnswer(1, body)))
    _ = runner.run(.posts(.update(1, PostPatch(body: body + "夏目"))))
    #expect(try grams(temp) == ["2: 猫 猫a 東 東京 京 京夏 夏 夏目 目 目", "3: 猫 猫a 東 東京 京 京"])
  }

  @Test("an update that sets an indexed text to what it was leaves the search indexes alone")
  func unchangedTextNotReindexed() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let body = "猫" + String(repeating: "東京 tower ", count: 1_000)
    _ = runner.run(.posts(.insert(NewPost(title: "長い本", body: body))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "なぜ猫？"))))
    let database = temp.database
    // Rows written by each statement and its triggers (total_changes counts the triggers').
    func written(_ sql: String) throws -> Int {
      let before = Int(try database.int(sql: "SELECT total_changes()") ?? 0)
      try database.executeScript(sql)
      return Int(try database.int(sql: "SELECT total_changes()") ?? 0) - before
    }
    let alone = try written("UPDATE posts SET source = 'a' WHERE id = 1")
    #expect(
      try written(
        "UPDATE posts SET title = title, author = author, body = body, source = 'b' WHERE id = 1")
        == alone)
    #expect(try written("UPDATE posts SET body = body || '。' WHERE id = 1") > alone + 4)
    let question = try written("UPDATE questions SET starred = 1 WHERE id = 1")
    #expect(try written("UPDATE questions SET text = text, starred = 0 WHERE id = 1") == question)
    #expect(try grams(temp).count == 2)
  }

  @Test("a CJK query: its words in any order, each without the punctuation around it")
  func cjkQueryWords() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(
      .posts(.insert(NewPost(title: "Dune", body: "東京 tower is tall. 猫 cat lives here. 東京タワー"))))
    _ = runner.run(.posts(.insert(NewPost(title: "Other", body: "猫だけ"))))
    func hits(_ text: String) -> [Int64] {
      guard case .search(.found(let found)) = runner.run(.lookup(.search(SearchQuery(text: text))))
      else {
        return [-1]
      }
      return found.map(\.id)
    }
    for query in ["東京 tower", "tower 東京", "cat 猫", "東京タワー tower", "「東京タワー」", "東京タワー。"] {
      #expect(hits(query) == [1], "\(query)")
    }
    #expect(hits("猫?") == [2, 1])
    #expect(hits("zzz 東京") == [])
    #expect(hits("tower 猫だけ") == [])
  }

  @Test("a CJK query of words all too short for trigrams: each word in the hit, in any order")
  func cjkShortWords() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "本", body: "夏目漱石の本"))))
    _ = runner.run(.posts(.insert(NewPost(title: "友人帳", body: "夏目友人帳"))))
    _ = runner.run(.posts(.insert(NewPost(title: "東京の猫"))))
    _ = runner.run(.posts(.insert(NewPost(title: "漱石", author: "東京"))))
    _ = runner.run(.posts(.insert(NewPost(title: "x", body: "猫"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 2, text: "夏目は漱石？"))))
    func hits(_ text: String) -> [String] {
      guard case .search(.found(let found)) = runner.run(.lookup(.search(SearchQuery(text: text))))
      else {
        return ["failed"]
      }
      return found.map { "\($0.kind.rawValue):\($0.id)" }.sorted()  // newest first: the same millisecond here
    }
    #expect(hits("夏目 漱石") == ["posts:1", "questions:1"])
    #expect(hits("漱石　夏目") == ["posts:1", "questions:1"])
    #expect(hits("「夏目」 漱石。") == ["posts:1", "questions:1"])
    #expect(hits("東京 猫") == ["posts:3"])
    #expect(hits("猫 東京") == ["posts:3"])
    #expect(hits("東京 漱石") == ["posts:4"])
    #expect(hits("夏目 猫") == [])
    #expect(hits("猫 x") == ["posts:5"])
    #expect(hits("x 猫") == ["posts:5"])
    #expect(hits("猫 y") == [])
    #expect(hits("夏目 漱石 本") == ["posts:1"])
    guard
      case .search(.found(let one)) = runner.run(
        .lookup(.search(SearchQuery(text: "漱石 夏目", scope: .questions))))
    else {
      Issue.record("no hits")
      return
    }
    #expect(one.map(\.snippet) == ["夏目は\u{2}漱石\u{3}？"])
  }

  @Test("an import clears the tombstones of the questions it brings back, as the triggers do")
  func importClearsTombstones() throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "Gone?"))))
    let export = temp.folder + "/before.jsonl"
    _ = runner.run(.transfer(.export(ExportRequest(format: .jsonl, output: export))))
    _ = runner.run(.questions(.delete([1])))
    #expect(
      try temp.database.int(sql: "SELECT count(*) FROM tombstones WHERE kind = 'question'") == 1)
    _ = runner.run(.transfer(.importFile(ImportRequest(path: export, format: .jsonl))))
    #expect(try temp.database.int(sql: "SELECT count(*) FROM questions") == 1)
    #expect(
      try temp.database.int(sql: "SELECT count(*) FROM tombstones WHERE kind = 'question'") == 0)
    #expect(
      try temp.database.int(sql: "SELECT count(*) FROM search_words WHERE kind = 'question'") == 1)
  }
}
