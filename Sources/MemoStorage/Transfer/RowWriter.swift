import MemoCore

/// Writes exported posts and questions straight from the statements' column bytes into the
/// output buffer: no Strings, no timestamp parsing per row (the stored times are already RFC
/// 3339). The output is byte for byte what `ExportEncoder` writes from records (a test holds
/// the two together); this is the fast path for large databases (SPEC §6).
struct RowWriter {
  let format: ExportFormat
  /// The one writer (`ByteWriter`): its buffer takes the column bytes as they are.
  let out: ByteWriter

  // Post columns: 0 id, 1 uuid, 2 title, 3 author, 4 body, 5 source, 6 created_at,
  // 7 updated_at, 8 favorite. Question columns: 0 post_id, 1 uuid, 2 text, 3 category,
  // 4 starred, 5 answer, 6 answered_at, 7 created_at, 8 updated_at, (9, 10 the post's order),
  // 11 highlight_id, 12 highlight_uuid (the uuid is written: ids are each database's own). Highlight columns: 0 post_id, 1 id, 2 uuid, 3 text,
  // 4 note, 5 chapter, 6 page, 7 location, 8 position, 9 highlighted_at, 10 starred,
  // 11 source, 12 source_key, 13 created_at, 14 updated_at.

  func post(_ p: Statement, index: Int) {
    switch format {
    case .json:
      raw(index == 0 ? "\n{" : ",\n{")
      postFields(p)
      raw(",\"highlights\":[")
    case .jsonl:
      raw("{\"type\":\"post\",")
      postFields(p)
      raw("}\n")
    case .csv, .markdown:
      break
    }
  }

  func highlight(_ h: Statement, of p: Statement, index: Int) {
    switch format {
    case .json:
      raw(index == 0 ? "\n {" : ",\n {")
      highlightFields(h, postUUIDFrom: nil)
      raw("}")
    case .jsonl:
      raw("{\"type\":\"highlight\",")
      highlightFields(h, postUUIDFrom: p)
      raw("}\n")
    case .csv:
      csvPost(p)
      raw(",,,,,,,,,")
      for column: Int32 in [2, 3, 4, 5, 6, 7] {
        raw(",")
        csv(h, column)
      }
      raw(",")
      if !h.isNull(8) { out.csvField(jsonNumber(h.double(8))) }
      raw(",")
      csv(h, 9)
      raw(h.bool(10) ? ",true" : ",false")
      for column: Int32 in [11, 12, 13, 14] {
        raw(",")
        csv(h, column)
      }
      raw("\r\n")
    case .markdown:
      break
    }
  }

  /// Between a post's highlights and its questions.
  func beginQuestions(highlightCount: Int) {
    guard format == .json else { return }
    raw(highlightCount == 0 ? "],\"questions\":[" : "\n],\"questions\":[")
  }

  func question(_ q: Statement, of p: Statement, index: Int) {
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
      for column: Int32 in [5, 6, 7, 8, 12] {
        raw(",")
        csv(q, column)
      }
      raw(",,,,,,,,,,,,,\r\n")
    case .markdown:
      break
    }
  }

  func endPost(_ p: Statement, highlightCount: Int, questionCount: Int) {
    switch format {
    case .json: raw(questionCount == 0 ? "]}" : "\n]}")
    case .csv where questionCount == 0 && highlightCount == 0:
      csvPost(p)
      raw(",,,,,,,,,,,,,,,,,,,,,,\r\n")
    default: break
    }
  }

  // MARK: - Fields

  func postFields(_ p: Statement) {
    raw("\"uuid\":"); string(p, 1)
    raw(",\"title\":"); string(p, 2)
    raw(",\"author\":"); string(p, 3)
    raw(",\"body\":"); string(p, 4)
    raw(",\"source\":"); string(p, 5)
    raw(p.bool(8) ? ",\"favorite\":true" : ",\"favorite\":false")
    raw(",\"created_at\":"); string(p, 6)
    raw(",\"updated_at\":"); string(p, 7)
  }

  func questionFields(_ q: Statement, postUUIDFrom p: Statement?) {
    raw("\"uuid\":"); string(q, 1)
    if let p { raw(",\"post_uuid\":"); string(p, 1) }
    raw(",\"text\":"); string(q, 2)
    raw(",\"category\":"); string(q, 3)
    raw(q.bool(4) ? ",\"starred\":true" : ",\"starred\":false")
    raw(",\"answer\":"); string(q, 5)
    raw(",\"answered_at\":"); string(q, 6)
    raw(",\"created_at\":"); string(q, 7)
    raw(",\"updated_at\":"); string(q, 8)
    raw(",\"highlight_uuid\":"); string(q, 12)
  }

  func highlightFields(_ h: Statement, postUUIDFrom p: Statement?) {
    raw("\"uuid\":"); string(h, 2)
    if let p { raw(",\"post_uuid\":"); string(p, 1) }
    raw(",\"text\":"); string(h, 3)
    raw(",\"note\":"); string(h, 4)
    raw(",\"chapter\":"); string(h, 5)
    raw(",\"page\":"); string(h, 6)
    raw(",\"location\":"); string(h, 7)
    raw(",\"position\":")
    if h.isNull(8) { raw("null") } else { out.write(jsonNumber(h.double(8))) }
    raw(",\"highlighted_at\":"); string(h, 9)
    raw(h.bool(10) ? ",\"starred\":true" : ",\"starred\":false")
    raw(",\"source\":"); string(h, 11)
    raw(",\"source_key\":"); string(h, 12)
    raw(",\"created_at\":"); string(h, 13)
    raw(",\"updated_at\":"); string(h, 14)
  }

  func csvPost(_ p: Statement) {
    for column: Int32 in [1, 2, 3, 4, 5] {
      csv(p, column)
      raw(",")
    }
    raw(p.bool(8) ? "true," : "false,")
    csv(p, 6)
    raw(",")
    csv(p, 7)
  }

  func raw(_ text: StaticString) { out.raw(text) }

  /// A column as a JSON string (RFC 8259 escapes), or `null`.
  func string(_ row: Statement, _ column: Int32) {
    guard !row.isNull(column) else { return out.raw("null") }
    row.withUTF8(column) { out.jsonString($0) }
  }

  /// A column as a CSV field (quoted when `csvField` would quote it); NULL is empty.
  func csv(_ row: Statement, _ column: Int32) {
    row.withUTF8(column) { out.csvField($0) }
  }
}
