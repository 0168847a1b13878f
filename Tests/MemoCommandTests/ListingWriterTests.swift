import Foundation
import MemoCore
import Testing

@testable import MemoStorage
@testable import memo

/// Each presenter's rows as `ListingWriter` writes them, byte for byte, in every format: a real
/// statement's row in, the exact text out (tabs, line breaks, quotes, a control character,
/// emoji and CJK).
@Suite("listing rows in every format")
struct ListingWriterTests {
  /// The awkward text every row carries.
  static let text = "tab\there, \"quoted\", line\nbreak, bell\u{07}, 猫 🐈"

  /// A question row as the repository selects it (columns named by JSON key).
  static let questionSQL = """
    SELECT 7 AS id, 'u-7' AS uuid, 3 AS post_id, 'Dune' AS post_title, ?1 AS text,
           NULL AS category, 1 AS starred, ' a, b ' AS answer, NULL AS answered_at,
           '2026-01-31T09:05:00.000Z' AS created_at, '2026-02-01T10:00:00.000Z' AS updated_at,
           NULL AS highlight_id
    """

  /// Writes `rows` rows of `sql` as `listing` in `format` and returns the bytes written.
  func render(
    _ listing: Listing, _ format: OutputFormat, sql: String, rows: Int = 1,
    nestedSQL: String? = nil, filter: QuestionFilter? = nil, lookahead: Int = 1000,
    width: Int? = nil, isNarrowed: Bool = false
  ) throws -> String {
    let database = try Database(path: ":memory:")
    let statement = try database.makeStatement(sql: sql)
    try statement.bind(Self.text, at: 1)
    let nested = try nestedSQL.map { try database.makeStatement(sql: $0) }
    return try captured { out in
      let writer = ListingWriter.make(
        format: format, style: Style(useColor: false, utcOffsetSeconds: 3600, width: width),
        out: out, lookahead: lookahead)
      writer.isNarrowed = isNarrowed
      let hasRow = try statement.step()
      #expect(hasRow == (rows > 0))
      try writer.begin(
        listing, filter: filter, columns: Row(statement), nested: nested.map(Row.init))
      for n in 0..<rows {
        // The statement's next row; past its last, its first again.
        if n > 0, try !statement.step() {
          statement.reset()
          try statement.bind(Self.text, at: 1)
          _ = try statement.step()
        }
        try writer.row(Row(statement), nested: nil)
      }
      try writer.end()
    }
  }

  @Test("a question in JSON: every field in order, escapes per RFC 8259, CJK and emoji as they are")
  func questionJSON() throws {
    #expect(
      try render(.questions, .json, sql: Self.questionSQL) == """
        [
          {
            "id": 7,
            "uuid": "u-7",
            "post_id": 3,
            "post_title": "Dune",
            "text": "tab\\there, \\"quoted\\", line\\nbreak, bell\\u0007, 猫 🐈",
            "category": null,
            "starred": true,
            "answer": " a, b ",
            "answered_at": null,
            "created_at": "2026-01-31T09:05:00.000Z",
            "updated_at": "2026-02-01T10:00:00.000Z",
            "highlight_id": null
          }
        ]

        """)
    #expect(
      try render(.questions, .json, sql: Self.questionSQL + " WHERE 0", rows: 0) == "[]\n")
  }

  @Test("a question in JSON Lines: one compact object a line")
  func questionJSONLines() throws {
    let line =
      #"{"id":7,"uuid":"u-7","post_id":3,"post_title":"Dune","text":"tab\there, \"quoted\", line\nbreak, bell\u0007, 猫 🐈","category":null,"starred":true,"answer":" a, b ","answered_at":null,"created_at":"2026-01-31T09:05:00.000Z","updated_at":"2026-02-01T10:00:00.000Z","highlight_id":null}"#
    #expect(
      try render(.questions, .jsonl, sql: Self.questionSQL, rows: 2) == line + "\n" + line + "\n")
  }

  @Test("a question in CSV: a header, RFC 4180 quoting (and edge spaces kept quoted), CRLF")
  func questionCSV() throws {
    #expect(
      try render(.questions, .csv, sql: Self.questionSQL)
        == "id,uuid,post_id,post_title,text,category,starred,answer,answered_at,created_at,updated_at,highlight_id\r\n"
        + "7,u-7,3,Dune,\"tab\there, \"\"quoted\"\", line\nbreak, bell\u{07}, 猫 🐈\",,true,\" a, b \",,"
        + "2026-01-31T09:05:00.000Z,2026-02-01T10:00:00.000Z,\r\n")
  }

  @Test("a question in TSV and plain: tabs and line breaks escaped, one line a row")
  func questionTSV() throws {
    #expect(
      try render(.questions, .tsv, sql: Self.questionSQL)
        == "id\tuuid\tpost_id\tpost_title\ttext\tcategory\tstarred\tanswer\tanswered_at\tcreated_at\tupdated_at\thighlight_id\n"
        + "7\tu-7\t3\tDune\ttab\\there, \"quoted\", line\\nbreak, bell\u{07}, 猫 🐈\t\ttrue\t a, b \t\t"
        + "2026-01-31T09:05:00.000Z\t2026-02-01T10:00:00.000Z\t\n")
    // Plain: the table's columns (id, post, star, text, category, answer, created), no header.
    #expect(
      try render(.questions, .plain, sql: Self.questionSQL)
        == "7\t3\ttrue\ttab\\there, \"quoted\", line\\nbreak, bell^G, 猫 🐈\t\t a, b \t"
        + "2026-01-31T09:05:00.000Z\n")
  }

  @Test("a question in a table: control characters shown, local time, wide characters aligned")
  func questionTable() throws {
    // The text is 45 columns wide: 猫 and 🐈 take two each, the bell shows as ^G.
    let shown = "tab here, \"quoted\", line break, bell^G, 猫 🐈"
    #expect(DisplayWidth.of(shown) == 45)
    let spaces = { (n: Int) in String(repeating: " ", count: n) }
    #expect(
      try render(.questions, .table, sql: Self.questionSQL)
        == "ID  POST  ★  QUESTION" + spaces(37) + "  CATEGORY  ANSWER  CREATED\n"
        + " 7     3  ★  " + shown + "  " + spaces(8) + "   a, b   2026-01-31 10:05\n")
  }

  @Test("a table keeps the widths of its first rows for the rest: later, longer cells are cut")
  func tableLookahead() throws {
    let sql = """
      WITH n(i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM n WHERE i < 3)
      SELECT i AS id, 'u' AS uuid, 1 AS post_id, 'P' AS post_title,
             CASE i WHEN 1 THEN 'short' ELSE 'a much longer question text' END AS text,
             NULL AS category, 0 AS starred, NULL AS answer, NULL AS answered_at,
             '2026-01-31T09:05:00.000Z' AS created_at, '2026-01-31T09:05:00.000Z' AS updated_at,
             NULL AS highlight_id
      FROM n
      """
    // One row of look-ahead sizes QUESTION by "short" (and its title): the rest are cut.
    let database = try Database(path: ":memory:")
    let statement = try database.makeStatement(sql: sql)
    let lines = try captured { out in
      let writer = ListingWriter.make(
        format: .table, style: Style(useColor: false, utcOffsetSeconds: 0, width: nil), out: out,
        lookahead: 1)
      #expect(try statement.step())
      try writer.begin(.questions, filter: nil, columns: Row(statement), nested: nil)
      repeat { try writer.row(Row(statement), nested: nil) } while try statement.step()
      try writer.end()
    }.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[1].contains("short   "))
    #expect(lines[2].contains("a much …"))
    // Every row as wide as the first (the header's last cell is not padded).
    #expect(Set(lines.dropFirst().map { DisplayWidth.of(String($0)) }).count == 1, "\(lines)")
  }

  @Test("a post with its questions nested: JSON indents them; JSON Lines keeps them on the line")
  func nestedPost() throws {
    let post = """
      SELECT 3 AS id, 'p-3' AS uuid, 'Dune' AS title, NULL AS author, ?1 AS body,
             NULL AS source, 0 AS favorite, 1 AS question_count,
             '2026-01-31T09:05:00.000Z' AS created_at, '2026-01-31T09:05:00.000Z' AS updated_at
      """
    let database = try Database(path: ":memory:")
    let statement = try database.makeStatement(sql: post)
    try statement.bind("b", at: 1)
    let nested = try database.makeStatement(sql: Self.questionSQL + " WHERE ?2 = 3")
    let text = try captured { out in
      let writer = ListingWriter.make(format: .jsonl, style: .plain, out: out)
      #expect(try statement.step())
      try writer.begin(.posts, filter: nil, columns: Row(statement), nested: Row(nested))
      try writer.row(
        Row(statement),
        nested: NestedRows(statement: nested) {
          try $0.bind(Self.text, at: 1)
          try $0.bind(3, at: 2)
        })
      try writer.end()
    }
    #expect(text.hasPrefix(#"{"id":3,"uuid":"p-3","title":"Dune","author":null,"body":"b","#))
    #expect(
      text.hasSuffix(#""updated_at":"2026-02-01T10:00:00.000Z","highlight_id":null}]}"# + "\n"))
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let questions = object?["questions"] as? [[String: Any]]
    #expect(questions?.count == 1)
    #expect(questions?.first?["text"] as? String == Self.text)
  }
}
