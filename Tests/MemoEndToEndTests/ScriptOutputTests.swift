import Foundation
import Testing

/// Scripts are never surprised (issue 22, SPEC §4): a current filter that narrows a listing
/// says so on stderr when stdout is not a terminal, and `--color always` keeps the output a
/// person reads.
@Suite("a current filter is named to scripts; --color always keeps the table")
struct ScriptOutputTests {
  static let note =
    "memo: note: the current filter applies (--starred); --all lists everything, "
    + "'memo filter clear' removes it\n"

  func box() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why the spice?", "--star"])
    _ = try box.run(["ask", "1", "Who are the Fremen?"])
    return box
  }

  @Test("with a current filter, list and questions piped print one note on stderr, data on stdout")
  func noteWhenNarrowed() throws {
    let box = try box()
    _ = try box.run(["filter", "set", "--starred"])
    let list = try box.run(["list", "--format", "json"])
    #expect(list.status == 0)
    #expect(list.stderr == Self.note)
    let posts = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
    #expect((posts?.first?["questions"] as? [Any])?.count == 1)
    let questions = try box.run(["questions"])
    #expect(questions.stderr == Self.note)
    #expect(questions.stdout.split(separator: "\n").count == 1)
  }

  @Test(
    "no note with --quiet, --all, flags that ask for no more than the filter, or no filter",
    arguments: [
      ["questions", "-q"], ["list", "--quiet", "--format", "json"], ["questions", "--all"],
      ["list", "--all"], ["questions", "--starred"], ["questions", "--unstarred"],
    ])
  func noNote(arguments: [String]) throws {
    let box = try box()
    _ = try box.run(["filter", "set", "--starred"])
    let result = try box.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
  }

  @Test("review due, and review off a terminal, say so as questions does")
  func noteForReviewDue() throws {
    let box = try box()
    // Asked two days ago: both open questions are due.
    try box.execute(
      "UPDATE questions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days')")
    _ = try box.run(["filter", "set", "--starred"])
    for arguments in [["review", "due"], ["review"], ["review", "due", "--format", "json"]] {
      let result = try box.run(arguments)
      #expect(result.status == 0)
      #expect(result.stderr == Self.note, "\(arguments)")
    }
    #expect(try box.run(["review", "due"]).stdout.split(separator: "\n").count == 1)
    #expect(try box.run(["review", "due", "--all"]).stdout.split(separator: "\n").count == 2)
    for arguments in [
      ["review", "due", "--all"], ["review", "due", "-q"], ["review", "due", "--starred"],
      ["review", "--all"], ["review", "-q"],
    ] {
      #expect(try box.run(arguments).stderr == "", "\(arguments)")
    }
  }

  @Test("no note without a current filter")
  func noFilterNoNote() throws {
    let box = try box()
    for arguments in [["list"], ["questions"], ["questions", "--starred"]] {
      #expect(try box.run(arguments).stderr == "")
    }
  }

  @Test("--color always keeps the table when piped; --format still decides")
  func colorAlwaysKeepsTable() throws {
    let box = try box()
    let table = try box.run(["questions", "--color", "always"])
    #expect(table.stdout.hasPrefix("\u{1B}["))
    #expect(!table.stdout.contains("\t"))
    #expect(table.stdout.contains("Who are the Fremen?"))
    let plain = try box.run(["questions", "--color", "always", "--format", "plain"])
    #expect(plain.stdout.contains("\t"))
    let json = try box.run(["list", "--color", "always", "--format", "json"])
    #expect(json.stdout.hasPrefix("["))
    #expect(try box.run(["questions"]).stdout.contains("\t"))
    // With a current filter the table names it in its banner: no second note on stderr.
    _ = try box.run(["filter", "set", "--starred"])
    let filtered = try box.run(["questions", "--color", "always"])
    #expect(filtered.stdout.contains("filter: --starred"))
    #expect(filtered.stderr.isEmpty)
    #expect(try box.run(["questions", "--color", "always", "--format", "csv"]).stderr == Self.note)
  }

  @Test("plain text shows control characters as a table does: a note cannot drive the terminal")
  func plainShowsControls() throws {
    let box = try box()
    _ = try box.run(["ask", "1", "esc \u{1B}]0;pwned\u{07} csi \u{9B}2J rtl \u{202E}abc"])
    let plain = try box.run(["questions", "--format", "plain"])
    #expect(plain.status == 0)
    // (C1 and bidirectional controls as `\u{…}`, its backslash escaped as plain text's are.)
    #expect(plain.stdout.contains("esc ^[]0;pwned^G csi \\\\u{9b}2J rtl \\\\u{202e}abc"))
    #expect(!plain.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
    // TSV and JSON are data for programs: the characters as they are (escaped in JSON).
    let tsv = try box.run(["questions", "--format", "tsv"])
    #expect(tsv.stdout.contains("esc \u{1B}]0;pwned\u{07} csi \u{9B}2J"))
    let table = try box.run(["questions", "--format", "table"])
    #expect(table.stdout.contains("esc ^[]0;pwned^G csi \\u{9b}2J rtl \\u{202e}abc"))
  }
}
