/// Kindle's "My Clippings.txt": entries separated by `==========`, each a title line
/// "Title (Author)", a metadata line ("- Your Highlight on page 12 | Location 123-125 | Added on
/// Sunday, January 1, 2023 10:00:00 AM", or in Japanese "- 12ページ|位置No. 123-125のハイライト
/// |作成日: 2023年1月1日日曜日 10:00:00"), a blank line and the text. Bookmarks are skipped.
public enum KindleClippings {
  /// - Throws: `MemoError` `.badData` (65) naming the entry for an entry without a metadata line.
  public static func parse(_ input: String, name: String) throws -> [ExternalBook] {
    let text = input.replacing("\u{FEFF}", with: "").replacing("\r\n", with: "\n")
      .replacing("\r", with: "\n")
    var books: [ExternalBook] = []
    var index: [String: Int] = [:]
    var line = 1
    for (number, entry) in text.split(separator: "==========", omittingEmptySubsequences: false)
      .enumerated()
    {
      let startLine = line
      line += entry.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
      var lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      while let first = lines.first, first.trimmingWhitespace().isEmpty { lines.removeFirst() }
      guard !lines.isEmpty else { continue }
      guard lines.count >= 2, lines[1].trimmingWhitespace().hasPrefix("-") else {
        throw MemoError.malformedImport(
          name, place: "clipping \(number + 1) (line \(startLine))",
          reason: "no metadata line (\"- Your Highlight on …\") under the title")
      }
      let (title, author) = splitTitle(lines[0].trimmingWhitespace())
      let meta = lines[1].trimmingWhitespace()
      guard let kind = kind(of: meta) else { continue }  // a bookmark
      let body = lines.dropFirst(2).joined(separator: "\n").trimmingWhitespace()
      guard !body.isEmpty else { continue }  // an empty highlight
      let location = location(in: meta)
      let clipping = ExternalClipping(
        kind: kind, text: body, location: location, addedAt: date(in: meta),
        key: "kindle:"
          + stableKey([
            title, author ?? "", kind == .note ? "note" : "highlight", location ?? "", body,
          ]))
      let bookKey = title + "\u{0}" + (author ?? "")
      if let at = index[bookKey] {
        if !books[at].clippings.contains(where: { $0.key == clipping.key }) {
          books[at].clippings.append(clipping)
        }
      } else {
        index[bookKey] = books.count
        books.append(ExternalBook(title: title, author: author, clippings: [clipping]))
      }
    }
    for i in books.indices { books[i].addedAt = books[i].clippings.compactMap(\.addedAt).min() }
    return books
  }

  /// "Title (Author)" → ("Title", "Author"); the author is the last parenthesised part, so a
  /// title may hold parentheses of its own.
  static func splitTitle(_ line: String) -> (String, String?) {
    let scalars = Array(line.unicodeScalars)
    guard let last = scalars.last, last == ")" || last == "）" else { return (line, nil) }
    var depth = 0
    var i = scalars.count - 1
    while i >= 0 {
      let c = scalars[i]
      if c == ")" || c == "）" { depth += 1 }
      if c == "(" || c == "（" {
        depth -= 1
        if depth == 0 { break }
      }
      i -= 1
    }
    guard i > 0 else { return (line, nil) }
    var title = String(String.UnicodeScalarView(scalars[..<i])).trimmingWhitespace()
    let author = String(String.UnicodeScalarView(scalars[(i + 1)..<(scalars.count - 1)]))
      .trimmingWhitespace()
    if title.isEmpty { title = line }
    return (title, author.isEmpty ? nil : author)
  }

  static func kind(of meta: String) -> ExternalClipping.Kind? {
    if meta.contains("Bookmark") || meta.contains("のブックマーク") { return nil }
    if meta.contains("Note") || meta.contains("のメモ") { return .note }
    return .highlight
  }

  /// "p. 12, loc. 123-125" from either language's metadata.
  static func location(in meta: String) -> String? {
    var page: String?
    var location: String?
    for part in meta.split(separator: "|").map({ String($0).trimmingWhitespace() }) {
      let words = part.split(separator: " ").map(String.init)
      if let at = words.firstIndex(where: { $0.lowercased() == "page" }), at + 1 < words.count {
        page = words[at + 1]
      }
      if let at = words.firstIndex(where: { $0.lowercased() == "location" }), at + 1 < words.count {
        location = words[at + 1]
      }
      if let range = part.firstRange(of: "ページ") {
        let digits = part[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "-" }
        if !digits.isEmpty { page = String(digits.reversed()) }
      }
      if let range = part.firstRange(of: "位置No.") {
        let digits = part[range.upperBound...].drop { $0 == " " }.prefix {
          $0.isNumber || $0 == "-"
        }
        if !digits.isEmpty { location = String(digits) }
      }
    }
    let parts = [page.map { "p. " + $0 }, location.map { "loc. " + $0 }].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// The "Added on …" / "作成日: …" time, read as UTC (clippings carry no zone).
  static func date(in meta: String) -> Timestamp? {
    if let range = meta.firstRange(of: "Added on ") {
      // "Sunday, January 1, 2023 10:00:00 AM"
      let words = meta[range.upperBound...].replacing(",", with: " ").split(separator: " ").map(
        String.init)
      guard words.count >= 5, let month = months.firstIndex(of: words[1].lowercased()),
        let day = Int64(words[2]), let year = Int64(words[3])
      else { return nil }
      let clock = words[4].split(separator: ":").compactMap { Int64($0) }
      guard clock.count >= 2 else { return nil }
      var hour = clock[0] % 12
      if words.count > 5, words[5].uppercased() == "PM" { hour += 12 }
      if words.count <= 5 || !["AM", "PM"].contains(words[5].uppercased()) { hour = clock[0] }
      return instant(year, Int64(month + 1), day, hour, clock[1], clock.count > 2 ? clock[2] : 0)
    }
    if let range = meta.firstRange(of: "作成日") {
      // "作成日: 2023年1月1日日曜日 10:00:00"
      let rest = meta[range.upperBound...]
      var numbers: [Int64] = []
      var current = ""
      for c in rest {
        if c.isASCII && c.isNumber {
          current.append(c)
        } else if !current.isEmpty {
          numbers.append(Int64(current) ?? 0)
          current = ""
        }
      }
      if !current.isEmpty { numbers.append(Int64(current) ?? 0) }
      guard numbers.count >= 5 else { return nil }
      return instant(
        numbers[0], numbers[1], numbers[2], numbers[3], numbers[4],
        numbers.count > 5 ? numbers[5] : 0)
    }
    return nil
  }

  static func instant(_ y: Int64, _ m: Int64, _ d: Int64, _ h: Int64, _ mi: Int64, _ s: Int64)
    -> Timestamp?
  {
    // A year outside 1…9999 is no clipping's; it would also overflow the day arithmetic
    // (found by fuzzing: Fuzz/regressions/kindle-huge-year).
    guard (1...9999).contains(y), (1...12).contains(m), d >= 1, d <= daysInMonth(y, m),
      (0..<24).contains(h), (0..<60).contains(mi),
      (0..<61).contains(s)
    else { return nil }
    return Timestamp(
      millis: (daysFromCivil(y, m, d) * 86_400 + h * 3600 + mi * 60 + min(s, 59)) * 1000)
  }
}
