import Foundation
import MemoCore
import Testing

/// The lines around tables on narrow terminals (issue 35). The terminal's width comes from
/// $COLUMNS with `--format table`: what memo does on a terminal of that width.
@Suite("narrow terminals: the filter banner, memo list's questions, memo stats")
struct NarrowTerminalTests {
  static let category = "カテゴリ🧑🏽‍💻"
  static let hint = "(--all ignores it; 'memo filter clear' removes it)"

  /// A post with two starred questions in `category` (one long, ASCII, answered), and the
  /// current filter on them.
  func filtered() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    for text in [
      "Why does the spice matter so much to the Guild and to the Emperor?", "short one",
    ] {
      let asked = try box.run(["ask", "1", text, "--category", Self.category, "--star"])
      #expect(asked.status == 0, "\(asked.stderr)")
    }
    #expect(try box.run(["answer", "1", "Because navigators need it"]).status == 0)
    let set = try box.run(["filter", "set", "--starred", "--category", Self.category])
    #expect(set.status == 0, "\(set.stderr)")
    return box
  }

  func table(_ box: Sandbox, _ arguments: [String], width: Int) throws -> [Substring] {
    let result = try box.run(
      ["--format", "table"] + arguments, environment: ["COLUMNS": String(width)])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    for line in lines {
      #expect(
        DisplayWidth.of(String(line)) <= width, "memo \(arguments) at \(width): '\(line)'")
    }
    return lines
  }

  /// The banner's lines, read as one text with the line breaks as spaces.
  func banner(_ lines: [Substring]) -> String {
    let end = lines.firstIndex { $0.hasPrefix("ID ") || $0.hasPrefix("1  ") } ?? lines.count
    return lines[..<end].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  @Test("the filter banner at 40 and 20 columns: broken at spaces, indented, nothing lost")
  func filterBanner() throws {
    let box = try filtered()
    for width in [40, 20] {
      for command in [["list"], ["questions"], ["review", "due"]] {
        let lines = try table(box, command, width: width)
        #expect(lines[0].hasPrefix("filter: --starred"), "\(lines)")
        #expect(lines[1].hasPrefix("  "), "\(lines)")
        #expect(
          banner(lines) == "filter: --starred --category \(Self.category) \(Self.hint)",
          "\(command) at \(width): \(lines)")
      }
    }
    // Into a pipe (no width) the banner stays one line.
    let piped = try box.run(["list", "--format", "table"])
    #expect(piped.stdout.hasPrefix("filter: --starred --category \(Self.category)  \(Self.hint)\n"))
  }

  @Test("memo list's questions beneath their post are cut to 40 columns, category kept")
  func treeLines() throws {
    let box = try filtered()
    let lines = try table(box, ["list"], width: 40)
    #expect(
      Array(lines.suffix(3)) == [
        "1  Dune · Frank Herbert",
        "    ★ 1  Why does the …  [\(Self.category)]  ✓",
        "    ★ 2  short one  [\(Self.category)]",
      ])
    let narrow = try table(box, ["list"], width: 20)
    #expect(narrow.suffix(3).first == "1  Dune · Frank Her…")
    // A pipe gets the whole question.
    let piped = try box.run(["list", "--format", "table"])
    #expect(piped.stdout.contains("the Guild and to the Emperor?  [\(Self.category)]  ✓\n"))
  }

  @Test("memo review due at 40 columns keeps the question (what is due) and lets the book go")
  func reviewDue() throws {
    let box = try Sandbox()
    let id = try box.add("A long book title for testing")
    _ = try box.run(["ask", "\(id)", "What is the main question here?"])
    let lines = try table(box, ["review", "due", "--at", "+3d"], width: 40)
    #expect(lines.first?.hasPrefix("ID  KIND  DUE") == true, "\(lines)")
    #expect(lines.first?.hasSuffix("QUESTION") == true, "\(lines)")
    #expect(lines.last?.contains("What is") == true, "\(lines)")
    let wide = try table(box, ["review", "due", "--at", "+3d"], width: 80)
    #expect(wide.last?.contains("What is the main question here?") == true, "\(wide)")
  }

  @Test("memo stats at 40 and 20 columns: the latest weeks that fit, summary lines broken")
  func stats() throws {
    let box = try filtered()
    _ = try box.run(["review", "rate", "1", "good"])
    for width in [40, 20] {
      let lines = try table(box, ["stats"], width: width)
      let calendar = lines.filter { $0.hasPrefix("Mon  ") }
      #expect(calendar.count == 1 && DisplayWidth.of(String(calendar[0])) == width, "\(lines)")
      #expect(lines.contains { $0.contains("last \(width - 5) weeks") }, "\(lines)")
      #expect(lines.contains("  1 category"), "\(lines)")
    }
    let at40 = try table(box, ["stats"], width: 40)
    #expect(at40.contains("  next 30 days: answered and open"), "\(at40)")
    #expect(at40.contains("  most in a day: 1"), "\(at40)")
    // A pipe: the whole year, the summary on one line.
    let piped = try box.run(["stats", "--format", "table"])
    #expect(piped.stdout.contains("Reading activity  posts and questions added, last 52 weeks\n"))
    #expect(piped.stdout.contains(" · 2 questions (2 starred, 1 answered) · 0 highlights · "))
  }
}
