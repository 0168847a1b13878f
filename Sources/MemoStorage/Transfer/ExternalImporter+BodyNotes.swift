import MemoCore

/// A reader's note at no highlight's place, edited on the device: its paragraph of the post's
/// body (`Note (Chapter): …`) takes the new text, as a highlight's note does, unless that
/// paragraph was edited here since.
extension ExternalImporter {
  /// The import key that records the text a note at no highlight's place was imported with,
  /// for a reader that keeps one key for a note whatever its text (Kobo's `BookmarkID`).
  static func textKey(of clipping: ExternalClipping, text: String? = nil) -> String {
    "text:" + clipping.key + ":" + stableKey([text ?? clipping.text])
  }

  /// A note at no highlight's place imported before under its key: when its text changed on
  /// the device since (its text key unknown, another text of it known), the body's paragraph
  /// of the text imported before takes the new one. A note imported before its texts were
  /// recorded starts being followed when the body holds it. - Returns: nil when nothing
  /// changed, else whether the paragraph was replaced (false: edited here since, kept).
  /// A note that asks is a question of the post, followed the same way: edited on the device,
  /// the question takes the new text; become a plain note (or back), the earlier form goes
  /// (a question only when never rated) and the new one comes in its place.
  func refreshBodyNote(_ clipping: ExternalClipping, postID: Int64) throws -> Bool? {
    let key = Self.textKey(of: clipping)
    if try hasKey(key) { return nil }
    let prefix = "text:" + clipping.key + ":"
    let followed = try database.cachedStatement(
      sql: "SELECT 1 FROM import_keys WHERE key > ?1 AND key < ?1 || '~' LIMIT 1")
    try followed.bind(prefix, at: 1)
    let isFollowed = try followed.step()
    followed.reset()
    let body = try postBody(postID)
    guard isFollowed else {
      let isHere =
        clipping.isQuestion
        ? try looseQuestion(postID: postID, where: { $0 == clipping.text }) != nil
        : Self.paragraphs(of: body).contains(clipping.bodyText)
      if isHere { try remember(key) }
      return nil
    }
    try remember(key)
    let isEarlier = { (text: String) in try hasKey(Self.textKey(of: clipping, text: text)) }
    if let found = try looseQuestion(postID: postID, where: isEarlier) {
      let (id, asked) = found
      guard clipping.isQuestion else {
        try execute(
          "DELETE FROM questions WHERE id = ? AND id NOT IN (SELECT question_id FROM review_events)",
          [.integer(id)])
        guard database.changes > 0 else { return false }
        try appendToBody(of: postID, [clipping.bodyText])
        return true
      }
      try execute(
        "UPDATE questions SET text = ?, updated_at = ? WHERE id = ? AND text = ?",
        [.text(clipping.text), .text(now.rfc3339), .integer(id), .text(asked)])
      return database.changes > 0
    }
    guard clipping.isQuestion else {
      return try replaceBodyNote(clipping, postID: postID, body: body, isEarlier: isEarlier)
    }
    // A plain note that now asks: its paragraph goes, the question comes.
    guard try replaceBodyNote(clipping, postID: postID, body: body, with: [], isEarlier: isEarlier)
    else { return false }
    try insertQuestion(clipping.text, postID: postID, highlightID: nil, at: clipping.addedAt)
    return true
  }

  /// The post's question about no highlight whose text `matches`: its id and text.
  func looseQuestion(postID: Int64, where matches: (String) throws -> Bool) throws -> (
    Int64, String
  )? {
    let statement = try database.cachedStatement(
      sql: "SELECT id, text FROM questions WHERE post_id = ? AND highlight_id IS NULL ORDER BY id")
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    while try statement.step() {
      if try matches(statement.string(1)) { return (statement.int64(0), statement.string(1)) }
    }
    return nil
  }

  /// Replaces the body's paragraphs of an earlier text of `clipping` (one `isEarlier` takes)
  /// with `replacement` (its text, by default; none: the paragraphs go). - Returns: whether
  /// it found one (else it was edited here since).
  func replaceBodyNote(
    _ clipping: ExternalClipping, postID: Int64, body: String? = nil,
    with replacement: [String]? = nil, isEarlier: (String) throws -> Bool
  ) throws -> Bool {
    let paragraphs = Self.paragraphs(of: try body ?? postBody(postID))
    let lead = String(clipping.bodyText.dropLast(clipping.text.count))
    // A note of several paragraphs: every run of paragraphs that starts as a note does.
    for start in paragraphs.indices where paragraphs[start].hasPrefix(lead) {
      for end in start..<paragraphs.count {
        let run = paragraphs[start...end].joined(separator: "\n\n")
        guard try isEarlier(String(run.dropFirst(lead.count))) else { continue }
        let replaced =
          paragraphs[..<start] + (replacement ?? [clipping.bodyText]) + paragraphs[(end + 1)...]
        let text = replaced.joined(separator: "\n\n")
        // A body that was only the note it loses is none again.
        try execute(
          "UPDATE posts SET body = ?, updated_at = ? WHERE id = ?",
          [text.isEmpty ? .null : .text(text), .text(now.rfc3339), .integer(postID)])
        return true
      }
    }
    return false
  }

  /// The body's paragraphs, split at blank lines.
  static func paragraphs(of body: String) -> [String] {
    body.split(separator: "\n\n", omittingEmptySubsequences: false).map(String.init)
  }

  func postBody(_ postID: Int64) throws -> String {
    let select = try database.cachedStatement(sql: "SELECT body FROM posts WHERE id = ?")
    defer { select.reset() }
    try select.bind(postID, at: 1)
    return try select.step() ? select.string(0) : ""
  }
}

extension ExternalImporter {
  /// A note at no highlight's place (not a question) changed on the device: under the key it
  /// was imported with (`known`: Kobo), or as a new clipping replacing one imported before
  /// (Kindle). Its paragraph of the body takes the new text (`1 updated`, changed on the
  /// device), unless edited here since (kept, `1 kept as edited here`). - Returns: whether
  /// it was such a change, counted.
  func mergeBodyNoteChange(
    _ clipping: ExternalClipping, postID: Int64, known: Bool, summary: inout ImportSummary,
    counts: inout ClippingSummary
  ) throws -> Bool {
    guard known || !clipping.isQuestion else { return false }
    let replaced: Bool
    if known {
      guard let changed = try refreshBodyNote(clipping, postID: postID) else { return false }
      replaced = changed
    } else {
      let earlier = try clipping.replaces.filter { try hasKey($0.key) }.map(\.text)
      guard !earlier.isEmpty else { return false }
      try remember(Self.textKey(of: clipping))
      replaced = try replaceBodyNote(clipping, postID: postID) { earlier.contains($0) }
    }
    if replaced {
      summary.updated += 1
      counts.updated += 1
    } else {
      summary.unchanged += 1
      counts.keptEdited += 1
    }
    return true
  }
}
