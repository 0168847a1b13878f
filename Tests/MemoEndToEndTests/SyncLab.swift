import Foundation
import Testing

/// Several devices (each a `Sandbox`: its own HOME) syncing through one bare repository in a
/// temporary folder: never the network, never the real HOME.
final class SyncLab {
  let root: Sandbox
  let remote: String
  private(set) var devices: [String: Sandbox] = [:]

  init() throws {
    root = try Sandbox()
    remote = root.root + "/remote.git"
    try Self.git(["init", "-q", "--bare", remote])
  }

  /// A new device with its own HOME; `initialize` runs `memo sync init` with its name.
  func device(_ name: String, initialize: Bool = true, skewHours: Int = 0) throws -> Sandbox {
    let box = try Sandbox()
    if skewHours != 0 {
      box.environment["MEMO_SYNC_CLOCK_SKEW_MS"] = String(skewHours * 3_600_000)
    }
    devices[name] = box
    if initialize {
      let result = try box.run(["sync", "init", remote, "--name", name])
      #expect(result.status == 0, "\(result.stderr)")
    }
    return box
  }

  /// Machines that all hold post 1, each retitling it as given, in this order, a hundredth of a
  /// second apart (each edit later than the one before), after one round each.
  static func retitled(_ edits: [(Sandbox, String)]) throws {
    for (box, _) in edits { try round(box) }
    for (i, (box, title)) in edits.enumerated() {
      if i > 0 { Thread.sleep(forTimeInterval: 0.01) }
      let result = try box.run(["edit", "1", "--title", title])
      guard result.status == 0 else { throw SandboxError.failed(result) }
    }
  }

  /// Runs `memo sync --format json` and returns its counts.
  @discardableResult
  static func round(_ box: Sandbox, _ extra: [String] = []) throws -> [String: Int] {
    let result = try box.run(["sync", "--format", "json"] + extra)
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        as? [String: Int]
    else { throw SandboxError.failed(result) }
    return object
  }

  /// What must be equal on every device: the export without what stays per device (the
  /// current filter) or is local bookkeeping (tombstones' times), posts and questions by UUID
  /// (ids, and so the export's order, are each device's own).
  static func synced(_ box: Sandbox) throws -> String {
    let result = try box.run(["export", "--format", "json"])
    guard result.status == 0,
      var object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        as? [String: Any]
    else { throw SandboxError.failed(result) }
    object["deleted"] = nil
    object["current_filter"] = nil
    object["exported_at"] = nil
    func uuid(_ item: Any) -> String { (item as? [String: Any])?["uuid"] as? String ?? "" }
    var posts = (object["posts"] as? [[String: Any]]) ?? []
    for i in posts.indices {
      posts[i]["questions"] = ((posts[i]["questions"] as? [Any]) ?? []).sorted {
        uuid($0) < uuid($1)
      }
    }
    object["posts"] = posts.sorted { uuid($0) < uuid($1) }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// The commit the remote's main branch points at.
  func remoteHead() throws -> String {
    try Self.git(["-C", remote, "rev-parse", "main"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  @discardableResult
  static func git(_ arguments: [String], in folder: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + (folder.map { ["-C", $0] } ?? []) + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = NSTemporaryDirectory()
    environment["GIT_AUTHOR_NAME"] = "test"
    environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
    environment["GIT_COMMITTER_NAME"] = "test"
    environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SandboxError.failed(
        RunResult(status: process.terminationStatus, stdout: "", stderr: ""))
    }
    return String(decoding: data, as: UTF8.self)
  }
}
