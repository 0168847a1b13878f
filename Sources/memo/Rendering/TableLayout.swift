import MemoCore
import MemoStorage

/// A table streamed: the first rows (up to `lookahead`) size the columns, then every row is
/// drawn with those widths — memory bounded whatever the listing's length.
struct TableLayout {
  let columns: [Column]
  let style: Style
  let lookahead: Int
  private var pending: [[String]] = []
  private var widths: [Int]?

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
    let renderer = TableRenderer(style: style)
    var sized = columns.map { DisplayWidth.of($0.title) }
    for row in pending {
      for (i, cell) in row.enumerated() { sized[i] = max(sized[i], DisplayWidth.of(cell)) }
    }
    renderer.fit(&sized, columns: columns)
    widths = sized
    out.write(renderer.line(columns.map(\.title), widths: sized, columns: columns, decorate: style.bold))
    for row in pending { draw(row, widths: sized, to: out) }
    pending = []
  }

  func draw(_ cells: [String], widths: [Int], to out: ByteWriter) {
    let hasMarks =
      style.useColor
      && cells.contains {
        $0.unicodeScalars.contains { $0 == SearchPresenter.markStart || $0 == SearchPresenter.markEnd }
      }
    guard !hasMarks else {
      // Search matches: the marks become colour, and a reset ends the line in case shortening
      // cut a match in two.
      let line = TableRenderer(style: style).line(
        cells, widths: widths, columns: columns, decorate: nil)
      out.write(
        line.replacing(String(SearchPresenter.markStart), with: "\u{1B}[1;33m")
          .replacing(String(SearchPresenter.markEnd), with: "\u{1B}[0m")
          .replacing("\n", with: "\u{1B}[0m\n"))
      return
    }
    // Straight into the writer: the same line as `TableRenderer.line`, without building it.
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
}
