import Foundation
import MemoStorage

/// What one run of the binary did.
struct RunResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// A temporary HOME for running the built `memo` binary: never the real home directory.
/// Output goes to files, not pipes, so a large output cannot deadlock the test.
final class Sandbox {
  let root: String
  var environment: [String: String]

  init() throws {
    var template = Array((NSTemporaryDirectory() + "memo-e2e-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    root = String(cString: made)
    environment = [
      "HOME": root, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "TZ": "UTC", "LANG": "C.UTF-8", "TMPDIR": root,
    ]
    // A sanitizer run configures the binary too.
    for name in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"] {
      if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The default database path for this HOME.
  var defaultDatabase: String { root + "/.local/share/memo/memo.db" }

  /// The built binary: next to the test bundle (or $MEMO_BIN).
  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["MEMO_BIN"] { return path }
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    var folder = (exe as NSString).deletingLastPathComponent
    // swift test runs <build>/debug/memoPackageTests.xctest; the binary is <build>/debug/memo.
    while !folder.isEmpty && folder != "/" {
      let candidate = folder + "/memo"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return "memo"
  }()

  /// Runs `memo` with `arguments`, stdin from `input` (else /dev/null).
  @discardableResult
  func run(
    _ arguments: [String], input: String? = nil, inputBytes: [UInt8]? = nil,
    environment extra: [String: String] = [:], executable: String = Sandbox.binary
  ) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    let id = UUID().uuidString
    let outPath = root + "/.out-\(id)"
    let errPath = root + "/.err-\(id)"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = out
    process.standardError = err
    if let bytes = inputBytes ?? input.map({ Array($0.utf8) }) {
      let inPath = root + "/.in-\(id)"
      _ = FileManager.default.createFile(atPath: inPath, contents: Data(bytes))
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    } else {
      process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    }
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    defer {
      try? FileManager.default.removeItem(atPath: outPath)
      try? FileManager.default.removeItem(atPath: errPath)
    }
    return RunResult(
      status: process.terminationStatus,
      stdout: String(
        decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
      stderr: String(
        decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
  }

  /// Runs a bash script in the sandbox's folder with its environment (for pipes).
  func shell(_ script: String) throws -> RunResult {
    try run(["-c", script], executable: "/bin/bash")
  }

  /// Runs `memo add` and returns the new id.
  func add(_ title: String, _ more: [String] = []) throws -> Int {
    let result = try run(["add", title] + more)
    guard result.status == 0,
      let id = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw SandboxError.failed(result) }
    return id
  }

  /// Rows of a query on the database, each column as text ("NULL" for null).
  func rows(_ sql: String, database: String? = nil) throws -> [[String]] {
    let db = try Database(path: database ?? defaultDatabase, create: false)
    let statement = try db.makeStatement(sql: sql)
    var rows: [[String]] = []
    let count = statement.columnCount
    while try statement.step() {
      rows.append((0..<count).map { statement.text($0) ?? "NULL" })
    }
    return rows
  }

  /// Makes every question and highlight as if made at `time`, so that ratings `--at` a past
  /// time (a reference vector's 2022) do not come before their item (which `review rate`
  /// refuses).
  func backdate(to time: String = "2000-01-01T00:00:00.000Z", database: String? = nil) throws {
    try execute(
      "UPDATE questions SET created_at = '\(time)'; UPDATE highlights SET created_at = '\(time)'",
      database: database)
  }

  /// Runs SQL that changes the database (to set up a case).
  func execute(_ sql: String, database: String? = nil) throws {
    let db = try Database(path: database ?? defaultDatabase, create: false)
    try db.executeScript(sql)
  }
}

enum SandboxError: Error {
  case failed(RunResult)
}
