/// Reads a memo export (JSON or JSON Lines) into records, checking every field: a malformed
/// file is refused as a whole, naming the line (or record) and what is wrong (SPEC §5).
public enum BackupDecoder {
  /// - Throws: `MemoError` `.badData` (65): "NAME: line L: reason".
  public static func decode(_ bytes: [UInt8], format: ImportFormat, name: String) throws
    -> [BackupRecord]
  {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a UTF-8 BOM
    switch format {
    case .json: return try decodeDocument(bytes, name: name)
    case .jsonl: return try decodeLines(bytes, name: name)
    case .csv: return try decodeCSV(bytes, name: name)
    default:
      throw MemoError(code: .usage, message: "\(format.rawValue) files are not memo exports")
    }
  }

  /// The CSV `memo export --format csv` writes: one row per highlight and per question with
  /// its post's columns (read by name: a file from before highlights has no such columns).
  static func decodeCSV(_ bytes: [UInt8], name: String) throws -> [BackupRecord] {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw MemoError.notUTF8(name, bytes)
    }
    let table: (header: [String], rows: [(line: Int, values: [String: String])])
    do { table = try CSVReader.records(text) } catch {
      throw MemoError.malformedImport(name, place: "line \(error.line)", reason: error.reason)
    }
    try KnownCSVHeaders.check(table.header, has: KnownCSVHeaders.memoColumns, name: name)
    for column in ["post_uuid", "post_title", "post_created_at", "post_updated_at"]
    where !table.header.contains(column) {
      throw MemoError.malformedImport(
        name, place: "line 1", reason: "the header has no \(column) column")
    }
    var records: [BackupRecord] = []
    var seenPosts = Set<String>()
    do {
      for (line, row) in table.rows {
        func value(_ key: String) -> JSONValue {
          guard let text = row[key], !text.isEmpty else { return .null }
          if key.hasSuffix("_starred") || key.hasSuffix("_favorite") {
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
          }
          return .string(text)
        }
        func object(_ prefix: String, _ keys: [String]) -> JSONValue {
          .object(keys.map { ($0, value(prefix + $0)) })
        }
        let place = "line \(line)"
        let post = try self.post(
          object(
            "post_", ["uuid", "title", "author", "body", "source", "created_at", "updated_at"]),
          place: place)
        if seenPosts.insert(post.uuid).inserted {
          records.append(.post(post))
          if try bool(object("post_", ["favorite"]), "favorite", place: place) {
            records.append(
              .favorite(
                postUUID: post.uuid, position: Int64(seenPosts.count), addedAt: post.createdAt))
          }
        }
        if row["highlight_uuid"].map({ !$0.isEmpty }) == true {
          var fields = object(
            "highlight_",
            [
              "uuid", "text", "note", "chapter", "page", "location", "highlighted_at", "starred",
              "source", "source_key", "created_at", "updated_at",
            ])
          // A number in CSV is text: read it as JSON reads it.
          if case .object(var members) = fields, let text = row["highlight_position"],
            !text.isEmpty
          {
            guard let number = try? JSONParser.parse(Array(text.utf8)), number.doubleValue != nil
            else {
              throw Failure(
                place: place, reason: "\"highlight_position\" is not a number: \(text)")
            }
            members.append(("position", number))
            fields = .object(members)
          }
          records.append(
            .highlight(try self.highlight(fields, postUUID: post.uuid, place: place)))
        }
        guard row["question_uuid"].map({ !$0.isEmpty }) == true else { continue }
        let question = object(
          "question_",
          [
            "uuid", "text", "category", "starred", "answer", "answered_at", "created_at",
            "updated_at", "highlight_uuid",
          ])
        records.append(.question(try self.question(question, postUUID: post.uuid, place: place)))
      }
    } catch let failure as Failure {
      throw MemoError.malformedImport(name, place: failure.place, reason: failure.reason)
    }
    return records
  }

  /// A where-and-why for messages.
  struct Failure: Error {
    var place: String
    var reason: String
  }

  static func decodeDocument(_ bytes: [UInt8], name: String) throws -> [BackupRecord] {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch let error as JSONParseError {
      let line = bytes[..<min(error.offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      throw MemoError.malformedImport(name, place: "line \(line)", reason: error.reason)
    }
    do {
      guard case .object = root else {
        throw Failure(place: "line 1", reason: "expected a JSON object")
      }
      try checkHeader(root, place: "the header")
      var records: [BackupRecord] = []
      func section(_ key: String) throws -> [JSONValue] {
        guard let value = root[key], !value.isNull else { return [] }
        guard let items = value.arrayValue else {
          throw Failure(place: "\"\(key)\"", reason: "expected an array")
        }
        return items
      }
      for (i, item) in try section("categories").enumerated() {
        records.append(try category(item, place: "categories[\(i)]"))
      }
      for (i, item) in try section("posts").enumerated() {
        let place = "posts[\(i)]"
        let post = try post(item, place: place)
        records.append(.post(post))
        if let highlights = item["highlights"], !highlights.isNull {
          guard let list = highlights.arrayValue else {
            throw Failure(place: place, reason: "\"highlights\" is not an array")
          }
          for (j, h) in list.enumerated() {
            records.append(
              .highlight(
                try highlight(h, postUUID: post.uuid, place: "\(place).highlights[\(j)]")))
          }
        }
        guard let questions = item["questions"], !questions.isNull else { continue }
        guard let list = questions.arrayValue else {
          throw Failure(place: place, reason: "\"questions\" is not an array")
        }
        for (j, q) in list.enumerated() {
          records.append(
            .question(try question(q, postUUID: post.uuid, place: "\(place).questions[\(j)]")))
        }
      }
      for (i, item) in try section("favorites").enumerated() {
        records.append(try favorite(item, place: "favorites[\(i)]"))
      }
      for (i, item) in try section("saved_filters").enumerated() {
        records.append(try savedFilter(item, place: "saved_filters[\(i)]"))
      }
      if let current = root["current_filter"], !current.isNull {
        records.append(.currentFilter(try filter(current, place: "current_filter")))
      }
      for (i, item) in try section("deleted").enumerated() {
        records.append(try deleted(item, place: "deleted[\(i)]"))
      }
      for (i, item) in try section("review_events").enumerated() {
        records.append(try reviewEvent(item, place: "review_events[\(i)]"))
      }
      return records
    } catch let failure as Failure {
      throw MemoError.malformedImport(name, place: failure.place, reason: failure.reason)
    }
  }

  static func decodeLines(_ bytes: [UInt8], name: String) throws -> [BackupRecord] {
    var records: [BackupRecord] = []
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var line = bytes[start..<end]
      start = end + 1
      if line.last == 0x0D { line = line.dropLast() }
      if let record = try record(line: line, number: lineNumber, name: name) {
        records.append(record)
      }
    }
    return records
  }

  /// One line of a JSON Lines export (without its line break): nil for a blank line or the
  /// header. `memo import` reads a JSONL file this way, a line at a time.
  /// - Throws: `MemoError` `.badData` (65): "NAME: line N: reason".
  public static func record(line: ArraySlice<UInt8>, number: Int, name: String) throws
    -> BackupRecord?
  {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
    let place = "line \(number)"
    do {
      let value: JSONValue
      do { value = try JSONParser.parse(Array(line)) } catch let error as JSONParseError {
        throw Failure(place: place, reason: error.reason)
      }
      guard let type = value["type"]?.stringValue else {
        throw Failure(place: place, reason: "the object has no \"type\"")
      }
      switch type {
      case "header":
        try checkHeader(value, place: place)
        return nil
      case "category": return try category(value, place: place)
      case "post": return .post(try post(value, place: place))
      case "question":
        let postUUID = try string(value, "post_uuid", place: place)
        return .question(try question(value, postUUID: postUUID, place: place))
      case "highlight":
        let postUUID = try string(value, "post_uuid", place: place)
        return .highlight(try highlight(value, postUUID: postUUID, place: place))
      case "favorite": return try favorite(value, place: place)
      case "saved_filter": return try savedFilter(value, place: place)
      case "current_filter":
        return .currentFilter(try filter(value["filter"] ?? .null, place: place))
      case "deleted": return try deleted(value, place: place)
      case "review_event": return try reviewEvent(value, place: place)
      default: throw Failure(place: place, reason: "unknown type \"\(type)\"")
      }
    } catch let failure as Failure {
      throw MemoError.malformedImport(name, place: failure.place, reason: failure.reason)
    }
  }
}
