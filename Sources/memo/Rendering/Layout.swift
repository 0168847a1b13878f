import MemoCore
import MemoStorage

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
    /// A list of strings (a filter's categories): a JSON array; the other formats join them
    /// with ", ".
    case texts
    /// Rows nested under the key (`stats`' categories, `sync status`' devices): JSON only.
    case rows(Layout)
    /// One row nested under the key, or null (a saved filter's filter): JSON only.
    case object(Layout)

    /// Whether CSV, TSV, plain text and tables have a cell for it (nested rows they leave out).
    var isScalar: Bool {
      switch self {
      case .rows, .object: return false
      default: return true
      }
    }
  }

  var key: String
  var kind: Kind

  init(_ key: String, _ kind: Kind) {
    self.key = key
    self.kind = kind
  }
}

/// What a presenter declares for each kind of record it prints — the one place its fields are
/// listed: its fields in JSON order (JSON and JSON Lines carry them all, CSV and TSV every
/// scalar one), the columns a table and plain text show (in their order, each naming a field
/// by key), and the rows nested in each row (a post's questions) under a key. A listing's rows
/// come from a statement whose columns are named by key; a record's are made in memory by
/// `row(_:)`, in the fields' order.
final class Layout: Sendable {
  let fields: [Field]
  let table: [Column]
  /// For each table column, its field's index in `fields`.
  let tableFields: [Int]
  let nested: (key: String, layout: Layout)?
  /// The fields' keys: the names of a row made in memory.
  let keys: [String]

  /// - Parameter table: the columns of a table and of plain text; by default every scalar
  ///   field, titled by its key.
  init(_ fields: [Field], table: [Column]? = nil, nested: (key: String, layout: Layout)? = nil) {
    self.fields = fields
    let table =
      table ?? fields.filter(\.kind.isScalar).map { Column(key: $0.key, title: $0.key) }
    self.table = table
    // A column naming no field is a presenter's mistake: it stops here, named, the first time
    // the layout is made (LayoutFormatTests makes every one), never shows another field.
    tableFields = table.map { column in Self.index(of: column.key, in: fields) }
    self.nested = nested
    keys = fields.map(\.key)
  }

  /// The index of the field `key` names. - Precondition: one does (else the message names
  /// the key and the fields there are).
  static func index(of key: String, in fields: [Field]) -> Int {
    guard let i = fields.firstIndex(where: { $0.key == key }) else {
      preconditionFailure(
        "no field '\(key)' in this layout; its fields: \(fields.map(\.key).joined(separator: ", "))"
      )
    }
    return i
  }

  /// A row in memory: one value per field, in the fields' order.
  func row(_ values: [RowValue]) -> Row { Row(names: keys, values: values) }

  /// A row in memory with its nested rows (a post with its questions) in a last column named
  /// by the nested key.
  func row(_ values: [RowValue], nested rows: [Row]) -> Row {
    Row(names: keys + [nested?.key ?? ""], values: values + [.rows(rows)])
  }
}

/// A column of a table or of plain text.
struct Column: Equatable, Sendable {
  /// The field it shows.
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
