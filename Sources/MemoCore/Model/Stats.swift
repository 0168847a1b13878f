/// What `memo stats` needs from storage, and when "now" is.
public struct StatsRequest: Equatable, Sendable {
  public var now: Timestamp
  public var utcOffsetSeconds: Int

  public init(now: Timestamp, utcOffsetSeconds: Int = 0) {
    self.now = now
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// Today's local day number (days since 1970-01-01).
  public var today: Int64 {
    (now.millis + Int64(utcOffsetSeconds) * 1000).floorDivided(by: 86_400_000).quotient
  }

  /// The first day of the calendar: the Monday 52 weeks before this week's Monday.
  public var firstDay: Int64 { today - weekday(of: today) - 52 * 7 }
}

/// Monday 0 … Sunday 6 (1970-01-01 was a Thursday).
public func weekday(of day: Int64) -> Int64 { (day + 3).floorDivided(by: 7).remainder }

/// The numbers `memo stats` shows.
public struct Stats: Equatable, Sendable {
  public var posts = 0
  public var questions = 0
  public var highlights = 0
  public var starred = 0
  public var answered = 0
  public var favorites = 0
  /// Categories by question count, most used first.
  public var categories: [Category] = []
  public var uncategorized = 0
  /// The journal's size: entries, and the row changes they recorded.
  public var journalEntries = 0
  public var journalChanges = 0
  /// Posts and questions added per local day, from `firstDay` to `today` (53 weeks).
  public var activity: [Int] = []
  public var firstDay: Int64 = 0
  /// Review: due today, reviewed in 30 days, true retention, the next 30 days' forecast.
  public var review: ReviewStats?

  public init() {}

  /// The date of day `offset` of the calendar, as `YYYY-MM-DD`.
  public func date(at offset: Int) -> String {
    let (y, m, d) = civilDate(fromDays: firstDay + Int64(offset))
    return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
  }

  /// The month (1–12) of day `offset`.
  public func month(at offset: Int) -> Int {
    Int(civilDate(fromDays: firstDay + Int64(offset)).month)
  }
}
