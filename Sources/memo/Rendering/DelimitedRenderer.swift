import MemoCore

/// Writes the scalar columns of a document as CSV (RFC 4180), TSV, or plain text (TSV
/// without a header, for `grep`, `cut` and `awk`).
struct DelimitedRenderer {
  enum Kind { case csv, tsv, plain }
  var kind: Kind

  func render(_ document: Document) -> String {
    var out = ""
    let newline = kind == .csv ? "\r\n" : "\n"
    let separator = kind == .csv ? "," : "\t"
    if kind != .plain {
      out += document.columns.map { escape($0.key) }.joined(separator: separator) + newline
    }
    for record in document.records {
      out += document.columns.map { escape(text(record[$0.key])) }.joined(separator: separator)
      out += newline
    }
    return out
  }

  func text(_ value: Value) -> String {
    switch value {
    case .null, .records, .record: return ""
    case .strings(let items): return items.joined(separator: ", ")
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .number(let number): return String(number)
    case .string(let text): return text
    case .timestamp(let time): return time.rfc3339
    }
  }

  func escape(_ field: String) -> String {
    switch kind {
    case .csv:
      // RFC 4180, as every CSV memo writes (edge white space quoted too).
      return csvField(field)
    case .tsv, .plain:
      guard
        field.unicodeScalars.contains(where: {
          $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r"
        })
      else { return field }
      var out = ""
      for scalar in field.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
  }
}
