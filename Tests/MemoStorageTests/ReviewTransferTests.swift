import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// Review events are in the JSON backup (issue 25, export version 3): exported with their
/// question's UUID, imported into an empty database with the same schedules, imported twice
/// adding nothing; a version 2 file still reads.
@Suite("export and import carry review events")
struct ReviewTransferTests {
  /// A book with an answered question rated four times (two at one instant) and an open one
  /// snoozed, through the runner, fuzz on.
  static func rated() throws -> TemporaryDatabase {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    _ = runner.run(.posts(.insert(NewPost(title: "Dune"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: PostID(1), text: "Why fear?"))))
    _ = runner.run(.questions(.setAnswer(QuestionID(1), "It kills the mind.")))
    _ = runner.run(.questions(.insert(NewQuestion(postID: PostID(1), text: "Who is Muad'Dib?"))))
    let start = Timestamp(rfc3339: "2025-12-01T10:00:00Z")!
    for (days, rating) in [(0, RecallRating.again), (0, .good), (1, .good), (9, .easy)] {
      _ = runner.run(
        .review(
          .rate(
            QuestionID(1), .recall(rating),
            at: Timestamp(millis: start.millis + Int64(days) * 86_400_000))))
    }
    _ = runner.run(.review(.rate(QuestionID(2), .open(.later), at: start)))
    return temp
  }

  static func schedules(_ temp: TemporaryDatabase) throws -> [[String]] {
    try temp.rows(
      """
      SELECT q.uuid, i.kind, i.state, i.step, i.stability, i.difficulty, i.due, i.last_review,
        i.reps, i.lapses, i.open_choice, i.open_streak
      FROM review_items i JOIN questions q ON q.id = i.question_id ORDER BY q.uuid
      """)
  }

  static func events(_ temp: TemporaryDatabase) throws -> [[String]] {
    try temp.rows(
      """
      SELECT e.uuid, q.uuid, e.kind, e.rating, e.reviewed_at, e.device, e.duration_ms, e.created_at
      FROM review_events e JOIN questions q ON q.id = e.question_id ORDER BY e.uuid
      """)
  }

  @Test(
    "json and jsonl: export, import into an empty database: the same events and schedules; again: nothing added",
    arguments: [ExportFormat.json, .jsonl])
  func roundTrip(format: ExportFormat) throws {
    let source = try Self.rated()
    let text = try HighlightTransferTests.export(source.database, format, in: source.folder)
    #expect(text.contains("\"version\":3"))
    #expect(text.contains("\"rating\":\"again\""))
    let target = try TemporaryDatabase()
    let importFormat: ImportFormat = format == .json ? .json : .jsonl
    let first = try HighlightTransferTests.importText(text, importFormat, into: target)
    #expect(first.added >= 5)
    #expect(try Self.events(target) == Self.events(source))
    #expect(try Self.schedules(target) == Self.schedules(source))
    #expect(try Self.schedules(target).count == 2)
    let second = try HighlightTransferTests.importText(text, importFormat, into: target)
    #expect(second.added == 0)
    #expect(try target.rows("SELECT count(*) FROM review_events") == [["5"]])
    // The backup of the copy is the backup, byte for byte.
    #expect(try HighlightTransferTests.export(target.database, format, in: target.folder) == text)
  }

  @Test(
    "json and jsonl: a highlight's review choices are in the backup (kind highlight) and come back with its schedule; again: nothing added",
    arguments: [ExportFormat.json, .jsonl])
  func highlightChoicesRoundTrip(format: ExportFormat) throws {
    let source = try Self.rated()
    let runner = source.runner()
    _ = runner.run(
      .highlights(.insert(NewHighlight(postID: PostID(1), text: "Fear is the mind-killer."))))
    _ = runner.run(.highlights(.insert(NewHighlight(postID: PostID(1), text: "I must not fear."))))
    let at = Timestamp(rfc3339: "2025-12-02T10:00:00Z")!
    // Two at one instant: they replay in the order recorded, in the copy too.
    _ = runner.run(.review(.rateHighlight(HighlightID(1), .discard, at: at)))
    _ = runner.run(.review(.rateHighlight(HighlightID(1), .keep, at: at)))
    _ = runner.run(.review(.rateHighlight(HighlightID(2), .later, at: at)))
    func choices(_ temp: TemporaryDatabase) throws -> [[String]] {
      try temp.rows(
        """
        SELECT e.uuid, h.uuid, e.rating, e.reviewed_at, e.device, e.duration_ms, e.created_at
        FROM highlight_review_events e JOIN highlights h ON h.id = e.highlight_id ORDER BY e.uuid
        """)
        + temp.rows(
          """
          SELECT h.uuid, i.state, i.wait_days, i.due, i.last_review, i.reps, i.last_choice,
            i.streak
          FROM highlight_review_items i JOIN highlights h ON h.id = i.highlight_id ORDER BY h.uuid
          """)
    }
    let text = try HighlightTransferTests.export(source.database, format, in: source.folder)
    #expect(text.contains("\"kind\":\"highlight\",\"rating\":\"keep\""))
    let target = try TemporaryDatabase()
    let importFormat: ImportFormat = format == .json ? .json : .jsonl
    _ = try HighlightTransferTests.importText(text, importFormat, into: target)
    #expect(try choices(target) == choices(source))
    #expect(try choices(target).count == 5)
    #expect(
      try target.rows("SELECT state FROM highlight_review_items ORDER BY highlight_id") == [
        ["active"], ["active"],
      ])
    #expect(try Self.schedules(target) == Self.schedules(source))
    let second = try HighlightTransferTests.importText(text, importFormat, into: target)
    #expect(second.added == 0)
    #expect(try HighlightTransferTests.export(target.database, format, in: target.folder) == text)
  }

  @Test("a version 2 backup (no review events) still reads")
  func versionTwo() throws {
    let target = try TemporaryDatabase()
    let text = """
      {"format":"memo","version":2,"since":null,
      "categories":[],
      "posts":[{"uuid":"p-1","title":"Dune","author":null,"body":null,"source":null,"favorite":false,"created_at":"2026-01-01T10:00:00.000Z","updated_at":"2026-01-01T10:00:00.000Z","highlights":[],"questions":[]}],
      "favorites":[],"saved_filters":[],"current_filter":null,"deleted":[]}
      """
    let summary = try HighlightTransferTests.importText(text, .json, into: target)
    #expect(summary.added == 1)
  }

  @Test(
    "an event naming a question that is not there, or a rating of the wrong kind, is refused naming the place"
  )
  func badEvents() throws {
    let target = try TemporaryDatabase()
    let header = #"{"type":"header","format":"memo","version":3,"since":null}"#
    let orphan =
      #"{"type":"review_event","uuid":"e-1","question_uuid":"q-9","kind":"recall","rating":"good","reviewed_at":"2025-12-01T10:00:00.000Z","device":null,"duration_ms":null,"created_at":"2026-03-01T10:00:00.000Z"}"#
    #expect {
      _ = try HighlightTransferTests.importText(header + "\n" + orphan + "\n", .jsonl, into: target)
    } throws: { error in
      (error as? MemoError)?.message.contains(
        "its question q-9 is neither in the file nor in the database") == true
    }
    let wrong = orphan.replacingOccurrences(of: "\"good\"", with: "\"soon\"")
    #expect {
      _ = try HighlightTransferTests.importText(header + "\n" + wrong + "\n", .jsonl, into: target)
    } throws: { error in
      let message = (error as? MemoError)?.message ?? ""
      return message.contains("line 2") && message.contains("again, hard, good or easy")
    }
  }

  @Test(
    "a question rated, then deleted later in the same file: the import goes through, nothing left of it"
  )
  func ratedThenDeleted() throws {
    let target = try TemporaryDatabase()
    let lines = [
      #"{"type":"header","format":"memo","version":3,"since":null}"#,
      #"{"type":"post","uuid":"p-1","title":"Dune","author":null,"body":null,"source":null,"favorite":false,"created_at":"2026-01-01T10:00:00.000Z","updated_at":"2026-01-01T10:00:00.000Z"}"#,
      #"{"type":"question","uuid":"q-1","post_uuid":"p-1","text":"Why?","category":null,"starred":false,"answer":null,"answered_at":null,"created_at":"2026-01-01T10:00:00.000Z","updated_at":"2026-01-01T10:00:00.000Z","highlight_uuid":null}"#,
      #"{"type":"review_event","uuid":"e-1","question_uuid":"q-1","kind":"open","rating":"soon","reviewed_at":"2026-01-01T12:00:00.000Z","device":null,"duration_ms":null,"created_at":"2026-01-03T10:00:00.000Z"}"#,
      #"{"type":"deleted","uuid":"q-1","kind":"question","deleted_at":"2026-01-04T10:00:00.000Z"}"#,
    ]
    _ = try HighlightTransferTests.importText(
      lines.joined(separator: "\n") + "\n", .jsonl, into: target)
    #expect(try target.rows("SELECT count(*) FROM review_events") == [["0"]])
    #expect(try target.rows("SELECT count(*) FROM review_items") == [["0"]])
  }
}
