/// One line of a sync change file (memo's JSON Lines, issue 16): a record's new content, or
/// its deletion (`"row": null`), with the version it has and the version it was made over.
///
///     {"kind":"post","key":"<uuid>","hlc":…,"device":"<id>","base_hlc":…,"base_device":"<id>",
///      "row":{"uuid":"<uuid>","title":"Dune",…}}
///
/// Records are keyed by UUID (posts, questions, highlights), by name (categories, saved filters) or by
/// their post's UUID (favorites).
public struct SyncChange: Equatable, Sendable {
  public var kind: Kind
  public var key: String
  public var version: SyncVersion
  public var base: SyncVersion?
  /// Whether the line carries content (false: a deletion).
  public var hasRow: Bool
  /// Each field's stamp as the record had it after this change (for a deletion: the stamps
  /// the deleted record had). Empty in lines written before field stamps: every field then
  /// has the line's version.
  public var stamps: [String: SyncVersion]
  /// The fields this change set, each with the stamp it had before (nil: none). nil in lines
  /// written before field stamps: every field, over `base`.
  public var changed: [String: SyncVersion?]?
  /// The whole line, as read: storage reads the row's fields from it with SQL.
  public var line: String
  /// The row as `parse` read it from `line` (null: a deletion, or not parsed): storage binds
  /// its fields instead of reading them from `line` with SQL.
  public var row: JSONValue = .null
  /// The row's JSON text, as `json_extract(line, '$.row')` gives it (nil: not taken apart).
  public var rowText: String?
  /// A deletion's `"import_key"`: what a reader's file gave the deleted record (a highlight's
  /// `source_key`, a question's `SyncChange.questionKey`), so that importing the file again on
  /// any device leaves it deleted (issue 35). Lines without it (older memo) read as before;
  /// an older memo reading one skips the member.
  public var importKey: String?
  /// For a post's deletion by `memo merge`: the UUID of the post it was merged into, so that
  /// what another device added to it meanwhile follows the merge (nil: a plain deletion).
  public var into: String?
  /// A deletion's `"made_as"`: the device id it was made under, when a database restored from
  /// a backup and made a new device (`sync init --new-device`) sends it, having held it not
  /// yet pushed; that device, holding the database it came from, may have undone it since
  /// (SyncEngine+Copied). Older memo skips the member.
  public var madeAs: String?
  /// A highlight's deletion made before it ever synced: the UUID of the post it was in, so that
  /// a device holding a copy of it (the same reader's file imported there) joins that copy's
  /// book with this one as it drops the copy (SyncRepository+DeletedHighlights). Older memo
  /// skips the member.
  public var post: String?

  public init(
    kind: Kind, key: String, version: SyncVersion, base: SyncVersion?, hasRow: Bool, line: String,
    stamps: [String: SyncVersion] = [:], changed: [String: SyncVersion?]? = nil
  ) {
    self.kind = kind
    self.key = key
    self.version = version
    self.base = base
    self.hasRow = hasRow
    self.line = line
    self.stamps = stamps
    self.changed = changed
  }

  /// Equal when the lines say the same (`row` and `rowText` are read from `line`).
  public static func == (a: SyncChange, b: SyncChange) -> Bool {
    a.kind == b.kind && a.key == b.key && a.version == b.version && a.base == b.base
      && a.hasRow == b.hasRow && a.stamps == b.stamps && a.changed == b.changed && a.line == b.line
  }

  /// The stamp of `field` after this change.
  public func stamp(_ field: String) -> SyncVersion { stamps[field] ?? version }

  /// Whether this change set `field`, and the stamp it was set over.
  public func changedBase(_ field: String) -> (changed: Bool, base: SyncVersion?) {
    guard let changed else { return (hasRow, base) }
    guard let entry = changed[field] else { return (false, nil) }
    return (true, entry)
  }

  /// One line for a change file. `row` is the record's JSON object (nil: deleted, with the
  /// deleted record's `importKey` if it has one).
  public static func encode(
    kind: Kind, key: String, version: SyncVersion, base: SyncVersion?, row: String?,
    stamps: [String: SyncVersion] = [:], changed: [String: SyncVersion?] = [:],
    into: String? = nil, importKey: String? = nil, madeAs: String? = nil, post: String? = nil
  ) -> String {
    // Written by hand: a push writes one line per change, and appending through a String's
    // unicodeScalars view (appendJSONString) copies the line so far at every field.
    var out = "{\"kind\":\"" + kind.rawValue + "\",\"key\":"
    appendJSONString(key, to: &out)
    out += ",\"hlc\":" + String(version.time.value) + ",\"device\":"
    appendJSONString(version.device, to: &out)
    if let base {
      out += ",\"base_hlc\":" + String(base.time.value) + ",\"base_device\":"
      appendJSONString(base.device, to: &out)
    } else {
      out += ",\"base_hlc\":null,\"base_device\":null"
    }
    if !stamps.isEmpty {
      out += ",\"stamps\":{"
      for (i, (field, stamp)) in stamps.sorted(by: { $0.key < $1.key }).enumerated() {
        out += (i == 0 ? "\"" : ",\"") + field + "\":[" + String(stamp.time.value) + ","
        appendJSONString(stamp.device, to: &out)
        out += "]"
      }
      out += "},\"changed\":{"
      for (i, (field, stamp)) in changed.sorted(by: { $0.key < $1.key }).enumerated() {
        out += (i == 0 ? "\"" : ",\"") + field + "\":"
        if let stamp {
          out += "[" + String(stamp.time.value) + ","
          appendJSONString(stamp.device, to: &out)
          out += "]"
        } else {
          out += "null"
        }
      }
      out += "}"
    }
    if let into, row == nil {
      out += ",\"into\":"
      appendJSONString(into, to: &out)
    }
    // Before the row: such a rare line goes to the full parse (`parse`).
    if let post, row == nil {
      out += ",\"post\":"
      appendJSONString(post, to: &out)
    }
    out += ",\"row\":" + (row ?? "null")
    if row == nil, let importKey {
      out += ",\"import_key\":"
      appendJSONString(importKey, to: &out)
    }
    if row == nil, let madeAs {
      out += ",\"made_as\":"
      appendJSONString(madeAs, to: &out)
    }
    return out + "}"
  }

  /// The import key of a question, for a deletion to carry (`importKey`): a question a
  /// reader's note made is when it was asked and its words, which an import of the same note
  /// finds again (its book and highlight may be deleted with it).
  public static func questionKey(createdAt: String, text: String) -> String {
    "question:\(createdAt):\(text)"
  }

  /// `[hlc, "device"]`, as a line writes a stamp.
  static func stampValue(_ value: JSONValue) -> SyncVersion? {
    guard let pair = value.arrayValue, pair.count == 2, let time = pair[0].int64Value, time > 0,
      let device = pair[1].stringValue, !device.isEmpty
    else { return nil }
    return SyncVersion(time: HybridTime(value: time), device: device)
  }

  /// Reads and checks one line, all of it: a line that does not say exactly what memo writes
  /// is refused.
  /// - Parameter device: the device whose folder holds the file; every line must be its own.
  /// - Throws: `SyncChange.Invalid` with the reason.
  public static func parse(_ text: String, device: String) throws(Invalid) -> SyncChange {
    // A line as memo writes it is read in one pass over its bytes (SyncChange+Reader); any
    // other (spaces, escapes, members in another order, or a line to refuse) goes through the
    // JSON tree, which reads the same change from it or says what is wrong.
    if let change = read(text, device: device) { return change }
    return try parseFully(text, device: device)
  }

  /// `parse` through the JSON tree of the whole line.
  static func parseFully(_ text: String, device: String) throws(Invalid) -> SyncChange {
    let bytes = Array(text.utf8)
    let value: JSONValue
    let spans: [JSONParser.MemberSpan]
    do { (value, spans) = try JSONParser.parseObject(bytes) } catch {
      throw Invalid(reason: "\(error)")
    }
    guard case .object = value else { throw Invalid(reason: "expected a JSON object") }
    let (kind, key, version, base) = try parseHeader(value, device: device)
    guard case .object(let members) = value,
      let rowIndex = members.firstIndex(where: { $0.0 == "row" })
    else { throw Invalid(reason: "\"row\" is missing") }
    let row = members[rowIndex].1
    let rules = Kind.rules[kind]!
    if !row.isNull { try checkRow(row, kind: kind, key: key) }
    let (stamps, changed) = try parseStamps(value, kind: kind, names: rules.names)
    var change = SyncChange(
      kind: kind, key: key, version: version, base: base, hasRow: !row.isNull, line: text,
      stamps: stamps, changed: changed)
    change.row = row
    if row.isNull, let importKey = value["import_key"] {
      guard let text = importKey.stringValue, !text.isEmpty else {
        throw Invalid(reason: "\"import_key\" is not a non-empty string")
      }
      change.importKey = text
    }
    if row.isNull, kind == .post || kind == .favorite, let into = value["into"]?.stringValue,
      !into.isEmpty
    {
      change.into = into
    }
    if row.isNull, let madeAs = value["made_as"]?.stringValue, !madeAs.isEmpty {
      change.madeAs = madeAs
    }
    if row.isNull, kind == .highlight, let post = value["post"]?.stringValue, !post.isEmpty {
      change.post = post
    }
    // The row's text as the line holds it, when that is as SQLite writes JSON (no spaces):
    // what json_extract(line, '$.row') gives, without SQLite parsing the line again.
    if !row.isNull, rowIndex < spans.count, spans[rowIndex].isCompact {
      change.rowText = String(decoding: bytes[spans[rowIndex].range], as: UTF8.self)
    }
    return change
  }

  /// A full parse's kind, key, stamp and base (`base_hlc`, `base_device`).
  private static func parseHeader(_ value: JSONValue, device: String) throws(Invalid) -> (
    Kind, String, SyncVersion, SyncVersion?
  ) {
    guard let kindName = value["kind"]?.stringValue, let kind = Kind(rawValue: kindName) else {
      throw Invalid(
        reason:
          "\"kind\" is not one of post, question, highlight, category, favorite, saved_filter, resolution, review_event, highlight_review_event (a newer memo wrote it? update memo on this machine)"
      )
    }
    guard let key = value["key"]?.stringValue, !key.isEmpty else {
      throw Invalid(reason: "\"key\" is not a non-empty string")
    }
    guard let hlc = value["hlc"]?.int64Value, hlc > 0 else {
      throw Invalid(reason: "\"hlc\" is not a positive integer")
    }
    guard let author = value["device"]?.stringValue, author == device else {
      throw Invalid(reason: "\"device\" is not \(device), whose folder holds the file")
    }
    var base: SyncVersion?
    switch (value["base_hlc"], value["base_device"]) {
    case (.integer(let time)?, .string(let baseDevice)?):
      base = SyncVersion(time: HybridTime(value: time), device: baseDevice)
    case (.null?, .null?), (nil, nil):
      base = nil
    default:
      throw Invalid(reason: "\"base_hlc\" and \"base_device\" are not both given or both null")
    }
    return (kind, key, SyncVersion(time: HybridTime(value: hlc), device: author), base)
  }

  /// A full parse's field stamps and what changed (`stamps`, `changed`): none when the line
  /// has no stamps.
  private static func parseStamps(_ value: JSONValue, kind: Kind, names: Set<String>)
    throws(Invalid) -> ([String: SyncVersion], [String: SyncVersion?]?)
  {
    var stamps: [String: SyncVersion] = [:]
    var changed: [String: SyncVersion?]?
    if let given = value["stamps"] {
      guard case .object(let pairs) = given else {
        throw Invalid(reason: "\"stamps\" is not an object")
      }
      stamps.reserveCapacity(pairs.count)
      for (field, item) in pairs {
        guard names.contains(field), let stamp = stampValue(item) else {
          throw Invalid(reason: "stamps.\(field) is not a field's [hlc, device]")
        }
        stamps[field] = stamp
      }
      guard case .object(let bases)? = value["changed"] else {
        throw Invalid(reason: "\"changed\" is not an object")
      }
      var set: [String: SyncVersion?] = Dictionary(minimumCapacity: bases.count)
      for (field, item) in bases {
        guard names.contains(field) else {
          throw Invalid(reason: "changed.\(field) is not a field of a \(kind.rawValue)")
        }
        if item.isNull {
          set[field] = .some(nil)
        } else if let stamp = stampValue(item) {
          set[field] = stamp
        } else {
          throw Invalid(reason: "changed.\(field) is not null or [hlc, device]")
        }
      }
      changed = set
    }
    return (stamps, changed)
  }

  /// The checks of a line's row (not null): the fields each kind must have, as memo writes them.
  /// - Throws: `SyncChange.Invalid` with the reason.
  static func checkRow(_ row: JSONValue, kind: Kind, key: String) throws(Invalid) {
    let rules = Kind.rules[kind]!
    guard case .object = row else { throw Invalid(reason: "\"row\" is not an object or null") }
    guard row[kind.keyField]?.stringValue == key else {
      throw Invalid(reason: "row.\(kind.keyField) is not the key \(key)")
    }
    for field in rules.requiredText {
      guard let text = row[field]?.stringValue, !isBlank(text) else {
        throw Invalid(reason: "row.\(field) is not a non-empty string")
      }
    }
    for field in rules.optionalText {
      guard let item = row[field], item.isNull || item.stringValue != nil else {
        throw Invalid(reason: "row.\(field) is not a string or null")
      }
    }
    for field in rules.laterText {
      if let item = row[field], !item.isNull, item.stringValue == nil {
        throw Invalid(reason: "row.\(field) is not a string or null")
      }
    }
    for field in rules.times {
      if let text = row[field]?.stringValue, Timestamp(rfc3339: text) == nil {
        throw Invalid(reason: "row.\(field) is not an RFC 3339 time")
      }
    }
    if kind == .highlight, let position = row["position"], !position.isNull,
      position.doubleValue == nil
    {
      throw Invalid(reason: "row.position is not a number or null")
    }
    if kind == .question || kind == .highlight {
      guard let starred = row["starred"]?.int64Value, starred == 0 || starred == 1 else {
        throw Invalid(reason: "row.starred is not 0 or 1")
      }
    }
    if kind == .reviewEvent {
      try checkReviewEvent(row)
    }
    if kind == .highlightReviewEvent {
      try checkHighlightReviewEvent(row)
    }
    if kind == .savedFilter, let filter = row["filter"]?.stringValue {
      do { _ = try QuestionFilter(json: filter) } catch {
        throw Invalid(reason: "row.filter is not a memo filter")
      }
    }
  }

  /// Whether `text` is empty or only whitespace (`trimmingWhitespace().isEmpty`), at once for
  /// text with a visible ASCII character.
  static func isBlank(_ text: String) -> Bool {
    if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
    return text.trimmingWhitespace().isEmpty
  }

  /// A review event's kind and rating agree, and its duration is a whole number or null.
  static func checkReviewEvent(_ row: JSONValue) throws(Invalid) {
    guard let kindName = row["kind"]?.stringValue, let kind = ReviewKind(rawValue: kindName)
    else {
      throw Invalid(
        reason:
          "row.kind is not recall or open (a newer memo wrote it? update memo on this machine)")
    }
    guard let name = row["rating"]?.stringValue, let rating = ReviewRating(name: name),
      rating.kind == kind
    else {
      throw Invalid(reason: "row.rating is not \(ReviewRating.choices(of: kind))")
    }
    if let duration = row["duration_ms"], !duration.isNull, duration.int64Value == nil {
      throw Invalid(reason: "row.duration_ms is not a whole number or null")
    }
  }

  /// A highlight review event's choice is one memo knows, and its duration a whole number or
  /// null.
  static func checkHighlightReviewEvent(_ row: JSONValue) throws(Invalid) {
    guard let name = row["rating"]?.stringValue, HighlightChoice(rawValue: name) != nil else {
      throw Invalid(
        reason:
          "row.rating is not keep, soon, later or discard (a newer memo wrote it? update memo on this machine)"
      )
    }
    if let duration = row["duration_ms"], !duration.isNull, duration.int64Value == nil {
      throw Invalid(reason: "row.duration_ms is not a whole number or null")
    }
  }

  /// Why a line was refused.
  public struct Invalid: Error, Equatable, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
  }
}
