import MemoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The wall clock and the UUID source the effect runner uses (tests pass fixed ones).
public enum SystemClock {
  /// The current time, to the millisecond.
  public static func now() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Timestamp(millis: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
  }

  /// A new UUID, version 7 (RFC 9562): time-ordered, so inserts stay local in the uuid index.
  public static func makeUUID(at time: Timestamp) -> String {
    var generator = SystemRandomNumberGenerator()
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    var bytes = [UInt8](repeating: 0, count: 16)
    let ms = UInt64(bitPattern: time.millis)
    for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: ms >> (8 * (5 - UInt64(i)))) }
    for i in 6..<8 { bytes[i] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(i))) }
    for i in 8..<16 { bytes[i] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(i - 8))) }
    bytes[6] = (bytes[6] & 0x0f) | 0x70  // version 7
    bytes[8] = (bytes[8] & 0x3f) | 0x80  // variant 10
    let hex = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(36)
    for (i, byte) in bytes.enumerated() {
      if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
      out.append(hex[Int(byte >> 4)])
      out.append(hex[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
