import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// A highlight's review choices travel by sync as a question's ratings do (issue 25):
/// immutable records keyed by UUID, both devices' kept, replayed everywhere in one order
/// (reviewed_at, created_at, uuid). A record restored from a delete-vs-edit conflict gets its
/// review events back.
@Suite("sync of highlight review choices")
struct SyncHighlightReviewTests {
  func id(_ devices: SyncDevices, _ i: Int, _ sql: String) throws -> Int64 {
    Int64(try devices.databases[i].rows(sql)[0][0])!
  }

  func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

  /// A book on d0 with one highlight, synced to every device; its id on each.
  func highlight(_ devices: SyncDevices) throws -> [HighlightID] {
    _ = devices.runners[0].run(.posts(.insert(NewPost(title: "Dune"))))
    let post = PostID(try id(devices, 0, "SELECT id FROM posts"))
    _ = devices.runners[0].run(
      .highlights(.insert(NewHighlight(postID: post, text: "Fear is the mind-killer."))))
    for device in devices.databases.indices { _ = try devices.round(device) }
    return try devices.databases.indices.map {
      HighlightID(try id(devices, $0, "SELECT id FROM highlights"))
    }
  }

  /// Every choice a device holds and each highlight's schedule, independent of its ids.
  func history(_ devices: SyncDevices, _ i: Int) throws -> [[String]] {
    try devices.databases[i].rows(
      """
      SELECT 'event', e.uuid, h.uuid, e.rating, e.reviewed_at, e.created_at, e.device
      FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
      UNION ALL
      SELECT 'item', h.uuid, i.state, i.wait_days, i.due, i.last_review,
        i.reps || ' ' || i.last_choice || ' ' || i.streak
      FROM highlight_review_items i JOIN highlights h ON h.id = i.highlight_id
      ORDER BY 1, 2
      """)
  }

  @Test(
    "two devices review one highlight offline (one instant on both, clocks 3 h apart): both keep every choice, no conflict, the same schedule and backup"
  )
  func offlineOnTwoDevices() throws {
    let devices = try SyncDevices(skewsHours: [0, 3])
    let ids = try highlight(devices)
    let first = time("2026-03-01T10:00:00Z")
    _ = devices.runners[0].run(.review(.rateHighlight(ids[0], .keep, at: first)))
    _ = devices.runners[1].run(.review(.rateHighlight(ids[1], .soon, at: first)))
    _ = devices.runners[1].run(
      .review(.rateHighlight(ids[1], .later, at: time("2026-03-01T10:20:00Z"))))
    var conflicts = 0
    for device in [0, 1, 0, 1] { conflicts += try devices.round(device) }
    #expect(conflicts == 0)
    let on0 = try history(devices, 0)
    #expect(on0.filter { $0[0] == "event" }.count == 3)
    #expect(try history(devices, 1) == on0)
    // The stored schedule is what a replay of the choices gives, on each device.
    for (device, id) in ids.enumerated() {
      let review = ReviewRepository(database: devices.databases[device].database)
      let subject = try review.highlightSubject(id)
      #expect(
        try review.highlightItem(id)
          == HighlightReviewItem.replay(
            id, createdAt: subject.createdAt, events: review.highlightEvents(of: id)))
    }
    #expect(
      try devices.databases[0].rows(
        "SELECT count(DISTINCT device) FROM highlight_review_events WHERE device IS NOT NULL")
        == [["2"]])
    #expect(try devices.backup(1) == devices.backup(0))
    #expect(try devices.backup(0).contains("\"kind\":\"highlight\""))
  }

  @Test("choices at one instant replay in the order they were recorded, on every device")
  func sameInstantOrder() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    let ids = try highlight(devices)
    let at = time("2026-03-01T10:00:00Z")
    // discard then keep at one instant differs from keep then discard.
    _ = devices.runners[0].run(.review(.rateHighlight(ids[0], .discard, at: at)))
    _ = devices.runners[0].run(.review(.rateHighlight(ids[0], .keep, at: at)))
    for device in [0, 1] { _ = try devices.round(device) }
    let there = ReviewRepository(database: devices.databases[1].database)
    #expect(try there.highlightEvents(of: ids[1]).map(\.choice) == [.discard, .keep])
    #expect(try there.highlightItem(ids[1])?.state == "active")
    #expect(try history(devices, 1) == history(devices, 0))
  }

  @Test("a choice undone travels too: the other device drops it and its schedule")
  func undoneChoice() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    let ids = try highlight(devices)
    _ = devices.runners[0].run(
      .review(.rateHighlight(ids[0], .keep, at: time("2026-03-01T10:00:00Z"))))
    for device in [0, 1] { _ = try devices.round(device) }
    #expect(try devices.databases[1].rows("SELECT count(*) FROM highlight_review_items") == [["1"]])
    _ = devices.runners[0].run(.journal(.undo(1)))
    for device in [0, 1] { _ = try devices.round(device) }
    for device in [0, 1] {
      #expect(
        try devices.databases[device].rows("SELECT count(*) FROM highlight_review_events")
          == [["0"]])
      #expect(
        try devices.databases[device].rows("SELECT count(*) FROM highlight_review_items")
          == [["0"]])
    }
  }

  @Test(
    "a highlight deleted on one device while reviewed on the other, restored from the conflict: every choice comes back, on both devices"
  )
  func restoredHighlightKeepsItsChoices() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    let ids = try highlight(devices)
    _ = devices.runners[0].run(
      .review(.rateHighlight(ids[0], .keep, at: time("2026-03-01T10:00:00Z"))))
    for device in [0, 1] { _ = try devices.round(device) }
    _ = devices.runners[1].run(.highlights(.update(ids[1], HighlightPatch(note: "mine"))))
    _ = devices.runners[1].run(
      .review(.rateHighlight(ids[1], .later, at: time("2026-03-15T10:00:00Z"))))
    _ = devices.runners[0].run(.highlights(.delete([ids[0]])))
    for device in [0, 1] { _ = try devices.round(device) }
    #expect(try devices.databases[1].rows("SELECT count(*) FROM highlights") == [["0"]])
    let conflict = try id(devices, 1, "SELECT id FROM sync_conflicts WHERE kind = 'highlight'")
    guard case .sync(.restored) = devices.runners[1].run(.sync(.restoreConflict(conflict))) else {
      Issue.record("restore failed")
      return
    }
    for device in [1, 0, 1] { _ = try devices.round(device) }
    for device in [0, 1] {
      #expect(
        try devices.databases[device].rows(
          "SELECT rating FROM highlight_review_events ORDER BY reviewed_at") == [
            ["keep"], ["later"],
          ])
      #expect(
        try devices.databases[device].rows(
          "SELECT last_choice, reps FROM highlight_review_items") == [["later", "2"]])
    }
    #expect(try history(devices, 1) == history(devices, 0))
  }

  @Test(
    "a question deleted on one device while edited and rated on the other, restored from the conflict: its ratings come back, on both devices"
  )
  func restoredQuestionKeepsItsRatings() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    _ = devices.runners[0].run(.posts(.insert(NewPost(title: "Dune"))))
    let post = PostID(try id(devices, 0, "SELECT id FROM posts"))
    _ = devices.runners[0].run(
      .questions(.insert(NewQuestion(postID: post, text: "What does the litany call fear?"))))
    let q0 = QuestionID(try id(devices, 0, "SELECT id FROM questions"))
    _ = devices.runners[0].run(.questions(.setAnswer(q0, "The mind-killer.")))
    _ = devices.runners[0].run(.review(.rate(q0, .recall(.good), at: time("2026-03-01T10:00:00Z"))))
    for device in [0, 1] { _ = try devices.round(device) }
    let q1 = QuestionID(try id(devices, 1, "SELECT id FROM questions"))
    _ = devices.runners[1].run(.questions(.update(q1, QuestionPatch(text: "What is fear?"))))
    _ = devices.runners[1].run(.review(.rate(q1, .recall(.hard), at: time("2026-03-02T10:00:00Z"))))
    _ = devices.runners[0].run(.questions(.delete([q0])))
    for device in [0, 1] { _ = try devices.round(device) }
    #expect(try devices.databases[1].rows("SELECT count(*) FROM questions") == [["0"]])
    let conflict = try id(devices, 1, "SELECT id FROM sync_conflicts WHERE kind = 'question'")
    guard case .sync(.restored) = devices.runners[1].run(.sync(.restoreConflict(conflict))) else {
      Issue.record("restore failed")
      return
    }
    for device in [1, 0, 1] { _ = try devices.round(device) }
    for device in [0, 1] {
      #expect(
        try devices.databases[device].rows("SELECT rating FROM review_events ORDER BY reviewed_at")
          == [["good"], ["hard"]])
      #expect(try devices.databases[device].rows("SELECT reps FROM review_items") == [["2"]])
    }
    #expect(try devices.schedules(1) == devices.schedules(0))
    #expect(try devices.contents(1) == devices.contents(0))
  }

  @Test("a round applying 10,000 highlight review choices (measured)")
  func tenThousandChoices() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    _ = devices.runners[0].run(.posts(.insert(NewPost(title: "Dune"))))
    try devices.databases[0].database.executeScript(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      INSERT INTO highlights (uuid, post_id, text, created_at, updated_at)
      SELECT printf('00000000-0000-7000-9000-%012x', i), 1, 'Passage ' || i || '.',
        '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n;
      """)
    for device in [0, 1] { _ = try devices.round(device) }
    try devices.databases[0].database.executeScript(
      """
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
      INSERT INTO highlight_review_events (uuid, highlight_id, rating, reviewed_at, created_at)
      SELECT printf('00000000-0000-7000-a000-%012x', i), i % 2000 + 1,
        CASE i % 3 WHEN 0 THEN 'keep' WHEN 1 THEN 'soon' ELSE 'later' END,
        strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-02', '+' || (i / 2000 * 30) || ' days'),
        strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-02', '+' || (i / 2000 * 30) || ' days')
      FROM n;
      """)
    let review = ReviewRepository(database: devices.databases[0].database)
    for id in 1...2000 { try review.replayHighlight(HighlightID(Int64(id))) }
    _ = try devices.round(0)
    let start = ContinuousClock.now
    let result = devices.runners[1].run(.sync(.round(devices.requests[1])))
    let elapsed = ContinuousClock.now - start
    guard case .sync(.rounded(let summary)) = result else {
      Issue.record("round failed: \(result)")
      return
    }
    print("sync round applying \(summary.applied) highlight review choices: \(elapsed)")
    #expect(summary.applied == 10_000)
    #expect(
      try devices.databases[1].rows("SELECT count(*) FROM highlight_review_items") == [["2000"]])
    #expect(try history(devices, 1) == history(devices, 0))
    // Debug build, shared machine: only a round gone quadratic fails this.
    #expect(elapsed < .seconds(60))
  }

  @Test(
    "one Kindle file imported and reviewed on two devices, joined by sync: a third device meeting both copies and the join's deletion in one round keeps both choices"
  )
  func joinedCopiesOnAThirdDevice() throws {
    let devices = try SyncDevices(skewsHours: [0, 0, 0])
    let file = devices.folder + "/My Clippings.txt"
    try
      "Dune (Frank Herbert)\r\n- Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nI must not fear.\r\n==========\r\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    for (device, choice) in [(0, HighlightChoice.later), (1, .soon)] {
      guard
        case .transfer(.imported) = devices.runners[device].run(
          .transfer(.importFile(ImportRequest(path: file, format: .kindle))))
      else {
        Issue.record("import on d\(device) failed")
        return
      }
      _ = devices.runners[device].run(
        .review(
          .rateHighlight(
            HighlightID(try id(devices, device, "SELECT id FROM highlights")), choice,
            at: time("2026-01-0\(device + 2)T10:00:00Z"))))
    }
    for device in [0, 1, 0, 1] { _ = try devices.round(device) }
    _ = try devices.round(2)
    for device in [0, 1, 2] {
      #expect(try devices.databases[device].rows("SELECT count(*) FROM highlights") == [["1"]])
      #expect(
        try devices.databases[device].rows(
          "SELECT rating FROM highlight_review_events ORDER BY reviewed_at")
          == [["later"], ["soon"]])
      #expect(
        try devices.databases[device].rows("SELECT last_choice FROM highlight_review_items")
          == [["soon"]])
    }
    #expect(try history(devices, 2) == history(devices, 0))
  }

  @Test(
    "one Readwise file imported on two devices, joined by sync: a note changed in the file later comes in on either device"
  )
  func joinedCopiesFollowTheFile() throws {
    // Which copy a join keeps goes by random UUIDs: six runs leave a device's own copy
    // deleted at least once but for one time in 64.
    for device in [0, 1, 0, 1, 0, 1] {
      let devices = try SyncDevices(skewsHours: [0, 0])
      let file = devices.folder + "/readwise.csv"
      func write(_ note: String) throws {
        try """
        Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags
        "I must not fear.",Dune,Frank Herbert,,\(note),,,location,140,2023-05-14 21:36:07+00:00,

        """.write(toFile: file, atomically: true, encoding: .utf8)
      }
      try write("n1")
      for d in [0, 1] {
        guard
          case .transfer(.imported) = devices.runners[d].run(
            .transfer(.importFile(ImportRequest(path: file, format: .readwise))))
        else {
          Issue.record("import on d\(d) failed")
          return
        }
      }
      for d in [0, 1, 0, 1] { _ = try devices.round(d) }
      #expect(try devices.databases[device].rows("SELECT count(*) FROM highlights") == [["1"]])
      // Whichever device's copy the join kept, the file's next note comes in there.
      try write("n2")
      guard
        case .transfer(.imported(let summary)) = devices.runners[device].run(
          .transfer(.importFile(ImportRequest(path: file, format: .readwise))))
      else {
        Issue.record("re-import on d\(device) failed")
        return
      }
      #expect(summary.updated == 1, "d\(device)")
      #expect(try devices.databases[device].rows("SELECT note FROM highlights") == [["n2"]])
    }
  }
}
