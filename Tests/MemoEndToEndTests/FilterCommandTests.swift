import Foundation
import Testing

@Suite("the current filter and saved filters, run as a reader would")
struct FilterCommandTests {
  static let starredIDs = [12, 9, 7, 5, 3, 1]
  static let banner = "filter: --starred  (--all ignores it; 'memo filter clear' removes it)"

  @Test("filter set --category with a name that does not exist: created (SPEC §3), exit 0, a note naming it; none for one that exists")
  func filterSetCreatesCategoryWithANote() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why?", "--category", "physics"])
    let typo = try box.run(["filter", "set", "--category", "phyiscs"])
    #expect(typo.status == 0)
    #expect(
      typo.stderr
        == "memo: note: no category 'phyiscs' existed, so it was created and the filter matches no question yet; 'memo category list' lists the categories\n")
    #expect(try box.rows("SELECT name FROM categories ORDER BY name") == [["phyiscs"], ["physics"]])
    // An existing one (in any case), or --quiet: nothing said.
    #expect(try box.run(["filter", "set", "--category", "PHYSICS"]).stderr == "")
    #expect(try box.run(["filter", "set", "--category", "other", "--quiet"]).stderr == "")
    // Elsewhere an unknown category is still exit 1.
    #expect(try box.run(["questions", "--category", "nothing-here", "--all"]).status == 1)
  }

  @Test("a filter never changes list's shape off a terminal: plain, csv, tsv keep a row a post")
  func filterKeepsFlatShapes() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let header = try box.succeed(["list", "--format", "tsv"]).split(separator: "\n").first
    for filter in [["--starred"], ["--unstarred"]] {
      _ = try box.succeed(["filter", "set"] + filter)
      // The posts the filter keeps, as JSON has them.
      let ids = try box.jsonArray(["list"]).map { $0["id"] as? Int }
      #expect(!ids.isEmpty)
      for command in [["list"], ["list", "--all"] + filter] {
        let plain = try box.run(command)
        #expect(plain.status == 0)
        let rows = plain.stdout.split(separator: "\n")
        #expect(rows.map { Int($0.split(separator: "\t")[0]) } == ids, "\(command): \(plain.stdout)")
        #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 6 })
        #expect(try box.succeed(command + ["--format", "plain"]) == plain.stdout)
        for format in ["csv", "tsv"] {
          let lines = try box.succeed(command + ["--format", format])
            .split(separator: format == "csv" ? "\r\n" : "\n")
          #expect(lines.count == ids.count + 1, "\(command) \(format)")
          if format == "tsv" { #expect(lines.first == header) }
        }
      }
    }
    // The tree is the table's, for people.
    let table = try box.succeed(["list", "--format", "table"])
    #expect(table.contains("\n    "))
    #expect(!table.contains("\t"))
  }

  @Test("filter set persists; questions and list apply it; --all ignores it; save, clear, --filter")
  func currentAndSaved() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let set = try box.run(["filter", "set", "--starred"])
    #expect(set.status == 0)
    #expect(set.stdout == "--starred\n")
    #expect(try box.succeed(["filter", "show"]) == "--starred\n")
    #expect(try box.questionIDs([]) == Self.starredIDs)
    #expect(try box.questionIDs(["--all"]) == Array((1...12).reversed()))
    #expect(try box.succeed(["list"]) == box.succeed(["list", "--all", "--starred"]))
    #expect(try box.succeed(["list", "--all"]).split(separator: "\n").count == 3)
    #expect(try box.succeed(["filter", "save", "s", "--format", "table"]) == "saved filter \"s\": --starred\n")
    #expect(try box.succeed(["filter", "list"]) == "s\t--starred\n")
    // Plain text is rows: the filter's one column, its flags, empty for none (issue 21).
    #expect(try box.succeed(["filter", "clear"]) == "\n")
    #expect(try box.succeed(["filter", "clear", "--format", "table"]) == "no filter\n")
    #expect(try box.rows("SELECT count(*) FROM settings WHERE key = 'current_filter'") == [["0"]])
    #expect(try box.succeed(["filter", "show"]) == "\n")
    #expect(try box.questionIDs([]) == Array((1...12).reversed()))
    #expect(try box.questionIDs(["--filter", "s"]) == Self.starredIDs)
    #expect(try box.questionIDs(["--filter", "S", "--answered"]) == [9, 7, 3])
    #expect(try box.succeed(["list", "--filter", "s"]) == box.succeed(["list", "--starred"]))
    #expect(try box.succeed(["filter", "use", "s"]) == "--starred\n")
    #expect(try box.questionIDs([]) == Self.starredIDs)
    #expect(try box.succeed(["filter", "rm", "s", "--format", "table"]) == "deleted filter \"s\": --starred\n")
    #expect(try box.succeed(["filter", "list"]) == "")
    #expect(try box.succeed(["filter", "show"]) == "--starred\n")
  }

  @Test("a flag on the command replaces the same field of the current filter and keeps the others")
  func flagsOverrideFields() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["filter", "set", "--starred"])
    #expect(try box.questionIDs(["--unstarred"]) == [11, 10, 8, 6, 4, 2])
    #expect(try box.questionIDs(["--category", "physics"]) == [7, 3])
    #expect(try box.questionIDs(["--unanswered"]) == [12, 5, 1])
    _ = try box.succeed(["filter", "set", "--starred", "--category", "physics"])
    #expect(try box.questionIDs(["--category", "history", "--category", "myth"]) == [5])
    #expect(try box.questionIDs(["--unstarred"]) == [10, 6])
    #expect(
      try box.succeed(["list", "--unstarred", "--unanswered", "--format", "table"]) == """
        filter: --unstarred --unanswered --category physics  (--all ignores it; 'memo filter clear' removes it)
        3  The Left Hand of Darkness · Ursula K. Le Guin
              10  How cold is Gethen?  [physics]
        2  Hyperion · Dan Simmons
              6  How do farcasters work?  [physics]

        """)
    #expect(try box.succeed(["filter", "show"]) == "--starred --category physics\n")
  }

  @Test("filter show --format json gives every field, null where unset")
  func showJSON() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let empty = try box.jsonObject(["filter", "show"])
    #expect(Set(empty.keys) == ["starred", "answered", "categories", "since", "until"])
    #expect(empty["starred"] is NSNull)
    #expect(empty["answered"] is NSNull)
    #expect((empty["categories"] as? [String]) == [])
    #expect(empty["since"] is NSNull)
    let set = try box.succeed(
      [
        "filter", "set", "--starred", "--unanswered", "--category", "physics", "--category", "myth",
        "--since", "30d",
      ])
    #expect(set == "--starred --unanswered --category physics --category myth --since 30d\n")
    let object = try box.jsonObject(["filter", "show"])
    #expect(object["starred"] as? Bool == true)
    #expect(object["answered"] as? Bool == false)
    #expect((object["categories"] as? [String]) == ["physics", "myth"])
    #expect(object["since"] as? String == "30d")
    #expect(object["until"] is NSNull)
  }

  @Test("table output names the active filter on its first line; plain and --all do not")
  func tableBanner() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["filter", "set", "--starred"])
    let table = ["--format", "table", "--color", "never"]
    let list = try box.succeed(["list"] + table).split(separator: "\n").map(String.init)
    #expect(list.first == Self.banner)
    #expect(list.dropFirst().first == "3  The Left Hand of Darkness · Ursula K. Le Guin")
    let questions = try box.succeed(["questions"] + table).split(separator: "\n").map(String.init)
    #expect(questions.first?.hasPrefix("filter: --starred") == true)
    #expect(questions.count == 8)
    let flagged = try box.succeed(["questions", "--unstarred"] + table)
    #expect(flagged.hasPrefix("filter: --unstarred  (--all ignores it;"))
    #expect(try box.succeed(["list", "--all"] + table).hasPrefix("ID  TITLE"))
    #expect(try box.succeed(["questions", "--all"] + table).hasPrefix("ID  POST"))
    #expect(try box.succeed(["questions"]).hasPrefix("12\t3\ttrue\tWho is Estraven?"))
  }

  @Test("list --format json under a filter: only matching posts, each with only matching questions")
  func listJSONUnderFilter() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let posts = try box.jsonArray(["list", "--category", "physics", "--unanswered"])
    #expect(posts.map { $0["id"] as? Int } == [3, 2])
    #expect(posts.map { $0["favorite"] as? Bool } == [false, false])
    let questions = posts.map {
      ($0["questions"] as? [[String: Any]] ?? []).map { $0["id"] as? Int }
    }
    #expect(questions == [[10], [6]])
    let every = try box.jsonArray(["list"])
    #expect(every.map { ($0["questions"] as? [Any])?.count } == [4, 4, 4])
  }

  @Test("filter set creates the categories it names, once whatever their case")
  func setCreatesCategories() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    #expect(
      try box.succeed(["filter", "set", "--category", "Poetry", "--category", "poetry"])
        == "--category Poetry\n")
    #expect(try box.rows("SELECT name FROM categories WHERE name = 'poetry'") == [["Poetry"]])
    #expect(try box.questionIDs([]) == [])
    #expect(try box.succeed(["list"]) == "")
  }

  @Test("saving over a saved filter needs --force (names ignore case); --force replaces it")
  func saveOverExisting() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["filter", "set", "--starred"])
    _ = try box.succeed(["filter", "save", "s"])
    _ = try box.succeed(["filter", "set", "--unanswered"])
    for name in ["s", "S"] {
      try box.expectFailure(
        ["filter", "save", name], status: 64,
        message: "a filter named 's' exists already; pass --force to replace it")
    }
    #expect(
      try box.succeed(["filter", "save", "S", "--force", "--format", "table"]) == "saved filter \"s\": --unanswered\n")
    #expect(try box.succeed(["filter", "list"]) == "s\t--unanswered\n")
  }

  @Test(
    "filter errors: exit status, one stderr line, nothing written",
    arguments: [
      (["questions", "--filter", "nope"], 1, FilterCommandTests.noFilter),
      (["list", "--filter", "nope"], 1, FilterCommandTests.noFilter),
      (["filter", "use", "nope"], 1, FilterCommandTests.noFilter),
      (["filter", "rm", "nope"], 1, FilterCommandTests.noFilter),
      (["list", "--category", "nope"], 1, "no category 'nope'; 'memo category list' shows them"),
      (
        ["filter", "set"], 64,
        "give at least one filter flag (e.g. --starred); 'memo filter clear' removes the filter"
      ),
      (
        ["filter", "set", "--starred", "--unstarred"], 64,
        "--starred and --unstarred contradict each other; give one; see 'memo filter set --help'"
      ),
      (
        ["filter", "set", "--answered", "--unanswered", "--category", "new"], 64,
        "--answered and --unanswered contradict each other; give one; see 'memo filter set --help'"
      ),
      (
        ["list", "--starred", "--unstarred"], 64,
        "--starred and --unstarred contradict each other; give one; see 'memo list --help'"
      ),
      (
        ["filter", "set", "--category", "new", "--since", "soon"], 64,
        "'soon' is not a date; use YYYY-MM-DD, an RFC 3339 time, today, yesterday, or an age "
          + "like 30m, 12h, 7d, 2w, 6mo, 1y"
      ),
      (
        ["filter", "save", "s"], 64,
        "there is no current filter to save; set one first with 'memo filter set --starred …'"
      ),
      (
        ["filter", "save", " "], 64,
        "give the filter a name that is not blank and has no control characters"
      ),
    ] as [([String], Int32, String)])
  func errors(arguments: [String], status: Int32, message: String) throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    try box.expectFailure(arguments, status: status, message: message)
  }

  static let noFilter = "no saved filter 'nope'; 'memo filter list' shows them"

  @Test("renaming a category carries the current and saved filters along with its questions")
  func renameFollowsIntoFilter() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["filter", "set", "--category", "history", "--unanswered"])
    _ = try box.succeed(["filter", "save", "h"])
    _ = try box.succeed(["filter", "set", "--category", "myth", "--category", "History"])
    #expect(try box.questionIDs([]) == [5, 4, 2])
    _ = try box.succeed(["category", "rename", "HISTORY", "past"])
    #expect(try box.questionIDs([]) == [5, 4, 2])
    #expect(try box.succeed(["filter", "show"]) == "--category myth --category past\n")
    #expect(try box.succeed(["filter", "list"]) == "h\t--unanswered --category past\n")
    #expect(try box.questionIDs(["--filter", "h"]) == [4, 2])
  }
}
