import MemoCore

/// Review's settings (fuzz, weights, retention, highlights a day), kept in `settings`.
extension ReviewRepository {
  /// The settings key of fuzz ('on' or 'off'; on when absent).
  static let fuzzKey = "review_fuzz"


  public func isFuzzOn() throws -> Bool {
    let statement = try database.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(Self.fuzzKey, at: 1)
    return try statement.step() ? statement.string(0) != "off" : true
  }

  public func setFuzz(_ isOn: Bool) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO settings (key, value) VALUES (?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = ?2 WHERE value IS NOT ?2
        """)
    defer { statement.reset() }
    try statement.bind(Self.fuzzKey, at: 1)
    try statement.bind(isOn ? "on" : "off", at: 2)
    try statement.execute()
  }

  /// The settings keys of the weights (21 numbers, comma-separated), the desired retention
  /// and the highlights a day; the defaults when absent.
  static let weightsKey = "review_weights"
  static let retentionKey = "review_retention"
  static let highlightsKey = "review_highlights_per_day"

  /// The stored settings, the defaults where none is stored.
  public func config() throws -> ReviewConfig {
    var parameters = FSRSParameters(isFuzzEnabled: try isFuzzOn())
    if let text = try setting(Self.weightsKey) {
      let numbers = text.split(separator: ",").compactMap { Double(String($0)) }
      if numbers.count == 21 { parameters.weights = numbers }
    }
    if let text = try setting(Self.retentionKey), let value = Double(text) {
      parameters.desiredRetention = value
    }
    var config = ReviewConfig(parameters: parameters)
    if let text = try setting(Self.highlightsKey), let value = Int(text) {
      config.highlightsPerDay = value
    }
    return config
  }

  /// Stores a setting; the default (the weights or retention FSRS ships with, 5 highlights)
  /// removes the key.
  public func set(_ setting: ReviewSetting) throws {
    switch setting {
    case .weights(let weights):
      try setSetting(
        Self.weightsKey,
        weights == FSRSParameters.defaultWeights
          ? nil : weights.map { "\($0)" }.joined(separator: ","))
    case .retention(let value):
      try setSetting(Self.retentionKey, value == 0.9 ? nil : "\(value)")
    case .highlightsPerDay(let count):
      try setSetting(
        Self.highlightsKey, count == ReviewConfig.defaultHighlightsPerDay ? nil : "\(count)")
    }
  }

  func setting(_ key: String) throws -> String? {
    let statement = try database.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() ? statement.text(0) : nil
  }

  func setSetting(_ key: String, _ value: String?) throws {
    guard let value else {
      let statement = try database.cachedStatement(sql: "DELETE FROM settings WHERE key = ?")
      defer { statement.reset() }
      try statement.bind(key, at: 1)
      try statement.execute()
      return
    }
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO settings (key, value) VALUES (?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = ?2 WHERE value IS NOT ?2
        """)
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    try statement.bind(value, at: 2)
    try statement.execute()
  }

  /// The scheduler with the stored settings.
  public func scheduler() throws -> ReviewScheduler {
    ReviewScheduler(try config().parameters)
  }
}
