import Foundation
import Testing

@Suite("memo sync: devices in temporary HOMEs through a bare repository")
struct SyncTests {
  @Test(
    "the notes on a device are pushed at init, pulled by a new device, and changes go both ways")
  func twoDevices() throws {
    let lab = try SyncLab()
    let laptop = try lab.device("laptop", initialize: false)
    let dune = try laptop.add("Dune", ["--author", "Frank Herbert"])
    _ = try laptop.run(["ask", "\(dune)", "Why spice?", "--category", "ecology", "--star"])
    _ = try laptop.run(["fav", "\(dune)"])
    _ = try laptop.run(["filter", "set", "--starred"])
    _ = try laptop.run(["filter", "save", "stars"])
    let first = try laptop.run(["sync", "init", lab.remote, "--name", "laptop"])
    #expect(first.status == 0, "\(first.stderr)")
    // Plain (piped): pushed, applied, conflicts, retries, compacted.
    #expect(first.stdout == "5\t0\t0\t0\t0\n")

    let desktop = try lab.device("desktop", initialize: false)
    let joined = try desktop.run([
      "sync", "init", lab.remote, "--name", "desktop", "--format", "json",
    ])
    #expect(joined.status == 0, "\(joined.stderr)")
    #expect(
      joined.stdout.hasPrefix("{\n  \"pushed\": 0,\n  \"applied\": 5,\n  \"conflicts\": 0,\n"))
    #expect(try SyncLab.synced(laptop) == SyncLab.synced(desktop))
    // Per device: the current filter stays where it was set.
    #expect(
      try desktop.rows("SELECT count(*) FROM settings WHERE key = 'current_filter'") == [["0"]])

    _ = try desktop.run(["answer", "1", "The desert."])
    _ = try desktop.run(["edit", "1", "--title", "Dune (1965)"])
    let hyperion = try desktop.add("Hyperion")
    _ = try desktop.run(["ask", "\(hyperion)", "Who is the Shrike?"])
    #expect(try SyncLab.round(desktop)["pushed"] == 4)
    #expect(
      try SyncLab.round(laptop) == [
        "pushed": 0, "applied": 4, "conflicts": 0, "retries": 0, "compacted": 0,
      ])
    #expect(try laptop.run(["show", "1", "--format", "json"]).stdout.contains("The desert."))

    // Deletions travel: a post with its questions, a question, a favorite.
    _ = try laptop.run(["rm", "\(hyperion)", "--yes"])
    _ = try laptop.run(["unfav", "1"])
    try SyncLab.round(laptop)
    try SyncLab.round(desktop)
    #expect(try desktop.rows("SELECT title FROM posts") == [["Dune (1965)"]])
    #expect(try desktop.rows("SELECT count(*) FROM favorites") == [["0"]])
    #expect(try SyncLab.synced(laptop) == SyncLab.synced(desktop))
  }

  @Test("a round with nothing to do pushes nothing: no new commit on the remote")
  func emptyRound() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    let head = try lab.remoteHead()
    #expect(
      try SyncLab.round(a) == [
        "pushed": 0, "applied": 0, "conflicts": 0, "retries": 0, "compacted": 0,
      ])
    #expect(try lab.remoteHead() == head)
    let status = try a.run(["sync", "status", "--format", "json"])
    #expect(status.stdout.contains("\n  \"pending\": 0,\n"))
    _ = try a.add("Hyperion")
    #expect(
      try a.run(["sync", "status", "--format", "json"]).stdout.contains("\n  \"pending\": 1,\n"))
  }

  @Test("three devices and one joining late all end with the same notes")
  func threeDevicesAndLateJoiner() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let c = try lab.device("c")
    _ = try a.add("Dune")
    _ = try b.add("Hyperion")
    _ = try c.add("Solaris")
    for box in [a, b, c, a, b] { try SyncLab.round(box) }
    _ = try c.run(["ask", "1", "Why the ocean?", "--category", "mind"])
    _ = try a.run(["edit", "1", "--body", "Spice."])
    _ = try b.run(["rm", "1", "--yes"])  // Hyperion on b is post 1
    for box in [c, b, a, c, b, a] { try SyncLab.round(box) }
    _ = try c.run(["category", "rename", "mind", "psyche"])
    for box in [c, a, b] { try SyncLab.round(box) }
    #expect(try a.rows("SELECT name FROM categories") == [["psyche"]])
    let late = try lab.device("late")
    #expect(try late.rows("SELECT count(*) FROM posts") == [["2"]])
    for box in [a, b, c] { #expect(try SyncLab.synced(box) == SyncLab.synced(late)) }
    try SyncLab.round(a)
    let status = try a.run(["sync", "status", "--format", "table"]).stdout
    #expect(status.contains("this device: a ("))
    for name in ["b", "c", "late"] { #expect(status.contains("  \(name) (")) }
  }

  @Test(
    "a conflict: both devices count it, the later edit wins everywhere (whoever pushes first), the other is kept and restorable"
  )
  func conflict() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.retitled([(a, "Dune (a)"), (b, "Dune (b)")])
    // The later edit pushes first, the earlier one last: the later still wins.
    #expect(try SyncLab.round(b)["conflicts"] == 0)
    let round = try a.run(["sync", "--format", "table"])
    #expect(round.stdout == "pushed 1, applied 1, conflicts 1\n")
    #expect(round.stderr.contains("memo sync conflicts"))
    #expect(try SyncLab.round(b)["conflicts"] == 1)
    for box in [a, b] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (b)"]])
      let listed = try box.run(["sync", "conflicts", "--format", "tsv"])
      #expect(listed.status == 0)
      #expect(
        listed.stdout.split(separator: "\n").dropFirst().first?.hasPrefix(
          "1\tpost\t") == true)
      #expect(listed.stdout.contains("\ttitle\tDune (b)\tDune (b)\tDune (a)\tfalse\ta\tb\t"))
    }
    let json = try a.run(["sync", "conflicts", "--format", "json"]).stdout
    #expect(json.contains("\"field\": \"title\""))
    #expect(json.contains("\"kept\": \"Dune (b)\""))
    #expect(json.contains("\"lost\": \"Dune (a)\""))
    let status = try a.run(["sync", "status", "--format", "csv"]).stdout
    #expect(
      status.hasPrefix(
        "remote,device_id,device_name,pending,conflicts,other_devices,last_round_at\r\n"))
    #expect(status.contains(",a,0,1,b,"))
    // `memo sync restore` still works (an alias of `memo sync conflicts restore`).
    let listedPlain = try a.run(["sync", "conflicts", "--format", "plain"]).stdout
    let restored = try a.run(["sync", "restore", "1"])
    #expect(restored.status == 0, "\(restored.stderr)")
    // Plain: the conflict's line, as `sync conflicts` lists it, as it is now: the value
    // restored kept, from the device that set it (last column); the one it replaced lost,
    // on the device that had won, under the id of the conflict that keeps it now.
    let keptAs = try SyncThreeWayTests.id(a, lost: "Dune (b)")
    #expect(
      restored.stdout
        == keptAs
        + String(listedPlain.drop { $0 != "\t" }).replacing(
          "\ttitle\tDune (b)\tDune (b)\tDune (a)\ta\tfalse\tb\n",
          with: "\ttitle\tDune (b)\tDune (a)\tDune (b)\tb\tfalse\ta\n"))
    #expect(listedPlain.contains("\ttitle\tDune (b)\tDune (b)\tDune (a)\ta\tfalse\tb\n"))
    #expect(try a.rows("SELECT title FROM posts") == [["Dune (a)"]])
    // The title and the resolution.
    #expect(try SyncLab.round(a)["pushed"] == 2)
    #expect(try SyncLab.round(b)["conflicts"] == 0)
    #expect(try b.rows("SELECT title FROM posts") == [["Dune (a)"]])
    // Restored on a: gone on b too, and the title it replaced kept in turn on both (issue 35).
    for box in [a, b] {
      #expect(try box.rows("SELECT lost FROM sync_conflicts") == [["Dune (b)"]])
    }
    let missing = try a.run(["sync", "restore", "1"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "memo: error: no conflict 1; 'memo sync conflicts' lists them\n")
  }

  @Test("a change made after seeing another wins, even on a machine whose clock is hours behind")
  func skewedClocks() throws {
    let lab = try SyncLab()
    let ahead = try lab.device("ahead", skewHours: 5)
    let behind = try lab.device("behind", skewHours: -5)
    _ = try ahead.add("Dune")
    try SyncLab.round(ahead)
    try SyncLab.round(behind)
    _ = try behind.run(["edit", "1", "--title", "Dune, revised"])
    #expect(try SyncLab.round(behind)["conflicts"] == 0)
    #expect(try SyncLab.round(ahead)["conflicts"] == 0)
    #expect(try ahead.rows("SELECT title FROM posts") == [["Dune, revised"]])
  }

  @Test(
    "memo undo of a round pulled from another device refuses (64) and changes nothing on either side"
  )
  func undoRoundRefused() throws {
    // The report: A's books came to B in a round; B's undo took them back and the next
    // round deleted them on A.
    let lab = try SyncLab()
    let a = try lab.device("a", initialize: false)
    _ = try a.add("A-book1")
    _ = try a.add("A-book2")
    let initA = try a.run(["sync", "init", lab.remote])
    #expect(initA.status == 0, "\(initA.stderr)")
    try SyncLab.round(a)
    let b = try lab.device("b", initialize: false)
    _ = try b.add("B-own")
    let initB = try b.run(["sync", "init", lab.remote])
    #expect(initB.status == 0, "\(initB.stderr)")
    try SyncLab.round(b)
    #expect(
      try b.rows("SELECT title FROM posts ORDER BY title") == [["A-book1"], ["A-book2"], ["B-own"]])
    let log = try b.rows("SELECT id, action, undone FROM journal_entries ORDER BY id")
    let head = try lab.remoteHead()

    let undo = try b.run(["undo"])
    #expect(undo.status == 64)
    #expect(undo.stdout == "")
    #expect(undo.stderr.hasPrefix("memo: error: refusing to undo #"))
    #expect(
      undo.stderr.contains("would delete 2 posts on the other devices too; nothing was changed"))
    #expect(undo.stderr.contains("'memo undo --everywhere'"))
    #expect(undo.stderr.split(separator: "\n").count == 1)
    // Nothing changed on B: its posts, its journal, nothing waiting to be pushed.
    #expect(
      try b.rows("SELECT title FROM posts ORDER BY title") == [["A-book1"], ["A-book2"], ["B-own"]])
    #expect(try b.rows("SELECT id, action, undone FROM journal_entries ORDER BY id") == log)
    #expect(
      try b.run(["sync", "status", "--format", "json"]).stdout.contains("\n  \"pending\": 0,\n"))
    // Undoing more than the round refuses as a whole, naming the count to give.
    let three = try b.run(["undo", "3"])
    #expect(three.status == 64)
    #expect(three.stderr.contains("'memo undo 3 --everywhere'"))
    #expect(try b.rows("SELECT id, action, undone FROM journal_entries ORDER BY id") == log)

    // Nothing changed on A either.
    #expect(try SyncLab.round(b)["pushed"] == 0)
    #expect(try lab.remoteHead() == head)
    try SyncLab.round(a)
    #expect(
      try a.rows("SELECT title FROM posts ORDER BY title") == [["A-book1"], ["A-book2"], ["B-own"]])
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))

    // Deliberately: the round goes, here and, at the next rounds, on A.
    let everywhere = try b.run(["undo", "--everywhere"])
    #expect(everywhere.status == 0, "\(everywhere.stderr)")
    #expect(everywhere.stderr.contains("it will delete 2 posts on the other devices"))
    #expect(try b.rows("SELECT title FROM posts ORDER BY title") == [["B-own"]])
    // Its redo brings the records back only: nothing to refuse.
    let redo = try b.run(["redo"])
    #expect(redo.status == 0, "\(redo.stderr)")
    #expect(try b.rows("SELECT count(*) FROM posts") == [["3"]])
    #expect(try b.run(["undo", "--everywhere"]).status == 0)
    try SyncLab.round(b)
    try SyncLab.round(a)
    #expect(try a.rows("SELECT title FROM posts ORDER BY title") == [["B-own"]])
  }

  @Test("a round that only deleted comes back without the flag; its redo, deleting again, refuses")
  func redoRoundRefused() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    let dune = try a.add("Dune")
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.run(["rm", "\(dune)", "--yes"])
    try SyncLab.round(a)
    #expect(try SyncLab.round(b)["applied"] == 1)
    // Undoing the deletion brings Dune back: nothing is lost anywhere.
    let undo = try b.run(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try b.rows("SELECT title FROM posts") == [["Dune"]])
    let redo = try b.run(["redo"])
    #expect(redo.status == 64)
    #expect(
      redo.stderr.contains("would delete 1 post on the other devices too; nothing was changed"))
    #expect(redo.stderr.contains("'memo redo --everywhere'"))
    #expect(try b.rows("SELECT title FROM posts") == [["Dune"]])
    #expect(try b.run(["redo", "--everywhere"]).status == 0)
    #expect(try b.rows("SELECT count(*) FROM posts") == [["0"]])
  }

  @Test("memo undo --everywhere takes a round back, and the next round pushes the undo")
  func undoRound() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.add("Hyperion")
    try SyncLab.round(a)
    #expect(try SyncLab.round(b)["applied"] == 2)
    #expect(try b.run(["log", "--limit", "1"]).stdout.contains("sync: 2 changes from a"))
    let undo = try b.run(["undo", "--everywhere"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(
      undo.stderr
        == "memo: the next 'memo sync' pushes this undo: it will delete 2 posts on the other devices ('memo redo' brings the round back first)\n"
    )
    // An undo of anything else says nothing of sync.
    _ = try b.add("Solaris")
    #expect(try b.run(["undo"]).stderr == "")
    #expect(try b.rows("SELECT count(*) FROM posts") == [["0"]])
    // The two deletions, and Solaris's (made and undone: its tombstone is in every backup).
    #expect(try SyncLab.round(b)["pushed"] == 3)
    try SyncLab.round(a)
    #expect(try a.rows("SELECT count(*) FROM posts") == [["0"]])
  }

  @Test(
    "undoing a round that brought a rating names it by kind, and the refusal and the warning after --everywhere count the same"
  )
  func undoRoundNamesRating() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    _ = try a.succeed(["highlight", "add", "1", "Fear is the mind-killer."])
    _ = try a.add("Hyperion")
    try a.backdate()  // before the rating --at 2026-01-02
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try b.succeed(["review", "rate", "h1", "soon", "--at", "2026-01-02T10:00:00Z"])
    try SyncLab.round(b)
    _ = try a.succeed(["rm", "2", "--yes"])
    #expect(try SyncLab.round(a)["applied"] == 1)
    let round = try #require(try a.rows("SELECT max(id) FROM journal_entries").first?.first)
    let refused = try a.run(["undo", "2"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr
        == "memo: error: refusing to undo #\(round) (sync: 1 change from b): it is a sync round's, and the next 'memo sync' would delete 1 review rating on the other devices too; nothing was changed. To do it here and there, run 'memo undo 2 --everywhere'\n"
    )
    let undone = try a.run(["undo", "2", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(
      undone.stderr
        == "memo: the next 'memo sync' pushes this undo: it will delete 1 review rating on the other devices ('memo redo' brings the round back first)\n"
    )
    #expect(try a.rows("SELECT title FROM posts ORDER BY title") == [["Dune"], ["Hyperion"]])
    try SyncLab.round(a)
    try SyncLab.round(b)
    #expect(try b.rows("SELECT count(*) FROM highlight_review_events") == [["0"]])
    #expect(try b.rows("SELECT title FROM posts ORDER BY title") == [["Dune"], ["Hyperion"]])
  }

  @Test("an unreachable remote exits 69 and changes nothing; when it is back the round completes")
  func remoteGoneAndBack() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    _ = try b.add("Hyperion")
    let moved = lab.remote + ".away"
    try FileManager.default.moveItem(atPath: lab.remote, toPath: moved)
    let before = try b.rows("SELECT seq, kind, key, origin FROM changes ORDER BY seq")
    let gone = try b.run(["sync"])
    #expect(gone.status == 69)
    #expect(gone.stdout == "")
    #expect(gone.stderr.hasPrefix("memo: error: cannot reach the sync remote \(lab.remote) (git: "))
    #expect(gone.stderr.split(separator: "\n").count == 1)
    #expect(try b.rows("SELECT seq, kind, key, origin FROM changes ORDER BY seq") == before)
    #expect(try b.rows("SELECT count(*) FROM sync_outbox") == [["0"]])
    #expect(try b.rows("SELECT count(*) FROM posts") == [["1"]])
    try FileManager.default.moveItem(atPath: moved, toPath: lab.remote)
    #expect(try SyncLab.round(b)["applied"] == 1)
    try SyncLab.round(a)
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }

  @Test("a remote replaced by an empty one gets every device's notes again at its next round")
  func remoteReplaced() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    _ = try b.add("Hyperion")
    try SyncLab.round(b)
    try SyncLab.round(a)
    try FileManager.default.removeItem(atPath: lab.remote)
    try SyncLab.git(["init", "-q", "--bare", lab.remote])
    // Each pushes its own notes again, and says so: one record each (a post of its own).
    let again = try SyncLab.round(a)
    #expect(again["applied"] == 0)
    #expect(again["pushed"] == 1)
    let other = try SyncLab.round(b)
    #expect(other["applied"] == 0)
    #expect(other["pushed"] == 1)
    let late = try lab.device("late")
    #expect(try late.rows("SELECT title FROM posts ORDER BY title") == [["Dune"], ["Hyperion"]])
    #expect(try SyncLab.synced(late) == SyncLab.synced(a))
  }

  @Test("a remote that refuses every push (not a race with another device) exits 69 at once")
  func refusedPush() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let hook = lab.remote + "/hooks/pre-receive"
    try "#!/bin/sh\necho read-only >&2\nexit 1\n".write(
      toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    _ = try a.add("Dune")
    let refused = try a.run(["sync"])
    #expect(refused.status == 69)
    #expect(
      refused.stderr.hasPrefix("memo: error: the sync remote \(lab.remote) refused the push (git: ")
    )
    try FileManager.default.removeItem(atPath: hook)
    #expect(try SyncLab.round(a)["pushed"] == 1)
  }

  @Test(
    "no git on PATH exits 69; sync before init 64; init twice 64; an unreachable remote at init 69")
  func setUpErrors() throws {
    let lab = try SyncLab()
    let box = try lab.device("a", initialize: false)
    let notSetUp = try box.run(["sync"])
    #expect(notSetUp.status == 64)
    #expect(
      notSetUp.stderr.hasPrefix(
        "memo: error: sync is not set up for this database; run 'memo sync init REMOTE' first"))
    let nowhere = try box.run(["sync", "init", lab.root.root + "/nowhere.git"])
    #expect(nowhere.status == 69)
    #expect(nowhere.stderr.hasPrefix("memo: error: cannot reach the sync remote"))
    #expect(try box.run(["sync", "status"]).status == 64)
    let noGit = try box.run(["sync", "init", lab.remote], environment: ["PATH": lab.root.root])
    #expect(noGit.status == 69)
    #expect(noGit.stderr.hasPrefix("memo: error: cannot run git ("))
    #expect(
      noGit.stderr.hasSuffix(
        "memo sync needs git on PATH; install it (e.g. apt install git) and try again\n"))
    #expect(try box.run(["sync", "init", lab.remote]).status == 0)
    let twice = try box.run(["sync", "init", lab.remote])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("already syncs with \(lab.remote)"))
    let blank = try box.run(["sync", "init", " "])
    #expect(blank.status == 64)
    let roundNoGit = try box.run(["sync"], environment: ["PATH": lab.root.root])
    #expect(roundNoGit.status == 69)
  }

  @Test(
    "a corrupt or foreign file on the remote is reported with its path (65) and nothing is applied")
  func corruptRemoteFile() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune")
    try SyncLab.round(a)
    // Another program writes into a's folder on the remote.
    let clone = lab.root.root + "/clone"
    try SyncLab.git(["clone", "-q", "-b", "main", lab.remote, clone])
    let folder = try a.rows("SELECT value FROM sync_settings WHERE key = 'device_id'")[0][0]
    let bad = "devices/\(folder)/changes-00000099.jsonl"
    try "{\"kind\":\"post\",\"key\":\"x\"}\n".write(
      toFile: clone + "/" + bad, atomically: true, encoding: .utf8)
    try SyncLab.git(["add", "."], in: clone)
    try SyncLab.git(["commit", "-q", "-m", "bad"], in: clone)
    try SyncLab.git(["push", "-q", "origin", "HEAD:main"], in: clone)
    _ = try a.add("Hyperion")
    let refused = try b.run(["sync"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains(bad + " line 1 is not a memo change"))
    #expect(try b.rows("SELECT count(*) FROM posts") == [["0"]])
    #expect(try b.rows("SELECT count(*) FROM sync_files") == [["0"]])
    // A file memo never writes.
    try SyncLab.git(["rm", "-q", bad], in: clone)
    try "hello".write(
      toFile: clone + "/devices/\(folder)/notes.txt", atomically: true, encoding: .utf8)
    try SyncLab.git(["add", "."], in: clone)
    try SyncLab.git(["commit", "-q", "-m", "foreign"], in: clone)
    try SyncLab.git(["push", "-q", "origin", "HEAD:main"], in: clone)
    let foreign = try b.run(["sync"])
    #expect(foreign.status == 65)
    #expect(foreign.stderr.contains("devices/\(folder)/notes.txt, which memo did not write"))
  }

  @Test(
    "a push refused because another device pushed in between is redone after applying its change")
  func pushRace() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let c = try lab.device("c")
    // c pushes a change; the remote is then put back, keeping c's commit aside, and gets it
    // again from a hook just as a pushes: a's first push loses the race.
    let before = try lab.remoteHead()
    _ = try c.add("From c")
    try SyncLab.round(c)
    let cCommit = try lab.remoteHead()
    try SyncLab.git(["-C", lab.remote, "update-ref", "refs/heads/main", before])
    let hook = lab.remote + "/hooks/pre-receive"
    let marker = lab.root.root + "/raced"
    try """
    #!/bin/sh
    [ -e \(marker) ] && exit 0
    touch \(marker)
    unset GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
    git update-ref refs/heads/main \(cCommit)
    exit 1
    """.write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    _ = try a.add("From a")
    let round = try SyncLab.round(a)
    #expect(round == ["pushed": 1, "applied": 1, "conflicts": 0, "retries": 1, "compacted": 0])
    #expect(try a.rows("SELECT title FROM posts ORDER BY title") == [["From a"], ["From c"]])
    try SyncLab.round(c)
    #expect(try SyncLab.synced(a) == SyncLab.synced(c))
  }

  @Test("devices pushing at the same time all get through (a refused push is redone)")
  func concurrentPushes() throws {
    let lab = try SyncLab()
    let boxes = try (0..<3).map { try lab.device("d\($0)") }
    for round in 0..<3 {
      for (i, box) in boxes.enumerated() { _ = try box.add("Book \(i)-\(round)") }
      let results = try boxes.map { box -> Process in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Sandbox.binary)
        process.arguments = ["sync", "--quiet"]
        process.environment = box.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
      }
      for process in results {
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
      }
    }
    for box in boxes { try SyncLab.round(box) }
    for box in boxes { #expect(try box.rows("SELECT count(*) FROM posts") == [["9"]]) }
    #expect(try SyncLab.synced(boxes[0]) == SyncLab.synced(boxes[1]))
    #expect(try SyncLab.synced(boxes[1]) == SyncLab.synced(boxes[2]))
  }

  @Test("a round killed at any moment (SIGKILL) loses nothing; the next round converges")
  func killedRounds() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    for delay in [0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12] {
      _ = try a.add("A at \(delay)")
      _ = try b.add("B at \(delay)")
      for box in [a, b] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Sandbox.binary)
        process.arguments = ["sync"]
        process.environment = box.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
    for box in [a, b, a] {
      let result = try box.run(["sync"])
      #expect(result.status == 0, "\(result.stderr)")
    }
    for box in [a, b] {
      #expect(try box.rows("SELECT count(*) FROM posts") == [["16"]])
      #expect(try box.run(["db", "check"]).status == 0)
    }
    #expect(try SyncLab.synced(a) == SyncLab.synced(b))
  }

  @Test(
    "--compact folds a device's files into one snapshot; others keep working, a late joiner gets all"
  )
  func compaction() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    for title in ["Dune", "Hyperion", "Solaris"] {
      _ = try a.add(title)
      try SyncLab.round(a)
    }
    _ = try a.run(["rm", "3", "--yes"])
    try SyncLab.round(a)
    try SyncLab.round(b)
    _ = try a.run(["edit", "1", "--title", "Dune (1965)"])
    let compacted = try SyncLab.round(a, ["--compact"])
    #expect(compacted["compacted"] == 5)
    #expect(compacted["pushed"] == 1)
    let files = try SyncLab.git(["-C", lab.remote, "ls-tree", "-r", "--name-only", "main"])
    #expect(files.split(separator: "\n").filter { $0.contains("/changes-") }.isEmpty)
    #expect(files.split(separator: "\n").filter { $0.contains("/snapshot-") }.count == 1)
    #expect(
      try SyncLab.round(b) == [
        "pushed": 0, "applied": 1, "conflicts": 0, "retries": 0, "compacted": 0,
      ])
    let late = try lab.device("late")
    #expect(
      try late.rows("SELECT title FROM posts ORDER BY title") == [["Dune (1965)"], ["Hyperion"]])
    #expect(try SyncLab.synced(b) == SyncLab.synced(late))
  }
}
