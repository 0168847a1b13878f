import Foundation
import MemoCore
import Testing

@testable import MemoStorage
@testable import memo

/// A table's rows past its look-ahead are drawn straight from the statement's bytes (ASCII
/// cells without a `String`); they must be the very bytes the cell path draws for every kind of
/// text: ASCII that fits, is cut or is empty, tabs and line breaks, control characters, C1 and
/// bidirectional controls, accents, combining marks, CJK, emoji and ZWJ sequences, NULL, wide
/// and negative numbers, marks.
@Suite("a table drawn straight from column bytes")
struct TableStraightTests {
  static let texts: [String?] = [
    "xxxxxxxxxxxx", "plain ascii", "exactly 12 c", "a much longer ascii question text", "",
    nil, "tab\there", "line\nbreak\r\nend", "bell\u{07} and esc \u{1B}[31m red", "del \u{7F} x",
    "c1 \u{9B} x", "bidi \u{202E} x", "café naïve", "e\u{301}e\u{301}", "猫猫猫猫猫猫猫",
    "吾輩は猫である", "👨‍👩‍👧 family", "🚀🚲🛒 go", "flag 🇯🇵", "x\u{2}mark\u{3}ed",
    "12345678901", "1234567890123", "   edges   ", "…snippet … ends…", "ü\u{AD}x",
    "bad \u{FFFD} utf8",
    // Past a word of eight bytes: what needs care, after one, two or more plain words.
    "0123456789\tab after a word", "sixteen ascii by\u{7F} del", "twenty-two ascii bytes\u{07}",
    "a long ascii line of twenty-nine, then café", "eight by\nline and more past it, cut",
    "x\u{2}a mark past a word, x\u{3}ed",
  ]

  /// Stored times: memo's own shape across hours and days, and text that only the cell path
  /// reads (another shape, an impossible date, not a time).
  static let times = [
    "2026-01-31T09:05:00.000Z", "2026-01-31T09:59:59.999Z", "2026-01-31T23:45:10.123Z",
    "2026-12-31T23:59:60.000Z", "2026-01-31T09:05:00Z", "2026-02-30T10:00:00.000Z", "soon",
    "2026-01-31T09:05:00.000+01:00", "2026-03-01T00:00:00.000z", "2026-01-31T09:7:00.000Z",
  ]

  /// The rows of `listing` over `texts` (`ids[n]` for each), drawn by a table with one row of
  /// look-ahead (the first sizes the columns), straight or through cells.
  func draw(
    _ listing: Listing, straight: Bool, color: Bool, sql: String, utcOffset: Int = 3600
  ) throws -> String {
    let database = try Database(path: ":memory:")
    try database.execute(
      sql: "CREATE TABLE t (n INTEGER, id INTEGER, text TEXT, flag INTEGER, time TEXT)")
    let insert = try database.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)")
    let ids: [Int64] = [1, 22, -3, 4_000_000_000, 123_456_789_012_345]
    for (n, text) in Self.texts.enumerated() {
      insert.reset()
      try insert.bind(Int64(n), at: 1)
      try insert.bind(ids[n % ids.count], at: 2)
      try insert.bind(text, at: 3)
      try insert.bind(Int64(n % 2), at: 4)
      try insert.bind(Self.times[n % Self.times.count], at: 5)
      _ = try insert.step()
    }
    let statement = try database.makeStatement(sql: sql + " FROM t ORDER BY n")
    return try captured { out in
      let writer = ListingWriter.make(
        format: .table, style: Style(useColor: color, utcOffsetSeconds: utcOffset, width: nil),
        out: out, lookahead: 1)
      (writer as? TableWriter)?.drawsStraight = straight
      #expect(try statement.step())
      try writer.begin(listing, filter: nil, columns: Row(statement), nested: nil)
      repeat { try writer.row(Row(statement), nested: nil) } while try statement.step()
      try writer.end()
    }
  }

  static let questions = """
    SELECT id, 'u' AS uuid, id AS post_id, text AS post_title, text, text AS category,
           flag AS starred, text AS answer, NULL AS answered_at,
           time AS created_at, time AS updated_at, NULL AS highlight_id
    """
  static let search = """
    SELECT text AS kind, id, id AS post_id, text AS post_title, text AS snippet, 0.5 AS rank
    """

  @Test("questions: the same bytes straight as through cells", arguments: [false, true])
  func questions(color: Bool) throws {
    let straight = try draw(.questions, straight: true, color: color, sql: Self.questions)
    let cells = try draw(.questions, straight: false, color: color, sql: Self.questions)
    #expect(straight == cells)
    #expect(straight.split(separator: "\n").count == Self.texts.count + 1)
    // Cut ASCII ends in "…" at the first row's width; wide text is measured, not counted.
    #expect(straight.contains("a much long…"))
    #expect(straight.contains("猫猫猫猫猫…"))
    #expect(straight.contains("bell^G and …"))
  }

  @Test(
    "times: the local minute from the hour kept, across zones a whole hour or half an hour off",
    arguments: [0, 3600, -12_600, 19_800, 20_700])
  func times(utcOffset: Int) throws {
    let straight = try draw(
      .questions, straight: true, color: false, sql: Self.questions, utcOffset: utcOffset)
    let cells = try draw(
      .questions, straight: false, color: false, sql: Self.questions, utcOffset: utcOffset)
    #expect(straight == cells)
  }

  @Test("cell widths from bytes: ASCII, wide and combining text; nil where the cell path decides")
  func widths() {
    func width(_ text: String, marks: Bool = false) -> Int? {
      var text = text
      return text.withUTF8 { TableWriter.cellWidth($0, skippingMarks: marks)?.0 }
    }
    #expect(width("plain") == 5)
    #expect(width("tab\there") == 8)
    #expect(width("猫 café") == 7)
    #expect(width("e\u{301}") == 1)
    #expect(width("x\u{2}y\u{3}", marks: true) == 2)
    #expect(width("x\u{2}y") == nil)
    #expect(width("bell\u{7}") == nil)
    #expect(width("c1 \u{9B}") == nil)
    #expect(width("rtl \u{202E}") == nil)
    #expect(width("👍🏽") == nil)
    #expect(width("❤\u{FE0F}") == nil)
    #expect(width("🇯🇵") == nil)
    // Past the first words of eight bytes (read a word at a time) as within them.
    #expect(width("0123456789abcdef\tab") == 19)
    #expect(width("0123456789abcdef0123456789\u{7}") == nil)
    #expect(width("0123456789abcde\u{7F}") == nil)
    #expect(width("0123456789abcdef猫 café") == 23)
    #expect(width("0123456789abcdef\u{2}y\u{3}", marks: true) == 17)
    for length in 0..<40 {
      for place in 0...length {
        for byte: UInt8 in [0x00, 0x09, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF] {
          var bytes = [UInt8](repeating: 0x61, count: length)
          if place < length { bytes[place] = byte }
          let expected = bytes.firstIndex { $0 < 0x20 || $0 > 0x7E } ?? length
          let run = bytes.withUnsafeBufferPointer { TableWriter.printableASCII($0, from: 0) }
          // Whole words at a time: up to the first that is not, or the last whole word.
          #expect(run == min(expected, length / 8 * 8), "\(bytes)")
        }
      }
    }
    let invalid: [UInt8] = [0x61, 0xC0, 0x80, 0xED, 0xA0, 0x80]
    #expect(
      invalid.withUnsafeBufferPointer { TableWriter.cellWidth($0, skippingMarks: false) } == nil)
  }

  @Test("search hits: marks left out of the snippet, the same bytes straight as through cells")
  func search() throws {
    let straight = try draw(.search, straight: true, color: false, sql: Self.search)
    #expect(straight == (try draw(.search, straight: false, color: false, sql: Self.search)))
    #expect(straight.contains("xmarked"))
  }
}
