import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("bad input: a clear error, the documented exit status, nothing lost (SPEC §7)")
struct BadInputTests {
  static let hostile = "'; DROP TABLE posts; --"

  @Test("SQL meta-characters are stored and searched as text in every field and filter value")
  func sqlMetaCharacters() throws {
    let box = try Sandbox()
    let h = Self.hostile
    let id = try box.add(h, ["--author", h, "--body", h, "--source", h])
    let q = try box.run(["ask", "\(id)", h + "?", "--category", h])
    #expect(q.status == 0)
    #expect(try box.run(["answer", "1", h]).status == 0)
    #expect(try box.run(["filter", "set", "--category", h]).status == 0)
    #expect(try box.run(["filter", "save", h]).status == 0)
    #expect(try box.run(["questions", "--filter", h]).stdout.contains("DROP TABLE"))
    #expect(try box.run(["list", "--all", "--author", h]).stdout.hasPrefix("\(id)\t"))
    #expect(try box.run(["search", h]).status == 0)
    #expect(try box.run(["category", "rename", h, h + "2"]).status == 0)
    #expect(
      try box.rows("SELECT title, author, body, source FROM posts") == [[h, h, h, h]])
    #expect(try box.rows("SELECT text, answer FROM questions") == [[h + "?", h]])
    #expect(try box.rows("SELECT name FROM categories") == [[h + "2"]])
    #expect(try box.rows("SELECT count(*) FROM sqlite_schema WHERE name = 'posts'") == [["1"]])
  }

  @Test("a 10 MB body is stored whole and comes back whole")
  func hugeBody() throws {
    let box = try Sandbox()
    let body = String(repeating: "0123456789", count: 1_048_576)
    let result = try box.run(["add", "Big", "--body", "-"], input: body)
    #expect(result.status == 0)
    #expect(try box.rows("SELECT length(body) FROM posts") == [["10485760"]])
    let shown = try box.run(["show", "1", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect((object["body"] as? String)?.count == 10_485_760)
  }

  @Test("NUL and control characters survive storage and export, and never reach the terminal raw")
  func controlCharacters() throws {
    let box = try Sandbox()
    let body = "a\u{0}b\u{1}c\u{1B}[31m"
    #expect(try box.run(["add", "Ctl", "--body", "-"], input: body).status == 0)
    #expect(try box.rows("SELECT length(CAST(body AS BLOB)) FROM posts") == [["10"]])
    let json = try box.run(["export", "--format", "jsonl"]).stdout
    #expect(json.contains(#""body":"a\u0000b\u0001c\u001b[31m""#))
    let page = try box.run(["show", "1", "--format", "table", "--color", "never"]).stdout
    #expect(!page.contains("\u{1B}"))
    #expect(!page.contains("\u{0}"))
  }

  @Test("text on stdin loses a byte-order mark before it and its last line break, nothing else")
  func byteOrderMark() throws {
    let box = try Sandbox()
    #expect(try box.run(["add", "Dune", "--body", "-"], input: "\u{FEFF}Spice\u{FEFF}.\r\n").status == 0)
    #expect(try box.rows("SELECT hex(body) FROM posts") == [["5370696365EFBBBF2E"]])
  }

  /// Runs memo through sh with `script`'s arguments (printf makes the bytes): status, stderr.
  func runShell(_ box: Sandbox, _ script: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" " + script, Sandbox.binary]
    process.environment = box.environment
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, message)
  }

  @Test("an argument that is not UTF-8 is a usage error (64) naming it, and writes nothing")
  func invalidUTF8Argument() throws {
    let box = try Sandbox()
    // The title is "\xff\xfe".
    let (status, message) = try runShell(box, "add \"$(printf '\\377\\376')\"")
    #expect(status == 64)
    #expect(
      message
        == "memo: error: argument 2, '\\xFF\\xFE', is not valid UTF-8 (byte 1 is 0xFF); pass text as UTF-8\n"
    )
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    // Any command, any place: the rating of review rate; control characters made visible.
    _ = try box.add("Dune")
    let (rate, rated) = try runShell(box, "review rate 1 \"$(printf 'go\\377od')\"")
    #expect(rate == 64)
    #expect(
      rated
        == "memo: error: argument 4, 'go\\xFFod', is not valid UTF-8 (byte 3 is 0xFF); pass text as UTF-8\n"
    )
    let (escape, shown) = try runShell(box, "ask 1 \"$(printf '\\033[2J\\300')\"")
    #expect(escape == 64)
    #expect(shown.hasPrefix("memo: error: argument 3, '^[[2J\\xC0', is not valid UTF-8 (byte 5 is 0xC0)"))
  }

  @Test(
    "ids that are negative, zero, huge or not numbers are usage errors for every command that takes one",
    arguments: [
      ["show"], ["edit"], ["rm"], ["ask"], ["question", "show"], ["star"], ["unstar"], ["answer"],
      ["unanswer"], ["fav"], ["unfav"],
    ])
  func badIDs(command: [String]) throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    for id in ["0", "-3", "99999999999999999999", "abc", "1.5", ""] {
      var args = command + [id]
      if command == ["ask"] || command == ["answer"] { args.append("text") }
      if command == ["edit"] { args += ["--title", "x"] }
      if command == ["rm"] { args.append("--yes") }
      let result = try box.run(args)
      #expect(result.status == 64, "\(args): \(result.stderr)")
      #expect(result.stderr.hasPrefix("memo: error: "), "\(args)")
    }
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
  }

  @Test("an empty or blank --author is a usage error, as an empty --category is", arguments: ["", "  "])
  func blankAuthor(author: String) throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    let result = try box.run(["list", "--author", author])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("memo: error: --author needs some text of the author's name"))
    #expect(result.stdout == "")
  }

  @Test(
    "--all with --filter NAME is a usage error on every listing that takes both",
    arguments: [["questions"], ["list"], ["review", "due"]])
  func allWithSavedFilter(command: [String]) throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["filter", "save", "weekly", "--starred"])
    let result = try box.run(command + ["--all", "--filter", "weekly"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "memo: error: --all and --filter contradict each other: --filter NAME starts from a saved filter, --all from none; give one"
      ), "\(result.stderr)")
    #expect(result.stdout == "")
  }

  @Test("search --all with --limit is a usage error (the limit was ignored)")
  func searchAllWithLimit() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["search", "Dune", "--all", "--limit", "1"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "memo: error: --all and --limit contradict each other: --all shows every result; give one"),
      "\(result.stderr)")
    #expect(try box.run(["search", "Dune", "--all"]).stdout.contains("Dune"))
  }

  @Test("export --since with --cursor is a usage error, and the cursor is not saved")
  func exportSinceWithCursor() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["export", "--format", "jsonl", "--cursor", "nightly", "--since", "7d"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "memo: error: --since and --cursor contradict each other: the cursor starts where its last export stopped; give one"
      ), "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(try box.rows("SELECT count(*) FROM export_cursors") == [["0"]])
  }

  @Test("a full disk is an I/O error (74) that changes nothing")
  func fullDisk() throws {
    let box = try Sandbox()
    let mountPoint = box.root + "/small"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=768k", "tmpfs", mountPoint]
    mount.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try? mount.run()
    mount.waitUntilExit()
    guard mount.terminationStatus == 0 else { return }  // not root: no small file system to fill
    defer {
      let unmount = Process()
      unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
      unmount.arguments = [mountPoint]
      try? unmount.run()
      unmount.waitUntilExit()
    }
    let db = mountPoint + "/memo.db"
    #expect(try box.run(["add", "small", "--db", db]).status == 0)
    let body = String(repeating: "x", count: 2_000_000)
    let result = try box.run(["add", "too big", "--body", "-", "--db", db], input: body)
    #expect(result.status == 74)
    #expect(result.stderr.contains("full") || result.stderr.contains("I/O"), "\(result.stderr)")
    #expect(try box.rows("SELECT title FROM posts", database: db) == [["small"]])
    // An export that cannot be written leaves no partial file.
    _ = try box.run(
      ["add", "elsewhere", "--body", "-", "--db", box.root + "/other.db"], input: body)
    let export = try box.run([
      "export", "--output", mountPoint + "/x.json", "--db", box.root + "/other.db",
    ])
    #expect(export.status == 74 || export.status == 73, "\(export.stderr)")
    #expect(export.stderr.contains(mountPoint + "/x.json"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: mountPoint).filter {
        $0.contains("x.json")
      } == [])
  }
}
