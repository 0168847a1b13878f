import Foundation
import Testing

/// What an export or a backup killed with SIGKILL leaves (`.NAME.memo-tmp-PID`, a backup's
/// `-journal` too) is removed by the next export or backup into that folder, as the README
/// says: the same target's at once, another's once untouched for a minute; nothing else is.
@Suite("Leftover temporary files of killed runs")
struct LeftoverTemporaryTests {
  /// A PID no process has: a child that has exited and been reaped.
  static func gonePID() -> Int32 {
    var pid: Int32 = 0
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    _ = posix_spawn(&pid, "/bin/true", nil, nil, &arguments, nil)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    free(arguments[0])
    return pid
  }

  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// Fills `folder` with stale leftovers of other targets, untouched for two minutes (removed),
  /// of the target `target` (removed at once), and look-alikes (kept).
  /// - Returns: the names that must stay.
  func plant(in folder: String, target: String, outside: String) throws -> [String] {
    let gone = Self.gonePID()
    let fm = FileManager.default
    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let stale = [
      ".a.json.memo-tmp-\(gone)", ".m.db.memo-tmp-\(gone)", ".m.db.memo-tmp-\(gone)-journal",
      ".m.db.memo-tmp-\(gone)-wal", ".m.db.memo-tmp-\(gone)-shm", ".old.jsonl.memo-tmp-99999999",
    ]
    let own = [
      ".\(target).memo-tmp-\(gone)", ".\(target).memo-tmp-\(gone)-journal",
      ".\(target).memo-tmp-\(gone)-wal", ".\(target).memo-tmp-\(gone)-shm",
    ]
    let kept = [
      ".live.json.memo-tmp-\(getpid())",  // this test process: running
      ".live.db.memo-tmp-\(getpid())-journal",
      ".x.memo-tmp-abc", ".x.memo-tmp-+\(gone)", ".x.memo-tmp-\(gone)-walrus",
      "x.json.memo-tmp-\(gone)",  // no leading dot: not memo's name
      ".memo-tmp-\(gone)",  // no NAME
      "notes.txt",
    ]
    let old = Date(timeIntervalSinceNow: -120)
    for name in stale + kept {
      #expect(fm.createFile(atPath: folder + "/" + name, contents: Data("partial".utf8)))
      try fm.setAttributes([.modificationDate: old], ofItemAtPath: folder + "/" + name)
    }
    // Written just now: perhaps a run on another machine sharing the folder (its PID unseen
    // here), so another target's file stays; the target's own goes.
    let recent = ".recent.json.memo-tmp-\(gone)"
    for name in own + [recent] {
      #expect(fm.createFile(atPath: folder + "/" + name, contents: Data("partial".utf8)))
    }
    // A symlink and a folder with a stale memo name: neither removed nor followed.
    #expect(fm.createFile(atPath: outside, contents: Data("keep me".utf8)))
    try fm.createSymbolicLink(
      atPath: folder + "/.link.json.memo-tmp-\(gone)", withDestinationPath: outside)
    try fm.createDirectory(
      atPath: folder + "/.dir.json.memo-tmp-\(gone)", withIntermediateDirectories: false)
    return
      (kept + [recent, ".link.json.memo-tmp-\(gone)", ".dir.json.memo-tmp-\(gone)"]).sorted()
  }

  @Test(
    "db backup into a folder removes the stale leftovers there (another target's once a minute old), nothing else"
  )
  func backupCleans() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let folder = box.root + "/out"
    let outside = box.root + "/outside.txt"
    let kept = try plant(in: folder, target: "new.db", outside: outside)
    let result = try box.run(["db", "backup", folder + "/new.db"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(entries(folder) == (kept + ["new.db"]).sorted())
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep me")
  }

  @Test("export --output into a folder removes a killed backup's leftovers there")
  func exportCleans() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let folder = box.root + "/out"
    let outside = box.root + "/outside.txt"
    let kept = try plant(in: folder, target: "b.json", outside: outside)
    let result = try box.run(["export", "--output", folder + "/b.json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(entries(folder) == (kept + ["b.json"]).sorted())
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep me")
  }

  @Test("db backup to a pipe removes what a killed one left in $TMPDIR, and its own copy")
  func pipedBackupCleansTemporaryFolder() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let gone = Self.gonePID()
    let left = [".memo-backup.db.memo-tmp-\(gone)", ".memo-backup.db.memo-tmp-\(gone)-journal"]
    for name in left {
      #expect(FileManager.default.createFile(atPath: box.root + "/" + name, contents: nil))
    }
    let result = try box.shell(
      "'\(Sandbox.binary)' db backup --quiet >(cat > /dev/null); echo \"status $?\"")
    #expect(result.stdout == "status 0\n")
    #expect(result.stderr == "")
    #expect(entries(box.root).filter { $0.contains("memo-tmp") } == [])
  }

  @Test("a backup killed with SIGKILL: its leftovers go with the next day's backup into the folder")
  func killedBackup() throws {
    let box = try InterruptedExportTests.bigBox()
    let folder = box.root + "/out"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pid = try InterruptedExportTests.spawn(
      ["db", "backup", folder + "/m.db"], environment: box.environment)
    let temporary = ".m.db.memo-tmp-\(pid)"
    // Until the copy has begun (its file has pages in it), then SIGKILL.
    var size = 0
    while waitpid(pid, nil, WNOHANG) == 0 && size == 0 {
      size =
        ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + temporary))?[.size]
          as? Int) ?? 0
      usleep(1_000)
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    // Caught mid-way (not always: a fast machine may finish the copy first).
    if status & 0x7f == SIGKILL {
      #expect(entries(folder).contains(temporary))
    }
    // The next day's backup, under another name (memo-$(date +%F).db).
    for name in entries(folder) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: folder + "/" + name)
    }
    let result = try box.run(["db", "backup", folder + "/other.db"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(entries(folder).filter { $0.contains("memo-tmp") } == [])
  }
}
