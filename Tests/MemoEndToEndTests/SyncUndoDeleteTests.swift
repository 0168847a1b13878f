import Foundation
import Testing

/// A deletion undone on another machine than the one that made it, while a third edited the
/// record (issue 35): every machine ends with the same notes, no live item listed as deleted,
/// and a value kept as a conflict can be restored.
@Suite("memo sync: a deletion undone elsewhere loses nothing")
struct SyncUndoDeleteTests {
  /// The uuids a JSON backup lists under `deleted`, and those of its live posts, questions
  /// and highlights.
  static func backup(_ box: Sandbox) throws -> (deleted: Set<String>, live: Set<String>) {
    let result = try box.run(["export", "--format", "json"])
    guard result.status == 0,
      let object = try SyncFieldTests.json(result.stdout) as? [String: Any]
    else { throw SandboxError.failed(result) }
    let deleted = ((object["deleted"] as? [[String: Any]]) ?? []).compactMap {
      $0["uuid"] as? String
    }
    var live: Set<String> = []
    for post in (object["posts"] as? [[String: Any]]) ?? [] {
      if let uuid = post["uuid"] as? String { live.insert(uuid) }
      for key in ["questions", "highlights"] {
        for item in (post[key] as? [[String: Any]]) ?? [] {
          if let uuid = item["uuid"] as? String { live.insert(uuid) }
        }
      }
    }
    return (Set(deleted), live)
  }

  /// U makes a book with a question and a highlight, v and w join; u deletes the book, w
  /// answers the question (not syncing), v takes the deletion in a round and undoes that round
  /// (`--everywhere`).
  static func undoneOnV(_ lab: SyncLab) throws -> (Sandbox, Sandbox, Sandbox) {
    let u = try lab.device("u")
    _ = try u.add("Dune", ["--author", "Frank Herbert"])
    _ = try u.succeed(["ask", "1", "Who are the Fremen?"])
    _ = try u.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--page", "8"])
    try SyncLab.round(u)
    let v = try lab.device("v")
    let w = try lab.device("w")
    _ = try u.succeed(["rm", "1", "--yes"])
    try SyncLab.round(u)
    _ = try w.succeed(["answer", "1", "W answer"])
    try SyncLab.round(v)
    let undone = try v.run(["undo", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    try SyncLab.round(v)
    return (u, v, w)
  }

  @Test(
    "a round that deletes the newest question and highlight and makes them again (the deletion undone elsewhere) is undone and redone whole: the answer made here comes back, then goes"
  )
  func roundUndoneWhereBoth() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }
    let (_, _, w) = try Self.undoneOnV(lab)
    try SyncLab.round(w)  // u's deletion and v's undo of it, in one round
    let rows = "SELECT q.text, coalesce(q.answer, ''), h.text FROM questions q, highlights h"
    #expect(try w.rows(rows) == [["Who are the Fremen?", "", "Fear is the mind-killer."]])
    let undone = try w.run(["undo", "--everywhere"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try w.rows(rows) == [["Who are the Fremen?", "W answer", "Fear is the mind-killer."]])
    #expect(try w.rows("SELECT count(*) FROM tombstones") == [["0"]])
    let redone = try w.run(["redo", "--everywhere"])
    #expect(redone.status == 0, "\(redone.stderr)")
    #expect(try w.rows(rows) == [["Who are the Fremen?", "", "Fear is the mind-killer."]])
    #expect(try w.rows("SELECT count(*) FROM tombstones") == [["0"]])
    #expect(try w.run(["search", "Fremen"]).stdout.contains("Who are the Fremen?"))
  }

  @Test(
    "u deletes a book, w answers its question offline, v undoes the round that brought the deletion: after rounds every machine has the book, its question and highlight, none listed as deleted, the same backup; w's answer is a conflict that restores on every machine; w's backup restores all"
  )
  func undoneElsewhere() throws {
    let lab = try SyncLab()
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (u, v, w) = try Self.undoneOnV(lab)
    for box in [v, u, w, v, u, w] { try SyncLab.round(box) }
    for (name, box) in [("u", u), ("v", v), ("w", w)] {
      #expect(
        try box.rows("SELECT p.title, q.text, h.text FROM posts p, questions q, highlights h")
          == [["Dune", "Who are the Fremen?", "Fear is the mind-killer."]], "\(name)")
      let (deleted, live) = try Self.backup(box)
      #expect(deleted.isDisjoint(with: live), "\(name) lists live items as deleted: \(deleted)")
      #expect(live.count == 3, "\(name)")
      // Found by search: the question and the highlight are in the index again.
      let found = try box.run(["search", "Fremen"])
      #expect(found.stdout.contains("Who are the Fremen?"), "\(name): \(found)")
      #expect(try box.run(["search", "mind-killer"]).stdout.contains("Fear is"), "\(name)")
    }
    #expect(try SyncIdenticalBackupTests.export(u) == SyncIdenticalBackupTests.export(w))
    #expect(try SyncIdenticalBackupTests.export(v) == SyncIdenticalBackupTests.export(w))
    // W's backup, restored into a new database, holds everything live.
    let file = w.root + "/backup.json"
    try SyncIdenticalBackupTests.export(w).write(toFile: file, atomically: true, encoding: .utf8)
    let fresh = try Sandbox()
    _ = try fresh.succeed(["import", file])
    #expect(
      try fresh.rows("SELECT p.title, q.text, h.text FROM posts p, questions q, highlights h")
        == [["Dune", "Who are the Fremen?", "Fear is the mind-killer."]])
    // W's answer lost to v's undo, which came later: a conflict on every machine, restorable.
    // On every machine it lost to v, whose undo made the question again.
    for box in [u, v, w] {
      let conflicts = try SyncFieldTests.conflicts(box)
      #expect(conflicts.compactMap { $0["lost"] as? String } == ["W answer"])
      #expect(conflicts.compactMap { $0["winner"] as? String } == ["v"], "\(conflicts)")
    }
    let id = try SyncFieldTests.conflicts(w)[0]["id"] as? Int ?? 0
    let restored = try w.run(["sync", "conflicts", "restore", "\(id)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    for box in [w, u, v] { try SyncLab.round(box) }
    for box in [u, v, w] {
      #expect(try box.rows("SELECT answer FROM questions") == [["W answer"]])
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
  }

  /// A deletes the book (with a question and a highlight with a note) while b answers the
  /// question and edits the note; after rounds a, b, a, b keeps both as conflicts (and the
  /// book); then a undoes its `rm` and both round.
  static func undoneWhereDeleted(answerOnA: String? = nil) throws -> (SyncLab, Sandbox, Sandbox) {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let b = try lab.device("b")
    _ = try a.add("Dune", ["--author", "Frank Herbert"])
    _ = try a.succeed(["ask", "1", "Who are the Fremen?"])
    _ = try a.succeed(["highlight", "add", "1", "Fear is the mind-killer.", "--note", "old"])
    for box in [a, b] { try SyncLab.round(box) }
    _ = try a.succeed(["rm", "1", "--yes"])
    _ = try b.succeed(["answer", "1", "Desert people"])
    _ = try b.succeed(["highlight", "edit", "1", "--note", "Litany"])
    for box in [a, b, a] { try SyncLab.round(box) }
    #expect(try SyncFieldTests.conflicts(b).count == 3)
    let undone = try a.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    if let answerOnA { _ = try a.succeed(["answer", "1", answerOnA]) }
    for box in [a, b] { try SyncLab.round(box) }
    return (lab, a, b)
  }

  @Test(
    "a book deleted on a while b answered and edited a note, then a undoes its rm: b restores the answer and the note, and both machines hold them, with only the replaced note kept"
  )
  func restoredAfterUndo() throws {
    let (lab, a, b) = try Self.undoneWhereDeleted()
    defer { withExtendedLifetime(lab) {} }
    let conflicts = try SyncFieldTests.conflicts(b)
    #expect(
      Set(conflicts.compactMap { $0["lost"] as? String }) == ["Desert people", "Litany"],
      "\(conflicts)")
    for conflict in conflicts {
      #expect(conflict["deleted"] as? Bool == false)
      #expect(conflict["winner"] as? String == "a")
      let restored = try b.run(["sync", "conflicts", "restore", "\(conflict["id"] as? Int ?? 0)"])
      #expect(restored.status == 0, "\(restored.stderr)")
    }
    try SyncIdenticalBackupTests.settle(b, a)
    for box in [a, b] {
      #expect(try box.rows("SELECT answer FROM questions") == [["Desert people"]])
      #expect(try box.rows("SELECT note FROM highlights") == [["Litany"]])
      // The note the restore replaced is kept in turn; the answer replaced none.
      #expect(try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String } == ["old"])
    }
    #expect(try SyncIdenticalBackupTests.export(a) == SyncIdenticalBackupTests.export(b))
  }

  @Test(
    "the same, restored on a, the machine that deleted the book and undid it: the answer reaches b"
  )
  func restoredWhereDeleted() throws {
    let (lab, a, b) = try Self.undoneWhereDeleted()
    defer { withExtendedLifetime(lab) {} }
    let answer = try SyncFieldTests.conflicts(a).first { $0["field"] as? String == "answer" }
    let restored = try a.run(["sync", "conflicts", "restore", "\(answer?["id"] as? Int ?? 0)"])
    #expect(restored.status == 0, "\(restored.stderr)")
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(try box.rows("SELECT answer FROM questions") == [["Desert people"]])
      #expect(
        try SyncFieldTests.conflicts(box).compactMap { $0["field"] as? String } == ["note"])
    }
  }

  @Test(
    "a undoes its rm and gives the question the answer b gave meanwhile: that conflict clears itself on both machines"
  )
  func sameValueClears() throws {
    let (lab, a, b) = try Self.undoneWhereDeleted(answerOnA: "Desert people")
    defer { withExtendedLifetime(lab) {} }
    try SyncIdenticalBackupTests.settle(a, b)
    for box in [a, b] {
      #expect(try box.rows("SELECT answer FROM questions") == [["Desert people"]])
      #expect(
        try SyncFieldTests.conflicts(box).compactMap { $0["field"] as? String } == ["note"])
    }
  }

  @Test(
    "a title conflict, then laptop deletes the book: desktop's restore is refused, saying to undo the deletion on laptop and restore; done so, the restore goes ahead on both"
  )
  func deletedAfterConflictUndone() throws {
    let (lab, desktop, laptop) = try SyncRestoreDeletedTests.titleConflict()
    defer { withExtendedLifetime(lab) {} }
    #expect(try laptop.run(["rm", "1", "--yes"]).status == 0)
    try SyncLab.round(laptop)
    try SyncLab.round(desktop)
    let refused = try desktop.run(["sync", "conflicts", "restore", "1"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "undo the deletion on laptop ('memo undo' there) and run 'memo sync' there and here, then restore the conflict"
      ), "\(refused.stderr)")
    #expect(try laptop.run(["undo"]).status == 0)
    for box in [laptop, desktop] { try SyncLab.round(box) }
    let restored = try desktop.run(["sync", "conflicts", "restore", "1"])
    #expect(restored.status == 0, "\(restored.stderr)")
    try SyncIdenticalBackupTests.settle(desktop, laptop)
    for box in [desktop, laptop] {
      #expect(try box.rows("SELECT title FROM posts") == [["Dune (desktop)"]])
      #expect(try box.rows("SELECT text FROM questions") == [["Why spice?"]])
      // The title the restore replaced is kept in turn.
      #expect(
        try SyncFieldTests.conflicts(box).compactMap { $0["lost"] as? String } == ["Dune (laptop)"])
    }
  }
}
