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
  /// The steps (milliseconds, comma-separated; empty: none) and the longest interval (days).
  static let learningStepsKey = "review_learning_steps"
  static let relearningStepsKey = "review_relearning_steps"
  static let maximumIntervalKey = "review_maximum_interval"

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
    if let steps = try steps(Self.learningStepsKey) { parameters.learningSteps = steps }
    if let steps = try steps(Self.relearningStepsKey) { parameters.relearningSteps = steps }
    if let text = try setting(Self.maximumIntervalKey), let days = Int(text), days > 0 {
      parameters.maximumInterval = days
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
    case .learningSteps(let steps):
      try setSetting(
        Self.learningStepsKey,
        steps == FSRSParameters().learningSteps
          ? nil : steps.map(String.init).joined(separator: ","))
    case .relearningSteps(let steps):
      try setSetting(
        Self.relearningStepsKey,
        steps == FSRSParameters().relearningSteps
          ? nil : steps.map(String.init).joined(separator: ","))
    case .maximumInterval(let days):
      try setSetting(
        Self.maximumIntervalKey, days == FSRSParameters().maximumInterval ? nil : "\(days)")
    }
  }

  /// Steps stored under `key` (nil: none stored, or unreadable: the default).
  func steps(_ key: String) throws -> [Int64]? {
    guard let text = try setting(key) else { return nil }
    if text.isEmpty { return [] }
    let steps = text.split(separator: ",").map { Int64(String($0)) }
    guard steps.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
    return steps.compactMap { $0 }
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
