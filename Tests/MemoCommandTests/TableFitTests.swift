import MemoCore
import MemoStorage
import Testing

@testable import memo

/// Tables on an 80-column terminal share the width by value, and measure emoji and CJK as the
/// terminal draws them (issues 21 and 22).
@Suite("tables at 80 columns")
struct TableFitTests {
  let writer = ListingWriterTests()

  /// Two posts: a long title, a long author, emoji and CJK.
  static let postsSQL = """
    SELECT column1 AS id, 'u' AS uuid, column2 AS title, column3 AS author, NULL AS body,
           NULL AS source, column4 AS favorite, column5 AS question_count,
           '2026-01-31T09:05:00.000Z' AS created_at, '2026-01-31T09:05:00.000Z' AS updated_at,
           ?1 AS note
    FROM (VALUES
      (12, 'An Extremely Long Title About the Spice Trade and Its Discontents', 'Frank Patrick Herbert Junior The Third', 1, 4),
      (3, '🚀 ロケット 🚲 🛒 🛸 🪐 ⌚ ☕ ⭐ ✅ 👍🏽 👨‍👩‍👧 猫', '村上 春樹', 0, 0))
    """

  /// Every line of `text` as wide as the terminal at most, and each row's cells starting at
  /// the header's columns.
  func columnStarts(_ line: Substring) -> [Int] {
    var starts: [Int] = []
    var column = 0
    var previous: Character = " "
    var spaces = 0
    for c in line {
      if c != " " && (column == 0 || spaces >= 2) { starts.append(column) }
      spaces = c == " " ? spaces + 1 : 0
      previous = c
      column += DisplayWidth.of(c)
    }
    _ = previous
    return starts
  }

  @Test("memo list at 80 columns: counts go first, AUTHOR shrinks before TITLE, emoji align")
  func posts() throws {
    let out = try writer.render(.posts, .table, sql: Self.postsSQL, rows: 2, width: 80)
    let lines = out.split(separator: "\n")
    #expect(
      lines == [
        "ID  TITLE                                           AUTHOR      CREATED",
        "12  An Extremely Long Title About the Spice Trade…  Frank Pat…  2026-01-31 10:05",
        " 3  🚀 ロケット 🚲 🛒 🛸 🪐 ⌚ ☕ ⭐ ✅ 👍🏽 👨‍👩‍👧 猫    村上 春樹   2026-01-31 10:05",
      ])
    // The rows fill the 80 columns exactly: the emoji and CJK row measured as drawn.
    #expect(lines.dropFirst().map { DisplayWidth.of(String($0)) } == [80, 80])
    #expect(columnStarts(lines[1]) == columnStarts(lines[0]))
  }

  @Test("memo list in a wide terminal keeps every column")
  func wide() throws {
    let out = try writer.render(.posts, .table, sql: Self.postsSQL, rows: 2, width: 200)
    let lines = out.split(separator: "\n")
    #expect(lines[0].hasPrefix("ID  TITLE"))
    #expect(lines[0].contains("QUESTIONS  FAV  CREATED"))
    // TITLE is 67 wide (the first title); the emoji row's title is 46.
    #expect(lines[2].contains("👨‍👩‍👧 猫" + String(repeating: " ", count: 21) + "  村上 春樹"))
    #expect(Set(lines.dropFirst().map { DisplayWidth.of(String($0)) }).count == 1, "\(lines)")
  }

  @Test("memo questions at 80 columns: CATEGORY gives way first, QUESTION and ANSWER share")
  func questions() throws {
    let sql = """
      SELECT 7 AS id, 'u' AS uuid, 3 AS post_id, 'Dune' AS post_title,
             'Why does the spice matter so much to the Guild and to the Emperor?' AS text,
             'ecology-and-economics' AS category, 1 AS starred,
             'Because navigators need it to fold space; without it no ship moves.' AS answer,
             NULL AS answered_at,
             '2026-01-31T09:05:00.000Z' AS created_at, '2026-02-01T10:00:00.000Z' AS updated_at,
             NULL AS highlight_id, ?1 AS note
      """
    let lines = try writer.render(.questions, .table, sql: sql, width: 80).split(separator: "\n")
    #expect(
      lines == [
        "ID  POST  ★  QUESTION            CATEGORY  ANSWER               CREATED",
        " 7     3  ★  Why does the spic…  ecology…  Because navigators…  2026-01-31 10:05",
      ])
    #expect(DisplayWidth.of(String(lines[1])) == 80)
  }

  @Test(
    "memo list and memo questions at 40, 20 and 12 columns: every line fits, ID and the title stay, cut text ends in …",
    arguments: [40, 20, 12])
  func narrow(width: Int) throws {
    let questionsSQL = """
      SELECT 7 AS id, 'u' AS uuid, 3 AS post_id, 'Dune' AS post_title,
             '👩‍👩‍👧‍👦 🧑🏽‍💻 🇵🇹🇯🇵 夏目漱石 Cafe\u{301} why does the spice matter?' AS text,
             'ecology' AS category, 1 AS starred, 'Because.' AS answer, NULL AS answered_at,
             '2026-01-31T09:05:00.000Z' AS created_at, '2026-02-01T10:00:00.000Z' AS updated_at,
             NULL AS highlight_id, ?1 AS note
      """
    for (listing, sql, title) in [
      (Listing.posts, Self.postsSQL, "TITLE"), (.questions, questionsSQL, "QUESTION"),
    ] {
      let out = try writer.render(listing, .table, sql: sql, rows: 2, width: width)
      let lines = out.split(separator: "\n").map(String.init)
      #expect(lines.count == 3, "\(listing) at \(width): \(lines)")
      for line in lines {
        #expect(DisplayWidth.of(line) <= width, "\(listing) at \(width): \(line)")
      }
      #expect(lines[0].hasPrefix("ID  ") && lines[0].contains(title), "\(lines[0])")
      #expect(lines.dropFirst().allSatisfy { $0.contains("…") }, "\(lines)")
      // A right-aligned cell (the question's POST) starts inside its column: posts only.
      if listing == .posts {
        #expect(columnStarts(Substring(lines[1])) == columnStarts(Substring(lines[0])), "\(lines)")
        // The room of the columns left out goes to the title: the long one fills the line.
        #expect(DisplayWidth.of(lines[1]) == width, "\(lines)")
      }
    }
  }

  @Test("an empty table on a terminal says what to do next; off a terminal only the header")
  func empty() throws {
    let none = "SELECT * FROM (\(Self.postsSQL)) WHERE 0"
    #expect(
      try writer.render(.posts, .table, sql: none, rows: 0, width: 80)
        == "ID  TITLE  AUTHOR  QUESTIONS  FAV  CREATED\nno posts yet: memo add TITLE\n")
    #expect(
      try writer.render(.posts, .table, sql: none, rows: 0, width: 80, isNarrowed: true)
        == "ID  TITLE  AUTHOR  QUESTIONS  FAV  CREATED\nno posts match\n")
    #expect(
      try writer.render(.posts, .table, sql: none, rows: 0)
        == "ID  TITLE  AUTHOR  QUESTIONS  FAV  CREATED\n")
    #expect(try writer.render(.posts, .plain, sql: none, rows: 0, width: 80) == "")
  }
}
