import Foundation
import MemoStorage
import Testing

@Suite("every error a user can cause: one stderr line, the SPEC exit status, nothing written")
struct ErrorTests {
  @Test(
    "usage errors exit 64 with one line on stderr",
    arguments: [
      (["list", "--bogus"], "memo: error: unknown option '--bogus'; see 'memo list --help'\n"),
      (["show", "abc"], nil),
      (["show", "0"], nil),
      (["show", "-5"], nil),
      (["show", "99999999999999999999"], nil),
      (
        ["list", "--since", "nonsense"],
        "memo: error: 'nonsense' is not a date; use YYYY-MM-DD, an RFC 3339 time, today, yesterday, or an age like 30m, 12h, 7d, 2w, 6mo, 1y\n"
      ),
      (["list", "--until", "2026-02-30"], nil),
      (["list", "--limit", "-1"], nil),
      (
        ["list", "--format", "xml"],
        "memo: error: the value 'xml' is invalid for '--format <format>': use one of table, plain, json, jsonl, csv, tsv; see 'memo list --help'\n"
      ),
      (["list", "--sort", "size"], nil),
      (
        ["add", "   "],
        "memo: error: the title is empty; give the book's title, e.g. memo add \"Dune\"\n"
      ),
      (["add"], nil),
      (
        ["rm", "1"],
        "memo: error: refusing to delete without confirmation: stdin is not a terminal; pass --yes\n"
      ),
    ] as [([String], String?)])
  func usageErrors(arguments: [String], message: String?) throws {
    let box = try Sandbox()
    let result = try box.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("memo: error: "))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    if let message { #expect(result.stderr == message) }
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test(
    "a mistyped name gets a suggestion from the names at its level, and the help of the command meant",
    arguments: [
      (["lsit"], "unknown command 'lsit' (did you mean 'list'?); see 'memo --help'"),
      (["serach", "x"], "unknown command 'serach' (did you mean 'search'?); see 'memo --help'"),
      (
        ["filter", "sett", "--starred"],
        "unknown command 'sett' for 'memo filter' (did you mean 'set'?); see 'memo filter --help'"
      ),
      (
        ["sync", "int", "/tmp/x"],
        "unknown command 'int' for 'memo sync' (did you mean 'init'?); see 'memo sync --help'"
      ),
      (
        ["list", "--formt", "json"],
        "unknown option '--formt' (did you mean '--format'?); see 'memo list --help'"
      ),
      (
        ["--formt", "json", "list"],
        "unknown option '--formt' (did you mean '--format'?); see 'memo --help'"
      ),
      (
        ["filter", "set", "--strred"],
        "unknown option '--strred' (did you mean '--starred'?); see 'memo filter set --help'"
      ),
      (["xyzzy"], "unknown command 'xyzzy'; see 'memo --help'"),
      (["LIST"], "unknown command 'LIST' (did you mean 'list'?); see 'memo --help'"),
      (["show", "-0"], "'-0' is not an id: ids are positive whole numbers; see 'memo show --help'"),
      (
        ["search", "-1"],
        "'-1' reads as an option; to pass it as text, put -- before it; see 'memo search --help'"
      ),
      (["help", "lsit"], "unknown command 'lsit' (did you mean 'list'?); see 'memo --help'"),
      (
        ["help", "filter", "sett"],
        "unknown command 'sett' for 'memo filter' (did you mean 'set'?); see 'memo filter --help'"
      ),
      (
        ["list", "--sort", "size"],
        "the value 'size' is invalid for '--sort <order>': use one of 'created', 'updated' or 'title'; see 'memo list --help'"
      ),
      (["category", "rm"], "missing expected argument '<name>'; see 'memo category rm --help'"),
      (["show", "-1"], "'-1' is not an id: ids are positive whole numbers; see 'memo show --help'"),
      (["show", "0"], "'0' is not an id: ids are positive whole numbers; see 'memo show --help'"),
      (
        ["review", "rate", "0", "good"],
        "'0' is not an id: ids are positive whole numbers; see 'memo review rate --help'"
      ),
      (
        ["review", "rate", "-2", "good"],
        "'-2' is not an id: ids are positive whole numbers; see 'memo review rate --help'"
      ),
      (
        ["review", "show", "h0"],
        "'h0' is not an id: ids are positive whole numbers; see 'memo review show --help'"
      ),
      (
        ["star", "2", "-3"],
        "'-3' is not an id: ids are positive whole numbers; see 'memo star --help'"
      ),
      (
        ["questions", "--post", "0"],
        "'0' is not an id: ids are positive whole numbers; see 'memo questions --help'"
      ),
      (
        ["undo", "-1"],
        "the count must be a positive whole number, not -1; see 'memo undo --help'"
      ),
      (["list", "--limit", "-1"], "--limit must be 0 or more, not -1; see 'memo list --help'"),
      (
        ["questions", "--offset", "-2"],
        "--offset must be 0 or more, not -2; see 'memo questions --help'"
      ),
    ] as [([String], String)])
  func suggestions(arguments: [String], message: String) throws {
    let box = try Sandbox()
    let result = try box.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "memo: error: \(message)\n")
    #expect(!result.stderr.contains("?;") && !result.stderr.contains(".;"))
  }

  @Test("--db with no value, before or after the command; a dashed value after --since; a signed age")
  func missingAndDashedValues() throws {
    let box = try Sandbox()
    let bare = try box.run(["--db"])
    #expect(bare.status == 64)
    #expect(bare.stderr == "memo: error: missing value for '--db <path>' (e.g. memo --db PATH list); see 'memo --help'\n")
    #expect(try box.run(["--db="]).stderr.hasPrefix("memo: error: missing value for '--db <path>'"))
    let after = try box.run(["list", "--db"])
    #expect(after.status == 64)
    #expect(after.stderr == "memo: error: missing value for '--db <path>'; see 'memo list --help'\n")
    let dashed = try box.run(["questions", "--since", "-3d"])
    #expect(dashed.status == 64)
    #expect(
      dashed.stderr
        == "memo: error: missing value for '--since <date>' ('-3d' reads as an option; to give it as the value, write --since=-3d); see 'memo questions --help'\n")
    let signed = try box.run(["questions", "--since=-3d"])
    #expect(signed.status == 64)
    #expect(
      signed.stderr
        == "memo: error: '-3d' is not a date: an age already counts back from now, so write 3d for that long ago\n")
    #expect(try box.run(["questions", "--since", "3d"]).status == 0)
  }

  @Test("an unknown post exits 1 and names what to do")
  func unknownPost() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    for args in [["show", "999"], ["edit", "999", "--title", "x"], ["rm", "999", "--yes"]] {
      let result = try box.run(args)
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(
        result.stderr == "memo: error: no post 999; 'memo list' shows the posts and their ids\n")
    }
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
  }

  @Test("a blank new title is refused and the post is unchanged")
  func blankEditTitle() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["edit", "1", "--title", " "])
    #expect(result.status == 64)
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
  }

  @Test("stdin that is not UTF-8 exits 65 and adds nothing")
  func invalidUTF8Stdin() throws {
    let box = try Sandbox()
    let result = try box.run(["add", "Dune", "--body", "-"], inputBytes: [0x66, 0xFF, 0xFE, 0x0A])
    #expect(result.status == 65)
    #expect(
      result.stderr == "memo: error: stdin is not valid UTF-8 text; convert it to UTF-8 first\n")
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test("an editor that fails, or a file that lost its shape, changes nothing")
  func editorFailures() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let failed = try box.run(["edit", "1"], environment: ["EDITOR": "false"])
    #expect(failed.status == 74)
    #expect(
      failed.stderr == "memo: error: the editor (false) exited with 1; nothing was changed\n")
    let missing = try box.run(["edit", "1"], environment: ["EDITOR": "no-such-editor-xyz"])
    #expect(missing.status == 74)
    #expect(
      missing.stderr.hasSuffix(
        "memo: error: the editor (no-such-editor-xyz) was not found; set VISUAL or EDITOR to an editor on PATH; nothing was changed\n"
      ))
    let broken = try box.run(["edit", "1"], environment: ["EDITOR": "sed -i /^---$/d"])
    #expect(broken.status == 65)
    #expect(
      broken.stderr.hasPrefix(
        "memo: error: the edited file lost its '---' line between fields and body; nothing was changed; your text is kept in "
      ))
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
  }

  @Test("a read-only database exits 74 with a clear message and is not changed")
  func readOnlyDatabase() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    chmod(box.defaultDatabase, 0o444)
    let result = try box.run(["add", "Hyperion"])
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "memo: error: cannot write to \(box.defaultDatabase): the database is read-only; check the permissions of the file and its folder\n"
    )
    #expect(try box.run(["list"]).status == 0)
    chmod(box.defaultDatabase, 0o600)
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
  }

  @Test("a file that is not a database, or a folder, exits 74")
  func notADatabase() throws {
    let box = try Sandbox()
    let text = box.root + "/notes.txt"
    try "just text, long enough to not look like an empty database file\n".write(
      toFile: text, atomically: true, encoding: .utf8)
    let result = try box.run(["list", "--db", text])
    #expect(result.status == 74)
    #expect(result.stderr.hasPrefix("memo: error: \(text) is not a usable memo database"))
    let folder = try box.run(["add", "x", "--db", box.root])
    #expect(folder.status == 74)
    #expect(
      folder.stderr
        == "memo: error: \(box.root) is a folder, not a database file; pass --db with a file path\n"
    )
  }

  @Test("a database from a newer memo is refused with exit 74 and left as it was")
  func newerSchema() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    try box.execute("PRAGMA user_version = 99")
    let result = try box.run(["add", "Hyperion"])
    #expect(result.status == 74)
    #expect(result.stderr.contains("newer memo (schema version 99"))
    #expect(try box.rows("PRAGMA user_version") == [["99"]])
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
  }

  @Test("a database locked by another writer past the busy timeout exits 75, retryable")
  func busyDatabase() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let holder = try Database(path: box.defaultDatabase, create: false)
    try holder.execute(sql: "BEGIN IMMEDIATE")
    let result = try box.run(["add", "Hyperion"], environment: ["MEMO_BUSY_TIMEOUT": "100"])
    try holder.execute(sql: "ROLLBACK")
    #expect(result.status == 75)
    #expect(
      result.stderr
        == "memo: error: the database \(box.defaultDatabase) is busy (another process is using it); try again\n"
    )
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
  }
}
