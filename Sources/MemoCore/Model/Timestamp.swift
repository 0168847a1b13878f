/// An instant, stored and printed as RFC 3339 UTC text with milliseconds
/// (`2026-01-31T09:05:00.000Z`), so that text order is time order (SPEC §2).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var millis: Int64

  public init(millis: Int64) { self.millis = millis }

  public static func < (a: Timestamp, b: Timestamp) -> Bool { a.millis < b.millis }

  /// The RFC 3339 UTC form with milliseconds, e.g. `2026-01-31T09:05:00.000Z`.
  public var rfc3339: String {
    let (days, msOfDay) = millis.floorDivided(by: 86_400_000)
    let (y, m, d) = civilDate(fromDays: days)
    let h = msOfDay / 3_600_000
    let mi = msOfDay / 60_000 % 60
    let s = msOfDay / 1000 % 60
    let ms = msOfDay % 1000
    guard (0...9999).contains(y) else {
      return
        "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(h, 2)):\(pad(mi, 2)):\(pad(s, 2)).\(pad(ms, 3))Z"
    }
    // Every export and import formats a few per row: 24 ASCII bytes written in place.
    return String(unsafeUninitializedCapacity: 24) { out in
      Self.write(y, m, d, msOfDay, to: out)
      return 24
    }
  }

  /// Writes the RFC 3339 form's 24 UTF-8 bytes at the start of `out` (at least 24 long), the
  /// same bytes as `rfc3339`, with no string made (a replay binds two for each of 200,000
  /// schedules). - Returns: false, nothing written, for a year outside 0–9999 (`rfc3339`).
  public func writeRFC3339(to out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    let (days, msOfDay) = millis.floorDivided(by: 86_400_000)
    let (y, m, d) = civilDate(fromDays: days)
    guard (0...9999).contains(y), out.count >= 24 else { return false }
    Self.write(y, m, d, msOfDay, to: out)
    return true
  }

  /// Writes the 24 bytes of a canonical form (year 0–9999) at the start of `out`.
  @inline(__always)
  private static func write(
    _ y: Int64, _ m: Int64, _ d: Int64, _ msOfDay: Int64, to out: UnsafeMutableBufferPointer<UInt8>
  ) {
    let h = msOfDay / 3_600_000
    let mi = msOfDay / 60_000 % 60
    let s = msOfDay / 1000 % 60
    let ms = msOfDay % 1000
    func put(_ value: Int64, _ width: Int, at offset: Int) {
      var value = value
      for i in stride(from: offset + width - 1, through: offset, by: -1) {
        out[i] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
        value /= 10
      }
    }
    put(y, 4, at: 0)
    out[4] = 0x2D  // -
    put(m, 2, at: 5)
    out[7] = 0x2D
    put(d, 2, at: 8)
    out[10] = 0x54  // T
    put(h, 2, at: 11)
    out[13] = 0x3A  // :
    put(mi, 2, at: 14)
    out[16] = 0x3A
    put(s, 2, at: 17)
    out[19] = 0x2E  // .
    put(ms, 3, at: 20)
    out[23] = 0x5A  // Z
  }

  public var description: String { rfc3339 }

  /// Parses the text this type writes (and any RFC 3339 form `DateExpression` accepts).
  public init?(rfc3339 text: String) {
    if let fast = text.utf8.withContiguousStorageIfAvailable({ Timestamp(canonical: $0) }),
      let fast
    {
      self = fast
      return
    }
    guard let parsed = DateExpression.parseRFC3339(Array(text.utf8)) else { return nil }
    self = parsed
  }

  /// Exactly the form this type writes (`2026-01-31T09:05:00.000Z`, a real date), read from
  /// its bytes without a copy; nil for anything else, which `init?(rfc3339:)` then reads as
  /// before. (A replay of a million ratings reads as many.)
  public init?(canonical b: UnsafeBufferPointer<UInt8>) {
    guard b.count == 24, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A,
      b[16] == 0x3A, b[19] == 0x2E, b[23] == 0x5A
    else { return nil }
    var bad = false
    func digits(_ start: Int, _ count: Int) -> Int64 {
      var value: Int64 = 0
      for i in start..<start + count {
        let c = b[i] &- 0x30
        if c > 9 { bad = true }
        value = value * 10 + Int64(c)
      }
      return value
    }
    let (y, m, d) = (digits(0, 4), digits(5, 2), digits(8, 2))
    let (h, mi, s, ms) = (digits(11, 2), digits(14, 2), digits(17, 2), digits(20, 3))
    guard !bad, (1...12).contains(m), d >= 1, d <= daysInMonth(y, m), h < 24, mi < 60, s < 60
    else { return nil }
    millis = daysFromCivil(y, m, d) * 86_400_000 + ((h * 60 + mi) * 60 + s) * 1000 + ms
  }

  /// The local calendar date and time, for tables: `2026-01-31 10:05`.
  public func localMinuteString(utcOffsetSeconds: Int) -> String {
    let local = millis + Int64(utcOffsetSeconds) * 1000
    let (days, msOfDay) = local.floorDivided(by: 86_400_000)
    let (y, m, d) = civilDate(fromDays: days)
    return
      "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2)) \(pad(msOfDay / 3_600_000, 2)):\(pad(msOfDay / 60_000 % 60, 2))"
  }
}

func pad(_ value: Int64, _ width: Int) -> String {
  let digits = String(value < 0 ? -value : value)
  let zeros = String(repeating: "0", count: max(0, width - digits.count))
  return (value < 0 ? "-" : "") + zeros + digits
}

extension Int64 {
  /// Floor division and the non-negative remainder.
  func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var q = self / divisor
    var r = self % divisor
    if r < 0 {
      q -= 1
      r += divisor
    }
    return (q, r)
  }
}

// Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
  let y = month <= 2 ? year - 1 : year
  let era = (y >= 0 ? y : y - 399) / 400
  let yoe = y - era * 400
  let mp = (month + 9) % 12
  let doy = (153 * mp + 2) / 5 + day - 1
  let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  return era * 146_097 + doe - 719_468
}

func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
  let z = days + 719_468
  let era = (z >= 0 ? z : z - 146_096) / 146_097
  let doe = z - era * 146_097
  let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
  let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  let mp = (5 * doy + 2) / 153
  let d = doy - (153 * mp + 2) / 5 + 1
  let m = mp < 10 ? mp + 3 : mp - 9
  return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}

func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
  switch month {
  case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
  case 4, 6, 9, 11: return 30
  default: return 31
  }
}
