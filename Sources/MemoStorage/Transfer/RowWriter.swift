import MemoCore

/// Writes exported posts and questions straight from the statements' column bytes into the
/// output buffer: no Strings, no timestamp parsing per row (the stored times are already RFC
/// 3339). The output is byte for byte what `ExportEncoder` writes from records (a test holds
/// the two together); this is the fast path for large databases (SPEC §6).
struct RowWriter {
  let format: ExportFormat
  /// The bytes written so far; the caller hands them to the output now and then. A local
  /// buffer, not the output's: appends to a class's array pay a dynamic exclusivity check.
  var bytes: [UInt8] = []

  init(format: ExportFormat) {
    self.format = format
    bytes.reserveCapacity(1 << 20 + 1 << 16)
  }

  // Post columns: 0 id, 1 uuid, 2 title, 3 author, 4 body, 5 source, 6 created_at,
  // 7 updated_at, 8 favorite. Question columns: 0 post_id, 1 uuid, 2 text, 3 category,
  // 4 starred, 5 answer, 6 answered_at, 7 created_at, 8 updated_at.

  mutating func post(_ p: Statement, index: Int) {
    switch format {
    case .json:
      raw(index == 0 ? "\n{" : ",\n{")
      postFields(p)
      raw(",\"questions\":[")
    case .jsonl:
      raw("{\"type\":\"post\",")
      postFields(p)
      raw("}\n")
    case .csv, .markdown:
      break
    }
  }

  mutating func question(_ q: Statement, of p: Statement, index: Int) {
    switch format {
    case .json:
      raw(index == 0 ? "\n {" : ",\n {")
      questionFields(q, postUUIDFrom: nil)
      raw("}")
    case .jsonl:
      raw("{\"type\":\"question\",")
      questionFields(q, postUUIDFrom: p)
      raw("}\n")
    case .csv:
      csvPost(p)
      for column: Int32 in [1, 2, 3] {
        raw(",")
        csv(q, column)
      }
      raw(q.bool(4) ? ",true" : ",false")
      for column: Int32 in [5, 6, 7, 8] {
        raw(",")
        csv(q, column)
      }
      raw("\r\n")
    case .markdown:
      break
    }
  }

  mutating func endPost(_ p: Statement, questionCount: Int) {
    switch format {
    case .json: raw(questionCount == 0 ? "]}" : "\n]}")
    case .csv where questionCount == 0:
      csvPost(p)
      raw(",,,,,,,,\r\n")
    default: break
    }
  }

  // MARK: - Fields

  mutating func postFields(_ p: Statement) {
    key("uuid", first: true); string(p, 1)
    key("title"); string(p, 2)
    key("author"); string(p, 3)
    key("body"); string(p, 4)
    key("source"); string(p, 5)
    key("favorite"); raw(p.bool(8) ? "true" : "false")
    key("created_at"); string(p, 6)
    key("updated_at"); string(p, 7)
  }

  mutating func questionFields(_ q: Statement, postUUIDFrom p: Statement?) {
    key("uuid", first: true); string(q, 1)
    if let p { key("post_uuid"); string(p, 1) }
    key("text"); string(q, 2)
    key("category"); string(q, 3)
    key("starred"); raw(q.bool(4) ? "true" : "false")
    key("answer"); string(q, 5)
    key("answered_at"); string(q, 6)
    key("created_at"); string(q, 7)
    key("updated_at"); string(q, 8)
  }

  mutating func csvPost(_ p: Statement) {
    for column: Int32 in [1, 2, 3, 4, 5] {
      csv(p, column)
      raw(",")
    }
    raw(p.bool(8) ? "true," : "false,")
    csv(p, 6)
    raw(",")
    csv(p, 7)
  }

  mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// A column as a JSON string (RFC 8259 escapes), or `null`.
  mutating func string(_ row: Statement, _ column: Int32) {
    guard !row.isNull(column) else { return raw("null") }
    row.withUTF8(column) { text in
      bytes.append(UInt8(ascii: "\""))
      var start = 0
      for (i, byte) in text.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<i]))
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        default:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [
            0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
          ])
        }
        start = i + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// A column as a CSV field (quoted when `csvField` would quote it); NULL is empty.
  mutating func csv(_ row: Statement, _ column: Int32) {
    row.withUTF8(column) { text in
      guard let first = text.first, let last = text.last else { return }
      var needsQuotes = text.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
      if !needsQuotes {
        if first < 0x80 && last < 0x80 {
          needsQuotes = isASCIIWhitespace(first) || isASCIIWhitespace(last)
        } else {
          // Rare: a non-ASCII first or last character; ask Unicode, as csvField does.
          let decoded = String(decoding: text, as: UTF8.self)
          needsQuotes =
            decoded.unicodeScalars.first?.properties.isWhitespace == true
            || decoded.unicodeScalars.last?.properties.isWhitespace == true
        }
      }
      guard needsQuotes else { return bytes.append(contentsOf: text) }
      bytes.append(UInt8(ascii: "\""))
      for byte in text {
        bytes.append(byte)
        if byte == 0x22 { bytes.append(0x22) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
