import Foundation
import Testing

/// "No" at a prompt is not an error; '-' reads stdin wherever text is asked for (issue 20).
@Suite("Prompts and stdin")
struct PromptTests {
  @Test("add - reads the title from stdin, dropping the final line break")
  func addFromStdin() throws {
    let box = try Sandbox()
    let result = try box.run(["add", "-", "--author", "夏目漱石"], input: "吾輩は猫である 🐈\n")
    #expect(result.status == 0)
    #expect(result.stdout == "1\n")
    #expect(try box.rows("SELECT title, author FROM posts") == [["吾輩は猫である 🐈", "夏目漱石"]])
  }

  @Test("add - with an empty stdin is the empty-title error (64); title and body cannot both be -")
  func addFromStdinErrors() throws {
    let box = try Sandbox()
    let empty = try box.run(["add", "-"], input: "\n")
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("memo: error: the title is empty"))
    let both = try box.run(["add", "-", "--body", "-"], input: "Dune\n")
    #expect(both.status == 64)
    #expect(
      both.stderr
        == "memo: error: only one of the title and --body can be read from stdin ('-')\n")
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }
}

@Suite(
  "Prompts on a terminal",
  .enabled(if: TmuxSession.path != nil, "tmux is not installed: apt-get install -y tmux"),
  .serialized)
struct PromptTerminalTests {
  func run(_ box: Sandbox, _ command: String) throws -> TmuxSession {
    let script = box.root + "/prompt.sh"
    try """
    #!/bin/sh
    export HOME='\(box.root)' LANG=C.UTF-8
    '\(Sandbox.binary)' \(command)
    echo "exit=$?"
    sleep 600
    """.write(toFile: script, atomically: true, encoding: .utf8)
    return try TmuxSession(command: "sh '\(script)'")
  }

  @Test("rm answered n exits 1 with 'nothing removed', no error, and removes nothing")
  func rmDeclined() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why spice?"])
    for command in ["rm 1", "question rm 1"] {
      let tmux = try run(box, command)
      try tmux.wait(for: "[y/N]")
      try tmux.type("n")
      try tmux.send("Enter")
      let screen = try tmux.wait(for: "exit=")
      #expect(screen.contains("memo: nothing removed"), "\(command)")
      #expect(screen.contains("exit=1"), "\(command)")
      #expect(!screen.contains { $0.contains("error") }, "\(command)")
    }
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM questions") == [["1"]])
  }
}
