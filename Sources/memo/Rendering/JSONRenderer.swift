import MemoCore

/// Writes records as JSON (a pretty array or object) or JSON Lines (one compact object a line).
/// Keys come out in the record's order, so output is the same from run to run.
struct JSONRenderer {
  var isLines = false

  func render(_ document: Document) -> String {
    var out = ""
    if isLines {
      for record in document.records {
        write(record, into: &out, indent: nil)
        out += "\n"
      }
    } else if document.isSingle, let record = document.records.first {
      write(record, into: &out, indent: 0)
      out += "\n"
    } else {
      writeArray(document.records, into: &out, indent: 0)
      out += "\n"
    }
    return out
  }

  func write(_ record: Record, into out: inout String, indent: Int?) {
    guard !record.fields.isEmpty else {
      out += "{}"
      return
    }
    out += "{"
    for (index, field) in record.fields.enumerated() {
      if index > 0 { out += "," }
      if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
      appendJSONString(field.key, to: &out)
      out += indent == nil ? ":" : ": "
      write(field.value, into: &out, indent: indent.map { $0 + 1 })
    }
    if let indent { out += "\n" + String(repeating: "  ", count: indent) }
    out += "}"
  }

  func writeArray(_ records: [Record], into out: inout String, indent: Int?) {
    guard !records.isEmpty else {
      out += "[]"
      return
    }
    out += "["
    for (index, record) in records.enumerated() {
      if index > 0 { out += "," }
      if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
      write(record, into: &out, indent: indent.map { $0 + 1 })
    }
    if let indent { out += "\n" + String(repeating: "  ", count: indent) }
    out += "]"
  }

  func write(_ value: Value, into out: inout String, indent: Int?) {
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .int(let number): out += String(number)
    case .number(let number): out += number.isFinite ? String(number) : "null"
    case .string(let text): appendJSONString(text, to: &out)
    case .timestamp(let time): appendJSONString(time.rfc3339, to: &out)
    case .records(let records): writeArray(records, into: &out, indent: indent)
    case .record(let record): write(record, into: &out, indent: indent)
    case .strings(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += indent == nil ? "," : ", " }
        appendJSONString(item, to: &out)
      }
      out += "]"
    }
  }
}
