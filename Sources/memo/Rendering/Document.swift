import MemoCore

/// A value in a rendered record.
enum Value: Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case number(Double)
  case string(String)
  case timestamp(Timestamp)
  /// Nested records (a post's questions): JSON only; tabular formats leave them out.
  case records([Record])
  /// A nested object (a saved filter's filter): JSON only.
  case record(Record)
  /// A list of strings (a filter's categories); tabular formats join them with ", ".
  case strings([String])
}

/// One object to render: keys in output order (the JSON key order; CSV column order).
struct Record: Equatable {
  var fields: [(key: String, value: Value)]

  init(_ fields: [(key: String, value: Value)]) { self.fields = fields }

  subscript(key: String) -> Value {
    fields.first { $0.key == key }?.value ?? .null
  }

  static func == (a: Record, b: Record) -> Bool {
    a.fields.count == b.fields.count
      && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}

/// A column of a table, plain, CSV or TSV rendering.
struct Column: Equatable, Sendable {
  /// The record key it shows (and the CSV/TSV header).
  var key: String
  /// The table header.
  var title: String
  /// Numbers align right.
  var alignsRight = false
  /// Shortened when a table is wider than the terminal.
  var isFlexible = false
  /// What a table shows for `true` in this column.
  var mark = "✓"
  /// Among flexible columns, the lower ones give up their width first (down to `floor`);
  /// columns of one rank share the cut, widest first.
  var shrinkRank = 0
  /// The width a flexible column keeps until every column of a later rank is at its own.
  var floor = 8
  /// A column a table leaves out (lowest first) before it shortens any flexible one: counts
  /// and marks that matter less than the titles they stand beside.
  var dropRank: Int? = nil
}

/// What a presenter hands to a renderer.
struct Document {
  var columns: [Column]
  var records: [Record]
  /// One object rather than a list: JSON prints an object, not an array.
  var isSingle = false
}

/// How to draw for the terminal at hand.
struct Style {
  var useColor: Bool
  var utcOffsetSeconds: Int
  /// The terminal's width, when stdout is one.
  var width: Int?

  static let plain = Style(useColor: false, utcOffsetSeconds: 0, width: nil)

  func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
  func yellow(_ text: String) -> String { useColor ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
  func cyan(_ text: String) -> String { useColor ? "\u{1B}[36m\(text)\u{1B}[0m" : text }
}

extension Document {
  /// One record with its fields as the columns: an object in JSON, a header and a line in CSV
  /// and TSV.
  init(single record: Record) {
    self.init(
      columns: record.fields.map { Column(key: $0.key, title: $0.key) }, records: [record],
      isSingle: true)
  }
}
