/// The integer id of a post; a separate type so a question id cannot be passed where a post's
/// id is expected.
public struct PostID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int64
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  public var description: String { String(rawValue) }
  public static func < (a: PostID, b: PostID) -> Bool { a.rawValue < b.rawValue }
}

/// The integer id of a question (its own id space, separate from posts).
public struct QuestionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int64
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  public var description: String { String(rawValue) }
  public static func < (a: QuestionID, b: QuestionID) -> Bool { a.rawValue < b.rawValue }
}

extension PostID: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) { self.init(value) }
}

extension QuestionID: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) { self.init(value) }
}

/// Parses a user-typed id: a positive decimal integer that fits in 63 bits.
/// - Returns: nil for anything else ("0", "-3", "abc", "99999999999999999999").
public func parsePositiveID(_ text: String) -> Int64? {
  guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
    let value = Int64(text), value > 0
  else { return nil }
  return value
}

/// The integer id of a highlight (its own id space, separate from posts and questions).
public struct HighlightID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int64
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  public var description: String { String(rawValue) }
  public static func < (a: HighlightID, b: HighlightID) -> Bool { a.rawValue < b.rawValue }
}

extension HighlightID: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) { self.init(value) }
}
