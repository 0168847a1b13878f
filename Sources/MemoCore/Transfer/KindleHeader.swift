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

  /// "p. 12, loc. 123-125": how the clipping's place reads in a post and in its import key.
  var location: String? {
    var parts: [String] = []
    if let page { parts.append("p. " + page) }
    if let start { parts.append("loc. \(start)" + (end.map { "-\($0)" } ?? "")) }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

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
    if let dateText { date = KindleDate.read(dateText) }
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
  static let marks: [[UInt8]] = ["#", ":", "：", "№"].map { Array($0.utf8) }
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

/// The date after "Added on", in any language's words: a month name or the CJK markers
/// (年 月 日, 년 월 일), a day, a four-digit year (two digits after a day and a month name, as
/// Kindle 3 writes it: "3 December 12"), a clock with or without seconds, AM/PM or their
/// translations (before or after the clock), an optional "GMT+08:00" or zone name ("Greenwich
/// Mean Time", `KindleLanguage.zones`). Weekday names and
/// joining words ("de", "г.", "в", "um") carry nothing and are passed over. Anything that
/// leaves a part missing or two ways to read it is no date: the caller reports it.
enum KindleDate {
  enum Token: Equatable {
    case number(Int, digits: Int)
    case word(String)
    case colon
    case sign(Int)
  }

  static let months: [String: Int] = {
    var map: [String: Int] = [:]
    for language in KindleLanguage.all {
      for (index, forms) in language.months.enumerated() {
        for form in forms { map[form.lowercased()] = index + 1 }
      }
    }
    return map
  }()
  static let am = Set(KindleLanguage.all.flatMap(\.am).map(normalized))
  static let pm = Set(KindleLanguage.all.flatMap(\.pm).map(normalized))

  /// "a. m." → "am", "p.m." → "pm": dots and spaces out, lowercased.
  static func normalized(_ word: String) -> String {
    String(word.lowercased().filter { $0 != "." && !$0.isWhitespace })
  }

  static func tokens(_ text: String) -> [Token]? {
    var tokens: [Token] = []
    let chars = Array(text.lowercased())
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c.isASCII && c.isNumber {
        var value = 0
        var count = 0
        while i < chars.count, chars[i].isASCII, chars[i].isNumber {
          guard count < 9 else { return nil }
          value = value * 10 + (chars[i].wholeNumberValue ?? 0)
          count += 1
          i += 1
        }
        tokens.append(.number(value, digits: count))
        continue
      }
      if c.isLetter {
        var word = ""
        while i < chars.count, chars[i].isLetter || chars[i] == "." {
          if chars[i] != "." { word.append(chars[i]) }
          i += 1
        }
        // "a. m." is two words: join a lone "a"/"p" with the "m" that follows.
        if word == "m", case .word(let last)? = tokens.last, last == "a" || last == "p" {
          tokens[tokens.count - 1] = .word(last + "m")
        } else {
          tokens.append(.word(word))
        }
        continue
      }
      if c == ":" || c == "：" { tokens.append(.colon) }
      if c == "+" { tokens.append(.sign(1)) }
      if c == "-" || c == "−" { tokens.append(.sign(-1)) }
      i += 1
    }
    return tokens
  }

  /// The zone names of every language, lowercased UTF-8, longest first ("eastern standard
  /// time (" before "eastern standard time").
  static let zones: [(name: [UInt8], minutes: Int)] = KindleLanguage.all.flatMap(\.zones)
    .map { (name: Array($0.key.lowercased().utf8), minutes: $0.value) }
    .sorted {
      $0.name.count != $1.name.count ? $0.name.count > $1.name.count : $0.minutes < $1.minutes
    }

  /// The text without the zone name it holds, and that zone's offset in minutes.
  static func zoneName(in text: String) -> (String, Int)? {
    let bytes = Array(text.lowercased().utf8)
    for zone in zones {
      if let at = KindleHeader.find(zone.name, in: bytes) {
        let rest = bytes[..<at] + [0x20] + bytes[(at + zone.name.count)...]
        return (String(decoding: rest, as: UTF8.self), zone.minutes)
      }
    }
    return nil
  }

  static func read(_ text: String) -> Timestamp? {
    guard let (rest, minutes) = zoneName(in: text) else { return read(text, zone: 0) }
    return read(rest, zone: minutes)
  }

  /// What no marker named: the number of three or four digits is the year, the first up to 31
  /// the day; then, on a Kindle 3/Keyboard outside the US ("3 December 12 19:00:12"), a
  /// two-digit year after the day and a month name (read as POSIX reads one: 69–99 are
  /// 1969–1999, the rest 2000–2068).
  static func settle(
    _ loose: inout [(value: Int, digits: Int)], year: inout Int?, month: Int?, day: inout Int?
  ) {
    if year == nil, let at = loose.firstIndex(where: { $0.digits >= 3 }) {
      year = loose.remove(at: at).value
    }
    if day == nil, let at = loose.firstIndex(where: { (1...31).contains($0.value) }) {
      day = loose.remove(at: at).value
    }
    if year == nil, month != nil, day != nil, loose.count == 1, loose[0].digits == 2 {
      let short = loose.removeFirst().value
      year = short >= 69 ? 1900 + short : 2000 + short
    }
  }

  /// The date in `text`, whose zone (minutes east of UTC) was named apart from it.
  static func read(_ text: String, zone: Int) -> Timestamp? {
    guard let tokens = tokens(text) else { return nil }
    var year: Int?
    var month: Int?
    var day: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    var isPM: Bool?
    var offsetMinutes = zone
    var loose: [(value: Int, digits: Int)] = []
    func set(_ slot: inout Int?, _ value: Int) -> Bool {
      if slot != nil && slot != value { return false }
      slot = value
      return true
    }
    var i = 0
    while i < tokens.count {
      switch tokens[i] {
      case .word(let word):
        if word == "gmt" || word == "utc", i + 2 < tokens.count,
          case .sign(let sign) = tokens[i + 1],
          case .number(let h, _) = tokens[i + 2]
        {
          var minutes = h * 60
          i += 3
          if i + 1 < tokens.count, tokens[i] == .colon, case .number(let m, _) = tokens[i + 1] {
            minutes += m
            i += 2
          } else if h >= 100 {
            minutes = h / 100 * 60 + h % 100  // "+0800"
          }
          offsetMinutes = sign * minutes
          continue
        }
        if let m = months[word] {
          guard set(&month, m) else { return nil }
        } else if am.contains(word) {
          isPM = false
        } else if pm.contains(word) {
          isPM = true
        }
        i += 1
      case .number(let value, let digits):
        if i + 2 < tokens.count, tokens[i + 1] == .colon, case .number(let m, _) = tokens[i + 2] {
          guard hour == nil else { return nil }
          hour = value
          minute = m
          i += 3
          if i + 1 < tokens.count, tokens[i] == .colon, case .number(let s, _) = tokens[i + 1] {
            second = s
            i += 2
          }
          continue
        }
        if i + 1 < tokens.count, case .word(let word) = tokens[i + 1], let marker = word.first {
          var ok = true
          switch marker {
          case "年", "년": ok = set(&year, value)
          case "月", "월": ok = set(&month, value)
          case "日", "일": ok = set(&day, value)
          case "时", "時", "시": ok = set(&hour, value)
          case "分", "분": ok = set(&minute, value)
          case "秒", "초": ok = set(&second, value)
          default: loose.append((value, digits))
          }
          guard ok else { return nil }
        } else {
          loose.append((value, digits))
        }
        i += 1
      case .colon, .sign:
        i += 1
      }
    }
    settle(&loose, year: &year, month: month, day: &day)
    guard loose.isEmpty, let year, let month, let day, var hour, let minute else { return nil }
    if let isPM {
      guard (0...12).contains(hour) else { return nil }
      if isPM && hour < 12 { hour += 12 }
      if !isPM && hour == 12 { hour = 0 }
    }
    guard
      let local = KindleClippings.instant(
        Int64(year), Int64(month), Int64(day), Int64(hour), Int64(minute), Int64(second ?? 0))
    else { return nil }
    return Timestamp(millis: local.millis - Int64(offsetMinutes) * 60_000)
  }
}
