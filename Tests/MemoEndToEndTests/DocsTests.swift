import Foundation
import Testing
import MemoCore

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

  static let repository = docs.deletingLastPathComponent().path

  /// Every command path the parser knows (`["category", "add"]`), from its own dump.
  static func parserCommands() throws -> Set<String> {
    let dump = try Sandbox().run(["--experimental-dump-help"]).stdout
    let root = try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any]
    var paths: Set<String> = []
    func walk(_ command: [String: Any], _ path: [String]) {
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        guard sub["shouldDisplay"] as? Bool ?? true, let name = sub["commandName"] as? String
        else { continue }
        paths.insert((path + [name]).joined(separator: " "))
        walk(sub, path + [name])
      }
    }
    walk(root?["command"] as? [String: Any] ?? [:], [])
    return paths
  }

  @Test("the manual page's commands are the parser's, sync, undo, redo and log included")
  func manualCommands() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("memo.1"), encoding: .utf8)
    let listed = Set(
      page.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }.map { line in
        line.dropFirst(7).split(separator: " ").prefix { $0.first?.isLowercase ?? false }
          .joined(separator: " ")
      })
    let parser = try Self.parserCommands()
    #expect(listed == parser, "run scripts/gen-docs")
    for command in ["sync", "sync init", "undo", "redo", "log", "db backup", "browse"] {
      #expect(listed.contains(command))
    }
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES",
      "EXIT STATUS", "EXAMPLES",
    ] {
      #expect(page.contains("\n.Sh \(section)\n"), "no \(section) section")
    }
    for status in [0, 1, 64, 65, 66, 69, 73, 74, 75] {
      #expect(page.contains("\n.It \(status)\n"), "exit status \(status) missing")
    }
    for variable in ["MEMO_DB", "XDG_DATA_HOME", "NO_COLOR", "VISUAL", "EDITOR", "MEMO_BUSY_TIMEOUT"] {
      #expect(page.contains("Ev \(variable)"), "\(variable) missing")
    }
  }

  @Test("the manual page is what scripts/gen-man makes of the parser's commands")
  func manualIsCurrent() throws {
    let box = try Sandbox()
    let made = try box.shell(
      "'\(Sandbox.binary)' --experimental-dump-help | python3 '\(Self.repository)/scripts/gen-man'")
    #expect(made.status == 0, "\(made.stderr)")
    let page = try String(contentsOf: Self.docs.appendingPathComponent("memo.1"), encoding: .utf8)
    #expect(made.stdout == page, "docs/memo.1 is out of date: run scripts/gen-docs")
  }

  @Test("mandoc -T lint and man -l find nothing to warn about in the manual page")
  func manualLints() throws {
    let box = try Sandbox()
    let page = Self.docs.appendingPathComponent("memo.1").path
    // scripts/setup installs mandoc.
    let lint = try box.shell("mandoc -T lint '\(page)' 2>&1")
    #expect(lint.status == 0 && lint.stdout == "", "\(lint.stdout)")
    let man = try box.shell(
      "if command -v man >/dev/null; then MANWIDTH=80 man -l '\(page)' 2>&1 >/dev/null; fi")
    #expect(man.stdout == "", "\(man.stdout)")
    // Rendered for an 80-column terminal, no line runs past it (examples included).
    let rendered = try box.shell("mandoc -T utf8 -O width=80 '\(page)'")
    #expect(rendered.status == 0)
    // Bold and underline are overstrikes ("x\bx", "_\bx"): the character before each
    // backspace goes, as col -b drops it.
    var plain = ""
    for character in rendered.stdout {
      if character == "\u{8}" { _ = plain.popLast() } else { plain.append(character) }
    }
    let wide = plain.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide.joined(separator: "\n"))")
  }

  @Test("memo --help lists the options every command takes")
  func rootHelpListsGlobalOptions() throws {
    let help = try Sandbox().run(["--help"])
    for option in ["--db <path>", "--format <format>", "--color <when>", "-q, --quiet"] {
      #expect(help.stdout.contains("\n  \(option)"), "\(option) missing from memo --help")
    }
  }

  @Test("at 80 columns, help prose is wrapped by the parser and example lines are not wrapped")
  func helpAt80Columns() throws {
    let box = try Sandbox()
    for command in try Self.parserCommands().sorted() where command != "help" {
      let help = try box.run(
        command.split(separator: " ").map(String.init) + ["--help"],
        environment: ["COLUMNS": "80"])
      var inExamples = false
      var previous = ""
      for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == "Examples:" { inExamples = true } else if line.hasPrefix("USAGE:") {
          inExamples = false
        } else if inExamples && !line.isEmpty {
          #expect(line.hasPrefix("  "), "\(command): an example wrapped: \(line)")
        }
        // A prose line ending well before the width although its next word fits: a break by hand
        // (argument-parser keeps every line break it is given).
        if !inExamples, !previous.isEmpty, !previous.hasPrefix(" "), !line.hasPrefix(" "),
          let next = line.split(separator: " ").first, !line.hasPrefix("USAGE"),
          previous.count + 1 + next.count <= 70, !previous.hasSuffix(":")
        {
          Issue.record("\(command): a line broken by hand: \(previous)⏎\(line)")
        }
        // Nothing wider than the terminal: the USAGE line included, wrapped at its brackets.
        #expect(
          DisplayWidth.of(String(line)) <= 80,
          "\(command): a line of \(DisplayWidth.of(String(line))) columns: \(line)")
        previous = String(line)
      }
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
