import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// Highlights travel by sync as questions do (issue 23): made, edited field by field,
/// starred, deleted, and the question that asks about one keeps its passage on every device.
@Suite("sync of highlights")
struct SyncHighlightTests {
  /// Every highlight a device holds, independent of its ids, and each question's passage.
  func highlights(_ devices: SyncDevices, _ i: Int) throws -> [String] {
    try devices.databases[i].rows(
      """
      SELECT h.uuid, p.uuid, h.text, h.note, h.chapter, h.page, h.location, h.position,
        h.highlighted_at, h.starred, h.source, h.source_key, h.created_at, h.updated_at
      FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.uuid
      """
    ).map { $0.joined(separator: "|") }
      + devices.databases[i].rows(
        """
        SELECT q.uuid, q.text, h.uuid FROM questions q LEFT JOIN highlights h ON h.id = q.highlight_id
        ORDER BY q.uuid
        """
      ).map { $0.joined(separator: "|") }
  }

  func id(_ devices: SyncDevices, _ i: Int, _ sql: String) throws -> Int64 {
    Int64(try devices.databases[i].rows(sql)[0][0])!
  }

  @Test(
    "a highlight and the question about it reach every device; edits of different fields on two devices both stay; a deletion goes everywhere"
  )
  func travel() throws {
    let devices = try SyncDevices(skewsHours: [0, 0, 0])
    _ = devices.runners[0].run(.posts(.insert(NewPost(title: "Dune"))))
    let post = PostID(try id(devices, 0, "SELECT id FROM posts"))
    _ = devices.runners[0].run(
      .highlights(
        .insert(
          NewHighlight(postID: post, text: "Fear is the mind-killer.", note: "litany", page: "12")))
    )
    let highlight = HighlightID(try id(devices, 0, "SELECT id FROM highlights"))
    var question = NewQuestion(postID: post, text: "Why fear?")
    question.highlightID = highlight
    _ = devices.runners[0].run(.questions(.insert(question)))
    // The highlight edited after the question: its line goes out after the question's.
    _ = devices.runners[0].run(.highlights(.update(highlight, HighlightPatch(note: "the litany"))))
    for device in [0, 1, 2] { _ = try devices.round(device) }
    let first = try highlights(devices, 0)
    #expect(first.count == 2)
    #expect(first[1].hasSuffix("|" + first[0].split(separator: "|")[0]))
    #expect(try highlights(devices, 1) == first)
    #expect(try highlights(devices, 2) == first)

    // d1 stars it, d2 edits its note, unseen by each other: both stay.
    let on1 = HighlightID(try id(devices, 1, "SELECT id FROM highlights"))
    let on2 = HighlightID(try id(devices, 2, "SELECT id FROM highlights"))
    _ = devices.runners[1].run(.highlights(.setStarred([on1], true)))
    _ = devices.runners[2].run(.highlights(.update(on2, HighlightPatch(note: "Bene Gesserit"))))
    var conflicts = 0
    for device in [1, 2, 0, 1, 2] { conflicts += try devices.round(device) }
    #expect(conflicts == 0)
    let merged = try devices.databases[0].rows("SELECT starred, note FROM highlights")
    #expect(merged == [["1", "Bene Gesserit"]])
    #expect(try highlights(devices, 1) == highlights(devices, 0))
    #expect(try highlights(devices, 2) == highlights(devices, 0))

    // The same field on two devices: the later wins; every device keeps the other as the same
    // conflict (resolving it on one resolves it everywhere).
    _ = devices.runners[1].run(.highlights(.update(on1, HighlightPatch(note: "first"))))
    _ = devices.runners[2].run(.highlights(.update(on2, HighlightPatch(note: "second"))))
    conflicts = 0
    for device in [1, 2, 0, 1, 2] { conflicts += try devices.round(device) }
    #expect(conflicts == 3)
    for device in [0, 1, 2] {
      #expect(
        try devices.databases[device].rows("SELECT kind, field, lost FROM sync_conflicts")
          == [["highlight", "note", "first"]])
    }
    #expect(try devices.databases[0].rows("SELECT note FROM highlights") == [["second"]])

    // Deleted on d0: gone everywhere; the question stays, without its passage.
    _ = devices.runners[0].run(
      .highlights(.delete([HighlightID(try id(devices, 0, "SELECT id FROM highlights"))])))
    for device in [0, 1, 2] { _ = try devices.round(device) }
    for device in [0, 1, 2] {
      #expect(try devices.databases[device].rows("SELECT count(*) FROM highlights") == [["0"]])
      #expect(
        try devices.databases[device].rows("SELECT text, highlight_id FROM questions")
          == [["Why fear?", "NULL"]])
    }
  }

  @Test("a line naming a highlight that is not a highlight's row is refused")
  func refused() {
    let line =
      #"{"kind":"highlight","key":"h1","hlc":65536,"device":"d","base_hlc":null,"base_device":null,"row":{"uuid":"h1","post_uuid":"p1","text":"x","created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z","starred":0,"note":null,"chapter":null,"page":null,"location":null,"highlighted_at":null,"source":null,"source_key":null,"position":"ten"}}"#
    #expect(throws: SyncChange.Invalid(reason: "row.position is not a number or null")) {
      try SyncChange.parse(line, device: "d")
    }
  }

  @Test(
    "the same Kindle file imported on two devices before they sync: one post, one highlight each, on both alike; questions about either keep their passage"
  )
  func sameFileOnTwoDevices() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    let file = devices.folder + "/My Clippings.txt"
    try
      ("Dune (Frank Herbert)\r\n- Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nI must not fear.\r\n==========\r\n"
      + "Dune (Frank Herbert)\r\n- Your Highlight on page 13 | Location 130-131 | Added on Sunday, January 1, 2023 10:01:00 AM\r\n\r\nFear is the mind-killer.\r\n==========\r\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    for device in [0, 1] {
      guard
        case .transfer(.imported) = devices.runners[device].run(
          .transfer(.importFile(ImportRequest(path: file, format: .kindle))))
      else {
        Issue.record("import on d\(device) failed")
        return
      }
      // Each device asks about its own copy of the first highlight, and d1 stars its copy.
      let post = PostID(try id(devices, device, "SELECT id FROM posts"))
      var question = NewQuestion(postID: post, text: "Why fear, d\(device)?")
      question.highlightID = HighlightID(
        try id(devices, device, "SELECT id FROM highlights WHERE text = 'I must not fear.'"))
      _ = devices.runners[device].run(.questions(.insert(question)))
    }
    _ = devices.runners[1].run(
      .highlights(
        .setStarred(
          [HighlightID(try id(devices, 1, "SELECT id FROM highlights WHERE text LIKE 'Fear%'"))],
          true)))
    // Each device reviews its own copy of the second highlight: the choices stay on it.
    for (device, choice) in [(0, HighlightChoice.later), (1, .soon)] {
      let copy = HighlightID(
        try id(devices, device, "SELECT id FROM highlights WHERE text LIKE 'Fear%'"))
      _ = devices.runners[device].run(
        .review(
          .rateHighlight(
            copy, choice, at: Timestamp(rfc3339: "2026-01-0\(device + 2)T10:00:00.000Z")!)))
    }
    var conflicts = 0
    for device in [0, 1, 0, 1] { conflicts += try devices.round(device) }
    #expect(conflicts == 0)
    // The kept copy holds both devices' choices (sync brings the other's), and the schedule
    // they replay to, on both alike.
    for device in [0, 1] {
      #expect(
        try devices.databases[device].rows(
          """
          SELECT e.rating FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id
          WHERE h.text LIKE 'Fear%' ORDER BY e.reviewed_at
          """) == [["later"], ["soon"]])
      #expect(
        try devices.databases[device].rows(
          """
          SELECT i.last_choice FROM highlight_review_items i
          JOIN highlights h ON h.id = i.highlight_id WHERE h.text LIKE 'Fear%'
          """) == [["soon"]])
    }
    let first = try highlights(devices, 0)
    #expect(try highlights(devices, 1) == first)
    #expect(try devices.contents(1) == devices.contents(0))
    for device in [0, 1] {
      let database = devices.databases[device]
      #expect(try database.rows("SELECT count(*) FROM posts") == [["1"]])
      #expect(
        try database.rows("SELECT text, starred FROM highlights ORDER BY position") == [
          ["I must not fear.", "0"], ["Fear is the mind-killer.", "1"],
        ])
      #expect(
        try database.rows(
          "SELECT q.text, h.text FROM questions q JOIN highlights h ON h.id = q.highlight_id ORDER BY q.text"
        ) == [["Why fear, d0?", "I must not fear."], ["Why fear, d1?", "I must not fear."]])
    }
    // Re-importing the file on either device adds nothing.
    for device in [0, 1] {
      _ = devices.runners[device].run(
        .transfer(.importFile(ImportRequest(path: file, format: .kindle))))
      #expect(try devices.databases[device].rows("SELECT count(*) FROM highlights") == [["2"]])
    }
  }

  @Test(
    "a highlight deleted on one device and edited on another, restored from the conflict: the questions about it ask about it again, on every device"
  )
  func restoredHighlightKeepsItsQuestions() throws {
    let devices = try SyncDevices(skewsHours: [0, 0])
    _ = devices.runners[0].run(.posts(.insert(NewPost(title: "Dune"))))
    let post = PostID(try id(devices, 0, "SELECT id FROM posts"))
    _ = devices.runners[0].run(
      .highlights(.insert(NewHighlight(postID: post, text: "Fear is the mind-killer."))))
    var question = NewQuestion(postID: post, text: "Why fear?")
    question.highlightID = HighlightID(try id(devices, 0, "SELECT id FROM highlights"))
    _ = devices.runners[0].run(.questions(.insert(question)))
    _ = devices.runners[0].run(
      .questions(.insert(NewQuestion(postID: post, text: "Who wrote it?"))))
    for device in [0, 1] { _ = try devices.round(device) }
    _ = devices.runners[1].run(
      .highlights(
        .update(
          HighlightID(try id(devices, 1, "SELECT id FROM highlights")), HighlightPatch(note: "mine")
        )))
    _ = devices.runners[0].run(
      .highlights(.delete([HighlightID(try id(devices, 0, "SELECT id FROM highlights"))])))
    for device in [0, 1] { _ = try devices.round(device) }
    #expect(try devices.databases[1].rows("SELECT count(*) FROM highlights") == [["0"]])
    #expect(
      try devices.databases[1].rows("SELECT count(*) FROM questions WHERE highlight_id IS NOT NULL")
        == [["0"]])
    let conflict = try id(devices, 1, "SELECT id FROM sync_conflicts WHERE kind = 'highlight'")
    guard case .sync(.restored) = devices.runners[1].run(.sync(.restoreConflict(conflict))) else {
      Issue.record("restore failed")
      return
    }
    for device in [1, 0, 1] { _ = try devices.round(device) }
    for device in [0, 1] {
      #expect(
        try devices.databases[device].rows(
          """
          SELECT q.text, h.text, h.note FROM questions q LEFT JOIN highlights h ON h.id = q.highlight_id
          ORDER BY q.text
          """) == [
            ["Who wrote it?", "NULL", "NULL"], ["Why fear?", "Fear is the mind-killer.", "mine"],
          ])
    }
  }
}
