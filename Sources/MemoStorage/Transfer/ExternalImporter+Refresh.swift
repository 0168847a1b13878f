import MemoCore

/// A re-import's refresh of the highlights it imported before: what changed on the device
/// since comes in, what was edited here stays (`highlight_imports` keeps what each file last
/// gave each highlight).
extension ExternalImporter {
  /// Gives a highlight the longer text and place of the version that extends it; its note,
  /// star and id stay.
  func replace(_ id: Int64, with clipping: ExternalClipping) throws {
    let statement = try database.cachedStatement(
      sql: """
        UPDATE highlights SET text = ?1, page = ?2, location = ?3, position = ?4,
          highlighted_at = coalesce(?5, highlighted_at), source_key = ?6, updated_at = ?7
        WHERE id = ?8
        """)
    try statement.bind(clipping.text, at: 1)
    try statement.bind(clipping.page, at: 2)
    try statement.bind(Self.location(of: clipping), at: 3)
    try statement.bind(Self.position(of: clipping), at: 4)
    try statement.bind(clipping.addedAt?.rfc3339, at: 5)
    try statement.bind(clipping.key, at: 6)
    try statement.bind(now.rfc3339, at: 7)
    try statement.bind(id, at: 8)
    try statement.execute()
    try rememberImported(id, clipping)
  }

  /// The post's highlight whose source key is `key`.
  func keyedHighlight(postID: Int64, key: String) throws -> Int64? {
    let statement = try database.cachedStatement(
      sql: "SELECT id FROM highlights WHERE source_key = ?1 AND post_id = ?2 ORDER BY id LIMIT 1")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    try statement.bind(postID, at: 2)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// What the file last gave highlight `id` (`highlight_imports`), written after it was
  /// inserted, replaced or refreshed from a file.
  func rememberImported(_ id: Int64, _ clipping: ExternalClipping) throws {
    let statement = try database.cachedStatement(
      sql: "INSERT OR REPLACE INTO highlight_imports (highlight_id, text, note) VALUES (?, ?, ?)")
    try statement.bind(id, at: 1)
    try statement.bind(clipping.text, at: 2)
    try statement.bind(clipping.note, at: 3)
    try statement.execute()
  }

  /// Brings in what changed on the device since the file last gave highlight `id` its passage
  /// and note: each of the two is taken from the file when the highlight still holds what the
  /// file gave it then (not edited here since); a note that now asks something becomes a
  /// question on the highlight; a note gone from the file stays here. A highlight the file never gave anything to (imported before
  /// this was kept, or synced from another machine) starts being followed when it holds what
  /// the file holds. - Returns: whether the highlight or its questions changed.
  func refresh(_ id: Int64, from clipping: ExternalClipping, postID: Int64) throws -> Bool {
    let read = try database.cachedStatement(
      sql: """
        SELECT h.text, h.note, i.highlight_id IS NOT NULL, i.text, i.note
        FROM highlights h LEFT JOIN highlight_imports i ON i.highlight_id = h.id WHERE h.id = ?
        """)
    try read.bind(id, at: 1)
    guard try read.step() else {
      read.reset()
      return false
    }
    let text = read.string(0)
    let note = read.text(1)
    let isFollowed = read.bool(2)
    let lastText = isFollowed ? read.string(3) : text
    let lastNote = read.text(4)
    read.reset()
    /// The note a highlight holds from a file's note: none when it asks (it is a question).
    func held(_ note: String?) -> String? {
      guard let note else { return nil }
      return ExternalClipping(kind: .note, text: note, key: "").isQuestion ? nil : note
    }
    guard isFollowed else {
      if text == clipping.text && note == held(clipping.note) {
        try rememberImported(id, clipping)
      }
      return false
    }
    guard clipping.text != lastText || clipping.note != lastNote else { return false }
    var changed = false
    if clipping.text != lastText && text == lastText {
      try replace(id, with: clipping)  // the passage and its place; note, star and id stay
      changed = true
    }
    // A note gone from the file takes none away here (an export without notes must not
    // empty them all).
    if clipping.note != nil && clipping.note != lastNote && note == held(lastNote) {
      if let asked = clipping.note, held(asked) == nil {
        let exists = try database.cachedStatement(
          sql: "SELECT 1 FROM questions WHERE highlight_id = ? AND text = ?")
        try exists.bind(id, at: 1)
        try exists.bind(asked, at: 2)
        let isAsked = try exists.step()
        exists.reset()
        if !isAsked {
          try insertQuestion(asked, postID: postID, highlightID: id, at: clipping.addedAt)
          changed = true
        }
      } else if held(clipping.note) != note {
        let update = try database.cachedStatement(
          sql: "UPDATE highlights SET note = ?1, updated_at = ?2 WHERE id = ?3")
        try update.bind(held(clipping.note), at: 1)
        try update.bind(now.rfc3339, at: 2)
        try update.bind(id, at: 3)
        try update.execute()
        changed = true
      }
    }
    try rememberImported(id, clipping)
    return changed
  }
}
