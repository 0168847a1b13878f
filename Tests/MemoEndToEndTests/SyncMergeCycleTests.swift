import Foundation
import Testing

/// `memo merge` on three or four machines, unseen by each other, whose merges make a chain or
/// a cycle (B into A on one, C into B on another, A into C on a third): one book of the group
/// stays on every machine (the last of a chain, the smallest UUID of a cycle) with every
/// question, answer and highlight, the body's paragraphs once each and the author and source
/// the merges filled in, and their exports are the same (issue 35).
@Suite("memo sync: merges that chain or cycle over several machines keep one book everywhere")
struct SyncMergeCycleTests {
  /// Machines named in `names`, each holding the books `books` (titled "Book X", each with a
  /// body, a question and a highlight; Book A an author and an answer, Book B a source), made
  /// in this order (so their UUIDs rise in it), after a round each.
  static func machines(_ names: [String], books: [String]) throws -> (SyncLab, [Sandbox]) {
    let lab = try SyncLab()
    let first = try lab.device(names[0], initialize: false)
    for (i, book) in books.enumerated() {
      var more = ["--body", "\(book) body"]
      if book == "A" { more += ["--author", "Author A"] }
      if book == "B" { more += ["--source", "ISBN B"] }
      _ = try first.add("Book \(book)", more)
      _ = try first.succeed(["ask", String(i + 1), "Q\(book)?"])
      _ = try first.succeed(
        ["highlight", "add", String(i + 1), "H\(book) text", "--page", String(i + 1)])
    }
    _ = try first.succeed(["answer", "1", "Answer A"])
    _ = try first.succeed(["sync", "init", lab.remote, "--name", names[0]])
    var boxes = [first]
    for name in names.dropFirst() { boxes.append(try lab.device(name)) }
    return (lab, boxes)
  }

  /// `memo merge KEEP OTHER` on `box`, by title.
  static func merge(_ box: Sandbox, keep: String, other: String) throws {
    _ = try box.succeed([
      "merge", try SyncOppositeMergeTests.id(box, "Book \(keep)"),
      try SyncOppositeMergeTests.id(box, "Book \(other)"),
    ])
  }

  /// Runs the rounds, each of which must succeed, then checks that every machine holds the
  /// same: `kept` and the books outside the group, every question with its answer and every
  /// highlight on the book that holds it, the bodies' paragraphs once each, no conflict, and
  /// the same export.
  static func expectOneBook(
    _ boxes: [Sandbox], rounds: [Sandbox], kept: String, group: [String], others: [String]
  ) throws {
    for box in rounds {
      let round = try box.run(["sync"])
      #expect(round.status == 0, "\(round.stderr)")
    }
    let titles = ([kept] + others).map { ["Book \($0)"] }
    let questions =
      group.map { ["Book \(kept)", "Q\($0)?", $0 == "A" ? "Answer A" : ""] }
      + others.map { ["Book \($0)", "Q\($0)?", ""] }
    let highlights =
      group.map { ["Book \(kept)", "H\($0) text"] } + others.map { ["Book \($0)", "H\($0) text"] }
    for box in boxes {
      #expect(try box.rows("SELECT title FROM posts ORDER BY title") == titles)
      #expect(
        try box.rows(
          """
          SELECT p.title, q.text, coalesce(q.answer, '') FROM questions q
          JOIN posts p ON p.id = q.post_id ORDER BY q.text
          """) == questions.sorted { $0[1] < $1[1] })
      #expect(
        try box.rows(
          "SELECT p.title, h.text FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.text"
        ) == highlights.sorted { $0[1] < $1[1] })
      let post =
        try box.rows(
          "SELECT author, source, body FROM posts WHERE title = 'Book \(kept)'"
        ).first ?? []
      #expect(post.prefix(2) == ["Author A", "ISBN B"])
      let body = post.last ?? ""
      #expect(
        body.components(separatedBy: "\n\n").sorted() == group.map { "\($0) body" }, "\(body)")
      #expect(try SyncFieldTests.conflicts(box).isEmpty)
    }
    let export = try SyncLab.synced(boxes[0])
    for box in boxes.dropFirst() { #expect(try SyncLab.synced(box) == export) }
  }

  @Test(
    "x merges B into A, y C into B, z A into C: after rounds x y z x y z (or z y x twice), Book A stays on all three with every question, answer and highlight, no conflict, the same export",
    arguments: [false, true])
  func threeCycle(reversed: Bool) throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "C", "D"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    try Self.merge(y, keep: "B", other: "C")
    try Self.merge(z, keep: "C", other: "A")
    let order = reversed ? [z, y, x] : [x, y, z]
    try Self.expectOneBook(
      boxes, rounds: order + order, kept: "A", group: ["A", "B", "C"], others: ["D"])
  }

  @Test(
    "x merges A into B, y B into C, z C into A (the cycle the other way): Book A, the smallest UUID, stays on all three"
  )
  func threeCycleOtherWay() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "B", other: "A")
    try Self.merge(y, keep: "C", other: "B")
    try Self.merge(z, keep: "A", other: "C")
    try Self.expectOneBook(
      boxes, rounds: [x, y, z, x, y, z], kept: "A", group: ["A", "B", "C"], others: [])
  }

  @Test(
    "x merges B into A, y C into B (a chain): Book A stays on all three, with B's and C's bodies once each"
  )
  func chain() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "C", "D"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    try Self.merge(y, keep: "B", other: "C")
    try Self.expectOneBook(
      boxes, rounds: [x, y, z, x, y, z], kept: "A", group: ["A", "B", "C"], others: ["D"])
  }

  @Test(
    "four machines merge B into A, C into B, D into C, A into D: Book A stays on all four with everything"
  )
  func fourCycle() throws {
    let (lab, boxes) = try Self.machines(["w", "x", "y", "z"], books: ["A", "B", "C", "D"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    try Self.merge(boxes[0], keep: "A", other: "B")
    try Self.merge(boxes[1], keep: "B", other: "C")
    try Self.merge(boxes[2], keep: "C", other: "D")
    try Self.merge(boxes[3], keep: "D", other: "A")
    try Self.expectOneBook(
      boxes, rounds: boxes + boxes, kept: "A", group: ["A", "B", "C", "D"], others: [])
  }

  @Test(
    "x merges A into B, y B into C (C takes B's source), z C into A, then x gives C another source: after rounds z y x twice, A holds the later source on all three and each keeps the other as a conflict, the same export"
  )
  func sourceSetTwiceInCycle() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "B", other: "A")
    try Self.merge(y, keep: "C", other: "B")
    try Self.merge(z, keep: "A", other: "C")
    Thread.sleep(forTimeInterval: 0.01)
    _ = try x.succeed(["edit", try SyncOppositeMergeTests.id(x, "Book C"), "--source", "ISBN C"])
    for box in [z, y, x, z, y, x] {
      let round = try box.run(["sync"])
      #expect(round.status == 0, "\(round.stderr)")
    }
    for box in boxes {
      #expect(try box.rows("SELECT title, source FROM posts") == [["Book A", "ISBN C"]])
      let lost = try SyncFieldTests.conflicts(box).filter { $0["field"] as? String == "source" }
        .compactMap { $0["lost"] as? String }
      #expect(lost == ["ISBN B"])
    }
    var export = try SyncLab.synced(x)
    #expect(try SyncLab.synced(y) == export)
    #expect(try SyncLab.synced(z) == export)
    // Restored on z, the other source is A's on all three.
    let conflict = try SyncFieldTests.conflicts(z).first?["id"] as? Int ?? 0
    _ = try z.succeed(["sync", "conflicts", "restore", String(conflict)])
    for box in [z, x, y, z, x, y] { try SyncLab.round(box) }
    for box in boxes {
      #expect(try box.rows("SELECT title, source FROM posts") == [["Book A", "ISBN B"]])
    }
    export = try SyncLab.synced(x)
    #expect(try SyncLab.synced(y) == export)
    #expect(try SyncLab.synced(z) == export)
  }

  @Test(
    "x merges B into A, a round, then undoes it; z merges C into B while y asks about C: y's question lands on B on all three, not on A"
  )
  func undoneMergeLeadsNowhere() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    for box in [x, y] { try SyncLab.round(box) }
    _ = try x.succeed(["undo"])
    for box in [x, y, z] { try SyncLab.round(box) }
    try Self.merge(z, keep: "B", other: "C")
    _ = try y.succeed(["ask", try SyncOppositeMergeTests.id(y, "Book C"), "Y asks C?"])
    for box in [z, y, x, z, y, x] { try SyncLab.round(box) }
    for box in boxes {
      #expect(
        try box.rows(
          """
          SELECT p.title, q.text FROM questions q JOIN posts p ON p.id = q.post_id
          ORDER BY q.text
          """) == [
            ["Book A", "QA?"], ["Book B", "QB?"], ["Book B", "QC?"], ["Book B", "Y asks C?"],
          ])
    }
    let export = try SyncLab.synced(x)
    #expect(try SyncLab.synced(y) == export)
    #expect(try SyncLab.synced(z) == export)
  }

  @Test(
    "x merges B into A, y B into D (later), z asks about B: after rounds x y z twice, z's question is on D with B's on all three, the same export"
  )
  func oneBookMergedIntoTwo() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z"], books: ["A", "B", "D"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, z) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    Thread.sleep(forTimeInterval: 0.01)
    try Self.merge(y, keep: "D", other: "B")
    _ = try z.succeed(["ask", try SyncOppositeMergeTests.id(z, "Book B"), "Z asks B?"])
    for box in [x, y, z, x, y, z] { try SyncLab.round(box) }
    for box in boxes {
      #expect(
        try box.rows(
          """
          SELECT p.title, q.text FROM questions q JOIN posts p ON p.id = q.post_id
          ORDER BY q.text
          """) == [
            ["Book A", "QA?"], ["Book D", "QB?"], ["Book D", "QD?"], ["Book D", "Z asks B?"],
          ])
    }
    let export = try SyncLab.synced(x)
    #expect(try SyncLab.synced(y) == export)
    #expect(try SyncLab.synced(z) == export)
  }

  /// Each machine's body of the one book left, as its paragraphs sorted; every machine's
  /// export the same.
  static func expectOneBody(_ boxes: [Sandbox], holding paragraphs: [String]) throws {
    var bodies: Set<String> = []
    for box in boxes {
      let rows = try box.rows("SELECT title, body FROM posts")
      #expect(rows.count == 1, "\(rows)")
      let body = rows.first?.last ?? ""
      bodies.insert(body)
      let held = Set(body.components(separatedBy: "\n\n"))
      #expect(held.isSuperset(of: paragraphs), "\(body)")
    }
    #expect(bodies.count == 1, "\(bodies)")
    let export = try SyncLab.synced(boxes[0])
    for box in boxes.dropFirst() { #expect(try SyncLab.synced(box) == export) }
  }

  @Test(
    "x merges B into A, y C into B, w edits B's body then A's: after three rounds every machine holds one body with w's edits and C's body, the same export"
  )
  func chainWithEditsElsewhere() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "w"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, w) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    try Self.merge(y, keep: "B", other: "C")
    _ = try w.succeed(["edit", "2", "--body", "B edited on w"])
    _ = try w.succeed(["edit", "1", "--body", "A edited on w"])
    for _ in 0..<3 { for box in boxes { try SyncLab.round(box) } }
    try Self.expectOneBody(boxes, holding: ["A edited on w", "B edited on w", "C body"])
  }

  @Test(
    "x merges B into A, y C into B, z A into C, w edits A's body: after three rounds every machine holds one body with w's edit and B's and C's bodies, the same export"
  )
  func cycleWithEditElsewhere() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "z", "w"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    try Self.merge(boxes[0], keep: "A", other: "B")
    try Self.merge(boxes[1], keep: "B", other: "C")
    try Self.merge(boxes[2], keep: "C", other: "A")
    _ = try boxes[3].succeed(["edit", "1", "--body", "A edited on w"])
    for _ in 0..<3 { for box in boxes { try SyncLab.round(box) } }
    try Self.expectOneBody(boxes, holding: ["A edited on w", "B body", "C body"])
  }

  @Test(
    "x merges B into A, y B into C (later), w stars B's question: after three rounds the question is on C, starred, on all three, the same export"
  )
  func oneBookMergedIntoTwoWhileStarred() throws {
    let (lab, boxes) = try Self.machines(["x", "y", "w"], books: ["A", "B", "C"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y, w) = (boxes[0], boxes[1], boxes[2])
    try Self.merge(x, keep: "A", other: "B")
    Thread.sleep(forTimeInterval: 0.01)
    try Self.merge(y, keep: "C", other: "B")
    let question = try w.rows("SELECT id FROM questions WHERE text = 'QB?'").first ?? []
    _ = try w.succeed(["star"] + question)
    for _ in 0..<3 { for box in boxes { try SyncLab.round(box) } }
    for box in boxes {
      let questions = try box.rows(
        """
        SELECT p.title, q.text, q.starred FROM questions q JOIN posts p ON p.id = q.post_id
        ORDER BY q.text
        """)
      #expect(
        questions == [["Book A", "QA?", "0"], ["Book C", "QB?", "1"], ["Book C", "QC?", "0"]],
        "\(questions)")
    }
    let export = try SyncLab.synced(x)
    #expect(try SyncLab.synced(y) == export)
    #expect(try SyncLab.synced(w) == export)
  }

  @Test(
    "x merges B into A, a round; y asks about B, a round; x undoes the merge: after three rounds y's question is on B on both, the same export"
  )
  func undoneMergeBringsBackWhatFollowed() throws {
    let (lab, boxes) = try Self.machines(["x", "y"], books: ["A", "B"])
    defer { withExtendedLifetime(lab) {} }  // its folder holds the remote
    let (x, y) = (boxes[0], boxes[1])
    try Self.merge(x, keep: "A", other: "B")
    try SyncLab.round(x)
    _ = try y.succeed(["ask", try SyncOppositeMergeTests.id(y, "Book B"), "Y asks B?"])
    try SyncLab.round(y)
    _ = try x.succeed(["undo"])
    for _ in 0..<3 { for box in boxes { try SyncLab.round(box) } }
    for box in boxes {
      let questions = try box.rows(
        "SELECT p.title, q.text FROM questions q JOIN posts p ON p.id = q.post_id ORDER BY q.text")
      #expect(
        questions == [["Book A", "QA?"], ["Book B", "QB?"], ["Book B", "Y asks B?"]],
        "\(questions)")
      let highlights = try box.rows(
        "SELECT p.title, h.text FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.text")
      #expect(highlights == [["Book A", "HA text"], ["Book B", "HB text"]], "\(highlights)")
    }
    #expect(try SyncLab.synced(x) == SyncLab.synced(y))
  }
}
