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
    // Most dates are ASCII ("Sunday, January 1, 2023 10:00:00 AM"): read as bytes, the same
    // tokens as the Characters below give, without making an array of Characters (a Kindle
    // import spent an eighth of its instructions here).
    text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiTokens(text) : characterTokens(text)
  }

  /// `tokens` read Character by Character: a number of ASCII digits, a word of letters (dots
  /// within it dropped), ":" or "：", "+", "-" or "−"; anything else is passed over.
  static func characterTokens(_ text: String) -> [Token]? {
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

  /// `tokens` of an ASCII text, read byte by byte: a digit, a letter (lowercased) or a dot
  /// within a word, ":", "+" and "-"; every other byte is passed over.
  static func asciiTokens(_ text: String) -> [Token]? {
    var tokens: [Token] = []
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b >= 0x30 && b <= 0x39 {
        var value = 0
        var count = 0
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
          guard count < 9 else { return nil }
          value = value * 10 + Int(bytes[i] - 0x30)
          count += 1
          i += 1
        }
        tokens.append(.number(value, digits: count))
        continue
      }
      if isASCIILetter(b) {
        var word: [UInt8] = []
        while i < bytes.count, isASCIILetter(bytes[i]) || bytes[i] == 0x2E {
          if bytes[i] != 0x2E { word.append(bytes[i] | 0x20) }
          i += 1
        }
        let text = String(decoding: word, as: UTF8.self)
        // "a. m." is two words: join a lone "a"/"p" with the "m" that follows.
        if text == "m", case .word(let last)? = tokens.last, last == "a" || last == "p" {
          tokens[tokens.count - 1] = .word(last + "m")
        } else {
          tokens.append(.word(text))
        }
        continue
      }
      if b == 0x3A { tokens.append(.colon) }
      if b == 0x2B { tokens.append(.sign(1)) }
      if b == 0x2D { tokens.append(.sign(-1)) }
      i += 1
    }
    return tokens
  }

  static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

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

  /// The clock whose hour is the number at `i`: "19:42", "19:42:30", or "11H13'" (some Spanish
  /// firmware writes an H between hour and minute); its minute, second and the token after it.
  static func clock(_ tokens: [Token], at i: Int) -> (minute: Int, second: Int?, next: Int)? {
    guard i + 2 < tokens.count, tokens[i + 1] == .colon || tokens[i + 1] == .word("h"),
      case .number(let minute, _) = tokens[i + 2]
    else { return nil }
    if tokens[i + 1] == .colon, i + 4 < tokens.count, tokens[i + 3] == .colon,
      case .number(let second, _) = tokens[i + 4]
    {
      return (minute, second, i + 5)
    }
    return (minute, nil, i + 3)
  }

  /// The date in `text`, whose zone (minutes east of UTC) was named apart from it.
  static func read(_ text: String, zone: Int) -> Timestamp? {
    guard let tokens = tokens(text) else { return nil }
    var fields = Fields(offsetMinutes: zone)
    var i = 0
    while i < tokens.count, !fields.contradicted {
      i = step(tokens, at: i, into: &fields)
    }
    return fields.contradicted ? nil : instant(fields)
  }

  /// What a date's tokens name, slot by slot; a slot named twice with two values is no date.
  struct Fields {
    var year: Int?
    var month: Int?
    var day: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    var isPM: Bool?
    var offsetMinutes: Int
    var loose: [(value: Int, digits: Int)] = []
    var contradicted = false

    init(offsetMinutes: Int) { self.offsetMinutes = offsetMinutes }

    mutating func set(_ slot: WritableKeyPath<Fields, Int?>, _ value: Int) {
      if let held = self[keyPath: slot], held != value { contradicted = true }
      self[keyPath: slot] = value
    }
  }

  /// Reads the token at `i` (with the tokens it takes along) into `fields`; the index after them.
  private static func step(_ tokens: [Token], at i: Int, into fields: inout Fields) -> Int {
    switch tokens[i] {
    case .word(let word):
      if word == "gmt" || word == "utc", let offset = offset(tokens, at: i + 1) {
        fields.offsetMinutes = offset.minutes
        return offset.next
      }
      if let m = months[word] {
        fields.set(\.month, m)
      } else if am.contains(word) {
        fields.isPM = false
      } else if pm.contains(word) {
        fields.isPM = true
      }
      return i + 1
    case .number(let value, let digits):
      if let clock = clock(tokens, at: i) {
        if fields.hour != nil { fields.contradicted = true }
        (fields.hour, fields.minute, fields.second) = (value, clock.minute, clock.second)
        return clock.next
      }
      if i + 1 < tokens.count, case .word(let word) = tokens[i + 1], let marker = word.first,
        let slot = slot(marked: marker)
      {
        fields.set(slot, value)
      } else {
        fields.loose.append((value, digits))
      }
      return i + 1
    case .colon, .sign:
      return i + 1
    }
  }

  /// The slot a CJK unit word names (年 year, 月 month, 日 day, 时 hour, 分 minute, 秒 second).
  private static func slot(marked marker: Character) -> WritableKeyPath<Fields, Int?>? {
    switch marker {
    case "年", "년": \.year
    case "月", "월": \.month
    case "日", "일": \.day
    case "时", "時", "시": \.hour
    case "分", "분": \.minute
    case "秒", "초": \.second
    default: nil
    }
  }

  /// A zone's offset after "GMT"/"UTC" at `i`: a sign and hours, with ":mm" or as "+0800";
  /// the minutes east of UTC and the index after it.
  private static func offset(_ tokens: [Token], at i: Int) -> (minutes: Int, next: Int)? {
    guard i + 1 < tokens.count, case .sign(let sign) = tokens[i],
      case .number(let h, _) = tokens[i + 1]
    else { return nil }
    var minutes = h * 60
    var next = i + 2
    if next + 1 < tokens.count, tokens[next] == .colon, case .number(let m, _) = tokens[next + 1] {
      minutes += m
      next += 2
    } else if h >= 100 {
      minutes = h / 100 * 60 + h % 100  // "+0800"
    }
    return (sign * minutes, next)
  }

  /// The instant the fields name, once the loose numbers settled as year and day.
  private static func instant(_ fields: Fields) -> Timestamp? {
    var (loose, year, day) = (fields.loose, fields.year, fields.day)
    settle(&loose, year: &year, month: fields.month, day: &day)
    guard loose.isEmpty, let year, let month = fields.month, let day, var hour = fields.hour,
      let minute = fields.minute
    else { return nil }
    if let isPM = fields.isPM {
      guard (0...12).contains(hour) else { return nil }
      if isPM && hour < 12 { hour += 12 }
      if !isPM && hour == 12 { hour = 0 }
    }
    guard
      let local = KindleClippings.instant(
        Int64(year), Int64(month), Int64(day), Int64(hour), Int64(minute), Int64(fields.second ?? 0)
      )
    else { return nil }
    return Timestamp(millis: local.millis - Int64(fields.offsetMinutes) * 60_000)
  }
}
