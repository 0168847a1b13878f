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
    // Read as UTF-8 bytes: every mark that matters is ASCII, and a field is made from its
    // bytes once (appending scalar by scalar to a String was a fifth of a Readwise import).
    var parser = Parser(bytes: Array(text.utf8))
    try parser.run()
    return parser.rows
  }

  /// `parse` as it walks the bytes: the rows so far, the row and the field being read.
  private struct Parser {
    // The marks, as literals (a static property would be read through its accessor each time).
    let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
    let bytes: [UInt8]
    var i = 0
    var rows: [Row] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var rowLine = 1
    var isAtFieldStart = true
    var isQuoted = false
    var quoteLine = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() throws(Failure) {
      let count = bytes.count
      while i < count {
        let c = bytes[i]
        i += 1
        if isQuoted {
          guard try quoted(c) else { break }
        } else {
          try unquoted(c)
        }
      }
      if isQuoted {
        throw Failure(line: quoteLine, reason: "a quoted field is not closed (a missing \")")
      }
      if !field.isEmpty || !fields.isEmpty { endRow() }
    }

    /// A byte inside a quoted field. - Returns: false when a closing quote ends the text.
    private mutating func quoted(_ c: UInt8) throws(Failure) -> Bool {
      guard c == quote else {
        if c == lf { line += 1 }
        field.append(c)
        return true
      }
      guard i < bytes.count else {
        isQuoted = false
        return false
      }
      let after = bytes[i]
      if after == quote {
        field.append(quote)
        i += 1
      } else {
        isQuoted = false
        guard after == comma || after == lf || after == cr else {
          throw Failure(line: line, reason: "text after a closing quote")
        }
      }
      return true
    }

    /// A byte outside quotes: a field's text, a quote opening it, its end or the row's.
    private mutating func unquoted(_ c: UInt8) throws(Failure) {
      switch c {
      case quote:
        guard isAtFieldStart else {
          throw Failure(
            line: line,
            reason: "a quote inside an unquoted field (quote the whole field and double the quote)")
        }
        isQuoted = true
        quoteLine = line
        isAtFieldStart = false
      case comma:
        fields.append(take())
        isAtFieldStart = true
      case cr, lf:
        if c == cr, i < bytes.count, bytes[i] == lf { i += 1 }
        endRow()
        line += 1
        rowLine = line
        isAtFieldStart = true
      default:
        field.append(c)
        isAtFieldStart = false
      }
    }

    private mutating func take() -> String {
      let value = String(decoding: field, as: UTF8.self)
      field.removeAll(keepingCapacity: true)
      return value
    }

    private mutating func endRow() {
      fields.append(take())
      if !(fields.count == 1 && fields[0].isEmpty) {
        rows.append(Row(line: rowLine, fields: fields))
      }
      fields = []
    }
  }

  /// A cell's line breaks as LF: a CRLF or a lone CR inside a quoted field (a file saved
  /// with Windows or old Mac line ends) is one LF, so no `\r` stays in a passage or a title.
  public static func foldingLineBreaks(_ cell: String) -> String {
    guard cell.utf8.contains(UInt8(ascii: "\r")) else { return cell }
    return cell.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }

  /// Rows as dictionaries keyed by the header row's names.
  /// - Parameter foldsLineBreaks: each cell's CRLF and CR as LF (`foldingLineBreaks`).
  /// - Throws: `Failure` for a malformed file or a row with the wrong number of fields.
  public static func records(_ text: String, foldsLineBreaks: Bool = false) throws(Failure) -> (
    header: [String], rows: [(line: Int, values: [String: String])]
  ) {
    let rows = try parse(text)
    guard let header = rows.first else { return ([], []) }
    let names = header.fields.map { $0.trimmingWhitespace() }
    var result: [(line: Int, values: [String: String])] = []
    for row in rows.dropFirst() {
      guard row.fields.count == names.count else {
        throw Failure(
          line: row.line,
          reason: "\(counted(row.fields.count, "field")) where the header has \(names.count)")
      }
      var values: [String: String] = [:]
      values.reserveCapacity(names.count)
      for (name, value) in zip(names, row.fields) {
        values[name] = foldsLineBreaks ? foldingLineBreaks(value) : value
      }
      result.append((row.line, values))
    }
    return (names, result)
  }
}
