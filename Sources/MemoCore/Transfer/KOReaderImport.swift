/// What `memo import --format koreader` makes of KOReader's files: its sidecars
/// (`metadata.*.lua`) and `.annotations.lua` exports (read by `KOReaderSidecar`), and the JSON
/// its exporter plugin writes. Books with at least one highlight become `ExternalBook`s;
/// page bookmarks are counted, not imported.
public enum KOReaderImport {
  /// The books of one or more files, and what was left out.
  public struct Report: Equatable, Sendable {
    public var books: [ExternalBook] = []
    /// Page bookmarks (no passage), left out.
    public var bookmarks = 0
    /// What could not be read, each naming the file and the place ("…: annotations[3]: …"): an
    /// error with `--strict`, else a warning.
    public var problems: [String] = []
    /// What was left out and why (an entry with no text, a folder that cannot be read): a
    /// warning, `--strict` or not.
    public var notices: [String] = []
    /// Places with a problem or a notice.
    public var unreadable = 0
    /// Files of a folder that could not be read at all (each a problem), left out.
    public var unreadableFiles = 0

    public init() {}

    public mutating func add(_ other: Report) {
      books += other.books
      bookmarks += other.bookmarks
      problems += other.problems
      notices += other.notices
      unreadable += other.unreadable
      unreadableFiles += other.unreadableFiles
    }
  }

  /// A sidecar or an `.annotations.lua` export: the book, if it has a highlight.
  /// - Parameters:
  ///   - path: the file's path, for messages and for a title when the file names none.
  ///   - localInstant: the instant a device-local wall-clock time names (the importer's time
  ///     zone); nil when it names none.
  /// - Throws: `MemoError` `.badData` (65) naming the file, line and column.
  public static func sidecar(
    _ bytes: some Collection<UInt8>, path: String,
    localInstant: (KOReaderSidecar.LocalDateTime) -> Timestamp?
  ) throws -> Report {
    let read = try KOReaderSidecar.read(bytes, name: path)
    var report = Report()
    report.bookmarks = read.bookmarks
    report.problems = read.problems
    report.unreadable = read.problems.count
    var clippings: [ExternalClipping] = []
    for (index, h) in read.highlights.enumerated() {
      var addedAt: Timestamp?
      if let local = h.localTime {
        addedAt = localInstant(local)
        if addedAt == nil {
          report.problems.append(
            "\(path): \(h.place): '\(local)' is no time in this time zone (a clock change); kept without one"
          )
          report.unreadable += 1
        }
      }
      var clipping = ExternalClipping(
        kind: .highlight, text: h.text, addedAt: addedAt, key: h.key, page: h.page.map(String.init))
      clipping.note = h.note
      clipping.chapter = h.chapter
      clipping.position = h.page.map { Double($0) + Double(min(index, 99_999)) / 100_000 }
      clippings.append(clipping)
    }
    guard !clippings.isEmpty else { return report }
    report.books.append(
      ExternalBook(
        title: read.title ?? fallbackTitle(path: path, documentPath: read.documentPath),
        author: read.author, addedAt: clippings.compactMap(\.addedAt).min(), clippings: clippings))
    return report
  }

  /// The book's name when its file gives no title: the document's file name without its
  /// extension (`doc_path`, else the `.annotations.lua` file's name, else the `BOOK.sdr` folder
  /// the sidecar sits in), else the file's own name.
  public static func fallbackTitle(path: String, documentPath: String?) -> String {
    func lastComponent(_ path: String) -> Substring {
      path.split(separator: "/").last ?? Substring(path)
    }
    func withoutExtension(_ name: Substring) -> String {
      if let dot = name.lastIndex(of: "."), dot > name.startIndex,
        name.distance(from: dot, to: name.endIndex) <= 6,
        !name[dot...].contains(" ")
      {
        return String(name[..<dot])
      }
      return String(name)
    }
    if let documentPath { return withoutExtension(lastComponent(documentPath)) }
    let name = lastComponent(path)
    if name.hasSuffix(".annotations.lua") {
      return withoutExtension(name.dropLast(".annotations.lua".count))
    }
    let parts = path.split(separator: "/")
    if parts.count >= 2, parts[parts.count - 2].hasSuffix(".sdr") {
      return String(parts[parts.count - 2].dropLast(4))
    }
    return withoutExtension(name)
  }

  // MARK: - JSON export

  /// Whether the bytes look like KOReader's JSON export (not memo's own backup): an object
  /// with `entries` (one book) or `documents` (several), and no `"format": "memo"`.
  public static func looksLikeJSONExport(_ bytes: [UInt8]) -> Bool {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard let root = try? JSONParser.parse(bytes), case .object = root else { return false }
    if root["format"] != nil { return false }
    return root["entries"]?.arrayValue != nil || root["documents"]?.arrayValue != nil
  }

  /// KOReader's JSON export (exporter.koplugin, target "json"): one book
  /// `{"title", "author", "entries": [{"text", "note", "chapter", "page", "time", …}], …}`, or
  /// several under `"documents"`. `time` is Unix seconds (KOReader converted the device's local
  /// time); `page` is a number or a page label; `pn_xp` (newer versions) is the place in the
  /// document, the same as in the sidecar, so the same highlight from both is one.
  /// - Throws: `MemoError` `.badData` (65) naming the line or the entry.
  public static func jsonExport(_ input: [UInt8], name: String) throws -> Report {
    var report = Report()
    for (document, place) in try documents(parsing: input, name: name) {
      let at = place.isEmpty ? "" : place + "."
      guard case .object = document else {
        throw MemoError.malformedImport(name, place: place, reason: "expected an object (a book)")
      }
      guard let title = text(document["title"]) else {
        throw MemoError.malformedImport(name, place: at + "title", reason: "a book needs a title")
      }
      guard let entries = document["entries"]?.arrayValue else {
        throw MemoError.malformedImport(name, place: at + "entries", reason: "expected an array")
      }
      var clippings: [ExternalClipping] = []
      for (index, entry) in entries.enumerated() {
        if let clipping = try jsonEntry(
          entry, index: index, at: "\(at)entries[\(index)]", name: name, report: &report)
        {
          clippings.append(clipping)
        }
      }
      guard !clippings.isEmpty else { continue }
      report.books.append(
        ExternalBook(
          title: title, author: text(document["author"])?.replacing("\n", with: ", "),
          addedAt: clippings.compactMap(\.addedAt).min(), clippings: clippings))
    }
    return report
  }

  /// The export's books with their places: the list under `"documents"`, or the one book.
  /// - Throws: `MemoError` `.badData` (65) naming the line and column of a JSON error.
  private static func documents(parsing input: [UInt8], name: String) throws -> [(
    JSONValue, String
  )] {
    var bytes = input
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch let error as JSONParseError {
      var line = 1
      var column = 1
      for byte in bytes[..<min(error.offset, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      throw MemoError.malformedImport(
        name, place: "line \(line), column \(column)", reason: error.reason)
    }
    if let list = root["documents"]?.arrayValue {
      return list.enumerated().map { ($1, "documents[\($0)]") }
    } else if root["entries"] != nil {
      return [(root, "")]
    }
    throw MemoError.malformedImport(
      name, place: "line 1",
      reason: "no \"entries\" or \"documents\" (is this a KOReader JSON export?)")
  }

  /// One entry of a book: its highlight, or nil (counted unreadable) when it holds no text.
  private static func jsonEntry(
    _ entry: JSONValue, index: Int, at where_: String, name: String, report: inout Report
  ) throws -> ExternalClipping? {
    guard case .object = entry else {
      throw MemoError.malformedImport(
        name, place: where_, reason: "expected an object (a highlight)")
    }
    guard let passage = text(entry["text"]) else {
      // A highlight drawn over a picture in a PDF: KOReader exports an image, no text.
      report.notices.append("\(name): \(where_): no text (a picture?); skipped")
      report.unreadable += 1
      return nil
    }
    var addedAt: Timestamp?
    switch entry["time"] {
    case nil, .null?: break
    case let value?:
      if let seconds = value.int64Value, abs(seconds) < 100_000_000_000 {
        addedAt = Timestamp(millis: seconds * 1000)
      } else {
        report.problems.append("\(name): \(where_): \"time\" is not Unix seconds; kept without one")
        report.unreadable += 1
      }
    }
    let page = label(entry["page"])
    let place = label(entry["pn_xp"])
    var clipping = ExternalClipping(
      kind: .highlight, text: passage, addedAt: addedAt,
      key: place.map { stableKey(["koreader", $0, passage]) }
        ?? stableKey(["koreader", "", passage, page ?? "", addedAt?.rfc3339 ?? ""]),
      page: page)
    clipping.note = text(entry["note"])
    clipping.chapter = text(entry["chapter"])
    if let page, let number = Int(page) {
      clipping.position = Double(number) + Double(min(index, 99_999)) / 100_000
    }
    return clipping
  }

  /// A string that is not blank, trimmed.
  private static func text(_ value: JSONValue?) -> String? {
    guard let string = value?.stringValue, !string.isBlank else { return nil }
    return string.trimmingWhitespace()
  }

  /// A page or place as KOReader's sidecar writes it: a whole number without a decimal point.
  private static func label(_ value: JSONValue?) -> String? {
    if let number = value?.int64Value { return String(number) }
    return text(value)
  }
}

extension KOReaderSidecar.LocalDateTime: CustomStringConvertible {
  /// `2023-05-14 23:36:07`.
  public var description: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
  }
}
