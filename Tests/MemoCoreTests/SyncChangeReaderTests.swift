import Foundation
import Testing

@testable import MemoCore

/// The one-pass reader of change lines (`SyncChange.read`) is a shortcut: it must give exactly
/// what the JSON tree gives (`parseFully`), or step aside.
@Suite("sync: change lines read in one pass, as the full parse reads them")
struct SyncChangeReaderTests {
  let device = "0192f0aa-0000-7000-8000-00000000000a"
  let other = "0192f0aa-0000-7000-8000-00000000000b"
  let t0: Int64 = 1_767_225_600_000 << 16

  func question(_ key: String, text: String = "Why?", starred: Int = 0) -> String {
    """
    {"uuid":"\(key)","post_uuid":"p1","text":\(quoted(text)),"category":"c1","starred":\(starred),\
    "answer":null,"answered_at":null,"created_at":"2026-01-01T00:00:00.000Z",\
    "updated_at":"2026-01-01T00:00:00.000Z","highlight_uuid":null}
    """
  }

  func quoted(_ text: String) -> String {
    var out = ""
    appendJSONString(text, to: &out)
    return out
  }

  /// Lines as memo writes them: the reader takes each, and agrees with the full parse.
  var written: [String] {
    let v = SyncVersion(time: HybridTime(value: t0 + 7), device: device)
    let base = SyncVersion(time: HybridTime(value: t0), device: other)
    let stamps = [
      "text": v, "category": SyncVersion(time: HybridTime(value: t0 + 3), device: other),
      "starred": v, "answer": base, "times": v,
    ]
    let changed: [String: SyncVersion?] = ["text": base, "category": SyncVersion?.none]
    return [
      SyncChange.encode(kind: .question, key: "q1", version: v, base: nil, row: question("q1")),
      SyncChange.encode(
        kind: .question, key: "q2", version: v, base: base, row: question("q2"), stamps: stamps,
        changed: changed),
      SyncChange.encode(
        kind: .question, key: "q3", version: v, base: base, row: question("q3", starred: 1),
        stamps: stamps, changed: [:]),
      SyncChange.encode(
        kind: .question, key: "q4", version: v, base: base, row: nil, stamps: stamps),
      SyncChange.encode(
        kind: .question, key: "q5", version: v, base: nil,
        row: question("q5", text: "Ça « va » ? \"quoted\" \\ 日本語 \u{1F600}\n")),
      SyncChange.encode(
        kind: .category, key: "c1", version: v, base: nil,
        row: #"{"name":"c1","created_at":"2026-01-01T00:00:00.000Z"}"#),
      SyncChange.encode(
        kind: .post, key: "p1", version: v, base: base,
        row: """
          {"uuid":"p1","title":"Dune","author":null,"body":"","source":null,\
          "created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z"}
          """),
      SyncChange.encode(
        kind: .highlightReviewEvent, key: "e1", version: v, base: nil,
        row: """
          {"uuid":"e1","highlight_uuid":"h1","rating":"keep","reviewed_at":"2026-01-01T00:00:00.000Z",\
          "device":null,"duration_ms":1200,"created_at":"2026-01-01T00:00:00.000Z"}
          """),
    ]
  }

  @Test("every line memo writes is read in one pass, to the same change, row and row text")
  func sameAsFullParse() throws {
    for line in written {
      let fast = try #require(SyncChange.read(line, device: device), "\(line)")
      let full = try SyncChange.parseFully(line, device: device)
      #expect(fast == full, "\(line)")
      #expect(fast.row == full.row, "\(line)")
      #expect(fast.rowText == full.rowText, "\(line)")
      #expect(fast.version.device == device)
    }
  }

  @Test("a deletion carries its import key, read alike in one pass and by the full parse")
  func importKey() throws {
    let v = SyncVersion(time: HybridTime(value: t0 + 7), device: device)
    let key = SyncChange.questionKey(createdAt: "2026-01-01T00:00:00.000Z", text: "Why \"so\"?")
    for importKey in ["kindle:46b6c9dd66352f04", key] {
      let line = SyncChange.encode(
        kind: .question, key: "q1", version: v, base: nil, row: nil, importKey: importKey)
      #expect(line.hasSuffix(",\"row\":null,\"import_key\":\(quoted(importKey))}"), "\(line)")
      let full = try SyncChange.parseFully(line, device: device)
      #expect(full.importKey == importKey)
      #expect(full.hasRow == false)
      // An escaped key goes to the full parse; a plain one is read in one pass.
      if let fast = SyncChange.read(line, device: device) {
        #expect(fast == full)
        #expect(fast.importKey == importKey)
      } else {
        #expect(importKey == key)
      }
    }
    // A line with content never carries one.
    let edit = SyncChange.encode(
      kind: .question, key: "q1", version: v, base: nil, row: question("q1"), importKey: "k")
    #expect(!edit.contains("import_key"))
  }

  @Test("a post's deletion by a merge names the post it went into; an older line names none")
  func mergedInto() throws {
    let v = SyncVersion(time: HybridTime(value: t0 + 9), device: device)
    let line = SyncChange.encode(
      kind: .post, key: "p2", version: v, base: nil, row: nil, into: "p1")
    #expect(line.hasSuffix(",\"into\":\"p1\",\"row\":null}"))
    let change = try SyncChange.parse(line, device: device)
    #expect(change.into == "p1" && !change.hasRow && change.key == "p2")
    let plain = SyncChange.encode(kind: .post, key: "p2", version: v, base: nil, row: nil)
    #expect(try SyncChange.parse(plain, device: device).into == nil)
  }

  @Test(
    "a deletion a restored backup held names the device it was made under, read alike in one pass and by the full parse; a line with content or an older line names none"
  )
  func madeAs() throws {
    let v = SyncVersion(time: HybridTime(value: t0 + 9), device: device)
    let line = SyncChange.encode(
      kind: .question, key: "q1", version: v, base: nil, row: nil, importKey: "kindle:46b6",
      madeAs: other)
    #expect(
      line.hasSuffix(",\"row\":null,\"import_key\":\"kindle:46b6\",\"made_as\":\"\(other)\"}"))
    let fast = try #require(SyncChange.read(line, device: device))
    let full = try SyncChange.parseFully(line, device: device)
    #expect(fast == full)
    #expect(fast.madeAs == other && full.madeAs == other && fast.importKey == "kindle:46b6")
    let edit = SyncChange.encode(
      kind: .question, key: "q1", version: v, base: nil, row: question("q1"), madeAs: other)
    #expect(!edit.contains("made_as"))
    let plain = SyncChange.encode(kind: .question, key: "q1", version: v, base: nil, row: nil)
    #expect(try SyncChange.parse(plain, device: device).madeAs == nil)
  }

  @Test("a highlight's deletion made before it synced names its post; a line with content none")
  func deletedHighlightPost() throws {
    let v = SyncVersion(time: HybridTime(value: t0 + 9), device: device)
    let line = SyncChange.encode(
      kind: .highlight, key: "h1", version: v, base: nil, row: nil, importKey: "koreader:1",
      post: "p1")
    let change = try SyncChange.parse(line, device: device)
    #expect(change.post == "p1" && change.importKey == "koreader:1" && !change.hasRow)
    let plain = SyncChange.encode(kind: .highlight, key: "h1", version: v, base: nil, row: nil)
    #expect(try SyncChange.parse(plain, device: device).post == nil)
    #expect(
      !SyncChange.encode(kind: .post, key: "p1", version: v, base: nil, row: "{}", post: "p2")
        .contains(",\"post\":"))
  }

  @Test("lines not as memo writes them, or to refuse, go to the full parse, which decides")
  func stepsAside() throws {
    let line = written[1]
    let variants = [
      " " + line,
      line + " ",
      line.replacingFirst("\"hlc\":", with: "\"hlc\": "),
      line.replacingFirst("{\"kind\":\"question\",", with: "{\"kind\":\"quest\\u0069on\","),
      line.replacingFirst("\"key\":\"q2\"", with: "\"key\":\"\""),
      line.replacingFirst(",\"row\":", with: ",\"extra\":1,\"row\":"),
      line.replacingFirst("\"hlc\":\(t0 + 7)", with: "\"hlc\":0"),
      line.replacingFirst("\"hlc\":\(t0 + 7)", with: "\"hlc\":1.5"),
      line.replacingFirst("\"hlc\":\(t0 + 7)", with: "\"hlc\":1e5"),
      line.replacingFirst("\"hlc\":\(t0 + 7)", with: "\"hlc\":01"),
      line.replacingFirst("\"hlc\":\(t0 + 7)", with: "\"hlc\":9999999999999999999"),
      line.replacingFirst("\"device\":\"\(device)\"", with: "\"device\":\"\(other)\""),
      line.replacingFirst("\"base_hlc\":\(t0)", with: "\"base_hlc\":null"),
      line.replacingFirst("\"stamps\":{\"answer\"", with: "\"stamps\":{\"nope\""),
      line.replacingFirst(",\"changed\":{", with: ",\"changed\":null,\"x\":{"),
      line.replacingFirst("\"text\":\"Why?\"", with: "\"text\":\" \""),
      line.replacingFirst("\"starred\":0", with: "\"starred\":2"),
      line + "}",
      String(line.dropLast()),
    ]
    for variant in variants {
      #expect(variant != line)
      let full = Result { () throws(SyncChange.Invalid) in
        try SyncChange.parseFully(variant, device: device)
      }
      let parsed = Result { () throws(SyncChange.Invalid) in
        try SyncChange.parse(variant, device: device)
      }
      #expect(parsed == full, "\(variant)")
      if let fast = SyncChange.read(variant, device: device) {
        #expect(.success(fast) == full, "\(variant)")
      }
    }
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return self[..<range.lowerBound] + replacement + self[range.upperBound...]
  }
}
