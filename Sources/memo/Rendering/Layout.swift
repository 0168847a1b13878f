import MemoCore

/// One field of a listed row: its JSON key (also its CSV/TSV header, and the name of the SQL
/// column it is read from), how it is written, and how a table shows it.
struct Field: Sendable {
  enum Kind: Sendable {
    case int, text, bool, number
    /// RFC 3339 UTC text as stored: written as it is; a table shows local time.
    case time
    /// A search snippet: its matches between char(2) and char(3), highlighted on a colour
    /// terminal and unmarked elsewhere.
    case snippet
  }

  var key: String
  var kind: Kind

  init(_ key: String, _ kind: Kind) {
    self.key = key
    self.kind = kind
  }
}

/// What a presenter declares for a listing: its fields in JSON order (JSON, JSON Lines, CSV
/// and TSV carry them all), the columns a table and plain text show (in their order, each
/// naming a field by key), and the rows nested in each row (a post's questions) under a key.
final class Layout: Sendable {
  let fields: [Field]
  let table: [Column]
  /// For each table column, its field's index in `fields`.
  let tableFields: [Int]
  let nested: (key: String, layout: Layout)?

  init(_ fields: [Field], table: [Column], nested: (key: String, layout: Layout)? = nil) {
    self.fields = fields
    self.table = table
    // The presenters name only their own fields (LayoutTests holds them to it).
    tableFields = table.map { column in fields.firstIndex { $0.key == column.key } ?? 0 }
    self.nested = nested
  }
}
