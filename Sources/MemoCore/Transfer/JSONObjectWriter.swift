/// Writes one compact JSON object, keys in the order added (so output never varies).
public struct JSONObjectWriter {
  public private(set) var text = "{"
  private var isEmpty = true

  public init() {}

  mutating func key(_ key: String) {
    if !isEmpty { text += "," }
    isEmpty = false
    appendJSONString(key, to: &text)
    text += ":"
  }

  public mutating func add(_ key: String, _ value: String?) {
    self.key(key)
    if let value { appendJSONString(value, to: &text) } else { text += "null" }
  }

  public mutating func add(_ key: String, _ value: Timestamp?) {
    add(key, value?.rfc3339)
  }

  public mutating func add(_ key: String, _ value: Bool) {
    self.key(key)
    text += value ? "true" : "false"
  }

  public mutating func add(_ key: String, _ value: Int64) {
    self.key(key)
    text += String(value)
  }

  /// Adds already-encoded JSON (an object or array) as the value.
  public mutating func add(_ key: String, raw json: String) {
    self.key(key)
    text += json
  }

  /// The finished object.
  public var object: String { text + "}" }
}
