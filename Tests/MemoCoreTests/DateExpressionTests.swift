import Testing

@testable import MemoCore

private let hour = 3600
private let day: Int64 = 86_400_000

/// 2026-03-31T10:00:00.000Z, the last day of a 31-day month.
private let now = Timestamp(millis: 1_774_951_200_000)

private func parse(_ text: String, offset: Int = 0, at time: Timestamp = now) throws
  -> DateExpression
{
  try DateExpression.parse(text, now: time, utcOffsetSeconds: offset)
}

/// The instant an RFC 3339 UTC text names (`Timestamp`'s own parser, tested in TimestampTests).
private func utc(_ text: String) -> Timestamp {
  Timestamp(rfc3339: text)!
}

@Suite("DATE: YYYY-MM-DD, RFC 3339, today, yesterday, now, ages")
struct DateExpressionTests {
  // MARK: - Calendar dates

  @Test(
    "YYYY-MM-DD is local midnight and names the whole day, up to the next midnight",
    arguments: [
      (0, "2026-01-31T00:00:00.000Z", "2026-02-01T00:00:00.000Z"),
      (9 * hour, "2026-01-30T15:00:00.000Z", "2026-01-31T15:00:00.000Z"),
      (-5 * hour, "2026-01-31T05:00:00.000Z", "2026-02-01T05:00:00.000Z"),
      (5 * hour + 1800, "2026-01-30T18:30:00.000Z", "2026-01-31T18:30:00.000Z"),
    ])
  func calendarDate(offset: Int, start: String, end: String) throws {
    let date = try parse("2026-01-31", offset: offset)
    #expect(date == DateExpression(start: utc(start), isWholeDay: true))
    #expect(date.end == utc(end))
  }

  @Test("a calendar date ignores the time of day of now")
  func calendarDateIgnoresNow() throws {
    let early = try parse("2026-01-31", at: utc("2026-12-01T00:00:00.001Z"))
    let late = try parse("2026-01-31", at: utc("1999-06-15T23:59:59.999Z"))
    #expect(early == late)
  }

  @Test("29 February is a date in leap years only", arguments: ["2024-02-29", "2000-02-29"])
  func leapDay(text: String) throws {
    let date = try parse(text)
    #expect(date.start.rfc3339 == text + "T00:00:00.000Z")
    #expect(date.isWholeDay)
  }

  // MARK: - RFC 3339

  @Test(
    "RFC 3339 names an instant: Z, an offset, fractions, a space for T, any letter case",
    arguments: [
      ("2026-01-31T09:05:00Z", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T09:05Z", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T18:05:00+09:00", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T04:05:00-05:00", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T14:35:00+05:30", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T09:05:00.25Z", "2026-01-31T09:05:00.250Z"),
      ("2026-01-31T09:05:07.123456789Z", "2026-01-31T09:05:07.123Z"),
      ("2026-01-31T18:05:00.5+09:00", "2026-01-31T09:05:00.500Z"),
      ("2026-01-31 09:05:00Z", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31 04:05-05:00", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31t09:05:00z", "2026-01-31T09:05:00.000Z"),
      ("2026-01-01T01:00:00+02:00", "2025-12-31T23:00:00.000Z"),
      ("  2026-01-31T09:05:00Z\n", "2026-01-31T09:05:00.000Z"),
    ])
  func rfc3339(text: String, instant: String) throws {
    let date = try parse(text, offset: 9 * hour)
    #expect(date == DateExpression(start: utc(instant), isWholeDay: false))
    #expect(date.end.millis == date.start.millis + 1)
  }

  // MARK: - Words

  @Test(
    "today and yesterday are local calendar days around now",
    arguments: [
      (0, "2026-03-31T00:00:00.000Z", "2026-03-30T00:00:00.000Z"),
      // At 10:00 UTC it is already 1 April in UTC+15…
      (15 * hour, "2026-03-31T09:00:00.000Z", "2026-03-30T09:00:00.000Z"),
      // …and still 30 March in UTC-11.
      (-11 * hour, "2026-03-30T11:00:00.000Z", "2026-03-29T11:00:00.000Z"),
    ])
  func todayAndYesterday(offset: Int, today: String, yesterday: String) throws {
    #expect(
      try parse("today", offset: offset) == DateExpression(start: utc(today), isWholeDay: true))
    #expect(
      try parse("yesterday", offset: offset)
        == DateExpression(start: utc(yesterday), isWholeDay: true))
    #expect(try parse("today", offset: offset).end == utc(today) + day)
  }

  @Test("words ignore letter case and surrounding white space")
  func wordsAnyCase() throws {
    #expect(try parse(" Today ") == parse("today"))
    #expect(try parse("YESTERDAY\n") == parse("yesterday"))
    #expect(try parse("Now") == parse("now"))
  }

  @Test("now is the instant now, not a whole day")
  func nowIsNow() throws {
    let date = try parse("now", offset: 9 * hour)
    #expect(date == DateExpression(start: now, isWholeDay: false))
    #expect(date.end.millis == now.millis + 1)
  }

  // MARK: - Ages

  @Test(
    "an age is that long before now, to the millisecond",
    arguments: [
      ("30m", "2026-03-31T09:30:00.000Z"), ("90min", "2026-03-31T08:30:00.000Z"),
      ("12h", "2026-03-30T22:00:00.000Z"), ("7d", "2026-03-24T10:00:00.000Z"),
      ("2w", "2026-03-17T10:00:00.000Z"), ("0d", "2026-03-31T10:00:00.000Z"),
      ("7D", "2026-03-24T10:00:00.000Z"), ("365d", "2025-03-31T10:00:00.000Z"),
    ])
  func ages(text: String, instant: String) throws {
    #expect(
      try parse(text, offset: -5 * hour) == DateExpression(start: utc(instant), isWholeDay: false))
  }

  @Test(
    "months and years count by the calendar, clamping the day to the month's last",
    arguments: [
      ("2026-03-31T10:00:00.000Z", "1mo", "2026-02-28T10:00:00.000Z"),
      ("2026-03-31T10:00:00.000Z", "6mo", "2025-09-30T10:00:00.000Z"),
      ("2026-03-31T10:00:00.000Z", "13mo", "2025-02-28T10:00:00.000Z"),
      ("2026-03-31T10:00:00.000Z", "25mo", "2024-02-29T10:00:00.000Z"),
      ("2026-03-31T10:00:00.000Z", "1y", "2025-03-31T10:00:00.000Z"),
      ("2026-01-15T08:30:00.250Z", "1mo", "2025-12-15T08:30:00.250Z"),
      ("2026-01-15T08:30:00.250Z", "12mo", "2025-01-15T08:30:00.250Z"),
      ("2024-02-29T12:00:00.000Z", "1y", "2023-02-28T12:00:00.000Z"),
      ("2024-02-29T12:00:00.000Z", "4y", "2020-02-29T12:00:00.000Z"),
      ("2024-05-31T23:59:59.999Z", "1mo", "2024-04-30T23:59:59.999Z"),
    ])
  func calendarAges(now: String, text: String, instant: String) throws {
    let date = try parse(text, at: utc(now))
    #expect(date == DateExpression(start: utc(instant), isWholeDay: false))
  }

  // MARK: - Refusals

  @Test(
    "anything else is a usage error that names the accepted forms",
    arguments: [
      "nonsense", "2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", "2026-02-29",
      "1900-02-29", "2026-1-01", "7x", "", "  ", "-d", "+", "d", "mo", "3 d", "1.5h", "9999999d",
      "2026-01-01T25:00Z", "2026-01-01T24:00Z", "2026-01-01T10:60Z", "2026-01-01T10:00",
      "2026-01-01T10:00+9", "2026-01-01T10:00+09", "2026-01-01T10:00+24:00",
      "2026-01-01T10:00:00.Z", "2026-01-01T10:00:00Z junk", "2026-01-01X10:00Z", "+", "+d",
      "+1.5h", "+9999999d", "++2d",
    ])
  func invalid(text: String) {
    let error = #expect(throws: MemoError.self) { try parse(text) }
    #expect(error?.code == .usage)
    #expect(error?.message == MemoError.badDate(text).message)
  }

  @Test(
    "a minus age (-3d, -6mo) is refused, saying an age already counts back",
    arguments: [
      ("-3d", "3d"), (" -6MO", "6mo"),
    ])
  func signedAge(text: String, age: String) {
    for looksAhead in [false, true] {
      let error = #expect(throws: MemoError.self) {
        try DateExpression.parse(text, now: now, utcOffsetSeconds: 0, looksAhead: looksAhead)
      }
      #expect(error?.code == .usage)
      #expect(
        error?.message
          == "'\(text)' is not a date: an age already counts back from now, so write \(age) for that long ago"
      )
    }
  }

  // MARK: - Looking ahead

  @Test(
    "where a time looks ahead, tomorrow is the next local day and +N that long after now",
    arguments: [
      ("+30m", "2026-03-31T10:30:00.000Z"), ("+12h", "2026-03-31T22:00:00.000Z"),
      ("+2d", "2026-04-02T10:00:00.000Z"), ("+2W", "2026-04-14T10:00:00.000Z"),
      ("+1mo", "2026-04-30T10:00:00.000Z"), ("+1y", "2027-03-31T10:00:00.000Z"),
      (" +0d ", "2026-03-31T10:00:00.000Z"),
    ])
  func ahead(text: String, instant: String) throws {
    let date = try DateExpression.parse(text, now: now, utcOffsetSeconds: 0, looksAhead: true)
    #expect(date == DateExpression(start: utc(instant), isWholeDay: false))
  }

  @Test("tomorrow is a whole local day; 2d still counts back where a time looks ahead")
  func tomorrow() throws {
    // At 10:00 UTC it is 1 April in UTC+15: tomorrow is 2 April there.
    let date = try DateExpression.parse(
      "Tomorrow", now: now, utcOffsetSeconds: 15 * hour, looksAhead: true)
    #expect(date == DateExpression(start: utc("2026-04-01T09:00:00.000Z"), isWholeDay: true))
    #expect(
      try DateExpression.parse("tomorrow", now: now, utcOffsetSeconds: 0, looksAhead: true)
        == DateExpression(start: try parse("today").start + day, isWholeDay: true))
    #expect(
      try DateExpression.parse("2d", now: now, utcOffsetSeconds: 0, looksAhead: true)
        == parse("2d"))
    let bad = #expect(throws: MemoError.self) {
      try DateExpression.parse("someday", now: now, utcOffsetSeconds: 0, looksAhead: true)
    }
    #expect(bad?.message == MemoError.badDate("someday", looksAhead: true).message)
    #expect(bad?.message.contains("tomorrow") == true && bad?.message.contains("+2d") == true)
  }

  @Test(
    "elsewhere (--since, --until) tomorrow and +N are refused, naming the form that counts back",
    arguments: [
      ("tomorrow", "today, yesterday, or an age such as 2d: that long ago"),
      ("+2w", "2w is that long ago"), ("+3D", "3d is that long ago"),
    ])
  func aheadRefused(text: String, hint: String) {
    let error = #expect(throws: MemoError.self) { try parse(text) }
    #expect(error?.code == .usage)
    #expect(
      error?.message
        == "'\(text)' is ahead of now, and this option takes a time up to now (\(hint)); only the --at of memo review due, digest and show looks ahead"
    )
  }

  @Test("the error quotes the text as typed and lists every accepted form")
  func errorWording() {
    #expect(
      MemoError.badDate("soon").message
        == "'soon' is not a date; use YYYY-MM-DD, an RFC 3339 time, today, yesterday, "
        + "or an age like 30m, 12h, 7d, 2w, 6mo, 1y")
  }
}

@Test(
  "isBlank agrees with trimmingWhitespace for ASCII, Unicode spaces and letters",
  arguments: [
    "", " ", "\t\n\r\u{0B}\u{0C}", "a", " a ", "\u{A0}", " \u{3000} ", "\u{85}", "\u{2028}",
    "é", " 猫", "\u{A0}x", "x\u{A0}", "\u{200B}", "\u{1F}", "\u{7F}",
  ])
func isBlank(text: String) {
  #expect(text.isBlank == text.trimmingWhitespace().isEmpty)
  #expect(("  " + text).isBlank == ("  " + text).trimmingWhitespace().isEmpty)
}

@Test(
  "trimmingWhitespace drops exactly the White_Space scalars at both ends, ASCII or not",
  arguments: [
    "", "a", "ab c", " a", "a ", "\ta\n", "\u{0B}x\u{0C}", "\r\nx\r\n", "\u{1F}x\u{7F}", "x\u{A0}",
    "\u{A0}x", "\u{3000}猫\u{3000}", "é", "\u{85}a", "a\u{2028}", "\u{200B}a\u{200B}", "a\u{301}",
  ])
func trimming(text: String) {
  let scalars = Array(text.unicodeScalars)
  var (start, end) = (0, scalars.count)
  while start < end, scalars[start].properties.isWhitespace { start += 1 }
  while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
  var expected = String.UnicodeScalarView()
  expected.append(contentsOf: scalars[start..<end])
  #expect(text.trimmingWhitespace() == String(expected))
  #expect(text.trimmingWhitespace().unicodeScalars.elementsEqual(expected))
}

extension Timestamp {
  fileprivate static func + (time: Timestamp, millis: Int64) -> Timestamp {
    Timestamp(millis: time.millis + millis)
  }
}
