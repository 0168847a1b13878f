import MemoCore

/// Draws a document as an aligned table for a terminal: a bold header, local times, control
/// characters made visible, flexible columns shortened to fit the terminal's width.
struct TableRenderer {
  var style: Style

  func render(_ document: Document) -> String {
    let columns = document.columns
    let cells = document.records.map { record in
      columns.map { cellText(record[$0.key], mark: $0.mark) }
    }
    var widths = columns.map { displayWidth($0.title) }
    for row in cells {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], displayWidth(cell)) }
    }
    fit(&widths, columns: columns)
    var out = ""
    out += line(columns.map(\.title), widths: widths, columns: columns, decorate: style.bold)
    for row in cells {
      out += line(row, widths: widths, columns: columns, decorate: nil)
    }
    return out
  }

  /// Shrinks flexible columns (widest first) until the table fits the terminal.
  func fit(_ widths: inout [Int], columns: [Column]) {
    guard let width = style.width, width > 20 else { return }
    let gaps = 2 * (columns.count - 1)
    var excess = widths.reduce(0, +) + gaps - width
    while excess > 0 {
      guard
        let widest = widths.indices.filter({ columns[$0].isFlexible && widths[$0] > 8 })
          .max(by: { widths[$0] < widths[$1] })
      else { return }
      let cut = min(excess, widths[widest] - 8)
      widths[widest] -= cut
      excess -= cut
    }
  }

  func line(_ cells: [String], widths: [Int], columns: [Column], decorate: ((String) -> String)?)
    -> String
  {
    var parts: [String] = []
    for (i, cell) in cells.enumerated() {
      let shown = truncate(cell, to: widths[i])
      let padding = String(repeating: " ", count: max(0, widths[i] - displayWidth(shown)))
      let isLast = i == cells.count - 1
      var text = columns[i].alignsRight ? padding + shown : shown + (isLast ? "" : padding)
      if let decorate { text = decorate(text) } else if i == 0 { text = style.yellow(text) }
      parts.append(text)
    }
    return parts.joined(separator: "  ") + "\n"
  }

  func cellText(_ value: Value, mark: String = "✓") -> String {
    switch value {
    case .null, .record: return ""
    case .strings(let items): return visible(oneLine(items.joined(separator: ", ")))
    case .bool(let flag): return flag ? mark : ""
    case .int(let number): return String(number)
    case .number(let number): return String(number)
    case .string(let text): return visible(oneLine(text))
    case .timestamp(let time):
      return time.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    case .records(let records): return String(records.count)
    }
  }
}

/// The text on one line: line breaks and tabs become spaces.
func oneLine(_ text: String) -> String {
  // Most text has none: return it as it is (a listing calls this for every row).
  let breaks: (UInt8) -> Bool = { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
  guard text.utf8.contains(where: breaks) else { return text }
  // ASCII bytes replaced by an ASCII byte: still valid UTF-8.
  return String(decoding: text.utf8.map { breaks($0) ? 0x20 : $0 }, as: UTF8.self)
}

/// The text with control characters shown as `^X` / `\u{…}`, so that notes cannot send escape
/// sequences to the terminal.
func visible(_ text: String) -> String {
  // A control character has a byte below 0x20 (but line feed and tab), 0x7F, or is C1
  // (U+0080…U+009F: 0xC2 then 0x80…0x9F); text with none of these bytes is returned as is.
  guard
    text.utf8.contains(where: {
      ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2
    })
  else { return text }
  guard text.unicodeScalars.contains(where: isControl) else { return text }
  var out = ""
  for scalar in text.unicodeScalars {
    if scalar == "\n" || scalar == "\t" {
      out.unicodeScalars.append(scalar)
    } else if scalar.value < 0x20 {
      out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
    } else if isControl(scalar) {
      out += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out
}

func isControl(_ scalar: Unicode.Scalar) -> Bool {
  (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
    || (0x80...0x9F).contains(scalar.value)
}

/// Columns a string takes in a terminal: wide East Asian characters count 2, combining
/// marks 0.
func displayWidth(_ text: String) -> Int {
  // Most cells are ASCII: one column a byte.
  if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
  var width = 0
  for scalar in text.unicodeScalars { width += scalarWidth(scalar) }
  return width
}

func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
  let v = scalar.value
  if v < 0x300 { return 1 }
  if v == 0xE000 || v == 0xE001 { return 0 }  // the search presenter's highlight marks
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format: return 0
  default: break
  }
  if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
    || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
    || (0xA000...0xA4CF).contains(v)
    || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
    || (0xFE30...0xFE4F).contains(v)
    || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
    || (0x1F300...0x1F64F).contains(v)
    || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
  {
    return 2
  }
  return 1
}

/// Shortens `text` to `width` columns, ending in "…" when cut.
func truncate(_ text: String, to width: Int) -> String {
  guard displayWidth(text) > width else { return text }
  var out = ""
  var used = 0
  for scalar in text.unicodeScalars {
    let w = scalarWidth(scalar)
    if used + w > width - 1 { break }
    out.unicodeScalars.append(scalar)
    used += w
  }
  return out + "…"
}
