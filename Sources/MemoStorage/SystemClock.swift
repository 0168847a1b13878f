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
    return uuid(at: time, high: generator.next(), low: generator.next())
  }

  /// A version 7 UUID for `time` from 128 random bits (74 of them used).
  static func uuid(at time: Timestamp, high: UInt64, low: UInt64) -> String {
    var bytes: (UInt64, UInt64) = (0, 0)
    return withUnsafeMutableBytes(of: &bytes) { raw in
      let ms = UInt64(bitPattern: time.millis)
      for i in 0..<6 { raw[i] = UInt8(truncatingIfNeeded: ms >> (8 * (5 - UInt64(i)))) }
      for i in 6..<8 { raw[i] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(i))) }
      for i in 8..<16 { raw[i] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(i - 8))) }
      raw[6] = (raw[6] & 0x0f) | 0x70  // version 7
      raw[8] = (raw[8] & 0x3f) | 0x80  // variant 10
      return String(unsafeUninitializedCapacity: 36) { out in
        let hex: StaticString = "0123456789abcdef"
        let digits = hex.utf8Start
        var n = 0
        for i in 0..<16 {
          if i == 4 || i == 6 || i == 8 || i == 10 {
            out[n] = UInt8(ascii: "-")
            n += 1
          }
          out[n] = digits[Int(raw[i] >> 4)]
          out[n + 1] = digits[Int(raw[i] & 0x0f)]
          n += 2
        }
        return n
      }
    }
  }
}

/// Version 7 UUIDs for many rows (a migration's million highlights, an import's): the random
/// bits read from the system many UUIDs at a time, not with two system calls each (100,000
/// highlights from one KOReader file: 204,087 getrandom calls). The first batch is one UUID's
/// bits, read as `SystemClock.makeUUID` reads them, and each batch after it twice the last, up to
/// 1,024 UUIDs: a command that makes one UUID reads no more than it did.
public final class UUIDBatch {
  private var pool: [UInt64] = []
  private var used = 0
  private var batch = 2

  public init() {}

  public func make(at time: Timestamp) -> String {
    if used + 2 > pool.count { refill() }
    defer { used += 2 }
    return SystemClock.uuid(at: time, high: pool[used], low: pool[used + 1])
  }

  private func refill() {
    pool = [UInt64](repeating: 0, count: batch)
    used = 0
    defer { batch = min(batch * 2, 2048) }
    guard batch > 4 else {
      var generator = SystemRandomNumberGenerator()
      for i in pool.indices { pool[i] = generator.next() }
      return
    }
    let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    let filled =
      fd >= 0
      && pool.withUnsafeMutableBytes { raw -> Bool in
        var done = 0
        while done < raw.count {
          let n = read(fd, raw.baseAddress! + done, raw.count - done)
          if n < 0 && errno == EINTR { continue }
          if n <= 0 { return false }
          done += n
        }
        return true
      }
    if fd >= 0 { close(fd) }
    if !filled {
      var generator = SystemRandomNumberGenerator()
      for i in pool.indices { pool[i] = generator.next() }
    }
  }
}
