/// One clipping's header line, read with the words of every `KindleLanguage` at once:
/// "- Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023
/// 10:00:00 AM", "- Highlight Loc. 1034-35 | Added on Monday, April 1, 2019, 12:34 PM",
/// "- 您在第 7 页（位置 #114-116）的标注 | 添加于 2019年9月30日星期一 下午6:00:39", …
struct KindleHeader: Equatable {
  enum Kind: Equatable { case highlight, note, bookmark }

  /// nil: no language's word for a kind was found.
  var kind: Kind?
  /// As written: "12", "xii".
  var page: String?
  /// The location range, a shortened end written out ("1034-35" is 1034...1035).
  var start: Int?
  var end: Int?
  /// The text after "Added on" (or its translation), nil when there is none.
  var dateText: String?
  var date: Timestamp?
  /// The parts between its bars ("|") that name no kind, page, location or date: read by no
  /// language's words ("Lokation 33-34"), so their place is not guessed but reported.
  var unreadParts: [String] = []

  /// "p. 12, loc. 123-125": how the clipping's place reads in a post and in its import key.
  var location: String? {
    var parts: [String] = []
    if let page { parts.append("p. " + page) }
    if let start { parts.append("loc. \(start)" + (end.map { "-\($0)" } ?? "")) }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// Whether this is a clipping's header: it names a kind, or (a Japanese Kindle has written
  /// "- 6page|location No. 85-87 |作成日: …", no kind in it) a place and a date. Such a clipping
  /// is imported as a highlight, with a warning, rather than the whole file refused.
  var isClipping: Bool { kind != nil || (location != nil && date != nil) }

  init(_ line: String) {
    var text = Substring(line)
    while let first = text.first, first == "-" || first == "–" || first == "—" || first.isWhitespace
    {
      text = text.dropFirst()
    }
    // Searched as lowercased UTF-8 bytes: a header is read against every word of every table,
    // and byte comparisons are many times faster than Character ones (UTF-8 never matches a
    // word in the middle of another character).
    let bytes = Array(String(text).lowercased().utf8)
    var labelEnd = bytes.count
    if let (at, length) = Self.firstMatch(of: Self.addedWords, in: bytes) {
      // The date is what follows the "added on" phrase; the label is what precedes it.
      labelEnd = at
      dateText = Self.string(bytes[(at + length)...])
    } else if let bar = Self.lastBar(in: bytes), bytes[bar...].contains(0x3A),
      bytes[bar...].contains(where: Self.isDigit)
    {
      // No known "added on": a last part with a clock in it is still the date.
      labelEnd = bar
      dateText = Self.string(bytes[bar...].drop { $0 != 0x7C && $0 != 0x9C }.dropFirst())
    }
    let label = Array(bytes[..<labelEnd])
    kind =
      Self.kinds.first { entry in entry.words.contains { Self.find($0, in: label) != nil } }?
      .kind
    page = Self.number(beside: Self.pageWords, in: label, allowRoman: true).map { $0.text }
    if let found = Self.number(beside: Self.locationWords, in: label, allowRoman: false) {
      start = found.start
      end = found.end
    }
    // Only where no location was read (a Russian bare range, a misspelt part): checking every
    // part of every header doubled a Kindle import's parsing (the gate: 5.4G -> 6.3G).
    if start == nil { readParts(of: label, dated: dateText != nil, written: String(text)) }
    if let dateText { date = KindleDate.read(dateText) }
  }

  /// Checks each part of the label on its own: a part must name a kind, a page or a location.
  /// A bare range after the page part is the location (a Russian Kindle writes "- Ваш
  /// выделенный отрывок на странице 5 | 901–931 | Добавлено: …"); any other part is unread.
  /// Without a date found, the last part is the date that could not be read (reported so).
  mutating func readParts(of label: [UInt8], dated: Bool, written: String) {
    var parts = Self.parts(of: label)
    if !dated && parts.count > 1 { parts.removeLast() }
    let originals = Self.parts(of: Array(written.utf8)).map { String(decoding: $0, as: UTF8.self) }
    for (k, part) in parts.enumerated() where !part.isEmpty {
      let named =
        Self.kinds.contains { $0.words.contains { Self.find($0, in: part) != nil } }
        || Self.number(beside: Self.pageWords, in: part, allowRoman: true) != nil
        || Self.number(beside: Self.locationWords, in: part, allowRoman: false) != nil
      if named { continue }
      if start == nil, page != nil, let found = Self.bareRange(part) {
        start = found.start
        end = found.end
        continue
      }
      // As written (the label is lowercased), where its lowercase is the part read.
      let read = Self.string(part[...])
      let shown = k < originals.count ? String(originals[k].prefix(read.count)) : read
      unreadParts.append(shown.lowercased() == read ? shown : read)
    }
  }

  /// The label's parts between "|" and "｜", each without the spaces around it.
  static func parts(of label: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var current: [UInt8] = []
    var i = 0
    while i < label.count {
      if label[i] == 0x7C || matches(fullWidthBar, in: label, at: i) {
        parts.append(current)
        current = []
        i += label[i] == 0x7C ? 1 : fullWidthBar.count
        continue
      }
      current.append(label[i])
      i += 1
    }
    parts.append(current)
    return parts.map { Array(string($0[...]).utf8) }
  }

  /// "901–931", "901": a number or range and nothing else.
  static func bareRange(_ part: [UInt8]) -> Found? {
    var i = 0
    var numbers = 0
    while i < part.count {
      if let n = skip(spaces, in: part, at: i) ?? skip(rangeSeparators, in: part, at: i) {
        i += n
      } else if isDigit(part[i]) {
        if i == 0 || !isDigit(part[i - 1]) { numbers += 1 }
        i += 1
      } else {
        return nil
      }
    }
    guard (1...2).contains(numbers), let first = part.first, isDigit(first) else { return nil }
    return forward(part, at: 0, allowRoman: false)
  }

  static func string(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
  }

  // MARK: - The words of every language, lowercased UTF-8, longest first

  static func words(_ pick: (KindleLanguage) -> [String]) -> [[UInt8]] {
    var seen = Set<String>()
    return KindleLanguage.all.flatMap(pick).map { $0.lowercased() }
      .filter { seen.insert($0).inserted }
      .sorted { $0.utf8.count > $1.utf8.count }.map { Array($0.utf8) }
  }

  static let addedWords = words(\.added)
  static let pageWords = words(\.page)
  static let locationWords = words(\.location)
  /// A bookmark's and a note's words are tried before a highlight's.
  static let kinds: [(kind: Kind, words: [[UInt8]])] = [
    (.bookmark, words(\.bookmark)), (.note, words(\.note)), (.highlight, words(\.highlight)),
  ]

  /// Where `word` first occurs in `bytes` at or after `from`.
  static func find(_ word: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
    guard let first = word.first, bytes.count >= word.count else { return nil }
    var i = from
    while i + word.count <= bytes.count {
      if bytes[i] == first && matches(word, in: bytes, at: i) { return i }
      i += 1
    }
    return nil
  }

  static func matches(_ word: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
    guard i >= 0, i + word.count <= bytes.count else { return false }
    for k in 0..<word.count where bytes[i + k] != word[k] { return false }
    return true
  }

  /// The earliest place where one of `words` occurs, and the length of the word found there.
  static func firstMatch(of words: [[UInt8]], in bytes: [UInt8]) -> (Int, Int)? {
    var best: (Int, Int)?
    for word in words {
      if let at = find(word, in: bytes), best == nil || at < best!.0 { best = (at, word.count) }
    }
    return best
  }

  static let fullWidthBar: [UInt8] = Array("｜".utf8)

  /// The last "|" or "｜".
  static func lastBar(in bytes: [UInt8]) -> Int? {
    var i = bytes.count - 1
    while i >= 0 {
      if bytes[i] == 0x7C || matches(fullWidthBar, in: bytes, at: i) { return i }
      i -= 1
    }
    return nil
  }

  struct Found {
    var text: String
    var start: Int?
    var end: Int?
  }

  /// The number (or range) beside one of `words`: after it ("Location 123-125", "位置 #114"),
  /// else just before it ("12ページ", "第 7 页").
  static func number(beside words: [[UInt8]], in label: [UInt8], allowRoman: Bool) -> Found? {
    for word in words {
      var from = 0
      while let at = find(word, in: label, from: from) {
        from = at + 1
        if let found = forward(label, at: at + word.count, allowRoman: allowRoman) { return found }
        if let found = backward(label, before: at) { return found }
      }
    }
    return nil
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
  static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x80 }

  /// Spaces (with the no-break ones Kindle puts in dates) and the marks before a number.
  static let spaces: [[UInt8]] = [" ", "\t", "\u{A0}", "\u{202F}", "\u{3000}"].map {
    Array($0.utf8)
  }
  /// "No." too: a Japanese Kindle has written its location "location No. 85-87" ("位置No.").
  static let marks: [[UInt8]] = ["#", ":", "：", "№", "no."].map { Array($0.utf8) }
  static let spacesAndMarks = spaces + marks
  /// "123-125", "900–930", "55 t/m 88", "1034-35".
  static let rangeSeparators: [[UInt8]] = ["-", "–", "—", "−", "~", "～", "t/m"].map {
    Array($0.utf8)
  }

  /// The length of whichever of `list` stands at `i`, if one does.
  static func skip(_ list: [[UInt8]], in bytes: [UInt8], at i: Int) -> Int? {
    list.first { matches($0, in: bytes, at: i) }?.count
  }

  static func digits(_ bytes: [UInt8], _ i: inout Int) -> (Int, Int)? {
    var value = 0
    var count = 0
    while i < bytes.count, isDigit(bytes[i]) {
      guard count < 9 else { return nil }  // no location has ten digits
      value = value * 10 + Int(bytes[i] - 0x30)
      count += 1
      i += 1
    }
    return count == 0 ? nil : (value, count)
  }

  static func forward(_ bytes: [UInt8], at index: Int, allowRoman: Bool) -> Found? {
    var i = index
    while i < bytes.count, let n = skip(spacesAndMarks, in: bytes, at: i) { i += n }
    let numberStart = i
    if allowRoman {
      var j = i
      while j < bytes.count, "ivxlcdm".utf8.contains(bytes[j]) { j += 1 }
      if j > i, j == bytes.count || !(isLetter(bytes[j]) || isDigit(bytes[j])) {
        return Found(text: String(decoding: bytes[i..<j], as: UTF8.self))
      }
    }
    guard let (start, startDigits) = digits(bytes, &i) else { return nil }
    var found = Found(text: String(decoding: bytes[numberStart..<i], as: UTF8.self), start: start)
    var j = i
    while j < bytes.count, let n = skip(spaces, in: bytes, at: j) { j += n }
    if let n = skip(rangeSeparators, in: bytes, at: j) {
      j += n
      while j < bytes.count, let n = skip(spaces, in: bytes, at: j) { j += n }
      if let (end, endDigits) = digits(bytes, &j) {
        found.end = expand(start: start, startDigits: startDigits, end: end, endDigits: endDigits)
      }
    }
    return found
  }

  static func backward(_ bytes: [UInt8], before index: Int) -> Found? {
    var i = index - 1
    while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x09 { i -= 1 }
    var first = i
    while first >= 0, isDigit(bytes[first]), i - first < 9 { first -= 1 }
    guard first < i else { return nil }
    var at = first + 1
    guard let (value, _) = digits(bytes, &at) else { return nil }
    return Found(text: String(value), start: value)
  }

  /// Old Kindles shorten a range's end: "1034-35" is 1034–1035, "1098-02" is 1098–1102.
  static func expand(start: Int, startDigits: Int, end: Int, endDigits: Int) -> Int {
    guard end < start, endDigits < startDigits else { return end }
    var scale = 1
    for _ in 0..<endDigits { scale *= 10 }
    let candidate = start / scale * scale + end
    return candidate >= start ? candidate : candidate + scale
  }
}
