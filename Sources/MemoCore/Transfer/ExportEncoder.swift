/// Turns exported records into JSON (one versioned document), JSON Lines (one object a line,
/// with a `type`), or CSV (one row per highlight and per question with its post's columns),
/// piece by piece, so an export streams and never holds the database in memory (SPEC §5).
public struct ExportEncoder {
  /// The version of the export document's shape; `memo import` reads this and earlier ones.
  /// Version 2 added highlights (a post's `highlights`, a question's `highlight_uuid`): a memo
  /// that reads only version 1 refuses such a file instead of dropping its highlights.
  /// Version 3 added review events (`review_events`, after `deleted`; JSON Lines: type
  /// `review_event`).
  public static let version: Int64 = 3

  public let format: ExportFormat

  public init(format: ExportFormat) { self.format = format }

  /// The CSV columns: the post's, then the question's, then the highlight's. A row is a
  /// question (its highlight columns empty) or a highlight (its question columns empty); a
  /// post with neither has one row of its own columns.
  public static let csvColumns = [
    "post_uuid", "post_title", "post_author", "post_body", "post_source", "post_favorite",
    "post_created_at", "post_updated_at", "question_uuid", "question_text", "question_category",
    "question_starred", "question_answer", "question_answered_at", "question_created_at",
    "question_updated_at", "question_highlight_uuid",
  ] + csvHighlightColumns

  /// The highlight's CSV columns, after the question's.
  public static let csvHighlightColumns = [
    "highlight_uuid", "highlight_text", "highlight_note", "highlight_chapter", "highlight_page",
    "highlight_location", "highlight_position", "highlight_highlighted_at", "highlight_starred",
    "highlight_source", "highlight_source_key", "highlight_created_at", "highlight_updated_at",
  ]

  /// The document's start: its format, version and what it holds changes since.
  /// - Parameter cursor: the `--cursor` NAME and the position in the change sequence it
  ///   starts after (nil: the cursor's first run, everything).
  public func begin(since: Timestamp?, cursor: (name: String, seq: Int64?)? = nil) -> String {
    func header(_ o: inout JSONObjectWriter) {
      o.add("format", "memo")
      o.add("version", Self.version)
      o.add("since", since)
      if let cursor {
        o.add("cursor", cursor.name)
        if let seq = cursor.seq { o.add("since_seq", seq) } else { o.add("since_seq", raw: "null") }
      }
    }
    switch format {
    case .json:
      var o = JSONObjectWriter()
      header(&o)
      // Leave the object open: the sections follow.
      return String(o.object.dropLast()) + ",\n\"categories\":["
    case .jsonl:
      var o = JSONObjectWriter()
      o.add("type", "header")
      header(&o)
      return o.object + "\n"
    case .csv:
      return Self.csvColumns.joined(separator: ",") + "\r\n"
    case .markdown:
      return ""
    }
  }

  public func category(name: String, createdAt: Timestamp, index: Int) -> String {
    var o = JSONObjectWriter()
    if format == .jsonl { o.add("type", "category") }
    o.add("name", name)
    o.add("created_at", createdAt)
    switch format {
    case .json: return (index == 0 ? "\n" : ",\n") + o.object
    case .jsonl: return o.object + "\n"
    case .csv, .markdown: return ""
    }
  }

  public func beginPosts() -> String {
    format == .json ? "\n],\n\"posts\":[" : ""
  }

  /// A post, before its highlights. - Parameter index: its place among the exported posts.
  public func post(_ post: PostRecord, isFavorite: Bool, index: Int) -> String {
    switch format {
    case .json:
      var o = postObject(post, isFavorite: isFavorite)
      o.add("highlights", raw: "[")
      return (index == 0 ? "\n" : ",\n") + String(o.object.dropLast())
    case .jsonl:
      var o = JSONObjectWriter()
      o.add("type", "post")
      o = postObject(post, isFavorite: isFavorite, into: o)
      return o.object + "\n"
    case .csv, .markdown:
      return ""
    }
  }

  /// One of the post's highlights, before its questions.
  /// - Parameter index: its place among the post's highlights.
  public func highlight(
    _ highlight: HighlightRecord, of post: PostRecord, isFavorite: Bool, index: Int
  ) -> String {
    switch format {
    case .json:
      return (index == 0 ? "\n " : ",\n ") + highlightObject(highlight, withPost: false).object
    case .jsonl:
      var o = JSONObjectWriter()
      o.add("type", "highlight")
      return highlightObject(highlight, withPost: true, into: o).object + "\n"
    case .csv:
      return csvRow(post, isFavorite: isFavorite, highlight: highlight)
    case .markdown:
      return ""
    }
  }

  /// Between a post's highlights (`highlightCount` of them) and its questions.
  public func beginQuestions(highlightCount: Int) -> String {
    format == .json ? (highlightCount == 0 ? "]" : "\n]") + ",\"questions\":[" : ""
  }

  /// One of the post's questions. - Parameter index: its place among the post's questions.
  public func question(
    _ question: QuestionRecord, of post: PostRecord, isFavorite: Bool, index: Int
  ) -> String {
    switch format {
    case .json:
      return (index == 0 ? "\n " : ",\n ") + questionObject(question, withPost: false).object
    case .jsonl:
      var o = JSONObjectWriter()
      o.add("type", "question")
      return questionObject(question, withPost: true, into: o).object + "\n"
    case .csv:
      return csvRow(post, isFavorite: isFavorite, question: question)
    case .markdown:
      return ""
    }
  }

  /// Closes a post after `highlightCount` highlights and `questionCount` questions.
  public func endPost(
    _ post: PostRecord, isFavorite: Bool, highlightCount: Int = 0, questionCount: Int
  ) -> String {
    switch format {
    case .json: return questionCount == 0 ? "]}" : "\n]}"
    case .jsonl: return ""
    case .csv:
      return questionCount == 0 && highlightCount == 0 ? csvRow(post, isFavorite: isFavorite) : ""
    case .markdown: return ""
    }
  }

  /// The sections after the posts: the shelf in order, saved filters, the current filter,
  /// and what was deleted.
  public func end(
    favorites: [(postUUID: String, position: Int64, addedAt: Timestamp)],
    savedFilters: [(
      name: String, filter: QuestionFilter, createdAt: Timestamp, updatedAt: Timestamp
    )],
    currentFilter: QuestionFilter?, deleted: [(uuid: String, kind: String, deletedAt: Timestamp)],
    closes: Bool = true
  ) -> String {
    var out = ""
    func item(_ type: String, _ build: (inout JSONObjectWriter) -> Void, index: Int) {
      var o = JSONObjectWriter()
      if format == .jsonl { o.add("type", type) }
      build(&o)
      out += format == .jsonl ? o.object + "\n" : (index == 0 ? "\n" : ",\n") + o.object
    }
    guard format == .json || format == .jsonl else { return "" }
    if format == .json { out += "\n],\n\"favorites\":[" }
    for (i, favorite) in favorites.enumerated() {
      item(
        "favorite",
        { o in
          o.add("post_uuid", favorite.postUUID)
          o.add("position", favorite.position)
          o.add("added_at", favorite.addedAt)
        }, index: i)
    }
    if format == .json { out += (favorites.isEmpty ? "" : "\n") + "],\n\"saved_filters\":[" }
    for (i, saved) in savedFilters.enumerated() {
      item(
        "saved_filter",
        { o in
          o.add("name", saved.name)
          o.add("filter", raw: saved.filter.json)
          o.add("created_at", saved.createdAt)
          o.add("updated_at", saved.updatedAt)
        }, index: i)
    }
    if format == .json {
      out += (savedFilters.isEmpty ? "" : "\n") + "],\n\"current_filter\":"
      out += currentFilter.map(\.json) ?? "null"
      out += ",\n\"deleted\":["
    } else if let currentFilter {
      item("current_filter", { $0.add("filter", raw: currentFilter.json) }, index: 0)
    }
    for (i, tombstone) in deleted.enumerated() {
      item(
        "deleted",
        { o in
          o.add("uuid", tombstone.uuid)
          o.add("kind", tombstone.kind)
          o.add("deleted_at", tombstone.deletedAt)
        }, index: i)
    }
    if format == .json { out += (deleted.isEmpty ? "" : "\n") + (closes ? "]}\n" : "]") }
    return out
  }

  /// The review events section's start, after `end(…, closes: false)`.
  public func beginReviewEvents() -> String {
    format == .json ? ",\n\"review_events\":[" : ""
  }

  /// One review event. - Parameter index: its place among the exported events.
  public func reviewEvent(_ event: ReviewEventRecord, index: Int) -> String {
    guard format == .json || format == .jsonl else { return "" }
    var o = JSONObjectWriter()
    if format == .jsonl { o.add("type", "review_event") }
    o.add("uuid", event.uuid)
    o.add("question_uuid", event.questionUUID)
    o.add("kind", event.rating.kind.rawValue)
    o.add("rating", event.rating.name)
    o.add("reviewed_at", event.reviewedAt)
    o.add("device", event.device)
    if let duration = event.durationMillis {
      o.add("duration_ms", duration)
    } else {
      o.add("duration_ms", raw: "null")
    }
    o.add("created_at", event.createdAt)
    return format == .jsonl ? o.object + "\n" : (index == 0 ? "\n" : ",\n") + o.object
  }

  /// One choice on a highlight, among the review events (kind `highlight`, naming its
  /// highlight by `highlight_uuid`). - Parameter index: its place among the exported events.
  public func highlightReviewEvent(_ event: HighlightReviewEventRecord, index: Int) -> String {
    guard format == .json || format == .jsonl else { return "" }
    var o = JSONObjectWriter()
    if format == .jsonl { o.add("type", "review_event") }
    o.add("uuid", event.uuid)
    o.add("highlight_uuid", event.highlightUUID)
    o.add("kind", "highlight")
    o.add("rating", event.choice.rawValue)
    o.add("reviewed_at", event.reviewedAt)
    o.add("device", event.device)
    if let duration = event.durationMillis {
      o.add("duration_ms", duration)
    } else {
      o.add("duration_ms", raw: "null")
    }
    o.add("created_at", event.createdAt)
    return format == .jsonl ? o.object + "\n" : (index == 0 ? "\n" : ",\n") + o.object
  }

  /// The document's end after the review events.
  public func endReviewEvents(count: Int) -> String {
    format == .json ? (count == 0 ? "]}\n" : "\n]}\n") : ""
  }

  func postObject(
    _ post: PostRecord, isFavorite: Bool, into start: JSONObjectWriter = JSONObjectWriter()
  )
    -> JSONObjectWriter
  {
    var o = start
    o.add("uuid", post.uuid)
    o.add("title", post.title)
    o.add("author", post.author)
    o.add("body", post.body)
    o.add("source", post.source)
    o.add("favorite", isFavorite)
    o.add("created_at", post.createdAt)
    o.add("updated_at", post.updatedAt)
    return o
  }

  func questionObject(
    _ q: QuestionRecord, withPost: Bool, into start: JSONObjectWriter = JSONObjectWriter()
  )
    -> JSONObjectWriter
  {
    var o = start
    o.add("uuid", q.uuid)
    if withPost { o.add("post_uuid", q.postUUID) }
    o.add("text", q.text)
    o.add("category", q.category)
    o.add("starred", q.isStarred)
    o.add("answer", q.answer)
    o.add("answered_at", q.answeredAt)
    o.add("created_at", q.createdAt)
    o.add("updated_at", q.updatedAt)
    o.add("highlight_uuid", q.highlightUUID)
    return o
  }

  func highlightObject(
    _ h: HighlightRecord, withPost: Bool, into start: JSONObjectWriter = JSONObjectWriter()
  ) -> JSONObjectWriter {
    var o = start
    o.add("uuid", h.uuid)
    if withPost { o.add("post_uuid", h.postUUID) }
    o.add("text", h.text)
    o.add("note", h.note)
    o.add("chapter", h.chapter)
    o.add("page", h.page)
    o.add("location", h.location)
    o.add("position", raw: h.position.map(jsonNumber) ?? "null")
    o.add("highlighted_at", h.highlightedAt)
    o.add("starred", h.isStarred)
    o.add("source", h.source)
    o.add("source_key", h.sourceKey)
    o.add("created_at", h.createdAt)
    o.add("updated_at", h.updatedAt)
    return o
  }

  /// A CSV row: the post's columns, then a question's or a highlight's (or neither).
  func csvRow(
    _ post: PostRecord, isFavorite: Bool, question q: QuestionRecord? = nil,
    highlight h: HighlightRecord? = nil
  ) -> String {
    var fields = [
      post.uuid, post.title, post.author ?? "", post.body ?? "", post.source ?? "",
      isFavorite ? "true" : "false", post.createdAt.rfc3339, post.updatedAt.rfc3339,
    ]
    if let q {
      fields += [
        q.uuid, q.text, q.category ?? "", q.isStarred ? "true" : "false", q.answer ?? "",
        q.answeredAt?.rfc3339 ?? "", q.createdAt.rfc3339, q.updatedAt.rfc3339,
        q.highlightUUID ?? "",
      ]
    } else {
      fields += Array(repeating: "", count: 9)
    }
    if let h {
      fields += [
        h.uuid, h.text, h.note ?? "", h.chapter ?? "", h.page ?? "", h.location ?? "",
        h.position.map(jsonNumber) ?? "", h.highlightedAt?.rfc3339 ?? "",
        h.isStarred ? "true" : "false", h.source ?? "", h.sourceKey ?? "", h.createdAt.rfc3339,
        h.updatedAt.rfc3339,
      ]
    } else {
      fields += Array(repeating: "", count: Self.csvHighlightColumns.count)
    }
    return fields.map(csvField).joined(separator: ",") + "\r\n"
  }
}

/// A CSV field (RFC 4180) as a string: `csvNeedsQuotes` decides, inner quotes are doubled.
/// (`ByteWriter.csvField` writes the same bytes straight into its buffer.)
public func csvField(_ field: String) -> String {
  var field = field
  guard field.withUTF8({ csvNeedsQuotes($0) }) else { return field }
  var out = "\""
  for c in field.unicodeScalars {
    if c == "\"" { out += "\"\"" } else { out.unicodeScalars.append(c) }
  }
  return out + "\""
}

/// The one rule for quoting a CSV field, for every CSV memo writes: a comma, a quote or a
/// line break inside, or white space at either end (which a spreadsheet would trim).
@inlinable
public func csvNeedsQuotes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let first = text.first, let last = text.last else { return false }
  if text.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
    return true
  }
  func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
  if first < 0x80 && last < 0x80 { return isASCIIWhitespace(first) || isASCIIWhitespace(last) }
  // Rare: a non-ASCII first or last character; ask Unicode.
  let decoded = String(decoding: text, as: UTF8.self)
  return decoded.unicodeScalars.first?.properties.isWhitespace == true
    || decoded.unicodeScalars.last?.properties.isWhitespace == true
}

/// A number as JSON (and CSV) writes it: Swift's shortest text that reads back as the same
/// `Double` ("140.0", "0.25", "1e-05"); null for a value JSON cannot hold.
public func jsonNumber(_ value: Double) -> String {
  value.isFinite ? "\(value)" : "null"
}
