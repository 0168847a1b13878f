import MemoCore

/// Writes exported posts and questions straight from the statements' column bytes into the
/// output buffer: no Strings, no timestamp parsing per row (the stored times are already RFC
/// 3339). The output is byte for byte what `ExportEncoder` writes from records (a test holds
/// the two together); this is the fast path for large databases (SPEC §6).
struct RowWriter {
  let format: ExportFormat
  /// The bytes written so far (`count` of them); `drain(into:)` hands them to the output. Raw
  /// memory, not an array: a million rows make tens of millions of small appends, and an
  /// array's generic append costs several times a bounds-checked copy.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity = 1 << 21
  private(set) var count = 0

  init(format: ExportFormat) {
    self.format = format
    storage = .allocate(capacity: capacity)
  }

  /// Frees the buffer; the writer is not used after.
  func deallocate() { storage.deallocate() }

  /// Writes what is buffered to `output` and empties the buffer.
  mutating func drain(into output: OutputFile) throws {
    try output.write(UnsafeBufferPointer(start: storage, count: count))
    count = 0
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    while count + extra > capacity { capacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.update(from: storage, count: count)
    storage.deallocate()
    storage = grown
  }

  private mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (storage + count).update(from: base, count: bytes.count)
    count += bytes.count
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
    raw("\"uuid\":"); string(p, 1)
    raw(",\"title\":"); string(p, 2)
    raw(",\"author\":"); string(p, 3)
    raw(",\"body\":"); string(p, 4)
    raw(",\"source\":"); string(p, 5)
    raw(p.bool(8) ? ",\"favorite\":true" : ",\"favorite\":false")
    raw(",\"created_at\":"); string(p, 6)
    raw(",\"updated_at\":"); string(p, 7)
  }

  mutating func questionFields(_ q: Statement, postUUIDFrom p: Statement?) {
    raw("\"uuid\":"); string(q, 1)
    if let p { raw(",\"post_uuid\":"); string(p, 1) }
    raw(",\"text\":"); string(q, 2)
    raw(",\"category\":"); string(q, 3)
    raw(q.bool(4) ? ",\"starred\":true" : ",\"starred\":false")
    raw(",\"answer\":"); string(q, 5)
    raw(",\"answered_at\":"); string(q, 6)
    raw(",\"created_at\":"); string(q, 7)
    raw(",\"updated_at\":"); string(q, 8)
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

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// A column as a JSON string (RFC 8259 escapes), or `null`.
  mutating func string(_ row: Statement, _ column: Int32) {
    guard !row.isNull(column) else { return raw("null") }
    row.withUTF8(column) { text in
      // At most six bytes out per byte in (\u00XX), and the quotes: one reservation.
      reserve(text.count * 6 + 2)
      append(UInt8(ascii: "\""))
      var start = 0
      var i = 0
      // Eight bytes at a time while none needs escaping (a control byte, '"' or '\\'): most
      // text has none, and this is the export's inner loop.
      if let base = text.baseAddress {
        let raw = UnsafeRawPointer(base)
        while i + 8 <= text.count {
          let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          guard !Self.needsEscape(word) else { break }
          i += 8
        }
      }
      while i < text.count {
        let byte = text[i]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
          i += 1
          continue
        }
        append(UnsafeBufferPointer(rebasing: text[start..<i]))
        switch byte {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
          let hex: StaticString = "0123456789abcdef"
          raw("\\u00")
          hex.withUTF8Buffer {
            append($0[Int(byte >> 4)])
            append($0[Int(byte & 0xF)])
          }
        }
        i += 1
        start = i
      }
      append(UnsafeBufferPointer(rebasing: text[start...]))
      append(UInt8(ascii: "\""))
    }
  }

  /// Whether any of the eight bytes is below 0x20, '"' or '\\' (bit tricks from "Bit
  /// Twiddling Hacks": a byte is zero, or below n, where the high bit lights up).
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
    let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
    return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
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
      guard needsQuotes else { return append(text) }
      append(UInt8(ascii: "\""))
      for byte in text {
        append(byte)
        if byte == 0x22 { append(0x22) }
      }
      append(UInt8(ascii: "\""))
    }
  }

  func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
