import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("export: the fast row writer equals the record encoder")
struct ExportTests {
  func tricky() throws -> TemporaryDatabase {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    let odd = "q\"b\\s\u{1}\t\n\r\u{8}\u{C} 😀 本"
    _ = runner.run(
      .posts(
        .insert(
          NewPost(
            title: odd, author: "\u{3000}wide space\u{3000}", body: " lead, trail ", source: "s"))))
    _ = runner.run(.posts(.insert(NewPost(title: "No questions"))))
    _ = runner.run(.posts(.insert(NewPost(title: "Plain", body: "x"))))
    _ = runner.run(
      .questions(.insert(NewQuestion(postID: 1, text: odd, category: "c,1", isStarred: true))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 1, text: "second"))))
    _ = runner.run(.questions(.insert(NewQuestion(postID: 3, text: "on plain", category: "c2"))))
    _ = runner.run(.questions(.setAnswer(1, "yes \"really\"\n")))
    // Highlights: odd text, a fractional position, one a question asks about.
    try temp.database.executeScript(
      """
      INSERT INTO highlights (uuid, post_id, text, note, chapter, page, location, position,
        highlighted_at, starred, source, source_key, created_at, updated_at) VALUES
        ('h-b', 1, 'second, "quoted"', NULL, NULL, NULL, NULL, 0.1, NULL, 0, NULL, NULL,
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
        ('h-a', 1, ' lead\t, trail ', 'n\n"x"', 'ch 1', 'xii', '140-142', 1e-7,
         '2025-01-01T00:00:00.000Z', 1, 'kobo', 'k:1', '2026-01-01T00:00:00.000Z',
         '2026-01-02T00:00:00.000Z'),
        ('h-c', 3, 'on plain', NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL,
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
        ('h-d', 2, 'gone with its post', NULL, NULL, NULL, NULL, 3, NULL, 0, NULL, NULL,
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      UPDATE questions SET highlight_id = 2 WHERE id = 2;
      """)
    _ = runner.run(.favorites(.add([3, 1])))
    _ = runner.run(.posts(.delete([2])))
    return temp
  }

  func export(
    _ temp: TemporaryDatabase, _ format: ExportFormat, fast: Bool, since: Timestamp? = nil
  ) throws -> String {
    let path = temp.folder + "/out-\(format.rawValue)-\(fast)"
    let output = try OutputFile(path: path)
    _ = try temp.database.inReadTransaction {
      try Exporter(database: temp.database).write(
        ExportEncoder(format: format), to: output, since: since, fast: fast)
    }
    try output.commit()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test(
    "json, jsonl and csv come out byte for byte the same either way",
    arguments: [ExportFormat.json, .jsonl, .csv])
  func sameBytes(format: ExportFormat) throws {
    let temp = try tricky()
    let fast = try export(temp, format, fast: true)
    let reference = try export(temp, format, fast: false)
    #expect(fast == reference)
    #expect(fast.contains("Plain"))
    let since = Timestamp(millis: 0)
    #expect(
      try export(temp, format, fast: true, since: since)
        == export(temp, format, fast: false, since: since))
  }

  @Test("the fast JSON is valid and decodes back to the same records")
  func decodes() throws {
    let temp = try tricky()
    for format in [ImportFormat.json, .jsonl] {
      let text = try export(temp, format == .json ? .json : .jsonl, fast: true)
      let records = try BackupDecoder.decode(Array(text.utf8), format: format, name: "x")
      let posts = records.compactMap {
        if case .post(let p) = $0 { return p.title } else { return nil }
      }
      #expect(posts == ["q\"b\\s\u{1}\t\n\r\u{8}\u{C} 😀 本", "Plain"])
      let highlights = records.compactMap {
        if case .highlight(let h) = $0 { return [h.uuid, h.position.map(jsonNumber) ?? "nil"] }
        return nil
      }
      #expect(highlights == [["h-a", "1e-07"], ["h-b", "0.1"], ["h-c", "nil"]])
      let linked = records.compactMap {
        if case .question(let q) = $0 { return q.highlightUUID } else { return nil }
      }
      #expect(linked == ["h-a"])
      #expect(
        records.contains {
          if case .deleted("h-d", "highlight", _) = $0 { return true } else { return false }
        })
    }
  }

  @Test("the eight-bytes-at-a-time check finds every byte that needs escaping, in every place")
  func escapeCheck() {
    func reference(_ word: UInt64) -> Bool {
      (0..<8).contains { i in
        let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))
        return byte < 0x20 || byte == 0x22 || byte == 0x5C
      }
    }
    // Each byte value in each place, among bytes that need nothing ('a', and 0xFF's high bit).
    for filler: UInt64 in [0x6161_6161_6161_6161, 0xFFFF_FFFF_FFFF_FFFF, 0x2121_2121_2121_2121] {
      for place in 0..<8 {
        for value in UInt64(0)...255 {
          let shift = UInt64(8 * place)
          let word = (filler & ~(0xFF << shift)) | (value << shift)
          #expect(JSONString.needsEscape(word) == reference(word), "\(String(word, radix: 16))")
        }
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100_000 {
      let word = generator.next() as UInt64
      #expect(JSONString.needsEscape(word) == reference(word), "\(String(word, radix: 16))")
    }
  }

  @Test(
    "an export to a file or a markdown folder counts its records for the progress line, with the total",
    arguments: [ExportFormat.json, .jsonl, .csv, .markdown])
  func progress(format: ExportFormat) throws {
    let temp = try TemporaryDatabase()
    let runner = temp.runner()
    for i in 0..<130 { _ = runner.run(.posts(.insert(NewPost(title: "Book \(i)")))) }
    var reports: [(Int, Int?)] = []
    var erased = 0
    runner.progress = ProgressMeter(
      report: { done, total, _ in reports.append((done, total)) }, erase: { erased += 1 },
      delay: 0, interval: 0)
    let result = runner.run(
      .transfer(
        .export(ExportRequest(format: format, output: temp.folder + "/out-\(format.rawValue)"))))
    guard case .transfer(.exported(let summary)) = result else {
      Issue.record("\(result)")
      return
    }
    #expect(summary.posts == 130)
    #expect(reports.count >= 2)
    #expect(reports.allSatisfy { $0.1 == 130 })
    #expect(reports.last.map { $0.0 } ?? 0 >= 128)
    #expect(erased == 1)
  }
}
