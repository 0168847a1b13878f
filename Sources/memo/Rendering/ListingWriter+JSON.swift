import MemoCore
import MemoStorage

extension ListingWriter {
  // MARK: - JSON

  /// One object, pretty, at `indent` levels (two spaces each), its nested rows as an array.
  func jsonObject(_ row: Row, _ layout: Layout, _ columns: [Int], indent: Int, nested: NestedRows?)
    throws
  {
    let pad = String(repeating: "  ", count: indent + 1)
    let prefixes = jsonPrefixes(layout, indent: indent)
    out.byte(UInt8(ascii: "{"))
    for (i, field) in layout.fields.enumerated() {
      out.bytes(prefixes[i])
      if field.kind.isScalar || row.isNull(columns[i]) {
        value(row, columns[i], field.kind, indent: indent)
      } else {
        try nestedJSON(row.rows(columns[i]), field.kind, indent: indent)
      }
    }
    if let (key, inner) = layout.nested {
      out.raw(",\n")
      out.write(pad)
      out.byte(UInt8(ascii: "\""))
      out.write(key)
      out.raw("\": [")
      var count = 0
      while let child = try nested?.next() {
        out.raw(count == 0 ? "\n" : ",\n")
        out.write(pad)
        out.raw("  ")
        try jsonObject(child, inner, nestedColumns, indent: indent + 2, nested: nil)
        count += 1
      }
      if count > 0 {
        out.byte(0x0A)
        out.write(pad)
      }
      out.byte(UInt8(ascii: "]"))
    }
    out.byte(0x0A)
    out.write(String(repeating: "  ", count: indent))
    out.byte(UInt8(ascii: "}"))
  }

  /// What goes before each field's value in an object at `indent` (nil: compact, for JSON
  /// Lines): the comma, the line break and indentation, the quoted key. Made once per layout
  /// and indentation, so that a field costs one append and its value.
  func jsonPrefixes(_ layout: Layout, indent: Int?) -> [[UInt8]] {
    let slot = (indent ?? -1) + 1
    let isListing = layout === self.layout
    if isListing, let made = prefixCache[slot] { return made }
    if !isListing, let made = otherPrefixes[ObjectIdentifier(layout)]?[slot] { return made }
    let made = layout.fields.enumerated().map { i, field -> [UInt8] in
      let comma = i == 0 ? "" : ","
      guard let indent else { return Array("\(comma)\"\(field.key)\":".utf8) }
      let pad = String(repeating: "  ", count: indent + 1)
      return Array("\(comma)\n\(pad)\"\(field.key)\": ".utf8)
    }
    if isListing {
      prefixCache[slot] = made
    } else {
      otherPrefixes[ObjectIdentifier(layout), default: [:]][slot] = made
    }
    return made
  }

  /// One compact object, for JSON Lines.
  func jsonLine(_ row: Row, _ layout: Layout, _ columns: [Int], nested: NestedRows?) throws {
    let prefixes = jsonPrefixes(layout, indent: nil)
    out.byte(UInt8(ascii: "{"))
    for (i, field) in layout.fields.enumerated() {
      out.bytes(prefixes[i])
      if field.kind.isScalar || row.isNull(columns[i]) {
        value(row, columns[i], field.kind, indent: nil)
      } else {
        try nestedJSON(row.rows(columns[i]), field.kind, indent: nil)
      }
    }
    if let (key, inner) = layout.nested {
      out.raw(",\"")
      out.write(key)
      out.raw("\":[")
      var count = 0
      while let child = try nested?.next() {
        if count > 0 { out.byte(UInt8(ascii: ",")) }
        try jsonLine(child, inner, nestedColumns, nested: nil)
        count += 1
      }
      out.byte(UInt8(ascii: "]"))
    }
    out.byte(UInt8(ascii: "}"))
  }

  /// Rows nested in a field (in memory): an array of objects, or one object. `indent`: the
  /// level of the object holding them (nil: compact).
  func nestedJSON(_ rows: [Row], _ kind: Field.Kind, indent: Int?) throws {
    let inner: Layout
    switch kind {
    case .rows(let layout), .object(let layout): inner = layout
    default: return
    }
    let columns = Array(inner.fields.indices)
    if case .object = kind, let row = rows.first {
      if let indent {
        return try jsonObject(row, inner, columns, indent: indent + 1, nested: nil)
      }
      return try jsonLine(row, inner, columns, nested: nil)
    }
    guard !rows.isEmpty else { return out.raw("[]") }
    out.byte(UInt8(ascii: "["))
    for (n, row) in rows.enumerated() {
      if n > 0 { out.byte(UInt8(ascii: ",")) }
      if let indent {
        out.byte(0x0A)
        out.write(String(repeating: "  ", count: indent + 2))
        try jsonObject(row, inner, columns, indent: indent + 2, nested: nil)
      } else {
        try jsonLine(row, inner, columns, nested: nil)
      }
    }
    if let indent {
      out.byte(0x0A)
      out.write(String(repeating: "  ", count: indent + 1))
    }
    out.byte(UInt8(ascii: "]"))
  }

  /// A JSON value from a column; `indent` says whether the object is pretty (a list of
  /// strings then has a space after each comma).
  func value(_ row: Row, _ column: Int, _ kind: Field.Kind, indent: Int? = nil) {
    guard !row.isNull(column) else { return out.raw("null") }
    switch kind {
    case .texts:
      out.byte(UInt8(ascii: "["))
      for (n, item) in row.texts(column).enumerated() {
        if n > 0 { indent == nil ? out.byte(UInt8(ascii: ",")) : out.raw(", ") }
        out.jsonString(item)
      }
      out.byte(UInt8(ascii: "]"))
    case .rows, .object: out.raw("null")
    case .int: out.int(row.int64(column))
    case .bool: row.bool(column) ? out.raw("true") : out.raw("false")
    case .number:
      let number = row.double(column)
      number.isFinite ? out.write(String(number)) : out.raw("null")
    case .text, .time: row.withUTF8(column) { out.jsonString($0) }
    case .snippet: out.jsonString(Self.unmarked(row.string(column)))
    }
  }
}
