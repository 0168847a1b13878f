import Foundation
import Testing

/// `memo edit` in $EDITOR: what was typed is never lost (issue 20).
@Suite("Editor sessions")
struct EditorSessionTests {
  /// The files an editor session left in the sandbox's TMPDIR.
  func kept(_ box: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: box.root)
      .filter { $0.hasPrefix("memo-") && $0.hasSuffix(".txt") }.map { box.root + "/" + $0 }
  }

  func editor(_ box: Sandbox, _ name: String, _ body: String) throws -> String {
    let path = box.root + "/" + name
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  @Test("a file that lost its '---' is kept off a terminal, named with the command that saves it")
  func keptOffTerminal() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let broken = try box.run(
      ["edit", "1"],
      environment: ["EDITOR": "sed -i -e /^---$/d -e 's/^author:.*/author: Frank Herbert/'"])
    #expect(broken.status == 65)
    let files = try kept(box)
    #expect(files.count == 1)
    let path = files.first ?? ""
    #expect(
      broken.stderr
        == "memo: error: the edited file lost its '---' line between fields and body; nothing was changed; your text is kept in \(path): fix it there, then run 'memo edit 1 --from \(path)'\n"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("author: Frank Herbert"))
    #expect(try box.rows("SELECT author FROM posts") == [["NULL"]])

    // Still broken: the same error, the file left as it is.
    let again = try box.run(["edit", "1", "--from", path])
    #expect(again.status == 65)
    #expect(again.stderr.hasSuffix("then run 'memo edit 1 --from \(path)'\n"))

    // Fixed: saved, and the file (the user's now) stays.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "source:", with: "---\nsource:").write(
      toFile: path, atomically: true, encoding: .utf8)
    let fixed = try box.run(["edit", "1", "--from", path])
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(fixed.stdout == "1\n")
    #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "Frank Herbert"]])
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("a blank title exits 64 and keeps the file; the retry names --db when it was given")
  func blankTitle() throws {
    let box = try Sandbox()
    let database = box.root + "/my notes.db"
    _ = try box.run(["add", "Dune", "--db", database])
    let result = try box.run(
      ["edit", "1", "--db", database], environment: ["EDITOR": "sed -i 's/^title:.*/title: /'"])
    #expect(result.status == 64)
    let path = try kept(box).first ?? ""
    #expect(
      result.stderr.hasSuffix(
        "your text is kept in \(path): fix it there, then run 'memo edit 1 --from \(path) --db '\(database)''\n"
      ))
    #expect(try box.rows("SELECT title FROM posts", database: database) == [["Dune"]])
  }

  @Test("a file saved empty calls the edit off: nothing changed, nothing kept")
  func emptiedCancels() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--body", "Spice."])
    let before = try box.rows("SELECT * FROM posts")
    let emptier = try editor(box, "empty.sh", ": > \"$1\"")
    let result = try box.run(["edit", "1"], environment: ["EDITOR": emptier])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("memo: the file was saved empty: edit cancelled\n"))
    #expect(try box.rows("SELECT * FROM posts") == before)
    #expect(try kept(box) == [])
  }

  @Test("the editor's failure in words; what was typed before it failed is kept")
  func editorFailure() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let untouched = try box.run(["edit", "1"], environment: ["EDITOR": "false"])
    #expect(untouched.status == 74)
    #expect(
      untouched.stderr
        == "memo: error: the editor (false) exited with 1; nothing was changed\n")
    #expect(try kept(box) == [])
    let missing = try box.run(["edit", "1"], environment: ["EDITOR": "no-such-editor-here"])
    #expect(missing.status == 74)
    #expect(
      missing.stderr.hasSuffix(
        "memo: error: the editor (no-such-editor-here) was not found; set VISUAL or EDITOR to an editor on PATH; nothing was changed\n"
      ))
    let typed = try editor(box, "typed.sh", "echo 'my long answer' >> \"$1\"; exit 3")
    let failed = try box.run(["edit", "1"], environment: ["EDITOR": typed])
    #expect(failed.status == 74)
    let path = try kept(box).first ?? ""
    #expect(
      failed.stderr
        == "memo: error: the editor (\(typed)) exited with 3; nothing was changed; your text is kept in \(path): fix it there, then run 'memo edit 1 --from \(path)'\n"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("my long answer\n"))
    // Killed: sh reports it as 137, which is the signal's number to say.
    let killer = try editor(box, "killed.sh", "echo 'more' >> \"$1\"; kill -9 $$")
    let killed = try box.run(["edit", "1"], environment: ["EDITOR": killer])
    #expect(killed.status == 74)
    #expect(
      killed.stderr.contains("memo: error: the editor (\(killer)) was killed by signal 9; nothing was changed; your text is kept in "),
      "\(killed.stderr)")
  }

  @Test("no VISUAL or EDITOR and no terminal: no vi drawn into the output, a usage error naming the flags; nothing changed or kept")
  func noEditorOffTerminal() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.succeed(["ask", "1", "Why spice?"])
    for arguments in [["edit", "1"], ["question", "edit", "1"]] {
      let result = try box.run(arguments, input: "")
      #expect(result.status == 64)
      #expect(result.stdout == "")
      #expect(
        result.stderr.hasPrefix(
          "memo: error: no editor to run: VISUAL and EDITOR are unset and stdin is not a terminal for vi; give the fields as flags (see --help), or --from FILE, or set VISUAL"
        ))
      #expect(try kept(box) == [])
    }
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
  }

  @Test("--from: a missing file exits 66; with a field flag it is a usage error")
  func fromErrors() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let missing = try box.run(["edit", "1", "--from", "nowhere.txt"])
    #expect(missing.status == 66)
    #expect(missing.stderr.hasPrefix("memo: error: cannot read nowhere.txt: "))
    // A folder is not a kept file: no "your text is kept in" with a retry that fails again.
    let folder = box.root + "/d"
    #expect(mkdir(folder, 0o700) == 0)
    let isFolder = try box.run(["edit", "1", "--from", folder])
    #expect(isFolder.status == 66)
    #expect(isFolder.stderr == "memo: error: \(folder) is a folder; name the file memo kept\n")
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
    let mixed = try box.run(["edit", "1", "--from", "x.txt", "--title", "T"])
    #expect(mixed.status == 64)
    #expect(
      mixed.stderr
        == "memo: error: --from saves a whole edited file; give it without field flags; see 'memo edit --help'\n"
    )
  }

  @Test("question edit keeps a broken file too, and --from saves it")
  func question() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why spice?"])
    let broken = try box.run(
      ["question", "edit", "1"],
      environment: ["EDITOR": "sed -i -e /^---$/d -e 's/^category:.*/category: ecology/'"])
    #expect(broken.status == 65)
    let path = try kept(box).first ?? ""
    #expect(broken.stderr.hasSuffix("then run 'memo question edit 1 --from \(path)'\n"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "Why spice?", with: "---\nWhy spice?").write(
      toFile: path, atomically: true, encoding: .utf8)
    let fixed = try box.run(["question", "edit", "1", "--from", path])
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(
      try box.rows(
        "SELECT q.text, c.name FROM questions q JOIN categories c ON c.id = q.category_id")
        == [["Why spice?", "ecology"]])
  }
}

@Suite(
  "Editor sessions on a terminal",
  .enabled(if: TmuxSession.path != nil, "tmux is not installed: apt-get install -y tmux"),
  .serialized)
struct EditorSessionTerminalTests {
  /// Runs `memo edit 1` in tmux with an editor that breaks the file on its first run and
  /// fixes it on the second, then prints the exit status.
  func session(_ box: Sandbox) throws -> TmuxSession {
    let editor = box.root + "/editor.sh"
    try """
    #!/bin/sh
    if [ -e "$HOME/opened" ]; then
      sed -i -e 's/^source:/---\\nsource:/' "$1"
    else
      touch "$HOME/opened"
      sed -i -e '/^---$/d' -e 's/^author:.*/author: Frank Herbert/' "$1"
    fi
    """.write(toFile: editor, atomically: true, encoding: .utf8)
    chmod(editor, 0o755)
    let script = box.root + "/edit.sh"
    try """
    #!/bin/sh
    export HOME='\(box.root)' TMPDIR='\(box.root)' LANG=C.UTF-8 EDITOR='\(editor)'
    '\(Sandbox.binary)' edit 1
    echo "exit=$?"
    sleep 600
    """.write(toFile: script, atomically: true, encoding: .utf8)
    return try TmuxSession(command: "sh '\(script)'")
  }

  @Test("a broken file: memo says what is wrong and asks 'Edit again?'; yes reopens it")
  func editAgain() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let tmux = try session(box)
    let screen = try tmux.wait(for: "Edit again? [Y/n]")
    #expect(screen.contains { $0.contains("lost its '---' line") })
    try tmux.send("Enter")
    try tmux.wait(for: "exit=0")
    #expect(try box.rows("SELECT author FROM posts") == [["Frank Herbert"]])
    let left = try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
      $0.hasPrefix("memo-post-")
    }
    #expect(left == [])
  }

  @Test("answered no, the file is kept and named")
  func declined() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let tmux = try session(box)
    try tmux.wait(for: "Edit again? [Y/n]")
    try tmux.type("n")
    try tmux.send("Enter")
    try tmux.wait(for: "exit=65")
    let left = try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
      $0.hasPrefix("memo-post-")
    }
    #expect(left.count == 1)
    #expect(try box.rows("SELECT author FROM posts") == [["NULL"]])
  }
}
