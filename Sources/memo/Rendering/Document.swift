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

/// What a presenter hands to a renderer.
struct Document {
  var columns: [Column]
  var records: [Record]
  /// One object rather than a list: JSON prints an object, not an array.
  var isSingle = false
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
