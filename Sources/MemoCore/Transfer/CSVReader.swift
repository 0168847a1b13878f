/// A strict RFC 4180 reader: fields separated by commas, rows by CRLF or LF; a quoted field
/// may hold commas, line breaks and doubled quotes. Unlike the CSV libraries on hand (which
/// accept an unclosed quote or drop leading spaces), it refuses malformed input and says
/// on which line, so an import never half-reads a file.
public enum CSVReader {
  /// A row and the line it starts on (1-based).
  public struct Row: Equatable, Sendable {
    public var line: Int
    public var fields: [String]
  }

  public struct Failure: Error, Equatable, Sendable {
    public var line: Int
    public var reason: String
  }

  /// Parses the whole text. Blank lines between rows are skipped.
  /// - Throws: `Failure` for an unclosed quote, a quote inside an unquoted field, or text
  ///   after a closing quote.
  public static func parse(_ text: String) throws(Failure) -> [Row] {
    var rows: [Row] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var rowLine = 1
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return scalars.next()
    }
    var isAtFieldStart = true
    var isQuoted = false
    var quoteLine = 0

    func endRow() {
      fields.append(String(field))
      field = String.UnicodeScalarView()
      if !(fields.count == 1 && fields[0].isEmpty) {
        rows.append(Row(line: rowLine, fields: fields))
      }
      fields = []
    }

    while let c = next() {
      if isQuoted {
        if c == "\"" {
          guard let after = next() else {
            isQuoted = false
            break
          }
          if after == "\"" {
            field.append("\"")
          } else {
            isQuoted = false
            pending = after
            guard after == "," || after == "\n" || after == "\r" else {
              throw Failure(line: line, reason: "text after a closing quote")
            }
          }
        } else {
          if c == "\n" { line += 1 }
          field.append(c)
        }
        continue
      }
      switch c {
      case "\"":
        guard isAtFieldStart else {
          throw Failure(
            line: line,
            reason: "a quote inside an unquoted field (quote the whole field and double the quote)")
        }
        isQuoted = true
        quoteLine = line
        isAtFieldStart = false
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
        isAtFieldStart = true
      case "\r", "\n":
        if c == "\r" {
          if let after = next(), after != "\n" { pending = after }
        }
        endRow()
        line += 1
        rowLine = line
        isAtFieldStart = true
      default:
        field.append(c)
        isAtFieldStart = false
      }
    }
    if isQuoted {
      throw Failure(line: quoteLine, reason: "a quoted field is not closed (a missing \")")
    }
    if !field.isEmpty || !fields.isEmpty { endRow() }
    return rows
  }

  /// Rows as dictionaries keyed by the header row's names.
  /// - Throws: `Failure` for a malformed file or a row with the wrong number of fields.
  public static func records(_ text: String) throws(Failure) -> (
    header: [String], rows: [(line: Int, values: [String: String])]
  ) {
    let rows = try parse(text)
    guard let header = rows.first else { return ([], []) }
    let names = header.fields.map { $0.trimmingWhitespace() }
    var result: [(line: Int, values: [String: String])] = []
    for row in rows.dropFirst() {
      guard row.fields.count == names.count else {
        throw Failure(
          line: row.line, reason: "\(counted(row.fields.count, "field")) where the header has \(names.count)")
      }
      var values: [String: String] = [:]
      for (name, value) in zip(names, row.fields) { values[name] = value }
      result.append((row.line, values))
    }
    return (names, result)
  }
}
