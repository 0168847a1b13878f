import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("decoding an import on a thread of its own")
struct RecordReaderTests {
  static let time =
    "\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\""

  /// A temporary JSON Lines file of one post and `count` questions (with blank lines
  /// between some); `bad` replaces that line (1-based) with a broken one.
  func file(questions count: Int, bad: Int? = nil) throws -> String {
    var lines = ["{\"type\":\"post\",\"uuid\":\"p\",\"title\":\"T\",\(Self.time)}"]
    for n in 1...count {
      lines.append(
        "{\"type\":\"question\",\"uuid\":\"q\(n)\",\"post_uuid\":\"p\",\"text\":\"Q\(n)?\",\(Self.time)}"
      )
      if n % 100 == 0 { lines.append("") }
    }
    if let bad { lines[bad - 1] = "{\"type\":\"question\"" }
    let path = NSTemporaryDirectory() + "memo-records-\(UUID().uuidString).jsonl"
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The question UUIDs in the order the reader hands them out, and what it threw.
  func read(_ path: String) throws -> (uuids: [String], error: MemoError?) {
    let reader = try RecordReader(try InputFile(path), name: "in.jsonl")
    defer { reader.stop() }
    var uuids: [String] = []
    do {
      while let records = try reader.next() {
        #expect(records.count <= RecordReader.batchSize)
        for case .question(let question) in records { uuids.append(question.uuid) }
      }
    } catch let error as MemoError {
      return (uuids, error)
    }
    return (uuids, nil)
  }

  @Test("every record comes out once, in file order, across many batches")
  func order() throws {
    let path = try file(questions: 5000)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (uuids, error) = try read(path)
    #expect(error == nil)
    #expect(uuids == (1...5000).map { "q\($0)" })
  }

  @Test("a broken line is thrown after every record before it, naming its line")
  func brokenLine() throws {
    // Line 3030: 3029 lines before it, 29 of them blank, one the post.
    let path = try file(questions: 5000, bad: 3030)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (uuids, error) = try read(path)
    #expect(uuids == (1...2999).map { "q\($0)" })
    #expect(error?.code == .badData)
    #expect(
      error?.message.hasPrefix("in.jsonl: line 3030: ") == true, "\(String(describing: error))")
  }

  @Test(
    "stopping after the first batch ends the thread without reading on", .timeLimit(.minutes(1)))
  func stopEarly() throws {
    let path = try file(questions: 50_000)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try RecordReader(try InputFile(path), name: "in.jsonl")
    #expect(try reader.next()?.count == RecordReader.batchSize)
    reader.stop()
    reader.stop()
  }
}
