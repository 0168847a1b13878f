/// A DATE as users type it (SPEC §3): `YYYY-MM-DD`, RFC 3339, `today`, `yesterday`, `now`,
/// or an age such as `30m`, `12h`, `7d`, `2w`, `6mo`, `1y` (that long ago). Where a time looks
/// ahead (`review due --at`), also `tomorrow` and an offset such as `+2d`, `+12h` (that far
/// ahead); `2d` is always the past.
///
/// Parsing is pure: the caller passes the current time and the local UTC offset.
public struct DateExpression: Equatable, Sendable {
  /// The instant the expression names (for a calendar day: its local midnight).
  public var start: Timestamp
  /// Whether the expression names a whole calendar day (`2026-01-31`, `today`), so that
  /// `--until` can include all of that day.
  public var isWholeDay: Bool

  public init(start: Timestamp, isWholeDay: Bool) {
    self.start = start
    self.isWholeDay = isWholeDay
  }

  /// The first instant after the expression: the next midnight for a whole day, else the
  /// next millisecond. `--until X` keeps what is earlier than this.
  public var end: Timestamp {
    Timestamp(millis: start.millis + (isWholeDay ? 86_400_000 : 1))
  }

  /// Parses `text`.
  /// - Parameters:
  ///   - now: the current time.
  ///   - utcOffsetSeconds: the local time zone's offset, for dates without a zone.
  ///   - looksAhead: whether the option takes a time ahead of now: then `tomorrow` and `+2d`
  ///     are dates; elsewhere they are refused, saying which form counts back.
  /// - Throws: `MemoError` with code `.usage` (64), naming the accepted forms.
  public static func parse(
    _ text: String, now: Timestamp, utcOffsetSeconds: Int, looksAhead: Bool = false
  ) throws -> DateExpression {
    let trimmed = text.trimmingWhitespace()
    let bytes = Array(trimmed.lowercased().utf8)
    let offset = Int64(utcOffsetSeconds) * 1000
    let localToday = (now.millis + offset).floorDivided(by: 86_400_000).quotient
    func day(_ days: Int64) -> DateExpression {
      DateExpression(start: Timestamp(millis: days * 86_400_000 - offset), isWholeDay: true)
    }
    switch trimmed.lowercased() {
    case "now": return DateExpression(start: now, isWholeDay: false)
    case "today": return day(localToday)
    case "yesterday": return day(localToday - 1)
    case "tomorrow":
      guard looksAhead else {
        throw MemoError.aheadDate(
          text, hint: "today, yesterday, or an age such as 2d: that long ago")
      }
      return day(localToday + 1)
    default: break
    }
    if bytes.count == 10, let (y, m, d) = parseDate(bytes[...]) {
      return day(daysFromCivil(y, m, d))
    }
    if let instant = parseRFC3339(bytes) {
      return DateExpression(start: instant, isWholeDay: false)
    }
    if let instant = parseAge(bytes, now: now) {
      return DateExpression(start: instant, isWholeDay: false)
    }
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      let age = Array(bytes.dropFirst())
      // `+2d`: that far ahead, where the option looks ahead.
      if sign == UInt8(ascii: "+"), let instant = parseAge(age, now: now, ahead: true) {
        guard looksAhead else {
          throw MemoError.aheadDate(
            text, hint: String(decoding: age, as: UTF8.self) + " is that long ago")
        }
        return DateExpression(start: instant, isWholeDay: false)
      }
      // `-3d` (as `git log --since` users may write it): an age already counts back; a sign
      // would only guess at what was meant, so it is refused, naming the form that works.
      if parseAge(age, now: now) != nil {
        throw MemoError.signedAge(text, age: String(decoding: age, as: UTF8.self))
      }
    }
    throw MemoError.badDate(text, looksAhead: looksAhead)
  }

  /// `30m`, `12h`, `7d`, `2w`, `6mo`, `1y`: that long before `now` (`ahead`: after it; months
  /// and years by the calendar, in UTC, clamping the day: 31 March minus 1mo is 28 or 29
  /// February).
  static func parseAge(_ bytes: [UInt8], now: Timestamp, ahead: Bool = false) -> Timestamp? {
    var digits = 0
    while digits < bytes.count, isDigit(bytes[digits]) { digits += 1 }
    guard digits > 0, digits <= 6,
      let amount = Int64(String(decoding: bytes[..<digits], as: UTF8.self))
    else { return nil }
    let unit = String(decoding: bytes[digits...], as: UTF8.self)
    let minute: Int64 = 60_000
    let sign: Int64 = ahead ? 1 : -1
    switch unit {
    case "m", "min": return Timestamp(millis: now.millis + sign * amount * minute)
    case "h": return Timestamp(millis: now.millis + sign * amount * 60 * minute)
    case "d": return Timestamp(millis: now.millis + sign * amount * 1440 * minute)
    case "w": return Timestamp(millis: now.millis + sign * amount * 7 * 1440 * minute)
    case "mo": return shiftMonths(now, by: sign * amount)
    case "y": return shiftMonths(now, by: sign * 12 * amount)
    default: return nil
    }
  }

  static func shiftMonths(_ t: Timestamp, by months: Int64) -> Timestamp {
    let (days, msOfDay) = t.millis.floorDivided(by: 86_400_000)
    let (y, m, d) = civilDate(fromDays: days)
    let total = y * 12 + (m - 1) + months
    let (ny, nm0) = total.floorDivided(by: 12)
    let nm = nm0 + 1
    let nd = min(d, daysInMonth(ny, nm))
    return Timestamp(millis: daysFromCivil(ny, nm, nd) * 86_400_000 + msOfDay)
  }

  /// `YYYY-MM-DD` with a real month and day.
  static func parseDate(_ b: ArraySlice<UInt8>) -> (Int64, Int64, Int64)? {
    let s = b.startIndex
    guard b.count >= 10, b[s + 4] == UInt8(ascii: "-"), b[s + 7] == UInt8(ascii: "-"),
      let y = number(b[s..<s + 4]), let m = number(b[s + 5..<s + 7]),
      let d = number(b[s + 8..<s + 10]),
      (1...12).contains(m), d >= 1, d <= daysInMonth(y, m)
    else { return nil }
    return (y, m, d)
  }

  /// RFC 3339: `YYYY-MM-DDTHH:MM[:SS[.fff…]](Z|±HH:MM)`; a space may stand for `T`.
  static func parseRFC3339(_ b: [UInt8]) -> Timestamp? {
    guard b.count >= 17, let (y, m, d) = parseDate(b[0..<10]) else { return nil }
    let sep = b[10]
    guard sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == UInt8(ascii: " "),
      b[13] == UInt8(ascii: ":"), let h = number(b[11..<13]), let mi = number(b[14..<16]),
      h < 24, mi < 60
    else { return nil }
    var i = 16
    var seconds: Int64 = 0
    var millis: Int64 = 0
    if i < b.count, b[i] == UInt8(ascii: ":") {
      guard i + 3 <= b.count, let s = number(b[i + 1..<i + 3]), s < 61 else { return nil }
      seconds = min(s, 59)
      i += 3
      if i < b.count, b[i] == UInt8(ascii: ".") {
        i += 1
        var scale: Int64 = 100
        let fracStart = i
        while i < b.count, isDigit(b[i]) {
          millis += Int64(b[i] - 0x30) * scale
          scale /= 10
          i += 1
        }
        guard i > fracStart else { return nil }
      }
    }
    guard i < b.count else { return nil }
    var zone: Int64 = 0
    switch b[i] {
    case UInt8(ascii: "z"), UInt8(ascii: "Z"):
      i += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"), let zh = number(b[i + 1..<i + 3]),
        let zm = number(b[i + 4..<i + 6]), zh < 24, zm < 60
      else { return nil }
      zone = (zh * 60 + zm) * 60_000 * (b[i] == UInt8(ascii: "-") ? -1 : 1)
      i += 6
    default:
      return nil
    }
    guard i == b.count else { return nil }
    let local = daysFromCivil(y, m, d) * 86_400_000 + ((h * 60 + mi) * 60 + seconds) * 1000 + millis
    return Timestamp(millis: local - zone)
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  static func number(_ b: ArraySlice<UInt8>) -> Int64? {
    guard !b.isEmpty else { return nil }
    var value: Int64 = 0
    for c in b {
      guard isDigit(c) else { return nil }
      value = value * 10 + Int64(c - 0x30)
    }
    return value
  }
}

extension String {
  /// Whether the string is empty or only white space and newlines: `trimmingWhitespace()`
  /// is empty. Decided by the first byte when it is a plain ASCII letter (an import asks this
  /// of every text it reads).
  public var isBlank: Bool {
    for byte in utf8 {
      if byte >= 0x80 { return trimmingWhitespace().isEmpty }
      if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
    }
    return true
  }

  /// The string without leading and trailing white space and newlines.
  public func trimmingWhitespace() -> String {
    // Most strings start and end with an ASCII byte that is not a space: nothing to trim, and
    // no Unicode property to look up (an import trims every cell and field it reads).
    if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
      first != 0x20, !(0x09...0x0D).contains(first), last != 0x20, !(0x09...0x0D).contains(last)
    {
      return self
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!  // exists: first does
    return String(scalars[first...last])
  }
}
