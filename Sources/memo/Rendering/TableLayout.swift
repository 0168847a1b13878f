import MemoCore
import MemoStorage

/// A table streamed: the first rows (up to `lookahead`) size the columns, then every row is
/// drawn with those widths — memory bounded whatever the listing's length.
struct TableLayout {
  let columns: [Column]
  let style: Style
  let lookahead: Int
  private var pending: [[String]] = []
  /// The columns' widths, once the first rows fixed them (-1: a column left out).
  private(set) var widths: [Int]?

  init(columns: [Column], style: Style, lookahead: Int) {
    self.columns = columns
    self.style = style
    self.lookahead = lookahead
  }

  mutating func add(_ cells: [String], to out: ByteWriter) {
    if let widths {
      draw(cells, widths: widths, to: out)
      return
    }
    pending.append(cells)
    if pending.count >= lookahead { finish(to: out) }
  }

  /// Sizes the columns by the rows seen (if not yet done) and draws them.
  mutating func finish(to out: ByteWriter) {
    guard widths == nil else { return }
    var sized = columns.map { DisplayWidth.of($0.title) }
    for row in pending {
      for (i, cell) in row.enumerated() { sized[i] = max(sized[i], DisplayWidth.of(cell)) }
    }
    fit(&sized, columns: columns)
    widths = sized
    out.write(line(columns.map(\.title), widths: sized, columns: columns, decorate: style.bold))
    for row in pending { draw(row, widths: sized, to: out) }
    pending = []
  }

  func draw(_ cells: [String], widths: [Int], to out: ByteWriter) {
    let hasMarks =
      style.useColor
      && cells.contains {
        $0.unicodeScalars.contains {
          $0 == SearchPresenter.markStart || $0 == SearchPresenter.markEnd
        }
      }
    guard !hasMarks else {
      // Search matches: the marks become colour, and a reset ends the line in case shortening
      // cut a match in two.
      let text = line(cells, widths: widths, columns: columns, decorate: nil)
      out.write(
        text.replacing(String(SearchPresenter.markStart), with: "\u{1B}[1;33m")
          .replacing(String(SearchPresenter.markEnd), with: "\u{1B}[0m")
          .replacing("\n", with: "\u{1B}[0m\n"))
      return
    }
    // Straight into the writer: the same line as `line`, without building it.
    let last = widths.lastIndex { $0 >= 0 } ?? 0
    var first = true
    for (i, cell) in cells.enumerated() where widths[i] >= 0 {
      if !first { out.raw("  ") }
      first = false
      var shown = cell
      var width = DisplayWidth.of(cell)
      if width > widths[i] {
        shown = DisplayWidth.truncate(cell, to: widths[i])
        width = DisplayWidth.of(shown)
      }
      let padding = max(0, widths[i] - width)
      let isLast = i == last
      if i == 0 && style.useColor { out.raw("\u{1B}[33m") }
      if columns[i].alignsRight { out.spaces(padding) }
      out.write(shown)
      if !columns[i].alignsRight && !isLast { out.spaces(padding) }
      if i == 0 && style.useColor { out.raw("\u{1B}[0m") }
    }
    out.byte(0x0A)
  }

  /// Makes the table fit the terminal, by value: first the columns that may go are left out
  /// (their width becomes -1), then the flexible ones shrink by rank to their floors, then
  /// all flexible ones to their headers' widths. A terminal narrower still (40 columns and
  /// less) leaves out the other columns from the right, all but the first and the main text
  /// (the flexible column that gives way last), and shrinks that text to what is left.
  func fit(_ widths: inout [Int], columns: [Column]) {
    guard let width = style.width else { return }
    let natural = widths
    func excess() -> Int {
      let shown = widths.filter { $0 >= 0 }
      return shown.reduce(0, +) + 2 * (shown.count - 1) - width
    }
    let droppable = columns.indices.filter { columns[$0].dropRank != nil }
      .sorted { columns[$0].dropRank! < columns[$1].dropRank! }
    for i in droppable where excess() > 0 { widths[i] = -1 }
    let flexible = columns.indices.filter { columns[$0].isFlexible && widths[$0] >= 0 }
    for rank in Set(flexible.map { columns[$0].shrinkRank }).sorted() {
      let group = flexible.filter { columns[$0].shrinkRank == rank }
      shrink(&widths, group, excess: excess(), floor: { columns[$0].floor })
    }
    shrink(&widths, flexible, excess: excess()) { max(4, DisplayWidth.of(columns[$0].title)) }
    guard excess() > 0 else { return }
    let main = flexible.max { columns[$0].shrinkRank < columns[$1].shrinkRank }
    for i in columns.indices.reversed() where excess() > 0 && i != 0 && i != main {
      widths[i] = -1
    }
    let kept = flexible.filter { widths[$0] >= 0 }
    shrink(&widths, kept, excess: excess()) { _ in 1 }
    // What the columns left out freed goes back to the main text, then to the others kept.
    for i in [main].compactMap({ $0 }) + kept where excess() < 0 {
      widths[i] = min(natural[i], widths[i] - excess())
    }
  }

  /// Takes `excess` columns from `group`, the widest first, none below its floor.
  func shrink(_ widths: inout [Int], _ group: [Int], excess: Int, floor: (Int) -> Int) {
    var excess = excess
    while excess > 0 {
      let open = group.filter { widths[$0] > floor($0) }
      guard let widest = open.max(by: { widths[$0] < widths[$1] }) else { return }
      let next = open.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
      let cut = min(excess, widths[widest] - floor(widest), max(1, widths[widest] - next))
      widths[widest] -= cut
      excess -= cut
    }
  }

  func line(_ cells: [String], widths: [Int], columns: [Column], decorate: ((String) -> String)?)
    -> String
  {
    var parts: [String] = []
    let last = widths.lastIndex { $0 >= 0 } ?? 0
    for (i, cell) in cells.enumerated() where widths[i] >= 0 {
      let shown = DisplayWidth.truncate(cell, to: widths[i])
      let padding = String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(shown)))
      var text = columns[i].alignsRight ? padding + shown : shown + (i == last ? "" : padding)
      if let decorate { text = decorate(text) } else if i == 0 { text = style.yellow(text) }
      parts.append(text)
    }
    return parts.joined(separator: "  ") + "\n"
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
  // Text with no byte of a control character is returned as it is.
  guard text.utf8.contains(where: mayBeControl) else { return text }
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
    // Bidirectional overrides, embeddings and isolates: they reorder what follows them.
    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
}

/// Whether a UTF-8 byte may belong to a control character (`isControl`): a byte below 0x20
/// (but line feed and tab), 0x7F, 0xC2 (C1 is U+0080…U+009F) or 0xE2 (the bidirectional
/// controls are U+202A… and U+2066…). Text with none of them has no control character.
@inline(__always)
func mayBeControl(_ byte: UInt8) -> Bool {
  (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2
}
