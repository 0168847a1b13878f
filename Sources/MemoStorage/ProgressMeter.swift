#if canImport(Glibc)
  import Glibc
#endif

/// Counts the records a long effect (an import, an export) has done and reports the count, at
/// most ten times a second and only once the work has taken half a second, so quick work shows
/// nothing. The command line draws the report on a terminal; storage only counts.
public final class ProgressMeter {
  /// How far the work is: records done, the total when known, seconds since the start.
  public typealias Report = (_ done: Int, _ total: Int?, _ elapsed: Double) -> Void

  private let report: Report
  private let erase: () -> Void
  private let start: Double
  private let delay: Double
  private let interval: Double
  private var lastReport: Double = 0
  private var hasReported = false
  public private(set) var done = 0
  /// The number of records the work will do, when known beforehand (time left needs it).
  public var total: Int?

  /// - Parameters:
  ///   - report: draws the count; called at most every 0.1 s, from 0.5 s on.
  ///   - erase: removes what `report` drew; called by `finish()` if anything was drawn.
  ///   - delay, interval: the first report's delay and the least time between two (tests
  ///     set them to 0).
  public init(
    report: @escaping Report, erase: @escaping () -> Void, delay: Double = 0.5,
    interval: Double = 0.1
  ) {
    self.report = report
    self.erase = erase
    self.delay = delay
    self.interval = interval
    start = Self.seconds()
  }

  /// Adds `count` records done.
  public func advance(by count: Int = 1) {
    let before = done
    done += count
    // The clock is read once per 64 records at most: cheap next to a record's work.
    guard done >> 6 != before >> 6 else { return }
    let now = Self.seconds()
    guard now - start >= delay, now - lastReport >= interval else { return }
    lastReport = now
    hasReported = true
    report(done, total, now - start)
  }

  /// Reports how long the work has taken without counting anything: for work measured only
  /// in time (a check, a migration), called often from inside SQLite's statements.
  public func tick() {
    let now = Self.seconds()
    guard now - start >= delay, now - lastReport >= interval else { return }
    lastReport = now
    hasReported = true
    report(done, total, now - start)
  }

  /// The work is over: what was drawn goes away.
  public func finish() {
    if hasReported { erase() }
    hasReported = false
  }

  /// Monotonic seconds (a clock change does not move them).
  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
