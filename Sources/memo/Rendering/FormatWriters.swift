import MemoCore
import MemoStorage

// One writer per format, chosen once per command by `ListingWriter.make`: each writes a record
// its own way, with no decision about the format left for a row or a field.

/// A pretty array of objects (one object for a single record), keys in the layout's order.
final class JSONWriter: ListingWriter {
  override func header() { out.byte(UInt8(ascii: "[")) }

  override func record(_ row: Row, nested: NestedRows?) throws {
    out.raw(rowCount == 0 ? "\n  " : ",\n  ")
    try jsonObject(row, layout, columns, indent: 1, nested: nested)
  }

  override func footer() { out.raw(rowCount == 0 ? "]\n" : "\n]\n") }
}

/// One compact object a line.
final class JSONLinesWriter: ListingWriter {
  override func record(_ row: Row, nested: NestedRows?) throws {
    try jsonLine(row, layout, columns, nested: nested)
    out.byte(0x0A)
  }
}

/// RFC 4180: a header of keys, every scalar field, CRLF line ends, quoted by `csvNeedsQuotes`.
final class CSVWriter: ListingWriter {
  override func header() {
    for (n, i) in delimitedFields.enumerated() {
      if n > 0 { out.byte(0x2C) }
      out.write(layout.fields[i].key)
    }
    out.raw("\r\n")
  }

  override func record(_ row: Row, nested: NestedRows?) throws {
    for (n, i) in delimitedFields.enumerated() {
      if n > 0 { out.byte(0x2C) }
      let column = columns[i]
      guard !row.isNull(column) else { continue }
      switch layout.fields[i].kind {
      case .int: out.int(row.int64(column))
      case .bool: row.bool(column) ? out.raw("true") : out.raw("false")
      case .number: out.write(String(row.double(column)))
      case .text, .time: row.withUTF8(column) { out.csvField($0) }
      case .snippet: out.csvField(Self.unmarked(row.string(column)))
      case .texts: out.csvField(row.texts(column).joined(separator: ", "))
      case .rows, .object: break
      }
    }
    out.raw("\r\n")
  }
}

/// Tab-separated: a header of keys, every scalar field, backslash, tab and line breaks escaped.
class TSVWriter: ListingWriter {
  /// Whether control characters other than tab and line breaks are shown as a table shows
  /// them (`^[`, `\u{9b}`): plain text is read on a terminal, TSV by programs.
  var showsControls: Bool { false }

  private func field(_ text: String) {
    out.tsvField(showsControls ? visible(text) : text)
  }

  override func header() {
    for (n, i) in delimitedFields.enumerated() {
      if n > 0 { out.byte(0x09) }
      out.write(layout.fields[i].key)
    }
    out.byte(0x0A)
  }

  override final func record(_ row: Row, nested: NestedRows?) throws {
    for (n, i) in delimitedFields.enumerated() {
      if n > 0 { out.byte(0x09) }
      let column = columns[i]
      guard !row.isNull(column) else { continue }
      switch layout.fields[i].kind {
      case .int: out.int(row.int64(column))
      case .bool: row.bool(column) ? out.raw("true") : out.raw("false")
      case .number: out.write(String(row.double(column)))
      case .text, .time:
        row.withUTF8(column) {
          if showsControls, $0.contains(where: mayBeControl) {
            out.tsvField(visible(String(decoding: $0, as: UTF8.self)))
          } else {
            out.tsvField($0)
          }
        }
      case .snippet: field(Self.unmarked(row.string(column)))
      case .texts: field(row.texts(column).joined(separator: ", "))
      case .rows, .object: break
      }
    }
    out.byte(0x0A)
  }
}

/// Plain text (for grep, cut and awk): TSV of the table's columns, without a header.
final class PlainWriter: TSVWriter {
  override var fieldsWritten: [Int] { layout.tableFields }
  override var showsControls: Bool { true }
  override func header() {}
}

/// An aligned table for a person: the first rows size the columns (`TableLayout`); on a
/// terminal an empty one says what to do next. Once the widths are fixed, a row is drawn
/// straight from the statement: an ASCII cell's bytes go into the buffer as they are (its width
/// is its byte count), and only a cell with other characters is made a `String` and measured.
final class TableWriter: ListingWriter {
  override var fieldsWritten: [Int] { layout.tableFields }
  /// Search matches on a colour terminal are drawn from marks in the cells (`TableLayout.draw`).
  private var drawsMarks = false
  /// Each table column's true mark, as bytes, and its width.
  private var marks: [(bytes: [UInt8], width: Int)] = []
  /// Whether rows past the look-ahead are drawn straight from their columns (false: as cells,
  /// through `TableLayout`, the reference the tests hold the straight path to).
  var drawsStraight = true
  /// A time's UTC hour as stored (`2026-01-31T09`), the local date and hour of its start
  /// (`2026-01-31 10:`) and the local minute it starts at: rows listed together share hours.
  private var hourUTC: [UInt8] = []
  private var hourLocal: [UInt8] = []
  private var hourLocalMinute = 0

  override func header() {
    table = TableLayout(columns: layout.table, style: style, lookahead: lookahead)
    drawsMarks =
      style.useColor
      && layout.tableFields.contains {
        if case .snippet = layout.fields[$0].kind { return true }
        return false
      }
    marks = layout.table.map { (Array($0.mark.utf8), DisplayWidth.of($0.mark)) }
  }

  override func record(_ row: Row, nested: NestedRows?) throws {
    if drawsStraight, !drawsMarks, let widths = table?.widths { return draw(row, widths: widths) }
    var cells: [String] = []
    cells.reserveCapacity(layout.table.count)
    for (spec, i) in zip(layout.table, layout.tableFields) {
      cells.append(cell(row, columns[i], layout.fields[i].kind, spec))
    }
    table?.add(cells, to: out)
  }

  override func footer() {
    table?.finish(to: out)
    if rowCount == 0, style.width != nil, !isQuiet {
      for line in Fit.words(emptyMessage, width: style.width) {
        out.write(style.dim(line))
        out.byte(0x0A)
      }
    }
  }

  /// One row with the widths fixed: the same bytes as `TableLayout.draw` of its cells.
  private func draw(_ row: Row, widths: [Int]) {
    let last = widths.lastIndex { $0 >= 0 } ?? 0
    var first = true
    for (n, i) in layout.tableFields.enumerated() where widths[n] >= 0 {
      if !first { out.raw("  ") }
      first = false
      let colour = n == 0 && style.useColor
      if colour { out.raw("\u{1B}[33m") }
      let spec = layout.table[n]
      let padding = drawCell(
        row, columns[i], layout.fields[i].kind, n, width: widths[n],
        alignsRight: spec.alignsRight)
      if !spec.alignsRight && n != last { out.spaces(padding) }
      if colour { out.raw("\u{1B}[0m") }
    }
    out.byte(0x0A)
  }

  /// Writes one cell in `width` columns, right-aligned ones with their padding before; returns
  /// the padding a left-aligned one still needs after it.
  private func drawCell(
    _ row: Row, _ column: Int, _ kind: Field.Kind, _ n: Int, width: Int, alignsRight: Bool
  ) -> Int {
    if row.isNull(column) {
      if alignsRight { out.spaces(width) }
      return alignsRight ? 0 : width
    }
    switch kind {
    case .int:
      let value = row.int64(column)
      let digits = Self.digits(value)
      guard digits <= width else { break }
      if alignsRight { out.spaces(width - digits) }
      out.int(value)
      return alignsRight ? 0 : width - digits
    case .bool:
      let mark: (bytes: [UInt8], width: Int) = row.bool(column) ? marks[n] : ([], 0)
      guard mark.width <= width else { break }
      if alignsRight { out.spaces(width - mark.width) }
      out.bytes(mark.bytes)
      return alignsRight ? 0 : width - mark.width
    case .text, .snippet:
      let isSnippet: Bool
      if case .snippet = kind { isSnippet = true } else { isSnippet = false }
      let drawn = row.withUTF8(column) { bytes -> Int? in
        guard let (shown, isASCII) = Self.cellWidth(bytes, skippingMarks: isSnippet) else {
          return nil
        }
        let cut = shown > width
        // Other text is cut by characters, through the cell path.
        guard !cut || isASCII else { return nil }
        // Cut: the first width - 1 characters and "…" (`DisplayWidth.truncate`).
        let kept = cut ? max(width - 1, 0) : bytes.count
        let used = cut ? width : shown
        if alignsRight { out.spaces(width - used) }
        writeCellText(bytes, characters: kept, skippingMarks: isSnippet)
        if cut && width > 0 { out.raw("…") }
        return alignsRight ? 0 : width - used
      }
      if let drawn { return drawn }
    case .time:
      // 16 columns (`2026-01-31 10:05`), from the local time of the hour kept.
      let drawn = row.withUTF8(column) { bytes -> Bool in
        guard width >= 16, let minute = Self.canonicalMinute(bytes) else { return false }
        if !hourUTC.withUnsafeBufferPointer({ bytes.prefix(13).elementsEqual($0) }) {
          guard cacheHour(bytes) else { return false }
        }
        let total = hourLocalMinute + minute
        guard total < 60 else { return false }
        if alignsRight { out.spaces(width - 16) }
        out.bytes(hourLocal)
        out.byte(0x30 + UInt8(total / 10))
        out.byte(0x30 + UInt8(total % 10))
        return true
      }
      if drawn { return alignsRight ? 0 : width - 16 }
    case .number, .texts, .rows, .object: break
    }
    // Anything else: the cell as a table makes it, measured by `DisplayWidth`.
    let text = cell(row, column, kind, layout.table[n])
    var shown = text
    var shownWidth = DisplayWidth.of(text)
    if shownWidth > width {
      shown = DisplayWidth.truncate(text, to: width)
      shownWidth = DisplayWidth.of(shown)
    }
    let padding = max(0, width - shownWidth)
    if alignsRight { out.spaces(padding) }
    out.write(shown)
    return alignsRight ? 0 : padding
  }

  /// The columns a cell of this text takes, and whether it is all ASCII, when its width is the
  /// sum of its scalars' (`DisplayWidth.of`): printable text, tabs and line breaks (a cell shows
  /// a space), and with `skippingMarks` search marks (none). Nil for control characters (a
  /// cell shows them as `^G` or `\u{…}`), emoji sequences (U+FE0F, a joiner, a skin tone, a
  /// flag: one glyph) and bytes that are not UTF-8 — the cell path measures those.
  static func cellWidth(_ bytes: UnsafeBufferPointer<UInt8>, skippingMarks: Bool) -> (Int, Bool)? {
    var width = 0
    var isASCII = true
    var i = 0
    let count = bytes.count
    while i < count {
      let run = printableASCII(bytes, from: i)
      width += run
      i += run
      guard i < count else { break }
      let byte = bytes[i]
      if byte < 0x80 {
        if (byte >= 0x20 && byte != 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          width += 1
        } else if !(skippingMarks && (byte == 0x02 || byte == 0x03)) {
          return nil
        }
        i += 1
        continue
      }
      isASCII = false
      let length: Int
      var value: UInt32
      switch byte {
      case 0xC2...0xDF: (length, value) = (2, UInt32(byte & 0x1F))
      case 0xE0...0xEF: (length, value) = (3, UInt32(byte & 0x0F))
      case 0xF0...0xF4: (length, value) = (4, UInt32(byte & 0x07))
      default: return nil
      }
      guard i + length <= count else { return nil }
      for k in 1..<length {
        let next = bytes[i + k]
        guard next & 0xC0 == 0x80 else { return nil }
        value = value << 6 | UInt32(next & 0x3F)
      }
      // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
      guard length != 3 || (value >= 0x800 && !(0xD800...0xDFFF).contains(value)),
        length != 4 || (value >= 0x10000 && value <= 0x10FFFF),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      if isControl(scalar) || value == 0xFE0F || value == 0x200D
        || (0x1F3FB...0x1F3FF).contains(value) || (0x1F1E6...0x1F1FF).contains(value)
      {
        return nil
      }
      width += DisplayWidth.of(scalar)
      i += length
    }
    return (width, isASCII)
  }

  /// How many bytes from `start` on are printable ASCII (0x20 to 0x7E), eight at a time: a
  /// cell's text is mostly that, one column a byte. Stops at a word's end, or at its first
  /// byte that is not ("Bit Twiddling Hacks": a high bit, 0x7F plus one, or a borrow below
  /// 0x20 lights a byte's high bit; the lowest lit one is the first, little-endian).
  @inline(__always)
  static func printableASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= bytes.count {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let stops = ((word | (word &+ ones)) & highs) | ((word &- ones &* 0x20) & ~word & highs)
      if stops != 0 { return i + (stops.trailingZeroBitCount >> 3) - start }
      i += 8
    }
    return i - start
  }

  /// Writes text a cell shows as it is, up to `characters` bytes of it past the marks: tabs and
  /// line breaks as spaces, search marks left out (for ASCII, bytes are characters).
  @inline(__always)
  private func writeCellText(
    _ bytes: UnsafeBufferPointer<UInt8>, characters: Int, skippingMarks: Bool
  ) {
    var start = 0
    var i = 0
    var written = 0
    while i < bytes.count && written < characters {
      let run = min(Self.printableASCII(bytes, from: i), characters - written)
      i += run
      written += run
      guard i < bytes.count && written < characters else { break }
      let byte = bytes[i]
      if byte >= 0x20 {
        i += 1
        written += 1
        continue
      }
      out.bytes(UnsafeBufferPointer(rebasing: bytes[start..<i]))
      if byte == 0x09 || byte == 0x0A || byte == 0x0D {
        out.byte(0x20)
        written += 1
      }
      i += 1
      start = i
    }
    out.bytes(UnsafeBufferPointer(rebasing: bytes[start..<i]))
  }

  /// The minute of a time stored as memo writes it (`2026-01-31T09:05:00.000Z`, which
  /// `Timestamp(rfc3339:)` reads whenever its hour does), or nil for any other text.
  static func canonicalMinute(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    func digit(_ i: Int) -> Int? {
      let d = Int(b[i]) - 0x30
      return d >= 0 && d <= 9 ? d : nil
    }
    guard b.count == 24, b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
      b[19] == UInt8(ascii: "."), b[23] == UInt8(ascii: "Z") || b[23] == UInt8(ascii: "z"),
      let m1 = digit(14), let m2 = digit(15), m1 < 6, let s1 = digit(17), let s2 = digit(18),
      s1 * 10 + s2 < 61, digit(20) != nil, digit(21) != nil, digit(22) != nil
    else { return nil }
    return m1 * 10 + m2
  }

  /// Keeps the local time of the start of this time's UTC hour. - Returns: false when the hour
  /// does not read as a time (the cell path shows the text as it is).
  private func cacheHour(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    hourUTC = []
    let start = String(decoding: bytes.prefix(13), as: UTF8.self) + ":00:00.000Z"
    guard let time = Timestamp(rfc3339: start) else { return false }
    let local = Array(time.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds).utf8)
    guard local.count == 16, local[13] == UInt8(ascii: ":") else { return false }
    hourUTC = Array(bytes.prefix(13))
    hourLocal = Array(local[0..<14])
    hourLocalMinute = Int(local[14] - 0x30) * 10 + Int(local[15] - 0x30)
    return true
  }

  /// The decimal digits of `value`, with its minus sign.
  static func digits(_ value: Int64) -> Int {
    var magnitude = value.magnitude
    var count = value < 0 ? 2 : 1
    while magnitude >= 10 {
      magnitude /= 10
      count += 1
    }
    return count
  }
}
