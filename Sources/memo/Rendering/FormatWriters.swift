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
/// terminal an empty one says what to do next.
final class TableWriter: ListingWriter {
  override var fieldsWritten: [Int] { layout.tableFields }

  override func header() {
    table = TableLayout(columns: layout.table, style: style, lookahead: lookahead)
  }

  override func record(_ row: Row, nested: NestedRows?) throws {
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
      out.write(style.dim(emptyMessage))
      out.byte(0x0A)
    }
  }
}
