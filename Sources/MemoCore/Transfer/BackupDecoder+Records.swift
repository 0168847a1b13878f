/// The records of a memo export and their fields, read and checked one by one: a value that
/// is not what memo writes is a malformed import naming its place.
extension BackupDecoder {
  // MARK: - Records

  static func checkHeader(_ value: JSONValue, place: String) throws {
    guard value["format"]?.stringValue == "memo" else {
      throw Failure(place: place, reason: "not a memo export (\"format\" is not \"memo\")")
    }
    guard let version = value["version"]?.int64Value, version >= 1 else {
      throw Failure(place: place, reason: "no export \"version\"")
    }
    guard version <= ExportEncoder.version else {
      throw Failure(
        place: place,
        reason:
          "export version \(version) is newer than this memo reads (\(ExportEncoder.version)); upgrade memo"
      )
    }
  }

  static func category(_ v: JSONValue, place: String) throws -> BackupRecord {
    .category(
      name: try text(v, "name", place: place), createdAt: try time(v, "created_at", place: place))
  }

  static func post(_ v: JSONValue, place: String) throws -> PostRecord {
    PostRecord(
      uuid: try text(v, "uuid", place: place), title: try text(v, "title", place: place),
      author: try optionalString(v, "author", place: place),
      body: try optionalString(v, "body", place: place),
      source: try optionalString(v, "source", place: place),
      createdAt: try time(v, "created_at", place: place),
      updatedAt: try time(v, "updated_at", place: place))
  }

  static func question(_ v: JSONValue, postUUID: String, place: String) throws -> QuestionRecord {
    QuestionRecord(
      uuid: try text(v, "uuid", place: place), postUUID: postUUID,
      text: try text(v, "text", place: place),
      category: try optionalString(v, "category", place: place).flatMap { $0.isBlank ? nil : $0 },
      isStarred: try bool(v, "starred", place: place),
      answer: try optionalString(v, "answer", place: place),
      answeredAt: try optionalTime(v, "answered_at", place: place),
      createdAt: try time(v, "created_at", place: place),
      updatedAt: try time(v, "updated_at", place: place),
      highlightUUID: try optionalString(v, "highlight_uuid", place: place).flatMap {
        $0.isBlank ? nil : $0
      })
  }

  /// A highlight (database ids in the object, as a listing writes them, are not read).
  static func highlight(_ v: JSONValue, postUUID: String, place: String) throws
    -> HighlightRecord
  {
    var position: Double?
    if let value = v["position"], !value.isNull {
      guard let number = value.doubleValue, number.isFinite else {
        throw Failure(place: place, reason: "\"position\" is not a number or null")
      }
      position = number
    }
    return HighlightRecord(
      uuid: try text(v, "uuid", place: place), postUUID: postUUID,
      text: try text(v, "text", place: place),
      note: try optionalString(v, "note", place: place),
      chapter: try optionalString(v, "chapter", place: place),
      page: try optionalString(v, "page", place: place),
      location: try optionalString(v, "location", place: place), position: position,
      highlightedAt: try optionalTime(v, "highlighted_at", place: place),
      isStarred: try bool(v, "starred", place: place),
      source: try optionalString(v, "source", place: place),
      sourceKey: try optionalString(v, "source_key", place: place),
      createdAt: try time(v, "created_at", place: place),
      updatedAt: try time(v, "updated_at", place: place))
  }

  static func favorite(_ v: JSONValue, place: String) throws -> BackupRecord {
    guard let position = v["position"]?.int64Value else {
      throw Failure(place: place, reason: "\"position\" is not a whole number")
    }
    return .favorite(
      postUUID: try text(v, "post_uuid", place: place), position: position,
      addedAt: try time(v, "added_at", place: place))
  }

  static func savedFilter(_ v: JSONValue, place: String) throws -> BackupRecord {
    .savedFilter(
      name: try text(v, "name", place: place),
      filter: try filter(v["filter"] ?? .null, place: place),
      createdAt: try time(v, "created_at", place: place),
      updatedAt: try time(v, "updated_at", place: place))
  }

  static func filter(_ v: JSONValue, place: String) throws -> QuestionFilter {
    guard case .object(let members) = v else {
      throw Failure(place: place, reason: "the filter is not an object")
    }
    var text = "{"
    for (i, (key, value)) in members.enumerated() {
      if i > 0 { text += "," }
      appendJSONString(key, to: &text)
      text += ":" + encode(value)
    }
    do { return try QuestionFilter(json: text + "}") } catch let error as MemoError {
      throw Failure(place: place, reason: error.message)
    }
  }

  static func deleted(_ v: JSONValue, place: String) throws -> BackupRecord {
    let kind = try text(v, "kind", place: place)
    guard kind == "post" || kind == "question" || kind == "highlight" else {
      throw Failure(
        place: place, reason: "\"kind\" is not \"post\", \"question\" or \"highlight\"")
    }
    return .deleted(
      uuid: try text(v, "uuid", place: place), kind: kind,
      deletedAt: try time(v, "deleted_at", place: place))
  }

  /// A review event (export version 3): its rating must be one of its kind's.
  static func reviewEvent(_ v: JSONValue, place: String) throws -> BackupRecord {
    let kindName = try text(v, "kind", place: place)
    if kindName == "highlight" { return try highlightReviewEvent(v, place: place) }
    guard let kind = ReviewKind(rawValue: kindName) else {
      throw Failure(
        place: place, reason: "\"kind\" is not \"recall\", \"open\" or \"highlight\"")
    }
    let name = try text(v, "rating", place: place)
    guard let rating = ReviewRating(name: name), rating.kind == kind else {
      throw Failure(
        place: place,
        reason: "\"rating\" \(name) is not one of a\(kind == .open ? "n" : "") \(kind.rawValue) item's: \(ReviewRating.choices(of: kind))")
    }
    var duration: Int64?
    if let value = v["duration_ms"], !value.isNull {
      guard let number = value.int64Value, number >= 0 else {
        throw Failure(place: place, reason: "\"duration_ms\" is not a whole number or null")
      }
      duration = number
    }
    return .reviewEvent(
      ReviewEventRecord(
        uuid: try text(v, "uuid", place: place),
        questionUUID: try text(v, "question_uuid", place: place), rating: rating,
        reviewedAt: try time(v, "reviewed_at", place: place),
        device: try optionalString(v, "device", place: place), durationMillis: duration,
        createdAt: try time(v, "created_at", place: place)))
  }

  /// A choice on a highlight (a review event of kind `highlight`).
  static func highlightReviewEvent(_ v: JSONValue, place: String) throws -> BackupRecord {
    let name = try text(v, "rating", place: place)
    guard let choice = HighlightChoice(rawValue: name) else {
      throw Failure(
        place: place,
        reason: "\"rating\" \(name) is not one of a highlight's: keep, soon, later or discard")
    }
    var duration: Int64?
    if let value = v["duration_ms"], !value.isNull {
      guard let number = value.int64Value, number >= 0 else {
        throw Failure(place: place, reason: "\"duration_ms\" is not a whole number or null")
      }
      duration = number
    }
    return .highlightReviewEvent(
      HighlightReviewEventRecord(
        uuid: try text(v, "uuid", place: place),
        highlightUUID: try text(v, "highlight_uuid", place: place), choice: choice,
        reviewedAt: try time(v, "reviewed_at", place: place),
        device: try optionalString(v, "device", place: place), durationMillis: duration,
        createdAt: try time(v, "created_at", place: place)))
  }

  // MARK: - Fields

  static func string(_ v: JSONValue, _ key: String, place: String) throws -> String {
    guard let value = v[key] else { throw Failure(place: place, reason: "\"\(key)\" is missing") }
    guard let text = value.stringValue else {
      throw Failure(place: place, reason: "\"\(key)\" is not a string")
    }
    return text
  }

  /// A string that must not be blank.
  static func text(_ v: JSONValue, _ key: String, place: String) throws -> String {
    let value = try string(v, key, place: place)
    guard !value.isBlank else {
      throw Failure(place: place, reason: "\"\(key)\" is empty")
    }
    return value
  }

  static func optionalString(_ v: JSONValue, _ key: String, place: String) throws -> String? {
    guard let value = v[key], !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw Failure(place: place, reason: "\"\(key)\" is not a string or null")
    }
    return text
  }

  static func bool(_ v: JSONValue, _ key: String, place: String) throws -> Bool {
    guard let value = v[key], !value.isNull else { return false }
    guard let flag = value.boolValue else {
      throw Failure(place: place, reason: "\"\(key)\" is not true or false")
    }
    return flag
  }

  static func time(_ v: JSONValue, _ key: String, place: String) throws -> Timestamp {
    let text = try string(v, key, place: place)
    guard let time = Timestamp(rfc3339: text) else {
      throw Failure(place: place, reason: "\"\(key)\" is not an RFC 3339 time: \(text)")
    }
    return time
  }

  static func optionalTime(_ v: JSONValue, _ key: String, place: String) throws -> Timestamp? {
    guard let value = v[key], !value.isNull else { return nil }
    return try time(v, key, place: place)
  }

  /// Re-encodes a parsed value (for the filter, whose decoder reads text).
  static func encode(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let n): return String(n)
    case .number(let n): return String(n)
    case .string(let s):
      var out = ""
      appendJSONString(s, to: &out)
      return out
    case .array(let items): return "[" + items.map(encode).joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.map { key, value in
          var out = ""
          appendJSONString(key, to: &out)
          return out + ":" + encode(value)
        }.joined(separator: ",") + "}"
    }
  }
}

extension MemoError {
  /// A malformed import file: where and why; nothing was written.
  public static func malformedImport(_ name: String, place: String, reason: String) -> MemoError {
    MemoError(code: .badData, message: "\(name): \(place): \(reason); nothing was imported")
  }

  /// A file that is not UTF-8, naming the line of its first byte that is not.
  public static func notUTF8(_ name: String, _ bytes: [UInt8]) -> MemoError {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var line = 1
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
      case .emptyInput, .error: break decoding
      }
    }
    return malformedImport(name, place: "line \(line)", reason: "the file is not UTF-8 text")
  }
}
