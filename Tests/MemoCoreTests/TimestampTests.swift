import Testing

@testable import MemoCore

/// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants four-digit years can write.
private let firstMillis: Int64 = -62_167_219_200_000
private let lastMillis: Int64 = 253_402_300_799_999

/// `count` instants spread over years 0000 to 9999, the same every run (a linear congruential
/// generator, Knuth's MMIX constants), with the ends of the range first.
private func deterministicInstants(count: Int) -> [Timestamp] {
  var state: UInt64 = 0x5EED
  var result = [Timestamp(millis: firstMillis), Timestamp(millis: lastMillis)]
  let span = UInt64(lastMillis - firstMillis + 1)
  while result.count < count {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    result.append(Timestamp(millis: firstMillis + Int64((state >> 11) % span)))
  }
  return result
}

@Suite("timestamps: RFC 3339 UTC with milliseconds, and local minutes for tables")
struct TimestampTests {
  @Test("the epoch is 1970-01-01T00:00:00.000Z")
  func epoch() {
    #expect(Timestamp(millis: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
    #expect(Timestamp(millis: 0).description == "1970-01-01T00:00:00.000Z")
  }

  @Test(
    "formats known instants, before 1970 and around leap days too",
    arguments: [
      (Int64(1_769_850_300_000), "2026-01-31T09:05:00.000Z"),
      (1_767_225_600_000, "2026-01-01T00:00:00.000Z"),
      (1_774_951_200_007, "2026-03-31T10:00:00.007Z"),
      (-1, "1969-12-31T23:59:59.999Z"),
      (-86_400_000, "1969-12-31T00:00:00.000Z"),
      (-2_208_988_800_000, "1900-01-01T00:00:00.000Z"),
      (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
      (firstMillis, "0000-01-01T00:00:00.000Z"),
      (lastMillis, "9999-12-31T23:59:59.999Z"),
      (1_709_164_800_123, "2024-02-29T00:00:00.123Z"),
      (1_709_251_199_999, "2024-02-29T23:59:59.999Z"),
      (1_709_251_200_000, "2024-03-01T00:00:00.000Z"),
      (951_782_400_000, "2000-02-29T00:00:00.000Z"),
      (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
      (4_107_542_400_000, "2100-03-01T00:00:00.000Z"),
    ])
  func format(millis: Int64, text: String) {
    #expect(Timestamp(millis: millis).rfc3339 == text)
    #expect(Timestamp(rfc3339: text) == Timestamp(millis: millis))
  }

  @Test("parsing what it formats gives the same instant, across years 0000 to 9999")
  func roundTrip() {
    for time in deterministicInstants(count: 5000) {
      let text = time.rfc3339
      #expect(Timestamp(rfc3339: text) == time, "\(time.millis) → \(text)")
    }
  }

  @Test("every millisecond around midnight at the start of 1970 survives the round trip")
  func roundTripAroundEpoch() {
    for millis in Int64(-1500)...1500 {
      let time = Timestamp(millis: millis)
      #expect(Timestamp(rfc3339: time.rfc3339) == time, "\(millis) → \(time.rfc3339)")
    }
  }

  @Test("the bytes written in place are the text's; none outside years 0–9999")
  func writtenInPlace() {
    var buffer = [UInt8](repeating: 0, count: 24)
    for time in deterministicInstants(count: 2000) {
      let written = buffer.withUnsafeMutableBufferPointer { time.writeRFC3339(to: $0) }
      #expect(written)
      #expect(String(decoding: buffer, as: UTF8.self) == time.rfc3339)
    }
    let far = Timestamp(millis: 400_000_000_000_000)
    #expect(!buffer.withUnsafeMutableBufferPointer { far.writeRFC3339(to: $0) })
  }

  @Test("text order is time order")
  func textOrderIsTimeOrder() {
    let times = deterministicInstants(count: 2000)
    for (a, b) in zip(times, times.dropFirst()) {
      #expect((a < b) == (a.rfc3339 < b.rfc3339), "\(a.rfc3339) vs \(b.rfc3339)")
    }
  }

  @Test(
    "other RFC 3339 spellings name the same instant",
    arguments: [
      "2026-01-31T18:05:00+09:00", "2026-01-31T09:05Z", "2026-01-31 09:05:00.000Z",
      "2026-01-31t09:05:00.000z", "2026-01-31T09:05:00.0001Z",
    ])
  func otherSpellings(text: String) {
    #expect(Timestamp(rfc3339: text) == Timestamp(millis: 1_769_850_300_000))
  }

  @Test(
    "a text that is not an RFC 3339 instant is no timestamp",
    arguments: [
      "", "today", "7d", "2026-01-31", "2026-01-31T09:05:00", "2026-02-30T00:00:00.000Z",
      "2026-01-31T09:05:00.000Z ", "1970-01-01T00:00:00.000+0000",
    ])
  func notATimestamp(text: String) {
    #expect(Timestamp(rfc3339: text) == nil)
  }

  @Test(
    "the local minute string shifts by the offset and drops seconds",
    arguments: [
      (Int64(1_767_225_600_000), 0, "2026-01-01 00:00"),
      (1_767_225_600_000, 9 * 3600, "2026-01-01 09:00"),
      (1_767_225_600_000, -3600, "2025-12-31 23:00"),
      (1_767_225_600_000, 5 * 3600 + 1800, "2026-01-01 05:30"),
      (1_767_225_600_000, -(9 * 3600 + 1800), "2025-12-31 14:30"),
      (1_769_850_359_999, 0, "2026-01-31 09:05"),
      (1_769_850_359_999, 3600, "2026-01-31 10:05"),
      (1_709_150_400_000, 5 * 3600, "2024-02-29 01:00"),
      (-1, 0, "1969-12-31 23:59"),
      (0, -5 * 3600, "1969-12-31 19:00"),
      (0, 14 * 3600, "1970-01-01 14:00"),
    ])
  func localMinute(millis: Int64, offset: Int, text: String) {
    #expect(Timestamp(millis: millis).localMinuteString(utcOffsetSeconds: offset) == text)
  }
}
