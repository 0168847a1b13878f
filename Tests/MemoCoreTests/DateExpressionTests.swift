import Testing

@testable import MemoCore

@Suite("DATE: YYYY-MM-DD, RFC 3339, today, yesterday, ages")
struct DateExpressionTests {
  // 2026-03-31T10:00:00.000Z
  let now = Timestamp(rfc3339: "2026-03-31T10:00:00.000Z")!

  func parse(_ text: String, offset: Int = 0) throws -> DateExpression {
    try DateExpression.parse(text, now: now, utcOffsetSeconds: offset)
  }

  @Test("a calendar date is local midnight and the whole day", arguments: [0, 9 * 3600, -5 * 3600])
  func calendarDate(offset: Int) throws {
    let date = try parse("2026-01-31", offset: offset)
    let midnight = Timestamp(rfc3339: "2026-01-31T00:00:00.000Z")!.millis - Int64(offset) * 1000
    #expect(date == DateExpression(start: Timestamp(millis: midnight), isWholeDay: true))
    #expect(date.end.millis == midnight + 86_400_000)
  }

  @Test(
    "RFC 3339 times with a zone, an offset, fractions, or a space",
    arguments: [
      ("2026-01-31T09:05:00Z", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31T09:05:00.25Z", "2026-01-31T09:05:00.250Z"),
      ("2026-01-31T18:05:00+09:00", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31 04:05-05:00", "2026-01-31T09:05:00.000Z"),
      ("2026-01-31t09:05:07.123456z", "2026-01-31T09:05:07.123Z"),
    ])
  func rfc3339(text: String, expected: String) throws {
    let date = try parse(text)
    #expect(date.start.rfc3339 == expected)
    #expect(!date.isWholeDay)
    #expect(date.end.millis == date.start.millis + 1)
  }

  @Test("today and yesterday are local days; now is now")
  func words() throws {
    #expect(try parse("today").start.rfc3339 == "2026-03-31T00:00:00.000Z")
    #expect(try parse("yesterday").start.rfc3339 == "2026-03-30T00:00:00.000Z")
    #expect(try parse(" Today ").isWholeDay)
    // At 10:00 UTC it is already 1 April in UTC+15.
    #expect(try parse("today", offset: 15 * 3600).start.rfc3339 == "2026-03-31T09:00:00.000Z")
    #expect(try parse("now").start == now)
  }

  @Test(
    "ages count back from now; months and years by the calendar, clamping the day",
    arguments: [
      ("30m", "2026-03-31T09:30:00.000Z"), ("12h", "2026-03-30T22:00:00.000Z"),
      ("7d", "2026-03-24T10:00:00.000Z"), ("2w", "2026-03-17T10:00:00.000Z"),
      ("1mo", "2026-02-28T10:00:00.000Z"), ("6mo", "2025-09-30T10:00:00.000Z"),
      ("1y", "2025-03-31T10:00:00.000Z"), ("13mo", "2025-02-28T10:00:00.000Z"),
    ])
  func ages(text: String, expected: String) throws {
    #expect(try parse(text).start.rfc3339 == expected)
  }

  @Test(
    "anything else is a usage error naming the accepted forms",
    arguments: [
      "nonsense", "2026-02-30", "2026-13-01", "2026-00-10", "7x", "", "-3d", "2026-01-01T25:00Z",
      "2026-01-01T10:00", "2026-01-01T10:00+9", "d", "9999999d",
    ])
  func invalid(text: String) {
    #expect(throws: MemoError.badDate(text)) { try parse(text) }
  }
}

@Suite("timestamps: RFC 3339 UTC with milliseconds")
struct TimestampTests {
  @Test("formats known instants")
  func format() {
    #expect(Timestamp(millis: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
    #expect(Timestamp(millis: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
    #expect(Timestamp(millis: 1_709_164_800_123).rfc3339 == "2024-02-29T00:00:00.123Z")
    #expect(Timestamp.t0.rfc3339 == "2026-01-01T00:00:00.000Z")
  }

  @Test("parsing what it formats gives the same instant")
  func roundTrip() {
    var millis: Int64 = -2_000_000_000_000
    while millis < 4_000_000_000_000 {
      let time = Timestamp(millis: millis)
      #expect(Timestamp(rfc3339: time.rfc3339) == time)
      millis += 7_777_777_777
    }
  }

  @Test("text order is time order")
  func ordering() {
    let a = Timestamp(millis: 1_000_000_000_000)
    let b = Timestamp(millis: 1_000_000_000_001)
    #expect(a.rfc3339 < b.rfc3339)
  }

  @Test("local minute strings shift by the offset")
  func local() {
    #expect(Timestamp.t0.localMinuteString(utcOffsetSeconds: 9 * 3600) == "2026-01-01 09:00")
    #expect(Timestamp.t0.localMinuteString(utcOffsetSeconds: -3600) == "2025-12-31 23:00")
  }
}
