/// A book's highlights as KOReader keeps them in its `metadata.<ext>.lua` sidecar (or exports
/// them as `.annotations.lua`), in both shapes KOReader has written:
/// - current (2024 on): an `annotations` list, each entry with `text` (the passage), `note`,
///   `chapter`, `pageno`, `page`/`pos0`/`pos1` and `datetime`;
/// - older: `highlight` (page → list of passages) beside `bookmarks`, where a highlight's
///   passage sits in `notes` and `text` holds either the user's note or an automatic
///   "Page 13 Oceania @ 2023-05-14 23:36:07" that is **not** a note.
/// Page bookmarks (no passage) are not highlights. Times are the device's local time, kept as
/// written: the importer knows the offset to apply.
public enum KOReaderSidecar {
  public struct Book: Equatable, Sendable {
    public var title: String?
    public var author: String?
    /// Where the book was on the device (`doc_path`), for a title when `doc_props` has none.
    public var documentPath: String?
    public var highlights: [Highlight] = []
    /// Page bookmarks left out.
    public var bookmarks = 0
    public var problems: [String] = []
  }

  public struct Highlight: Equatable, Sendable {
    public var text: String
    public var note: String?
    public var chapter: String?
    /// The page number KOReader showed, when it kept one.
    public var page: Int?
    /// Where in the document: an EPUB xpointer (`/body/DocFragment[12]/body/p[3]/text().0`)
    /// or a PDF page, as KOReader wrote it.
    public var position: String?
    /// Device local time, as written (`2023-05-14 23:36:07`).
    public var localTime: LocalDateTime?
    /// Where in the file, for messages: `annotations[3]`, `highlight[13][1]`, `bookmarks[2]`.
    public var place = ""
    /// Stable across imports of the same sidecar: passage and place (the same as its entry in
    /// KOReader's JSON export, which keeps the place as `pn_xp`).
    public var key: String
  }

  /// A wall-clock time with no zone.
  public struct LocalDateTime: Equatable, Sendable {
    public var year, month, day, hour, minute, second: Int

    /// `YYYY-MM-DD HH:MM:SS` (KOReader's `os.date("%Y-%m-%d %H:%M:%S")`).
    public init?(_ text: String) {
      let b = Array(text.utf8)
      guard b.count == 19, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20 || b[10] == 0x54,
        b[13] == 0x3A, b[16] == 0x3A
      else { return nil }
      func number(_ range: Range<Int>) -> Int? {
        var value = 0
        for byte in b[range] {
          guard (0x30...0x39).contains(byte) else { return nil }
          value = value * 10 + Int(byte - 0x30)
        }
        return value
      }
      guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
        let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19),
        (1...12).contains(mo), (1...daysInMonth(Int64(y), Int64(mo))).contains(Int64(d)),
        h < 24, mi < 60, s < 61
      else { return nil }
      (year, month, day, hour, minute, second) = (y, mo, d, h, mi, s)
    }

    /// The instant this wall-clock time names at a UTC offset.
    public func timestamp(utcOffsetSeconds: Int) -> Timestamp {
      let days = daysFromCivil(Int64(year), Int64(month), Int64(day))
      let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      return Timestamp(millis: (seconds - Int64(utcOffsetSeconds)) * 1000)
    }
  }

  /// - Throws: `MemoError` `.badData` (65) naming the place when the file is not a Lua table.
  public static func read(_ bytes: some Collection<UInt8>, name: String) throws -> Book {
    guard let root = try LuaReader.read(bytes, name: name).table else {
      throw MemoError(code: .badData, message: "\(name): not a KOReader sidecar (no table)")
    }
    var book = Book()
    let props = root["doc_props"]?.table ?? root["stats"]?.table
    book.title = nonBlank(props?["title"]?.string)
    book.author = nonBlank(props?["authors"]?.string)?.replacing("\n", with: ", ")
    book.documentPath = nonBlank(root["doc_path"]?.string)
    if let annotations = root["annotations"]?.table {
      readAnnotations(annotations, into: &book, name: name)
    } else {
      readOlderShape(root, into: &book, name: name)
    }
    return book
  }

  /// The current shape: one `annotations` list, each entry a highlight (with its note) or a bookmark.
  private static func readAnnotations(_ annotations: LuaTable, into book: inout Book, name: String)
  {
    for (index, entry) in annotations.list.enumerated() {
      guard let entry = entry.table else { continue }
      let passage = nonBlank(entry["text"]?.string)
      let isHighlight = entry["pos0"] != nil || entry["drawer"] != nil
      guard isHighlight, let passage else {
        book.bookmarks += 1
        continue
      }
      book.highlights.append(
        highlight(
          passage, note: entry["note"]?.string, entry: entry, place: "annotations[\(index + 1)]",
          problems: &book.problems, name: name))
    }
  }

  /// The older shape: passages in `highlight`, notes in `bookmarks` (matched by time and passage).
  private static func readOlderShape(_ root: LuaTable, into book: inout Book, name: String) {
    var bookmarked: Set<String> = []
    var notes: [String: String] = [:]
    if let bookmarks = root["bookmarks"]?.table {
      notes = bookmarkNotes(bookmarks, bookmarked: &bookmarked, book: &book)
    }
    if let pages = root["highlight"]?.table {
      readPages(pages, notes: notes, bookmarked: &bookmarked, into: &book, name: name)
    }
    // A highlighted bookmark whose `highlight` entry is gone still holds the passage.
    if let bookmarks = root["bookmarks"]?.table, !bookmarked.isEmpty {
      for (index, entry) in bookmarks.list.enumerated() {
        guard let entry = entry.table, let passage = nonBlank(entry["notes"]?.string) else {
          continue
        }
        let key = (entry["datetime"]?.string ?? "") + "\u{1F}" + passage
        guard bookmarked.contains(key) else { continue }
        book.highlights.append(
          highlight(
            passage, note: notes[key], entry: entry,
            place: "bookmarks[\(index + 1)]", problems: &book.problems, name: name))
      }
    }
  }

  /// The older shape's bookmarks: the notes written on highlights, keyed by time and passage;
  /// `bookmarked` collects every highlighted one, plain bookmarks are counted.
  private static func bookmarkNotes(
    _ bookmarks: LuaTable, bookmarked: inout Set<String>, book: inout Book
  ) -> [String: String] {
    var notes: [String: String] = [:]
    for entry in bookmarks.list.compactMap(\.table) {
      guard let passage = nonBlank(entry["notes"]?.string),
        entry["highlighted"]?.boolean == true || entry["pos0"] != nil
      else {
        book.bookmarks += 1
        continue
      }
      let time = entry["datetime"]?.string ?? ""
      bookmarked.insert(time + "\u{1F}" + passage)
      if let text = nonBlank(entry["text"]?.string), !isAutomaticText(text, time: time) {
        notes[time + "\u{1F}" + passage] = text
      }
    }
    return notes
  }

  /// The older shape's `highlight` table, in page order (the keys are page numbers), so
  /// highlights come out in reading order; each one found is no longer only bookmarked.
  private static func readPages(
    _ pages: LuaTable, notes: [String: String], bookmarked: inout Set<String>,
    into book: inout Book, name: String
  ) {
    let byPage = pages.entries.sorted {
      switch ($0.key, $1.key) {
      case (.number(let a), .number(let b)): a < b
      case (.number, .string): true
      default: false
      }
    }
    for (pageKey, list) in byPage {
      let page: String
      switch pageKey {
      case .number(let n): page = n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
      case .string(let s): page = "\"\(s)\""
      }
      for (index, entry) in (list.table?.list ?? []).enumerated() {
        guard let entry = entry.table else { continue }
        guard let passage = nonBlank(entry["text"]?.string) else { continue }
        let key = (entry["datetime"]?.string ?? "") + "\u{1F}" + passage
        var found = highlight(
          passage, note: notes[key], entry: entry,
          place: "highlight[\(page)][\(index + 1)]", problems: &book.problems, name: name)
        if found.page == nil, case .number(let n) = pageKey, n.rounded() == n {
          found.page = Int(n)
        }
        book.highlights.append(found)
        bookmarked.remove(key)
      }
    }
  }

  /// KOReader's automatic bookmark text: "Page 13 Oceania @ 2023-05-14 23:36:07" in any UI
  /// language — whatever the words, it ends with " @ " and the bookmark's own time.
  static func isAutomaticText(_ text: String, time: String) -> Bool {
    !time.isEmpty && text.hasSuffix(" @ " + time)
  }

  private static func highlight(
    _ passage: String, note: String?, entry: LuaTable, place: String, problems: inout [String],
    name: String
  ) -> Highlight {
    let written = entry["datetime"]?.string
    let time = written.flatMap(LocalDateTime.init)
    if let written, time == nil {
      problems.append("\(name): \(place): '\(written)' is not a date; kept without one")
    }
    let position: String? =
      entry["pos0"]?.string ?? entry["page"]?.string ?? entry["page"]?.integer.map(String.init)
    let page = entry["pageno"]?.integer ?? entry["page"]?.integer
    // KOReader's exporter trims the passage (JSON export): so does the key, so both give one.
    let passage = passage.trimmingWhitespace()
    return Highlight(
      text: passage, note: nonBlank(note), chapter: nonBlank(entry["chapter"]?.string), page: page,
      position: position, localTime: time,
      place: place, key: stableKey(["koreader", position ?? "", passage]))
  }

  private static func nonBlank(_ text: String?) -> String? {
    guard let text, !text.isBlank else { return nil }
    return text
  }
}
