import Foundation
import Testing

@Suite("memo browse: off a terminal")
struct BrowseOffTerminalTests {
  @Test("without a terminal on stdin and stdout it exits 64 with one line saying what to use")
  func notATerminal() throws {
    let box = try Sandbox()
    let result = try box.run(["browse"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "memo: error: memo browse needs a terminal on stdin and stdout; in scripts use 'memo list' or 'memo questions'\n"
    )
    // Nothing was created: the check comes before the database is opened.
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }
}

/// A tmux server of the test's own (its own socket), running one command in an 80×24 window.
final class TmuxSession {
  /// tmux, if it is installed (`.ci/run` and `scripts/setup` install it).
  static let path: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for folder in paths + ["/usr/bin", "/usr/local/bin"] {
      let candidate = "\(folder)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  let socket = "memo-test-\(UUID().uuidString.prefix(8))"

  init(command: String, width: Int = 80, height: Int = 24) throws {
    try tmux(["-u", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", command])
  }

  deinit {
    _ = try? tmux(["kill-server"])
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  /// Runs a tmux client and waits for it. posix_spawn, not `Process`: the server a client
  /// starts keeps the descriptors it inherited, and `Process` then never sees the client end.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let path = NSTemporaryDirectory() + "\(socket)-\(UUID().uuidString).out"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let executable = Self.path ?? "/usr/bin/tmux"
    var argv: [UnsafeMutablePointer<CChar>?] =
      ([executable, "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The test runner's threads block signals; tmux's server must not inherit that mask, or
    // it outlives kill-server and SIGTERM.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    let code = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
    guard code == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// The window's lines, as a person sees them.
  func screen() throws -> [String] {
    try tmux(["capture-pane", "-p", "-t", "t"]).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init).dropLast()
  }

  func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

  /// Types text literally (no key names).
  func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

  /// Waits (up to `seconds`) until the screen satisfies `condition`. - Returns: the screen.
  @discardableResult
  func wait(
    _ what: String = "the screen", seconds: Double = 5,
    sourceLocation: SourceLocation = #_sourceLocation,
    until condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = try screen()
    while !condition(lines) {
      guard Date() < deadline else {
        Issue.record(
          "timed out waiting for \(what); the screen:\n\(lines.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return lines
      }
      Thread.sleep(forTimeInterval: 0.05)
      lines = try screen()
    }
    return lines
  }

  /// Waits until some line of the screen contains `text`.
  @discardableResult
  func wait(
    for text: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> [String]
  {
    try wait("“\(text)”", seconds: seconds, sourceLocation: sourceLocation) {
      $0.contains { $0.contains(text) }
    }
  }
}

@Suite(
  "memo browse: driven in tmux as a person would",
  .enabled(
    if: TmuxSession.path != nil,
    "tmux is not installed: apt-get install -y tmux (scripts/setup does) to run this suite"),
  .serialized)
struct BrowseTmuxTests {
  /// A shell script that runs `memo browse` in the sandbox, then shows its exit status and
  /// whether the terminal is back in its normal (canonical, echoing) mode.
  func script(_ box: Sandbox, environment: String = "NO_COLOR=1") throws -> String {
    let path = box.root + "/browse.sh"
    let text = """
      #!/bin/sh
      trap true INT
      ulimit -c 0
      export HOME='\(box.root)' XDG_DATA_HOME='\(box.root)/.local/share' LANG=C.UTF-8 TZ=UTC \(environment)
      sh -c 'echo $$ > "$HOME/browse.pid"; exec "$0" browse' '\(Sandbox.binary)'
      status=$?
      echo "exit=$status tty=$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ')"
      sleep 600
      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return "sh '\(path)'"
  }

  @Test("books, a book, star and answer, undo elsewhere, filter, search, live add, resize, q")
  func tour() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    _ = try box.add("吾輩は猫である", ["--author", "夏目漱石"])
    _ = try box.run(["ask", "2", "猫の名前は何か？", "--category", "文学"])
    _ = try box.run(["ask", "2", "Who is Meitei?", "--category", "people"])
    let tmux = try TmuxSession(command: try script(box))
    var lines = try tmux.wait(for: "吾輩は猫である")
    #expect(lines[0] == "Books · 1/2 · filter: none")
    #expect(lines[1].hasPrefix("›  吾輩は猫である · 夏目漱石 "))
    #expect(lines[1].hasSuffix(" 2"))
    #expect(lines[2].hasPrefix("   Dune · Frank Herbert "))
    #expect(lines[23].hasSuffix("? help  q quit"))

    try tmux.send("Enter")
    lines = try tmux.wait(for: "Book · 吾輩は猫である · 1/2")
    #expect(lines[1] == "  by 夏目漱石")
    #expect(lines[3].hasPrefix("›   猫の名前は何か？ "))
    #expect(lines[3].hasSuffix(" 文学"))

    try tmux.send("a")
    try tmux.wait(for: "answer:")
    try tmux.type("名前はまだ無い")
    try tmux.send("BSpace")
    try tmux.type("い")
    try tmux.send("Enter")
    try tmux.wait(for: "answered question 1")
    try tmux.send("s")
    lines = try tmux.wait(for: "★ starred question 1")
    #expect(lines[3].hasPrefix("›★✓ 猫の名前は何か？ "))

    let starred = try box.run(["questions", "--starred", "--format", "jsonl"])
    #expect(starred.stdout.contains("\"text\":\"猫の名前は何か？\""))
    #expect(starred.stdout.contains("\"answer\":\"名前はまだ無い\""))
    let log = try box.run(["log", "--limit", "2"]).stdout.split(separator: "\n")
    #expect(
      log.count == 2 && log[0].hasSuffix("star question 1") && log[1].hasSuffix("answer question 1")
    )

    // Undone in another shell: the star goes, here too, without a key.
    #expect(try box.run(["undo"]).status == 0)
    try tmux.wait("the star to go") { $0[3].hasPrefix("› ✓ 猫の名前は何か？") }

    try tmux.send("f")
    try tmux.wait(for: "Filter · filter: none")
    try tmux.send("s")
    try tmux.wait(for: "Starred     ★ starred")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "Book · 吾輩は猫である · filter: ★ starred")
    #expect(lines[0] == "Book · 吾輩は猫である · filter: ★ starred")
    #expect(lines[3] == "  No question matches the filter; f changes it.")
    #expect(try box.run(["filter", "show"]).stdout == "--starred\n")

    try tmux.send("f", "s", "s", "Enter")
    try tmux.wait(for: "Book · 吾輩は猫である · 1/2 · filter: none")
    // Plain text is the filter's row: an empty line for none (issue 21).
    #expect(try box.run(["filter", "show"]).stdout == "\n")

    try tmux.send("/")
    try tmux.type("Meitei")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "Search · Meitei")
    #expect(lines[0] == "Search · Meitei · 1/1 · filter: none")
    #expect(lines[1].hasPrefix("› Who is Meitei? · 吾輩は猫である"))
    try tmux.send("Enter")
    try tmux.wait(for: "Question 2 · filter: none")

    try tmux.send("B")
    try tmux.wait(for: "Books · 1/2 · filter: none")
    _ = try box.add("新しい本")
    lines = try tmux.wait(for: "新しい本", seconds: 3)
    #expect(lines[1].hasPrefix("   新しい本 "))
    #expect(lines[2].hasPrefix("›  吾輩は猫である"))

    try tmux.tmux(["resize-window", "-t", "t", "-x", "50", "-y", "20"])
    lines = try tmux.wait("the 50×20 redraw") { $0.count == 20 && $0[19].hasSuffix("q quit") }
    #expect(lines[0] == "Books · 2/3 · filter: none")
    #expect(lines[1].hasPrefix("   新しい本 ") && lines[1].hasSuffix(" 0"))
    #expect(lines[1].count == 50 - 4)  // four wide characters: 50 columns
    #expect(lines[19] == "Enter open  n new  A ask  v shelf  ? help  q quit")

    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")
    #expect(try box.run(["db", "check"]).status == 0)
  }

  @Test(
    "issue 22: a book added, a question asked, edited, re-categorised, deleted, undone and redone, a body read, searched twice, E in $EDITOR, help and resize"
  )
  func readingApp() throws {
    let box = try Sandbox()
    var body = "First impressions of the desert planet.\n\n"
    for i in 1...30 { body += "Paragraph \(i) about sand and water.\n\n" }
    body += "> The spice must flow.\n> — Location 1-2"
    _ = try box.add("Dune", ["--author", "Frank Herbert", "--body", body])
    let tmux = try TmuxSession(
      command: try script(box, environment: "NO_COLOR=1 EDITOR='sed -i s/Dune/Dune_Messiah/'"))
    try tmux.wait(for: "Dune · Frank Herbert")

    // n: a new book, title then author; its screen opens.
    try tmux.send("n")
    try tmux.wait { $0[23] == "new book title:" }
    try tmux.type("吾輩は猫である")
    try tmux.send("Enter")
    try tmux.wait { $0[23] == "author (optional):" }
    try tmux.type("夏目漱石")
    try tmux.send("Enter")
    var lines = try tmux.wait(for: "added book 2 '吾輩は猫である'")
    #expect(lines[0] == "Book · 吾輩は猫である · filter: none")
    #expect(lines[1] == "  by 夏目漱石")
    #expect(lines[3] == "  No questions yet: A asks one.")

    // A: a question; e: its text edited in place; c: its category.
    try tmux.send("A")
    try tmux.wait { $0[23] == "ask:" }
    try tmux.type("猫の名前は？")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "asked question 1 about '吾輩は猫である'")
    #expect(lines[0] == "Book · 吾輩は猫である · 1/1 · filter: none")
    #expect(lines[3] == "›   猫の名前は？")
    try tmux.send("e")
    try tmux.wait { $0[23] == "question: 猫の名前は？" }
    try tmux.send("BSpace")
    try tmux.type("何か？")
    try tmux.send("Enter")
    try tmux.wait(for: "edited question 1")
    try tmux.send("c")
    try tmux.wait { $0[23] == "category:" }
    try tmux.type("文学")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "question 1 is in 文学 now")
    #expect(lines[3].hasPrefix("›   猫の名前は何か？ ") && lines[3].hasSuffix(" 文学"))
    #expect(
      try box.rows(
        "SELECT q.text, c.name FROM questions q JOIN categories c ON c.id = q.category_id")
        == [["猫の名前は何か？", "文学"]])

    // d asks; n keeps it; y deletes; u brings it back; Ctrl-R deletes it again; u again.
    try tmux.send("d")
    try tmux.wait { $0[23] == "delete question 1 '猫の名前は何か？'? y/N" }
    try tmux.send("n")
    try tmux.wait(for: "kept question 1")
    #expect(try box.rows("SELECT count(*) FROM questions") == [["1"]])
    try tmux.send("d")
    try tmux.wait(for: "? y/N")
    try tmux.send("y")
    lines = try tmux.wait(for: "deleted question 1 '猫の名前は何か？'")
    #expect(lines[3] == "  No questions yet: A asks one.")
    #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
    try tmux.send("u")
    lines = try tmux.wait(for: "undone: rm question 1")
    try tmux.wait("the question back") { $0[3].hasPrefix("›   猫の名前は何か？ ") }
    try tmux.send("C-r")
    try tmux.wait(for: "redone: rm question 1")
    try tmux.wait("the question gone again") { $0[3] == "  No questions yet: A asks one." }
    #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
    try tmux.send("u")
    try tmux.wait("the question back") { $0[3].hasPrefix("›   猫の名前は何か？ ") }
    let log = try box.run(["log", "--limit", "7"]).stdout
    for entry in [
      "add post 2", "ask question 1", "edit question 1", "rm question 1",
    ] {
      #expect(log.contains(entry), "memo log lacks \(entry): \(log)")
    }

    // Dune's body: paragraphs kept, read on with j and PgDn down to the highlight.
    try tmux.send("Escape")
    try tmux.wait(for: "Books · 2/2 · filter: none")
    try tmux.send("j", "Enter")
    lines = try tmux.wait {
      $0[0] == "Book · Dune · filter: none" && $0[3] == "  First impressions of the desert planet."
    }
    #expect(lines[1] == "  by Frank Herbert")
    #expect(lines[4] == "")
    #expect(lines[5] == "  Paragraph 1 about sand and water.")
    #expect(lines[6] == "")
    try tmux.send("PageDown", "PageDown", "PageDown")
    lines = try tmux.wait(for: "  │ The spice must flow.")
    #expect(lines.contains("  │ — Location 1-2"))
    #expect(lines[23].hasPrefix("j/k read"))

    // E: the whole post in $EDITOR (here sed), the terminal handed over and taken back.
    try tmux.send("E")
    lines = try tmux.wait(for: "edited book 1 'Dune_Messiah'")
    #expect(lines[0] == "Book · Dune_Messiah · filter: none")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "1\n")
    #expect(try box.rows("SELECT title FROM posts WHERE id = 1") == [["Dune_Messiah"]])

    // Two searches in a row: the prompt opens empty each time; Up brings the last one back.
    try tmux.send("/")
    try tmux.wait { $0[23] == "search:" }
    try tmux.type("spice")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "Search · spice · 1/1")
    try tmux.send("/")
    try tmux.wait { $0[23] == "search:" }
    try tmux.type("名前")
    try tmux.send("Enter")
    lines = try tmux.wait(for: "Search · 名前 · 1/1")
    #expect(lines[1].hasPrefix("› 猫の名前は何か？"))
    try tmux.send("/", "Up")
    try tmux.wait { $0[23] == "search: 名前" }
    try tmux.send("Escape")
    try tmux.wait(for: "Search · 名前 · 1/1")

    // Resized to 50×12: help reflows (nothing cut), then 40×12.
    try tmux.tmux(["resize-window", "-t", "t", "-x", "50", "-y", "12"])
    try tmux.wait("the 50×12 redraw") { $0.count == 12 && $0[11].hasSuffix("q quit") }
    try tmux.send("?")
    lines = try tmux.wait(for: "Help · filter: none")
    #expect(lines[2] == "  j k ↓ ↑    move (on a book: read on, then")
    #expect(lines[3] == "             question to question)")
    #expect(lines[11] == "j/k scroll  any key closes  q quit")
    try tmux.send("G")
    lines = try tmux.wait(for: "this help")
    #expect(lines[10] == "             key closes it)")
    try tmux.send("x")
    try tmux.wait(for: "Search · 名前")
    try tmux.tmux(["resize-window", "-t", "t", "-x", "40", "-y", "12"])
    lines = try tmux.wait("the 40×12 redraw") {
      $0.count == 12 && $0[0].count < 40 && $0[11].hasSuffix("q quit")
    }
    #expect(lines[0] == "Search · 名前 · 1/1 · filter: none")

    try tmux.send("q")
    try tmux.wait(for: "exit=0 tty=icanon echo")
    #expect(try box.run(["db", "check"]).status == 0)
  }

  @Test("Ctrl-C, SIGTERM and a crash give the terminal back: no raw mode, no alternate screen")
  func signals() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    var tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "Dune")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "1\n")
    try tmux.send("C-c")
    try tmux.wait(for: "exit=130 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")

    tmux = try TmuxSession(command: try script(box, environment: "COLORTERM=1"))
    try tmux.wait(for: "Dune")
    let pid = try String(contentsOfFile: box.root + "/browse.pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(kill(pid_t(pid) ?? 0, SIGTERM) == 0)
    try tmux.wait(for: "exit=143 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")

    // A crash (here a segmentation fault from outside) gives the terminal back too.
    tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "Dune")
    let crashing = try String(contentsOfFile: box.root + "/browse.pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(kill(pid_t(crashing) ?? 0, SIGSEGV) == 0)
    try tmux.wait(for: "exit=139 tty=icanon echo")
    #expect(try tmux.tmux(["display-message", "-p", "-t", "t", "#{alternate_on}"]) == "0\n")
  }
}

@Suite(
  "Reading creates no database",
  .enabled(if: TmuxSession.path != nil, "tmux is not installed: apt-get install -y tmux"),
  .serialized)
struct ReadingCreatesNothingTests {
  /// A script that runs `memo browse` on the sandbox's fresh HOME and reports its exit.
  func script(_ box: Sandbox) throws -> String {
    let path = box.root + "/browse.sh"
    try """
    #!/bin/sh
    export HOME='\(box.root)' LANG=C.UTF-8 TZ=UTC NO_COLOR=1
    '\(Sandbox.binary)' browse
    echo "exit=$?"
    sleep 600
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return "sh '\(path)'"
  }

  @Test(
    "list, questions, stats, search and the rest on a fresh HOME create no file, nor its folder")
  func commands() throws {
    let box = try Sandbox()
    for command in [
      ["list"], ["questions"], ["stats"], ["search", "dune"], ["favorites"], ["category", "list"],
      ["filter", "show"], ["log"], ["export"], ["db", "path"],
      // Each reads by what its effect declares (Effect.onlyReads), not by a word of its own.
      ["review", "due"], ["review", "digest"], ["review", "export"], ["review", "config", "show"],
      ["sync", "conflicts", "list"], ["import", "--dry-run", try memoExport(in: box)],
    ] {
      let result = try box.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: box.root + "/.local"))
    // Commands that change what is there, with nothing there: their error, and still no file.
    for command in [
      ["undo"], ["redo"], ["log", "--prune", "--keep", "5"], ["rm", "1", "--yes"], ["star", "1"],
      ["answer", "1", "yes"], ["ask", "1", "Why?"], ["edit", "1", "--title", "x"],
      ["fav", "1"], ["unfav", "1"], ["question", "rm", "1", "--yes"],
      ["highlight", "rm", "1", "--yes"],
      ["category", "rm", "x"], ["filter", "clear"], ["filter", "use", "x"], ["merge", "1", "2"],
    ] {
      let result = try box.run(command)
      #expect(result.status != 74, "\(command): \(result.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: box.root + "/.local"), "\(command) made a file")
    }
  }

  /// A memo export of one post, in the sandbox but outside memo's folder.
  func memoExport(in box: Sandbox) throws -> String {
    let path = box.root + "/one.jsonl"
    try """
    {"type":"header","format":"memo","version":3,"since":null}
    {"type":"post","uuid":"01a22457-2487-714e-befe-03ec37e88e7d","title":"Dune","author":null,\
    "body":null,"source":null,"favorite":false,"created_at":"2026-11-28T22:47:00.487Z",\
    "updated_at":"2026-11-28T22:47:00.487Z"}

    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("browse, looked at and quit, creates no database; another process's first add shows up")
  func browse() throws {
    let box = try Sandbox()
    let tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "No books yet")
    try tmux.send("q")
    try tmux.wait(for: "exit=0")
    #expect(!FileManager.default.fileExists(atPath: box.root + "/.local"))

    let again = try TmuxSession(command: try script(box))
    try again.wait(for: "No books yet")
    _ = try box.add("Dune")
    try again.wait(for: "Dune")
    try again.send("q")
    try again.wait(for: "exit=0")
  }

  @Test("browse creates the database with the first change: a filter chosen")
  func browseFirstChange() throws {
    let box = try Sandbox()
    let tmux = try TmuxSession(command: try script(box))
    try tmux.wait(for: "No books yet")
    try tmux.send("f")
    try tmux.wait(for: "Filter · filter: none")
    try tmux.send("s")
    try tmux.wait(for: "★ starred")
    try tmux.send("Enter")
    try tmux.wait(for: "filter: ★ starred")
    try tmux.send("q")
    try tmux.wait(for: "exit=0")
    #expect(try box.run(["filter", "show"]).stdout == "--starred\n")
  }
}
