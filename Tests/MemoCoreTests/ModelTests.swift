import Testing

@testable import MemoCore

@Suite("models: database location, patches, ids, filters, JSON")
struct ModelTests {
  @Test("the database path: --db, then MEMO_DB, then an absolute XDG_DATA_HOME, then HOME")
  func location() throws {
    let env = ["MEMO_DB": "/e.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(
      try DatabaseLocation.resolve(flag: "/f.db", environment: env)
        == .init(path: "/f.db", reason: .flag))
    #expect(
      try DatabaseLocation.resolve(flag: nil, environment: env)
        == .init(path: "/e.db", reason: .environment))
    #expect(
      try DatabaseLocation.resolve(
        flag: nil, environment: ["XDG_DATA_HOME": "/xdg/", "HOME": "/h"])
        == .init(path: "/xdg/memo/memo.db", reason: .xdgDataHome))
    #expect(
      try DatabaseLocation.resolve(flag: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
        == .init(path: "/h/.local/share/memo/memo.db", reason: .home))
    #expect(throws: MemoError.self) { try DatabaseLocation.resolve(flag: nil, environment: [:]) }
  }

  @Test("a patch from an edit holds only what changed")
  func patch() {
    var post = Post.fixture()
    post.author = "A"
    let patch = PostPatch.difference(from: post, to: NewPost(title: "Dune", author: nil, body: "b"))
    #expect(patch == PostPatch(author: .some(nil), body: .some("b")))
    #expect(!patch.isEmpty)
    #expect(PostPatch.difference(from: post, to: NewPost(title: "Dune", author: "A")).isEmpty)
    let applied = patch.applied(to: post)
    #expect(applied.author == nil && applied.body == "b" && applied.title == "Dune")
  }

  @Test(
    "ids: positive decimal integers only",
    arguments: ["0", "-1", "abc", "1.5", "", "+3", "99999999999999999999"])
  func badIDs(text: String) {
    #expect(parsePositiveID(text) == nil)
  }

  @Test("ids: a plain number parses")
  func goodID() {
    #expect(parsePositiveID("12") == 12)
    #expect(parsePositiveID("9223372036854775807") == Int64.max)
  }

  @Test("a flag replaces that field of the current filter; the rest stays")
  func override() {
    let current = QuestionFilter(starred: true, categories: ["physics"], since: "7d")
    #expect(
      current.overridden(by: QuestionFilter(starred: false))
        == QuestionFilter(starred: false, categories: ["physics"], since: "7d"))
    #expect(
      current.overridden(by: QuestionFilter(answered: true, categories: ["math"]))
        == QuestionFilter(starred: true, answered: true, categories: ["math"], since: "7d"))
    #expect(current.overridden(by: QuestionFilter()) == current)
  }

  @Test("a filter survives its JSON form, and reads as shell flags")
  func filterJSON() throws {
    let filter = QuestionFilter(
      starred: false, answered: true, categories: ["quantum physics", "it's \"odd\""], since: "7d",
      until: "2026-01-01")
    #expect(try QuestionFilter(json: filter.json) == filter)
    #expect(try QuestionFilter(json: QuestionFilter().json) == QuestionFilter())
    #expect(
      filter.summary
        == #"--unstarred --answered --category 'quantum physics' --category 'it'\''s "odd"' --since 7d --until 2026-01-01"#
    )
  }

  @Test(
    "a stored filter that is not the right JSON is bad data",
    arguments: ["", "[]", "{\"starred\":1}", "{\"categories\":\"x\"}", "{"])
  func badFilterJSON(text: String) {
    #expect(throws: MemoError.self) { try QuestionFilter(json: text) }
    do { _ = try QuestionFilter(json: text) } catch let error as MemoError {
      #expect(error.code == .badData)
    } catch {}
  }

  @Test("resolving a filter turns its dates into instants against now")
  func resolve() throws {
    let now = Timestamp(rfc3339: "2026-03-31T10:00:00.000Z")!
    let resolved = try QuestionFilter(starred: true, since: "7d", until: "2026-03-30")
      .resolved(now: now, utcOffsetSeconds: 0)
    #expect(resolved.since?.rfc3339 == "2026-03-24T10:00:00.000Z")
    #expect(resolved.until?.rfc3339 == "2026-03-31T00:00:00.000Z")
    #expect(resolved.starred == true)
    #expect(throws: MemoError.self) {
      try QuestionFilter(since: "x").resolved(now: now, utcOffsetSeconds: 0)
    }
  }
}

@Suite("the JSON parser")
struct JSONParserTests {
  @Test("parses every kind of value, keeping key order")
  func values() throws {
    let value = try JSONParser.parse(
      #" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\n\ud83d\ude00"} "#)
    #expect(
      value
        == .object([
          ("b", .array([.integer(1), .number(-2500), .bool(true), .bool(false), .null])),
          ("a", .string("xé\n😀")),
        ]))
  }

  @Test(
    "refuses what RFC 8259 does not allow",
    arguments: [
      "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\\x\"", "\"a\nb\"", "nul", "[1] 2",
      "\"\\ud800\"",
      "{'a':1}", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
  func invalid(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test("strings without escapes come through as they are, and invalid UTF-8 is refused in both")
  func plainStrings() throws {
    #expect(
      try JSONParser.parse(#"["plain", "café 猫 😀", ""]"#)
        == .array([
          .string("plain"), .string("café 猫 😀"), .string(""),
        ]))
    for bytes: [UInt8] in [
      [0x22, 0x61, 0xFF, 0x62, 0x22],  // a stray byte, no escape
      [0x22, 0xC3, 0x22],  // a cut two-byte sequence
      [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // after an escape
    ] {
      #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }
  }

  @Test("escapes what must be escaped when writing")
  func writing() throws {
    var out = ""
    appendJSONString("q\"b\\s\u{1}\t", to: &out)
    #expect(out == #""q\"b\\s\u0001\t""#)
    #expect(try JSONParser.parse(out) == .string("q\"b\\s\u{1}\t"))
  }
}
