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
      writeString(field.key, into: &out)
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
    case .string(let text): writeString(text, into: &out)
    case .timestamp(let time): writeString(time.rfc3339, into: &out)
    case .records(let records): writeArray(records, into: &out, indent: indent)
    }
  }
}

/// Appends `text` as a JSON string literal (RFC 8259: quote, backslash and controls escaped).
func writeString(_ text: String, into out: inout String) {
  out += "\""
  var plainStart = text.unicodeScalars.startIndex
  var index = plainStart
  let scalars = text.unicodeScalars
  while index < scalars.endIndex {
    let scalar = scalars[index]
    let escaped: String?
    switch scalar {
    case "\"": escaped = "\\\""
    case "\\": escaped = "\\\\"
    case "\n": escaped = "\\n"
    case "\r": escaped = "\\r"
    case "\t": escaped = "\\t"
    case "\u{08}": escaped = "\\b"
    case "\u{0C}": escaped = "\\f"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        escaped = nil
      }
    }
    if let escaped {
      out.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
      out += escaped
      plainStart = scalars.index(after: index)
    }
    index = scalars.index(after: index)
  }
  out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
  out += "\""
}
