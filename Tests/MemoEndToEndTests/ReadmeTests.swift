import Foundation
import Testing

/// The README is tested as Rust tests its doc examples: every ```sh block runs as written, in
/// order, in one shell in a fresh HOME; ```sh norun blocks (an editor, a USB disk, root) are
/// skipped, and there are few of them.
@Suite("the README's shell blocks run as written")
struct ReadmeTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  /// The blocks fenced with `fence` exactly, each with the README line it starts on.
  static func blocks(fenced fence: String) throws -> [(line: Int, text: String)] {
    let lines = try String(contentsOf: readme, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    var blocks: [(line: Int, text: String)] = []
    var current: (line: Int, lines: [Substring])?
    for (number, line) in lines.enumerated() {
      if var open = current {
        if line == "```" {
          blocks.append((open.line, open.lines.joined(separator: "\n")))
          current = nil
        } else {
          open.lines.append(line)
          current = open
        }
      } else if line == fence {
        current = (number + 1, [])
      }
    }
    return blocks
  }

  @Test("every sh block runs in order in a fresh HOME, each line exiting 0")
  func shellBlocksRun() throws {
    let blocks = try Self.blocks(fenced: "```sh")
    #expect(blocks.count >= 5)
    let box = try Sandbox()
    let binaries = (Sandbox.binary as NSString).deletingLastPathComponent
    var script = """
      set -euo pipefail
      trap 'echo "README line $README_LINE failed (status $?): $BASH_COMMAND" >&2' ERR
      cd "$HOME"
      # What each `memo review due|digest` line printed, by its README line (checked below).
      memo() {
        case "${1:-} ${2:-}" in
          "review due"|"review digest")
            command memo "$@" | tee "$HOME/.printed-$README_LINE"; return "${PIPESTATUS[0]}";;
          *) command memo "$@";;
        esac
      }

      """
    for block in blocks {
      for (offset, line) in block.text.split(separator: "\n").enumerated() {
        script += "README_LINE=\(block.line + 1 + offset)\n\(line)\n"
      }
    }
    let result = try box.run(
      ["-c", script], environment: ["PATH": binaries + ":" + (box.environment["PATH"] ?? "")],
      executable: "/bin/bash")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("failed"), "\(result.stderr)")
    // What the tour built is there at the end.
    #expect(try box.rows("SELECT count(*) FROM posts") == [["3"]])
    #expect(FileManager.default.fileExists(atPath: box.root + "/backup/memo.db"))
    // The tour's review examples show something: no filter left on hides what is due.
    var reviewLines = 0
    for block in blocks {
      for (offset, line) in block.text.split(separator: "\n").enumerated()
      where line.hasPrefix("memo review due") || line.hasPrefix("memo review digest") {
        let number = block.line + 1 + offset
        let printed = try? String(contentsOfFile: box.root + "/.printed-\(number)", encoding: .utf8)
        #expect(printed?.isEmpty == false, "README line \(number) printed nothing: \(line)")
        reviewLines += 1
      }
    }
    #expect(reviewLines >= 3)
  }

  @Test("the blocks left out are few, and each line of a run block is a command (no ' / ' joins)")
  func fewSkippedBlocks() throws {
    #expect(try Self.blocks(fenced: "```sh norun").count <= 6)
    for block in try Self.blocks(fenced: "```sh") {
      for line in block.text.split(separator: "\n") where !line.hasPrefix("#") {
        let code = line.split(separator: "#", maxSplits: 1).first ?? line
        #expect(!code.contains(" / memo"), "line \(block.line): \(line)")
      }
    }
  }
}
