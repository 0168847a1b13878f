import Foundation
import Testing

/// Issue 20: sync merges field by field, a deletion wins over an edit made without seeing it,
/// deletions converge to the same backup, and a set-up cannot strand anyone.
@Suite("memo sync: field-level merge, deletions, set-up and remote moves (issue 20)")
struct SyncFieldTests {
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  static func conflicts(_ box: Sandbox) throws -> [[String: Any]] {
    let result = try box.run(["sync", "conflicts", "--format", "json"])
    guard result.status == 0, let list = try json(result.stdout) as? [[String: Any]] else {
      throw SandboxError.failed(result)
    }
    return list
  }

  @Test("a star on one machine and an answer on the other both survive, with no conflict")
  func differentFields() throws {
    let lab = try SyncLab()
    let laptop = try lab.device("laptop")
    let desktop = try lab.device("desktop")
    let dune = try laptop.add("Dune", ["--author", "Frank Herbert"])
    _ = try laptop.run(["ask", "\(dune)", "Why spice?"])
    try SyncLab.round(laptop)
    try SyncLab.round(desktop)
    _ = try laptop.run(["star", "1"])
    _ = try laptop.run(["edit", "1", "--title", "Dune (1965)"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try desktop.run(["answer", "1", "The desert."])
    _ = try desktop.run(["edit", "1", "--author", "F. Herbert"])
    #expect(try SyncLab.round(laptop)["conflicts"] == 0)
    #expect(try SyncLab.round(desktop)["conflicts"] == 0)
    #expect(try SyncLab.round(laptop)["conflicts"] == 0)
    for box in [laptop, desktop] {
      #expect(try box.rows("SELECT starred, answer FROM questions") == [["1", "The desert."]])
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune (1965)", "F. Herbert"]])
      #expect(try box.rows("SELECT count(*) FROM sync_conflicts") == [["0"]])
    }
    #expect(try SyncLab.synced(laptop) == SyncLab.synced(desktop))
  }

  @Test(
    "a star set on one machine while another, which had seen an earlier star, takes it off: the conflict says it in words"
  )
  func starInWords() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let c = try lab.device("c")
    let dune = try a.add("Dune")
    _ = try a.succeed(["ask", "\(dune)", "Why spice?"])
    for box in [a, b, c] { try SyncLab.round(box) }
    _ = try a.succeed(["star", "1"])
    try SyncLab.round(a)
    try SyncLab.round(c)
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.succeed(["star", "1"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try c.succeed(["unstar", "1"])
    for box in [c, b, a, c, b] { try SyncLab.round(box) }
    for box in [a, b, c] {
      #expect(try box.rows("SELECT starred FROM questions") == [["0"]])
      let list = try Self.conflicts(box)
      #expect(list.count == 1)
      #expect(list.first?["field"] as? String == "starred")
      #expect(list.first?["kept"] as? String == "not starred")
      #expect(list.first?["lost"] as? String == "starred")
      let plain = try box.succeed(["sync", "conflicts", "--format", "plain"])
      #expect(plain.contains("\tnot starred\tstarred\t"), "\(plain)")
    }
  }

  @Test(
    "the same field on three machines: the latest wins, each other value is one conflict with the field, kept and lost; dismissing on one machine clears it everywhere"
  )
  func sameFieldThreeMachines() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let c = try lab.device("c")
    _ = try a.add("Dune")
    try SyncLab.retitled([(a, "Dune (a)"), (b, "Dune (b)"), (c, "Dune (c)")])
    _ = try c.succeed(["edit", "1", "--author", "Herbert"])
    for box in [b, a, c, b, a] { try SyncLab.round(box) }
    for box in [a, b, c] {
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune (c)", "Herbert"]])
      let list = try Self.conflicts(box)
      #expect(list.count == 2)
      #expect(Set(list.compactMap { $0["lost"] as? String }) == ["Dune (a)", "Dune (b)"])
      for conflict in list {
        #expect(conflict["field"] as? String == "title")
        #expect(conflict["kept"] as? String == "Dune (c)")
        #expect(conflict["kind"] as? String == "post")
        #expect((conflict["uuid"] as? String)?.count == 36)
        #expect(conflict["id"] is Int)
      }
    }
    // Dismissed on b: gone from a and c after their next rounds; the title stays.
    let onB = try Self.conflicts(b).first { $0["lost"] as? String == "Dune (a)" }
    let id = try #require(onB?["id"] as? Int)
    let dismissed = try b.run(["sync", "conflicts", "dismiss", "\(id)", "--format", "table"])
    #expect(dismissed.status == 0, "\(dismissed.stderr)")
    #expect(dismissed.stdout.hasPrefix("dismissed the post's title 'Dune (a)'"))
    for box in [b, a, c] { try SyncLab.round(box) }
    for box in [a, b, c] {
      #expect(try Self.conflicts(box).compactMap { $0["lost"] as? String } == ["Dune (b)"])
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (c)"]])
    }
    // Restored on c: the value comes back everywhere, the conflict goes everywhere, and the
    // value it replaced is kept in turn (issue 35).
    let last = try #require(try Self.conflicts(c).first?["id"] as? Int)
    #expect(try c.run(["sync", "conflicts", "restore", "\(last)"]).status == 0)
    for box in [c, a, b] { try SyncLab.round(box) }
    for box in [a, b, c] {
      #expect(try Self.conflicts(box).compactMap { $0["lost"] as? String } == ["Dune (c)"])
      #expect(try box.rows("SELECT title, author FROM posts") == [["Dune (b)", "Herbert"]])
    }
    #expect(try b.run(["sync", "conflicts", "dismiss", "99"]).status == 1)
  }

  @Test(
    "every format of sync conflicts goes through the listing writer",
    arguments: ["json", "jsonl", "csv", "tsv", "plain", "table"])
  func conflictFormats(format: String) throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.run(["edit", "1", "--title", "Dune (a)"])
    Thread.sleep(forTimeInterval: 0.01)
    _ = try b.run(["edit", "1", "--title", "Dune (b)"])
    try SyncLab.round(a)
    try SyncLab.round(b)
    let listed = try b.run(["sync", "conflicts", "--format", format])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("Dune (a)"))
    #expect(listed.stdout.contains("Dune (b)"))
    switch format {
    case "json": #expect(try Self.json(listed.stdout) is [Any])
    case "jsonl": #expect(try Self.json(listed.stdout) is [String: Any])
    case "csv":
      #expect(
        listed.stdout.hasPrefix(
          "id,kind,uuid,field,record,kept,lost,deleted,device,winner,changed_at,detected_at\r\n"))
    case "table": #expect(listed.stdout.hasPrefix("ID"))
    default: break
    }
  }

  /// A post with a question and on the shelf, synced to both; then `edit` on one machine and
  /// `rm` on the other, rounds in the order given.
  func editAgainstDelete(deleterFirst: Bool) throws {
    let lab = try SyncLab()
    let editor = try lab.device("editor")
    let deleter = try lab.device("deleter")
    let dune = try editor.add("Dune")
    _ = try editor.run(["ask", "\(dune)", "Why spice?"])
    _ = try editor.run(["fav", "\(dune)"])
    try SyncLab.round(editor)
    try SyncLab.round(deleter)
    _ = try editor.run(["edit", "1", "--title", "Dune (edited)"])
    _ = try deleter.run(["rm", "1", "--yes"])
    let order = deleterFirst ? [deleter, editor, deleter, editor] : [editor, deleter, editor, deleter]
    for box in order { try SyncLab.round(box) }
    // The deletion wins: nothing half there on either machine, the edit kept as a conflict.
    for box in [editor, deleter] {
      #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
      #expect(try box.rows("SELECT count(*) FROM favorites") == [["0"]])
      let list = try Self.conflicts(box)
      #expect(list.count == 1)
      #expect(list.first?["field"] as? String == "title")
      #expect(list.first?["lost"] as? String == "Dune (edited)")
      #expect(list.first?["kept"] is NSNull)
      #expect(list.first?["deleted"] as? Bool == true)
    }
    #expect(try SyncLab.synced(editor) == SyncLab.synced(deleter))
    // Restorable: the post comes back on every machine, as the editor had it.
    let id = try #require(try Self.conflicts(deleter).first?["id"] as? Int)
    let restored = try deleter.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    for box in [deleter, editor] { try SyncLab.round(box) }
    for box in [editor, deleter] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (edited)"]])
      #expect(try Self.conflicts(box).isEmpty)
    }
  }

  @Test("an edit against a deletion, the deleting machine's round first: the deletion wins")
  func deletionFirst() throws { try editAgainstDelete(deleterFirst: true) }

  @Test("an edit against a deletion, the editing machine's round first: the deletion wins")
  func editFirst() throws { try editAgainstDelete(deleterFirst: false) }

  @Test("after a deletion syncs, every machine's JSON backup is the same, byte for byte")
  func identicalBackups() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b", skewHours: 2)
    let c = try lab.device("c")
    _ = try b.add("Hyperion")
    _ = try a.add("Dune")
    _ = try a.run(["ask", "1", "Why spice?", "--category", "ecology"])
    _ = try c.add("Solaris")
    for box in [a, b, c, a, b] { try SyncLab.round(box) }
    _ = try a.run(["fav", "1"])
    _ = try b.run(["rm", "2", "--yes"])
    _ = try c.run(["filter", "save", "all"])
    for box in [a, b, c, a, b, c] { try SyncLab.round(box) }
    let backups = try [a, b, c].map { box -> String in
      let result = try box.run(["export", "--format", "json"])
      #expect(result.status == 0)
      return result.stdout
    }
    #expect(backups[0].contains("\"deleted\":[\n{"))
    #expect(backups[1] == backups[0])
    #expect(backups[2] == backups[0])
  }

  @Test(
    "sync init refuses a repository memo did not write (65, naming a file) and changes nothing; the right one then works"
  )
  func foreignRemote() throws {
    let lab = try SyncLab()
    let foreign = lab.root.root + "/foreign.git"
    try SyncLab.git(["init", "-q", "--bare", foreign])
    let work = lab.root.root + "/work"
    try SyncLab.git(["init", "-q", "-b", "main", work])
    try "hello\n".write(toFile: work + "/README.md", atomically: true, encoding: .utf8)
    try SyncLab.git(["add", "README.md"], in: work)
    try SyncLab.git(["commit", "-q", "-m", "readme"], in: work)
    try SyncLab.git(["push", "-q", foreign, "main"], in: work)
    let head = try SyncLab.git(["-C", foreign, "rev-parse", "main"])

    let box = try lab.device("a", initialize: false)
    _ = try box.add("Dune")
    let refused = try box.run(["sync", "init", foreign])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("holds README.md (branch main), which memo did not write"))
    #expect(refused.stderr.split(separator: "\n").count == 1)
    #expect(try SyncLab.git(["-C", foreign, "rev-parse", "main"]) == head)
    #expect(try SyncLab.git(["-C", foreign, "ls-tree", "-r", "--name-only", "main"]) == "README.md\n")
    #expect(try box.rows("SELECT count(*) FROM sync_settings") == [["0"]])
    #expect(try box.run(["sync", "status"]).status == 64)
    let right = try box.run(["sync", "init", lab.remote, "--name", "a"])
    #expect(right.status == 0, "\(right.stderr)")
    #expect(right.stdout == "1\t0\t0\t0\t0\n")
  }

  @Test(
    "a failed sync init (an unreadable file on the remote, 65) leaves the database as it was; a second init with the right remote works"
  )
  func failedInitForgets() throws {
    let lab = try SyncLab()
    let bad = lab.root.root + "/bad.git"
    try SyncLab.git(["init", "-q", "--bare", bad])
    let work = lab.root.root + "/work"
    try SyncLab.git(["init", "-q", "-b", "main", work])
    try FileManager.default.createDirectory(
      atPath: work + "/devices/x", withIntermediateDirectories: true)
    try "not json\n".write(
      toFile: work + "/devices/x/changes-00000001.jsonl", atomically: true, encoding: .utf8)
    try SyncLab.git(["add", "-A"], in: work)
    try SyncLab.git(["commit", "-q", "-m", "x"], in: work)
    try SyncLab.git(["push", "-q", bad, "main"], in: work)

    let box = try lab.device("a", initialize: false)
    _ = try box.add("Dune")
    let before = try box.run(["export", "--format", "json"]).stdout
    let failed = try box.run(["sync", "init", bad])
    #expect(failed.status == 65)
    #expect(try box.rows("SELECT count(*) FROM sync_settings") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM sync_outbox") == [["0"]])
    #expect(try box.run(["export", "--format", "json"]).stdout == before)
    let unreachable = try box.run(["sync", "init", lab.root.root + "/nowhere.git"])
    #expect(unreachable.status == 69)
    #expect(
      unreachable.stderr.contains(
        "(git: fatal: '\(lab.root.root)/nowhere.git' does not appear to be a git repository)"))
    let right = try box.run(["sync", "init", lab.remote, "--name", "a"])
    #expect(right.status == 0, "\(right.stderr)")
    #expect(right.stdout == "1\t0\t0\t0\t0\n")
  }

  @Test(
    "sync remote shows the remote and moves it (a disk mounted elsewhere) in one command; a foreign or unreachable one changes nothing"
  )
  func moveRemote() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try a.run(["sync", "remote"]).stdout == lab.remote + "\n")
    let moved = lab.root.root + "/usb2/memo.git"
    try FileManager.default.createDirectory(
      atPath: lab.root.root + "/usb2", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: lab.remote, toPath: moved)
    #expect(try a.run(["sync"]).status == 69)
    let nowhere = try a.run(["sync", "remote", lab.root.root + "/nowhere.git"])
    #expect(nowhere.status == 69)
    #expect(try a.run(["sync", "remote"]).stdout == lab.remote + "\n")
    let move = try a.run(["sync", "remote", moved, "--format", "table"])
    #expect(move.status == 0, "\(move.stderr)")
    #expect(move.stdout == "syncs with \(moved) now; 'memo sync' runs a round\n")
    // Plain (piped): the remote, as `memo sync remote` prints it.
    #expect(try a.run(["sync", "remote", moved]).stdout == moved + "\n")
    #expect(
      try a.run(["sync", "remote", "--format", "json"]).stdout == "{\n  \"remote\": \"\(moved)\"\n}\n")
    _ = try a.add("Hyperion")
    #expect(try SyncLab.round(a)["pushed"] == 1)
    #expect(try b.run(["sync", "remote", moved]).status == 0)
    #expect(try SyncLab.round(b)["applied"] == 1)
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
    let notSetUp = try lab.device("c", initialize: false)
    #expect(try notSetUp.run(["sync", "remote"]).status == 64)
  }

  @Test(
    "sync status reports the last round; a fresh bare remote's HEAD is the branch memo pushes")
  func statusAndHead() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    #expect(
      try SyncLab.git(["-C", lab.remote, "symbolic-ref", "HEAD"]) == "refs/heads/main\n")
    _ = try a.add("Dune")
    _ = try a.add("Hyperion")
    try SyncLab.round(a)
    let status = try a.run(["sync", "status", "--format", "json"])
    let object = try #require(try Self.json(status.stdout) as? [String: Any])
    let last = try #require(object["last_round"] as? [String: Any])
    #expect(last["pushed"] as? Int == 2)
    #expect(last["applied"] as? Int == 0)
    #expect((last["at"] as? String)?.hasSuffix("Z") == true)
    let table = try a.run(["sync", "status", "--format", "table"]).stdout
    #expect(table.contains("last round: "))
    #expect(table.contains(", pushed 2, applied 0, conflicts 0"))
  }
}
