import Testing

@testable import MemoCore

private let everything = ["MEMO_DB": "/env/memo.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]

private func resolve(flag: String? = nil, _ environment: [String: String]) throws
  -> DatabaseLocation
{
  try DatabaseLocation.resolve(flag: flag, environment: environment)
}

@Suite("the database location: --db, then MEMO_DB, then XDG_DATA_HOME, then HOME")
struct DatabaseLocationTests {
  @Test("--db wins over everything, taken as given", arguments: ["/f.db", "notes.db", "~/x.db"])
  func flag(path: String) throws {
    #expect(try resolve(flag: path, everything) == DatabaseLocation(path: path, reason: .flag))
  }

  @Test("without --db, MEMO_DB wins, taken as given")
  func memoDB() throws {
    #expect(try resolve(everything) == DatabaseLocation(path: "/env/memo.db", reason: .environment))
    #expect(
      try resolve(["MEMO_DB": "rel.db"]) == DatabaseLocation(path: "rel.db", reason: .environment))
  }

  @Test(
    "then an absolute XDG_DATA_HOME, with memo/memo.db under it",
    arguments: ["/xdg", "/xdg/"])
  func xdgDataHome(xdg: String) throws {
    #expect(
      try resolve(["XDG_DATA_HOME": xdg, "HOME": "/home/u"])
        == DatabaseLocation(path: "/xdg/memo/memo.db", reason: .xdgDataHome))
  }

  @Test(
    "a relative or empty XDG_DATA_HOME is ignored, as the XDG spec says",
    arguments: ["rel", "./data", "~/data", ""])
  func relativeXDGIgnored(xdg: String) throws {
    #expect(
      try resolve(["XDG_DATA_HOME": xdg, "HOME": "/home/u"])
        == DatabaseLocation(path: "/home/u/.local/share/memo/memo.db", reason: .home))
  }

  @Test("last, HOME/.local/share/memo/memo.db", arguments: ["/home/u", "/home/u/"])
  func home(home: String) throws {
    #expect(
      try resolve(["HOME": home])
        == DatabaseLocation(path: "/home/u/.local/share/memo/memo.db", reason: .home))
  }

  @Test("an empty MEMO_DB counts as not set; an empty --db (a script's unset variable) is a usage error, never the default database")
  func emptyCountsAsAbsent() throws {
    #expect(
      try resolve(flag: nil, ["MEMO_DB": "", "HOME": "/h"])
        == DatabaseLocation(path: "/h/.local/share/memo/memo.db", reason: .home))
    #expect(
      throws: MemoError.usage(
        "--db is empty; name a database file, or leave --db out for the default ('memo db path' shows it)")
    ) {
      try resolve(flag: "", ["HOME": "/h"])
    }
  }

  @Test(
    "with no HOME and nothing else, it is a usage error that says what to do",
    arguments: [[:], ["HOME": ""], ["XDG_DATA_HOME": "rel"], ["MEMO_DB": "", "USER": "u"]])
  func noHome(environment: [String: String]) {
    let error = #expect(throws: MemoError.self) { try resolve(environment) }
    #expect(error?.code == .usage)
    #expect(
      error?.message
        == "cannot find the database: HOME is not set; pass --db PATH or set MEMO_DB")
  }

  @Test("each reason names its rule, for 'memo db path' and error messages")
  func reasons() {
    #expect(DatabaseLocation.Reason.flag.rawValue == "--db")
    #expect(DatabaseLocation.Reason.environment.rawValue == "$MEMO_DB")
    #expect(DatabaseLocation.Reason.xdgDataHome.rawValue == "$XDG_DATA_HOME")
    #expect(DatabaseLocation.Reason.home.rawValue == "default")
  }
}

private let stored = Post(
  id: 7, uuid: "u7", title: "Dune", author: "Frank Herbert", body: "Spice.", source: nil,
  createdAt: .t0, updatedAt: Timestamp(millis: Timestamp.t0.millis + 1000), isFavorite: true,
  questionCount: 3, questions: [.fixture(1, post: 7)])

@Suite("post patches: what an edit changes")
struct PostPatchTests {
  @Test(
    "the difference holds only the fields that changed; a field emptied is a clear",
    arguments: [
      (
        NewPost(title: "Dune", author: "Frank Herbert", body: "Spice."),
        PostPatch()
      ),
      (
        NewPost(title: "Dune Messiah", author: "Frank Herbert", body: "Spice."),
        PostPatch(title: "Dune Messiah")
      ),
      (
        NewPost(title: "Dune", author: nil, body: "Spice.", source: "library"),
        PostPatch(author: .some(nil), source: .some("library"))
      ),
      (
        NewPost(title: "Dune", author: "F. Herbert"),
        PostPatch(author: .some("F. Herbert"), body: .some(nil))
      ),
    ])
  func difference(edited: NewPost, patch: PostPatch) {
    #expect(PostPatch.difference(from: stored, to: edited) == patch)
  }

  @Test("a patch is empty only when it sets no field; a clear is a change")
  func isEmpty() {
    #expect(PostPatch().isEmpty)
    #expect(!PostPatch(title: "T").isEmpty)
    #expect(!PostPatch(author: .some(nil)).isEmpty)
    #expect(!PostPatch(body: .some(nil)).isEmpty)
    #expect(!PostPatch(source: .some(nil)).isEmpty)
  }

  @Test("applying sets the given fields, clears .some(nil), and leaves everything else")
  func applied() {
    let patch = PostPatch(title: "Dune Messiah", author: .some(nil), source: .some("library"))
    var expected = stored
    expected.title = "Dune Messiah"
    expected.author = nil
    expected.source = "library"
    #expect(patch.applied(to: stored) == expected)
    #expect(PostPatch().applied(to: stored) == stored)
  }

  @Test("applying the difference gives the edited fields, and nothing else changes")
  func differenceThenApply() {
    let titles = ["Dune", "Dune Messiah"]
    let optionals: [String?] = [nil, "Frank Herbert", "Spice.", ""]
    for title in titles {
      for author in optionals {
        for body in optionals {
          for source in optionals {
            let edited = NewPost(title: title, author: author, body: body, source: source)
            let result = PostPatch.difference(from: stored, to: edited).applied(to: stored)
            var expected = stored
            (expected.title, expected.author, expected.body, expected.source) = (
              title, author, body, source
            )
            #expect(result == expected, "\(edited)")
          }
        }
      }
    }
  }
}

@Suite("ids as users type them")
struct PositiveIDTests {
  @Test(
    "only a positive decimal integer that fits in 63 bits is an id",
    arguments: [
      "0", "00", "-1", "abc", "99999999999999999999", "9223372036854775808", "", "+3", " 12",
      "12 ", "1.5", "1e3", "0x1F", "1_000", "\u{0663}",
    ])
  func notAnID(text: String) {
    #expect(parsePositiveID(text) == nil)
  }

  @Test(
    "a plain number is that id",
    arguments: [("12", Int64(12)), ("1", 1), ("007", 7), ("9223372036854775807", .max)])
  func anID(text: String, id: Int64) {
    #expect(parsePositiveID(text) == id)
  }
}
