import ArgumentParser
import Foundation
import Testing

@testable import memo

/// The fast path (`FastPath`) must build exactly what argument-parser builds, for every option
/// each fast command declares, or decline and leave the arguments to argument-parser.
@Suite("the fast path parses as argument-parser does, or declines")
struct FastPathTests {
  /// One argument of a command, as argument-parser's help dump describes it.
  struct Declared {
    var kind: String  // "positional", "option" or "flag"
    var name: String  // "--limit", or the positional's value name
    var isRepeating: Bool
  }

  /// Each fast command's arguments, read from argument-parser's own description of them.
  static let declared: [String: [Declared]] = {
    let data = Memo._dumpHelp().data(using: .utf8) ?? Data()
    let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    let command = root?["command"] as? [String: Any]
    var result: [String: [Declared]] = [:]
    for sub in command?["subcommands"] as? [[String: Any]] ?? [] {
      guard let name = sub["commandName"] as? String, FastPath.names.contains(name) else {
        continue
      }
      result[name] = (sub["arguments"] as? [[String: Any]] ?? []).compactMap { argument in
        let kind = argument["kind"] as? String ?? ""
        let names = argument["names"] as? [[String: Any]] ?? []
        let long = names.first { $0["kind"] as? String == "long" }?["name"] as? String
        guard argument["shouldDisplay"] as? Bool ?? true || long != nil else { return nil }
        let valueName = argument["valueName"] as? String ?? ""
        if ["help", "version"].contains(long ?? "") { return nil }
        return Declared(
          kind: kind, name: kind == "positional" ? valueName : "--" + (long ?? ""),
          isRepeating: argument["isRepeating"] as? Bool ?? false)
      }
    }
    return result
  }()

  /// A value argument-parser accepts for each option or positional.
  static func sample(_ name: String) -> String {
    switch name {
    case "--limit": "7"
    case "--offset": "2"
    case "--post", "post", "question", "questions": "3"
    case "--sort": "title"
    case "--format": "json"
    case "--color": "never"
    case "--since", "--until": "7d"
    case "--body", "text|-": "-"
    default: "Dune's \"notes\" = x"
    }
  }

  /// The options every command takes (they may come before the command name too).
  static let global: Set<String> = ["--db", "--format", "--color", "--quiet"]

  /// The command's whole value, field by field. An option group's `title` is left out: it is
  /// help text, which argument-parser's decoding leaves empty and the fast path never shows.
  static func dumped(_ command: ParsableCommand) -> [Substring] {
    var out = ""
    dump(command, to: &out)
    return out.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("- title: ") }
  }

  static func expectSame(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    // As main() does: global options before the command move to its end.
    let arguments = Arguments.movingGlobalOptions(arguments)
    let slow: ParsableCommand
    do { slow = try Memo.parseAsRoot(arguments) } catch {
      Issue.record("argument-parser refused \(arguments): \(error)", sourceLocation: sourceLocation)
      return
    }
    guard let fast = FastPath.command(arguments) else {
      Issue.record("the fast path declined \(arguments)", sourceLocation: sourceLocation)
      return
    }
    let (fastLines, slowLines) = (dumped(fast), dumped(slow))
    let difference = fastLines.difference(from: slowLines).map { change in
      switch change {
      case .insert(_, let line, _): "fast path: \(line)"
      case .remove(_, let line, _): "argument-parser: \(line)"
      }
    }
    #expect(difference.isEmpty, "\(arguments): \(difference)", sourceLocation: sourceLocation)
  }

  @Test(
    "where global options typed first go: behind a fast command's names, as argument-parser's tree says"
  )
  func commandDepth() {
    for name in FastPath.names {
      #expect(Arguments.commandDepth([name, "12"]) == Arguments.commandPath([name, "12"]).1)
    }
    for (group, names) in FastPath.nestedNames {
      for name in names {
        let arguments = [group, name, "12"]
        #expect(Arguments.commandDepth(arguments) == Arguments.commandPath(arguments).1)
      }
    }
    #expect(Arguments.commandDepth(["review", "config", "set", "fuzz", "off"]) == 3)
    #expect(Arguments.commandDepth(["nonsense"]) == 0)
  }

  @Test("review rate and review due: every option, as argument-parser parses them")
  func reviewSubcommands() {
    #expect(FastPath.nestedNames == ["review": ["rate", "due"]])
    for rate in [
      ["review", "rate", "12", "good"], ["review", "rate", "h3", "keep"],
      ["review", "rate", "12", "easy", "--at", "2026-01-31T09:00:00Z", "--format", "json"],
      ["review", "rate", "--at=today", "7", "later", "-q"],
      ["--db", "x.db", "review", "rate", "12", "good", "--color", "never"],
    ] {
      Self.expectSame(rate)
    }
    for due in [
      ["review", "due"], ["review", "due", "--limit", "20"], ["review", "due", "--limit=0"],
      ["review", "due", "--new", "5", "--recall"], ["review", "due", "--open"],
      ["review", "due", "--highlights", "--at", "today", "--format", "json"],
      ["review", "due", "--starred", "--category", "a", "--category", "b", "--answered"],
      ["review", "due", "--unstarred", "--unanswered", "--filter", "mine"],
      ["review", "due", "--all", "--limit", "3", "--db", "x.db", "--quiet"],
      ["review", "due", "--post", "3", "--since", "7d", "--until=today", "--recall"],
    ] {
      Self.expectSame(due)
    }
    // Anything else goes to argument-parser, as before.
    for declined in [
      ["review"], ["review", "show", "12"], ["review", "rate", "12"],
      ["review", "rate", "12", "good", "extra"], ["review", "due", "--limit", "x"],
      ["review", "due", "--limit=-1"], ["review", "due", "--unknown"],
      ["review", "rate", "12", "good", "--help"],
    ] {
      #expect(FastPath.command(declined) == nil, "\(declined)")
    }
  }

  @Test("argument-parser describes every fast command")
  func everyCommandIsDescribed() {
    #expect(Set(Self.declared.keys) == FastPath.names)
    #expect(Self.declared["questions"]?.contains { $0.name == "--category" } == true)
  }

  @Test(
    "each declared option alone, in both spellings, and all of them at once",
    arguments: FastPath.names.sorted())
  func everyOption(command: String) throws {
    let declared = try #require(Self.declared[command])
    let positionals = declared.filter { $0.kind == "positional" }.map { Self.sample($0.name) }
    let base = [command] + positionals
    Self.expectSame(base)
    var everything = base
    // `ask --highlight H TEXT` takes one positional, not two: checked on its own below.
    for argument in declared where argument.kind != "positional" && argument.name != "--highlight" {
      // Flags that contradict one another are checked by the declining tests.
      let skipInAll = [
        "--unstarred", "--unanswered", "--questions", "--highlights", "--all", "--cursor",
        "--force",
      ]
      .contains(argument.name)
      if command == "export", argument.name == "--force" {
        // Markdown only (argument-parser refuses it with json): with a folder to write to.
        Self.expectSame(base + ["--force", "--format", "markdown", "--output", "notes"])
        Self.expectSame(base + ["--format=markdown", "--force", "--output=notes"])
        continue
      }
      if argument.kind == "flag" {
        Self.expectSame(base + [argument.name])
        if !skipInAll { everything.append(argument.name) }
      } else {
        let value = Self.sample(argument.name)
        Self.expectSame(base + [argument.name, value])
        Self.expectSame(base + [argument.name + "=" + value])
        if Self.global.contains(argument.name) { Self.expectSame([argument.name, value] + base) }
        if argument.isRepeating {
          Self.expectSame(base + [argument.name, value, argument.name, "x"])
        }
        if !skipInAll { everything += [argument.name, value] }
      }
    }
    Self.expectSame(everything)
    if command == "ask" {
      Self.expectSame(["ask", "--highlight", "3", "Why?"])
      Self.expectSame(["ask", "Why?", "--highlight=3", "--star", "--category", "c"])
    }
    Self.expectSame(base + ["-q"])
    Self.expectSame(["-q", "--db", "x.db"] + base + ["--format=csv"])
  }

  @Test(
    "options before, between and after positionals read as argument-parser reads them",
    arguments: [
      ["add", "--author", "Frank Herbert", "Dune"], ["add", "Dune", "--author", "-"],
      ["ask", "--star", "1", "--category", "c", "Why?"], ["show", "--db", "x.db", "3"],
      ["search", "--limit", "3", "spice", "--posts"], ["star", "4", "5", "6"],
      ["unstar", "-q", "4", "5"], ["answer", "4", "Because."], ["answer", "4", "-"],
    ])
  func positionalsAnywhere(arguments: [String]) {
    Self.expectSame(arguments)
  }

  @Test(
    "anything not plain is left to argument-parser, which refuses it or reads it its way",
    arguments: [
      ["list", "--help"], ["list", "-h"], ["show", "help"], ["list", "--bogus"],
      ["list", "--limit"], ["list", "--limit", "-1"], ["list", "--limit", "x"],
      ["list", "--limit", "1", "--limit", "2"], ["list", "--starred", "--starred"],
      ["list", "--starred", "--unstarred"], ["questions", "--category", ""],
      ["show"], ["show", "0"], ["show", "1", "2"], ["show", "abc"], ["add"], ["add", "--", "-x"],
      ["add", "-x"], ["ask", "1"], ["search", "x", "--limit", "0"],
      ["search", "x", "--posts", "--questions"], ["list", "--format", "yaml"],
      ["list", "-qv"], ["list", "--starred=yes"], ["stats", "x"], ["questions", "--author", "x"],
      ["export", "--force"], ["export", "--since", "7d", "--cursor", "c"], ["export", "-o", "x"],
      ["export", "--format", "yaml"], ["highlights", "--limit", "-1"], ["highlights", "3"],
      ["add", "--bogus", "x", "Dune"], ["show", "3", "--db"], ["show", "-1"],
      ["star"], ["star", "4", "x"], ["star", "0"], ["unstar", "4", "--starred"], ["answer", "4"],
      ["answer", "4", "a", "b"], ["answer", "x", "a"], ["unanswer", "4", "5"],
      ["answer", "4", "--format"], ["questions", "--all", "--filter", "weekly"],
      ["search", "x", "--all", "--limit", "3"],
    ])
  func declines(arguments: [String]) {
    #expect(FastPath.command(Arguments.movingGlobalOptions(arguments)) == nil)
  }
}
