import MemoCore

/// A change line's values bound to statements and read as memo's: texts, post ids, the
/// change's origin.
extension SyncRepository {
  /// Binds a row's field as `json_extract` of the line would give it: a string as text, a
  /// whole number as an integer, another number as a real, true and false as 1 and 0, null
  /// or a missing field as NULL. - Returns: the text bound, if a string.
  @discardableResult
  func bind(_ statement: Statement, _ value: JSONValue?, at index: Int32) throws -> String? {
    switch value {
    case .string(let text)?:
      try statement.bind(text, at: index)
      return text
    case .integer(let number)?: try statement.bind(number, at: index)
    case .number(let number)?: try statement.bind(number, at: index)
    case .bool(let flag)?: try statement.bind(flag, at: index)
    case .null?, nil: try statement.bindNull(at: index)
    case .array?, .object?:
      // A change line's checks (SyncChange.parse) let no field bound here be one.
      throw MemoError(
        code: .badData,
        message: "a sync change's row has a list or an object where memo expects a value")
    }
    return nil
  }

  /// Binds the fields `names` of `row` to the parameters from `first` on, in order.
  func bind(_ statement: Statement, _ row: JSONValue, _ names: [String], from first: Int32 = 1)
    throws
  {
    guard case .object(let members) = row else {
      for index in names.indices { try statement.bindNull(at: first + Int32(index)) }
      return
    }
    // The names come in the order memo writes a row's members: each is looked for from
    // where the last one was found on (a search from the start compared every member before
    // it, each comparison of two different Strings taking the slow path), then before it.
    var next = 0
    for (index, name) in names.enumerated() {
      let found =
        members[next...].firstIndex { $0.0 == name } ?? members[..<next].firstIndex { $0.0 == name }
      if let found { next = found + 1 }
      try bind(statement, found.map { members[$0].1 }, at: first + Int32(index))
    }
  }

  /// A row's field as text, as `json_extract` reads it (nil: null or missing).
  func text(_ value: JSONValue?) throws -> String? {
    switch value {
    case .string(let text)?: return text
    case .null?, nil: return nil
    default:
      throw MemoError(
        code: .badData, message: "a sync change's row has a value where memo expects text")
    }
  }

  /// The id of the post a row's field names (nil: not here).
  func postID(of uuid: JSONValue?) throws -> Int64? {
    let statement = try database.cachedStatement(sql: "SELECT \(Self.postIDSQL)")
    defer { statement.reset() }
    try bind(statement, uuid, at: 1)
    return try statement.step() && !statement.isNull(0) ? statement.int64(0) : nil
  }

  func postID(_ line: String, path: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM posts WHERE uuid = json_extract(?1, ?2)")
    defer { statement.reset() }
    try statement.bind(line, at: 1)
    try statement.bind(path, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Who changes rows now: nil for this device's own changes (pushed by the next round), or
  /// a name for what a round applies (not pushed back).
  func setOrigin(_ origin: String?) throws {
    let statement = try database.cachedStatement(sql: "UPDATE change_context SET origin = ?")
    try statement.bind(origin, at: 1)
    try statement.execute()
  }
}
