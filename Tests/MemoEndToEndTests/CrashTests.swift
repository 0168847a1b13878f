import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("killed at any moment (SPEC §7)", .serialized)
struct CrashTests {
  /// Kills in the suite: 12; `scripts/crash-test` runs more (MEMO_CRASH_KILLS).
  static let kills = Int(ProcessInfo.processInfo.environment["MEMO_CRASH_KILLS"] ?? "") ?? 12
  static let imported = 5000

  @Test("import, export, undo and rm killed with SIGKILL leave a sound database and whole files")
  func killLoop() throws {
    let box = try Sandbox()
    for i in 0..<20 {
      let id = try box.add("base \(i)", ["--body", String(repeating: "text ", count: 50)])
      _ = try box.run(["ask", "\(id)", "base question \(i)?", "--category", "c\(i % 3)"])
    }
    var lines = ["{\"type\":\"header\",\"format\":\"memo\",\"version\":1}"]
    for i in 0..<Self.imported {
      lines.append(
        "{\"type\":\"post\",\"uuid\":\"imp-p-\(i)\",\"title\":\"Imported \(i)\",\"body\":\"\(String(repeating: "word ", count: 20))\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"}"
      )
      lines.append(
        "{\"type\":\"question\",\"uuid\":\"imp-q-\(i)\",\"post_uuid\":\"imp-p-\(i)\",\"text\":\"Why \(i)?\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"}"
      )
    }
    let importFile = box.root + "/big.jsonl"
    try lines.joined(separator: "\n").write(toFile: importFile, atomically: true, encoding: .utf8)
    let backup = box.root + "/backup.json"
    #expect(try box.run(["export", "--output", backup]).status == 0)

    var random = SplitMix(seed: 20_261_122)
    var killed = 0
    for k in 0..<Self.kills {
      let arguments: [String]
      switch k % 4 {
      case 0: arguments = ["import", importFile]
      case 1: arguments = ["export", "--output", backup]
      case 2: arguments = ["undo"]
      default:
        // Only the base posts: the imported ones must stay all or nothing.
        let ids = try box.rows(
          "SELECT id FROM posts WHERE uuid NOT LIKE 'imp-%' ORDER BY random() LIMIT 1")
        arguments = ["rm", ids.first?.first ?? "1", "--yes"]
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Sandbox.binary)
      process.arguments = arguments
      process.environment = box.environment
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
      process.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try process.run()
      // Imports take a few hundred milliseconds, the rest a few dozen: kill within that.
      usleep(UInt32(random.next() % (k % 4 == 0 ? 400_000 : 40_000)))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()

      #expect(try box.rows("PRAGMA integrity_check") == [["ok"]], "after \(arguments)")
      #expect(try box.rows("PRAGMA foreign_key_check").isEmpty, "after \(arguments)")
      #expect(
        try box.rows("SELECT entry_id IS NULL FROM journal_context") == [["1"]],
        "after \(arguments)")
      // An import drops the per-row insert triggers inside its transaction (BulkLoad): never
      // for good.
      #expect(
        try box.rows(
          """
          SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name IN
          ('posts_search_insert', 'questions_search_insert', 'posts_grams_insert',
           'questions_grams_insert', 'questions_journal_insert', 'questions_untombstone',
           'questions_change_insert')
          """) == [["7"]], "after \(arguments)")
      #expect(
        try box.rows("SELECT count(*) FROM search_words WHERE kind = 'post'")
          == box.rows("SELECT count(*) FROM posts"),
        "the search index lost step after \(arguments)")
      let posts = try box.rows("SELECT count(*) FROM posts WHERE uuid LIKE 'imp-p-%'")[0][0]
      let questions = try box.rows("SELECT count(*) FROM questions WHERE uuid LIKE 'imp-q-%'")[0][0]
      #expect(
        posts == "0" || posts == "\(Self.imported)",
        "a torn import after \(arguments): \(posts) posts")
      #expect(posts == questions, "after \(arguments)")
      let text = try Data(contentsOf: URL(fileURLWithPath: backup))
      #expect(
        (try? JSONSerialization.jsonObject(with: text)) != nil, "a torn export after \(arguments)")
    }
    // The journal still works, and memo's own check agrees.
    _ = try box.run(["add", "after the storm"])
    #expect(try box.run(["undo"]).status == 0)
    #expect(try box.run(["redo"]).status == 0)
    #expect(try box.run(["db", "check"]).status == 0)
    print("crash test: \(killed) of \(Self.kills) commands killed mid-run")
    #expect(killed > 0)
  }
}

/// A small deterministic random number generator (SplitMix64), so a failing run repeats.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
