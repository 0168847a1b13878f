import Foundation
import Testing

@Suite("where the database lives, and global options")
struct EnvironmentTests {
  @Test("the default database is ~/.local/share/memo/memo.db, mode 0600 in a 0700 folder")
  func defaultLocation() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let file = try FileManager.default.attributesOfItem(atPath: box.defaultDatabase)
    #expect((file[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: box.root + "/.local/share/memo")
    #expect((folder[.posixPermissions] as? Int) == 0o700)
  }

  @Test("$XDG_DATA_HOME, then $MEMO_DB, then --db choose the database, in rising priority")
  func locationPriority() throws {
    let box = try Sandbox()
    let xdg = box.root + "/xdg"
    _ = try box.run(["add", "in xdg"], environment: ["XDG_DATA_HOME": xdg])
    #expect(
      try box.rows("SELECT title FROM posts", database: xdg + "/memo/memo.db") == [["in xdg"]])
    let env = box.root + "/env.db"
    _ = try box.run(["add", "in env"], environment: ["XDG_DATA_HOME": xdg, "MEMO_DB": env])
    #expect(try box.rows("SELECT title FROM posts", database: env) == [["in env"]])
    let flag = box.root + "/flag.db"
    _ = try box.run(["add", "in flag", "--db", flag], environment: ["MEMO_DB": env])
    #expect(try box.rows("SELECT title FROM posts", database: flag) == [["in flag"]])
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test("global options work before the command too, as in git")
  func globalOptionsFirst() throws {
    let box = try Sandbox()
    let path = box.root + "/x.db"
    #expect(try box.run(["--db", path, "add", "Dune"]).stdout == "1\n")
    #expect(
      try box.run(["--db=\(path)", "--format", "csv", "list"]).stdout.hasPrefix("id,uuid,title"))
    // The same option again after the command wins, as typed twice there (before, the one
    // before the command did: an alias's --db beat the one typed).
    let other = box.root + "/other.db"
    #expect(try box.run(["--db", path, "add", "Emma", "--db", other]).stdout == "1\n")
    #expect(try box.rows("SELECT title FROM posts", database: other) == [["Emma"]])
    #expect(try box.rows("SELECT title FROM posts", database: path) == [["Dune"]])
    #expect(
      try box.run(["--format", "csv", "list", "--db", path, "--format", "json"]).stdout
        .hasPrefix("[\n  {"))
    // A value read to the end of the line never takes them in (at the end, it did).
    #expect(try box.run(["--db", path, "review", "config", "set", "fuzz", "off"]).stdout == "fuzz\toff\n")
    #expect(try box.run(["review", "config", "show", "--db", path]).stdout.contains("fuzz\toff\n"))
    // Every global option, before and after, in any order; a group's subcommand; quiet.
    #expect(try box.run(["-q", "--db", path, "--color", "never", "list"]).stdout == "1\tDune\t\t0\tfalse\t" + (try box.rows("SELECT created_at FROM posts", database: path)[0][0]) + "\n")
    #expect(try box.run(["--db", path, "category", "add", "physics", "-q"]).stdout == "")
    #expect(try box.rows("SELECT name FROM categories", database: path) == [["physics"]])
    #expect(try box.run(["--format", "json", "--db", path, "category", "list"]).stdout.contains("\"name\": \"physics\""))
    // Global options and no command: said so, not "unknown option '--db'".
    for arguments in [["--db", path], ["--db", path, "-q"], ["--format", "json"]] {
      let result = try box.run(arguments)
      #expect(result.status == 64)
      #expect(result.stdout == "")
      let given = arguments.joined(separator: " ")
      #expect(
        result.stderr
          == "memo: error: no command after '\(given)': the global options go before or after a command, as in 'memo \(given) list'; see 'memo --help'\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test("--version prints the version")
  func version() throws {
    let result = try Sandbox().run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "memo 0.1.0\n")
  }

  @Test("--color always colours a table; NO_COLOR and --color never do not")
  func color() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let colored = try box.run(["list", "--format", "table", "--color", "always"])
    #expect(colored.stdout.contains("\u{1B}[1m"))
    let plain = try box.run(["list", "--format", "table"], environment: ["NO_COLOR": "1"])
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(plain.stdout.hasPrefix("ID  TITLE  AUTHOR  QUESTIONS  FAV  CREATED\n"))
  }

  @Test("a table shows control characters in titles instead of sending them to the terminal")
  func tableEscapesControls() throws {
    let box = try Sandbox()
    _ = try box.add("evil\u{1B}[31mred")
    let table = try box.run(["list", "--format", "table", "--color", "never"])
    #expect(!table.stdout.contains("\u{1B}"))
    #expect(table.stdout.contains("evil^[[31mred"))
  }

  @Test("--db \"\" (a script's unset variable) is a usage error that writes nothing anywhere")
  func emptyDatabaseFlag() throws {
    let box = try Sandbox()
    for arguments in [["--db", "", "add", "Written where?"], ["add", "Written where?", "--db="]] {
      let result = try box.run(arguments)
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("memo: error: --db is empty; name a database file"))
    }
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test("off a terminal a table is as wide as its cells, unless COLUMNS sets the width")
  func columnsOffTerminal() throws {
    let box = try Sandbox()
    _ = try box.add(
      "An Extraordinarily Long Title For A Book That Nobody Could Fit On One Line",
      ["--author", "Somebody With A Long Name Indeed"])
    let wide = try box.run(["list", "--format", "table"])
    #expect(wide.stdout.split(separator: "\n").contains { $0.count > 100 })
    let narrow = try box.run(["list", "--format", "table"], environment: ["COLUMNS": "60"])
    #expect(narrow.status == 0)
    #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(narrow.stdout)")
    // Narrower than a table can be: the narrowest table, never the widest.
    let widest = narrow.stdout.split(separator: "\n").map(\.count).max() ?? 0
    for columns in ["20", "10", "1"] {
      let tiny = try box.run(["list", "--format", "table"], environment: ["COLUMNS": columns])
      #expect(tiny.status == 0)
      #expect(tiny.stdout.split(separator: "\n").allSatisfy { $0.count < widest }, "\(tiny.stdout)")
    }
  }

  @Test("on a terminal that reports no size (a bare pty: 0 × 0) a table is 80 columns wide, as ls takes it")
  func sizelessTerminal() throws {
    let box = try Sandbox()
    _ = try box.add(String(repeating: "A long title ", count: 40))
    // A pty from python's pty module has no window size; memo's stdout is its slave side.
    let script = """
      import os, pty, subprocess
      m, s = pty.openpty()
      p = subprocess.Popen(["\(Sandbox.binary)", "list", "--color", "never"], stdout=s, stderr=s)
      p.wait(); os.close(s)
      out = b""
      try:
          while True:
              d = os.read(m, 65536)
              if not d: break
              out += d
      except OSError: pass
      print(max(len(l) for l in out.decode().split("\\r\\n")))
      """
    let result = try box.run(["-c", script], executable: "/usr/bin/python3")
    #expect(result.status == 0, "\(result.stderr)")
    let widest = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(widest > 40 && widest <= 80, "\(result.stdout)")
  }
}
