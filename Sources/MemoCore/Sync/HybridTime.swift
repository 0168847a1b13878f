/// A hybrid logical clock reading (Kulkarni et al., "Logical Physical Clocks", 2014): wall
/// milliseconds and a counter, packed in one integer (`millis << 16 | counter`) so that it
/// orders, stores and compares as a number. A device's clock never goes back, and after it
/// has seen another device's reading it is always past it: a change made after seeing
/// another is later than it, whatever the two machines' wall clocks say.
public struct HybridTime: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var value: Int64

  public init(value: Int64) { self.value = value }

  public init(millis: Int64, counter: Int64 = 0) {
    value = millis << 16 | (counter & 0xFFFF)
  }

  public var millis: Int64 { value >> 16 }
  public var counter: Int64 { value & 0xFFFF }

  public static let zero = HybridTime(value: 0)

  public static func < (a: HybridTime, b: HybridTime) -> Bool { a.value < b.value }

  public var description: String { "\(Timestamp(millis: millis).rfc3339)+\(counter)" }

  /// The reading for a local change at wall time `now` (milliseconds): past this one.
  /// A counter that runs over carries into the milliseconds, still past.
  public func tick(now: Int64) -> HybridTime {
    now > millis ? HybridTime(millis: now) : HybridTime(value: value + 1)
  }

  /// The reading after receiving `remote` at wall time `now`: past both.
  public func receive(_ remote: HybridTime, now: Int64) -> HybridTime {
    let latest = max(self, remote)
    return now > latest.millis ? HybridTime(millis: now) : HybridTime(value: latest.value + 1)
  }
}

/// Which change a record's content came from: the clock reading and the device that made it.
/// Ordered by time, then by device id, so that every device breaks a tie the same way.
public struct SyncVersion: Comparable, Hashable, Sendable {
  public var time: HybridTime
  public var device: String

  public init(time: HybridTime, device: String) {
    self.time = time
    self.device = device
  }

  public static func < (a: SyncVersion, b: SyncVersion) -> Bool {
    a.time != b.time ? a.time < b.time : a.device < b.device
  }
}
