import Foundation
import Testing

@Suite("completions, manual and help")
struct DocsTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

  @Test(
    "the committed completion scripts are what the binary generates (run scripts/gen-docs)",
    arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) throws {
    let result = try Sandbox().run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    let golden = try String(
      contentsOf: Self.docs.appendingPathComponent("completions/memo.\(shell)"), encoding: .utf8)
    #expect(result.stdout == golden)
  }

  @Test("completion lists post ids, question ids, categories and saved filters from the database")
  func customCompletions() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add("Hyperion")
    _ = try box.run(["ask", "2", "Why?", "--category", "physics"])
    _ = try box.run(["filter", "set", "--starred"])
    _ = try box.run(["filter", "save", "stars"])
    func complete(_ path: [String], _ argument: String) throws -> String {
      try box.run(["---completion"] + path + ["--", argument, "0", "0"]).stdout
    }
    #expect(try complete(["show"], "positional@0") == "2\n1\n")
    #expect(try complete(["star"], "positional@0") == "1\n")
    #expect(try complete(["ask"], "--category") == "physics\n")
    #expect(try complete(["questions"], "--filter") == "stars\n")
    #expect(
      try box.run(
        ["---completion", "show", "--", "positional@0", "0", "0"],
        environment: ["MEMO_DB": box.root + "/none.db"]
      ).stdout == "\n")
  }

  @Test("the manual page is committed and names every command")
  func manual() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("memo.1"), encoding: .utf8)
    for command in [
      "add", "list", "show", "edit", "rm", "ask", "questions", "question", "star", "unstar",
      "answer",
      "unanswer", "fav", "unfav", "favorites", "category", "filter", "export", "import", "search",
      "stats", "db", "browse",
    ] {
      #expect(page.contains(".It Em \(command)"), "\(command) missing: run scripts/gen-docs")
    }
  }

  @Test("every command's help has a line for each option and at least one example")
  func helpHasExamples() throws {
    let box = try Sandbox()
    let commands = [
      ["add"], ["list"], ["show"], ["edit"], ["rm"], ["ask"], ["questions"], ["question", "show"],
      ["question", "edit"], ["question", "rm"], ["star"], ["unstar"], ["answer"], ["unanswer"],
      ["fav"],
      ["unfav"], ["favorites"], ["category", "list"], ["category", "add"], ["category", "rename"],
      ["category", "rm"], ["filter", "show"], ["filter", "set"], ["filter", "clear"],
      ["filter", "save"],
      ["filter", "use"], ["filter", "list"], ["filter", "rm"], ["export"], ["import"], ["search"],
      ["stats"],
      ["db", "path"], ["db", "check"], ["db", "backup"], ["browse"],
    ]
    for command in commands {
      let help = try box.run(command + ["--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Examples:\n  memo \(command[0])"), "\(command) has no example")
    }
  }
}
