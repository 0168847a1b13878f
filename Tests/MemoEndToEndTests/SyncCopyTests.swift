import Foundation
import Testing

/// A database restored from a backup, or memo.db copied to a second machine, holds the device
/// id and change-file numbers of the database it came from (issue 35): its round must not
/// overwrite that copy's files on the remote, and `memo sync init --new-device` must bring
/// every machine to every note.
@Suite("memo sync: a restored backup or a copied memo.db")
struct SyncCopyTests {
  /// Puts the database file `from` in place of `box`'s (its -wal and -shm gone), as a user
  /// restoring a backup or copying memo.db does.
  static func place(_ from: String, into box: Sandbox) throws {
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: (box.defaultDatabase as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    for suffix in ["", "-wal", "-shm"] {
      try? manager.removeItem(atPath: box.defaultDatabase + suffix)
    }
    try manager.copyItem(atPath: from, toPath: box.defaultDatabase)
  }

  static func titles(_ box: Sandbox) throws -> [String] {
    try box.rows("SELECT title FROM posts ORDER BY title").map { $0[0] }
  }

  /// The files on the remote, each with its content.
  static func remoteFiles(_ lab: SyncLab) throws -> [String: String] {
    var files: [String: String] = [:]
    let listed = try SyncLab.git(["-C", lab.remote, "ls-tree", "-r", "--name-only", "main"])
    for path in listed.split(separator: "\n") {
      files[String(path)] = try SyncLab.git(["-C", lab.remote, "show", "main:" + path])
    }
    return files
  }

  @Test(
    "a backup restored on a synced machine: its round is refused (73), nothing on the remote changes, and after 'sync init --new-device' both machines hold every note"
  )
  func restoredBackup() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    let backup = a.root + "/backup.db"
    #expect(try a.run(["db", "backup", backup]).status == 0)

    _ = try a.add("Hyperion")
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try Self.titles(b) == ["Dune", "Hyperion"])

    try Self.place(backup, into: a)
    _ = try a.add("Solaris")
    let before = try Self.remoteFiles(lab)
    let refused = try a.run(["sync"])
    #expect(refused.status == 73, "\(refused.stdout)")
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.hasPrefix("memo: error: the sync remote holds devices/"))
    #expect(refused.stderr.contains("changes-00000002.jsonl, which this database did not write"))
    #expect(refused.stderr.contains("nothing was changed"))
    #expect(refused.stderr.contains("Run 'memo sync init --new-device'"))
    #expect(try Self.remoteFiles(lab) == before)
    // Refused again, the same way, until the way forward is taken.
    #expect(try a.run(["sync"]).status == 73)

    let renewed = try a.run(["sync", "init", "--new-device", "--format", "json"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    // Hyperion, written by the database this one was restored from, arrives.
    #expect(renewed.stdout.contains("\"applied\": 1,"))
    #expect(renewed.stdout.contains("\"conflicts\": 0,"))
    // No file on the remote was rewritten or removed.
    let after = try Self.remoteFiles(lab)
    for (path, content) in before { #expect(after[path] == content, "\(path)") }

    try SyncLab.round(b)
    try SyncLab.round(a)
    #expect(try Self.titles(a) == ["Dune", "Hyperion", "Solaris"])
    #expect(try Self.titles(b) == ["Dune", "Hyperion", "Solaris"])
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
    // Edits go both ways under the new device.
    let solaris = try a.rows("SELECT id FROM posts WHERE title = 'Solaris'")[0][0]
    #expect(try a.run(["edit", solaris, "--title", "Solaris (1961)"]).status == 0)
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try Self.titles(b) == ["Dune", "Hyperion", "Solaris (1961)"])
  }

  @Test(
    "memo.db copied to a second laptop: whichever syncs second is refused, and after 'sync init --new-device' all three machines converge"
  )
  func copiedDatabase() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let dune = try a.add("Dune")
    _ = try a.run(["ask", "\(dune)", "Why spice?"])
    try SyncLab.round(a)
    try SyncLab.round(b)

    let laptop = try Sandbox()
    try Self.place(a.defaultDatabase, into: laptop)
    _ = try laptop.add("Solaris")
    _ = try laptop.run(["answer", "1", "The desert."])
    try SyncLab.round(laptop)
    _ = try a.add("Hyperion")
    _ = try a.run(["edit", "\(dune)", "--author", "Frank Herbert"])
    let before = try Self.remoteFiles(lab)
    let refused = try a.run(["sync"])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("memo sync init --new-device"))
    #expect(try Self.remoteFiles(lab) == before)

    let renewed = try a.run(["sync", "init", "--new-device", "--name", "a2"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    for box in [b, laptop, a, b, laptop] { try SyncLab.round(box) }
    for box in [a, b, laptop] {
      #expect(try Self.titles(box) == ["Dune", "Hyperion", "Solaris"])
      #expect(try box.rows("SELECT answer FROM questions") == [["The desert."]])
      #expect(try box.rows("SELECT author FROM posts WHERE title = 'Dune'") == [["Frank Herbert"]])
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    #expect(try SyncLab.synced(laptop) == SyncLab.synced(b))
    let status = try a.run(["sync", "status", "--format", "json"])
    #expect(status.stdout.contains("\"name\": \"a2\""))
  }

  @Test(
    "a change file waiting to be pushed whose name the remote holds with other content is never pushed over it, and its notes still reach every machine"
  )
  func waitingFileNeverOverwrites() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    let laptop = try Sandbox()
    try Self.place(a.defaultDatabase, into: laptop)
    // The copy's round stamps Solaris as its file 2, and the remote refuses the push.
    let hook = lab.remote + "/hooks/pre-receive"
    try "#!/bin/sh\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    _ = try laptop.add("Solaris")
    #expect(try laptop.run(["sync"]).status == 69)
    #expect(
      try laptop.rows("SELECT name FROM sync_outbox WHERE name LIKE 'changes-%'") == [
        ["changes-00000002.jsonl"]
      ])
    try FileManager.default.removeItem(atPath: hook)
    // Meanwhile the other copy pushes a file 2 of its own.
    _ = try a.add("Hyperion")
    try SyncLab.round(a)
    let device = try laptop.rows("SELECT value FROM sync_settings WHERE key = 'device_id'")[0][0]
    let before = try Self.remoteFiles(lab)
    let refused = try laptop.run(["sync"])
    #expect(refused.status == 73)
    #expect(
      refused.stderr.contains(
        "the sync remote holds devices/\(device)/changes-00000002.jsonl, which this database did not write"
      ))
    #expect(try Self.remoteFiles(lab) == before)
    #expect(try laptop.run(["sync", "init", "--new-device"]).status == 0)
    for box in [a, b, laptop] { try SyncLab.round(box) }
    for box in [a, b, laptop] {
      #expect(try Self.titles(box) == ["Dune", "Hyperion", "Solaris"])
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(laptop))
  }

  @Test("'sync init --new-device' with no sync set up and no remote is a usage error (64)")
  func newDeviceNeedsRemote() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["sync", "init", "--new-device"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("memo sync init REMOTE --new-device"))
  }

  @Test("a relative --db syncs: the sync repository is made next to it, from the current folder")
  func relativeDatabase() throws {
    let lab = try SyncLab()
    let box = try Sandbox()
    _ = try box.add("Dune", ["--db", "notes.db"])
    let first = try box.run(["sync", "init", lab.remote, "--name", "x", "--db", "notes.db"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "1\t0\t0\t0\t0\n")
    #expect(FileManager.default.fileExists(atPath: box.root + "/notes-sync/.git/HEAD"))
    #expect(!FileManager.default.fileExists(atPath: box.root + "/notes-sync/notes-sync"))
    _ = try box.add("Hyperion", ["--db", "notes.db"])
    let round = try box.run(["sync", "--db", "notes.db"])
    #expect(round.status == 0, "\(round.stderr)")
    #expect(round.stdout == "1\t0\t0\t0\t0\n")
    let status = try box.run(["sync", "status", "--db", "./notes.db", "--format", "json"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("\"pending\": 0,"))
  }
}
