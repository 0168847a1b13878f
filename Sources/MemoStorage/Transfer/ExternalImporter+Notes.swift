import MemoCore

/// A reader's notes: each to the highlight at its place, added to or replacing the note the
/// file gave before (never one edited here).
extension ExternalImporter {
  /// Merges a reader's note (a Kindle's separate note clipping): on the highlight that ends at
  /// its place, a question about it, or (at no highlight's place) after the post's body. A note
  /// is its book, its place and its text: the same words at another place are another note.
  func mergeNote(
    _ clipping: ExternalClipping, postID: Int64, placed: inout [Placed]?,
    additions: inout [String], summary: inout ImportSummary, counts: inout ClippingSummary
  ) throws {
    if placed == nil { placed = try highlights(ofPost: postID) }
    let target = Self.highlight(at: clipping, among: placed ?? [])
    try countEarlierVersions(of: clipping, postID: postID, into: &counts)
    // The key, or (a backup restored, or synced from a machine that imported the file: the
    // import keys stay where they were made) the note where this one would go.
    // Or the question it made or the highlight it was on, deleted on a device since (sync
    // noted their keys here): it stays deleted with them.
    if try isKnown(clipping) || isHere(clipping, postID: postID, target: target) {
      try remember(clipping.key)
      // Its earlier versions too (counted above as changed on the device when new here): a
      // re-import finds them known, and reports no change the device did not make.
      for earlier in clipping.replaces { try remember(earlier.key) }
      if target == nil, try hasKey(clipping.key),
        try mergeBodyNoteChange(
          clipping, postID: postID, known: true, summary: &summary, counts: &counts)
      {
        return
      }
      summary.unchanged += 1
      counts.duplicates += 1
      return
    }
    try remember(clipping.key)
    if target == nil,
      try mergeBodyNoteChange(
        clipping, postID: postID, known: false, summary: &summary, counts: &counts)
    {
      return
    }
    // A note edited on the device since the last import (it replaces a note imported
    // before): the highlight's note becomes it, unless that note was edited here since.
    if let target, !clipping.replaces.isEmpty {
      var earlier: ExternalClipping?
      for replaced in clipping.replaces {
        if try hasKey(replaced.key) { earlier = replaced } else { try remember(replaced.key) }
      }
      // A plain note become a question (or back) whose earlier form was edited here: the edit
      // stays, and the new form is added below.
      if let earlier,
        let replaced = try replaceEdited(earlier, with: clipping, on: target, postID: postID)
      {
        if replaced {
          summary.updated += 1
          counts.updated += 1
        } else {
          summary.unchanged += 1
          counts.keptEdited += 1
        }
        return
      }
    }
    // A new note on a highlight whose note was edited here since: the edit stays, the
    // device's note is set aside (as an edit of the device's note at its place is).
    if !clipping.isQuestion, let target, try isNoteEditedHere(target) {
      summary.unchanged += 1
      counts.keptEdited += 1
      return
    }
    summary.added += 1
    if clipping.isQuestion {
      counts.questions += 1
      // A question about no highlight is followed by its text, as a note on the body is.
      if target == nil { try remember(Self.textKey(of: clipping)) }
      try insertQuestion(clipping.text, postID: postID, highlightID: target, at: clipping.addedAt)
    } else if let target {
      counts.notes += 1
      try addNote(clipping.text, to: target)
    } else {
      counts.notes += 1
      try remember(Self.textKey(of: clipping))
      additions.append(clipping.bodyText)
    }
  }

  /// Whether `clipping` asks a question this note made and a device deleted since: sync put
  /// its key (`SyncChange.questionKey`) among the import keys here.
  func isDeletedQuestion(_ clipping: ExternalClipping) throws -> Bool {
    guard clipping.isQuestion, let asked = clipping.addedAt else { return false }
    return try hasKey(SyncChange.questionKey(createdAt: asked.rfc3339, text: clipping.text))
  }

  /// Whether a clipping was imported before: its key, or (a book deleted on a synced device,
  /// the file imported where it was never imported) a note's question or highlight that sync
  /// knows was deleted.
  func isKnown(_ clipping: ExternalClipping) throws -> Bool {
    if try hasKey(clipping.key) { return true }
    guard clipping.kind == .note else { return false }
    if clipping.isQuestion { return try isDeletedQuestion(clipping) }
    // The highlight deleted, and not here under its key (a join of two machines' copies of it
    // deletes one and keeps the other: a note on it is the kept one's).
    guard deletions.any == true, let highlight = clipping.highlightKey else { return false }
    let statement = try database.cachedStatement(
      sql: """
        SELECT 1 FROM sync_settings WHERE key = 'deleted:' || ?1
          AND NOT EXISTS (SELECT 1 FROM highlights WHERE source_key = ?1)
        """)
    defer { statement.reset() }
    try statement.bind(highlight, at: 1)
    return try statement.step()
  }

  /// Whether the note `clipping` is here without its import key: the question with its text
  /// about the same highlight (and asked at the same time), or the note as a paragraph of its
  /// highlight's note (of the post's body, at no highlight's place), never a note elsewhere
  /// that contains its words.
  func isHere(_ clipping: ExternalClipping, postID: Int64, target: Int64?) throws -> Bool {
    let sql: String
    if clipping.isQuestion {
      sql = """
        SELECT 1 FROM questions WHERE text = ?1 AND post_id = ?2 AND highlight_id IS ?3
          AND (?4 IS NULL OR created_at = ?4)
        """
    } else if target != nil {
      sql = """
        SELECT 1 FROM highlights WHERE id = ?3 AND instr(char(10) || char(10) || note
          || char(10) || char(10), char(10) || char(10) || ?1 || char(10) || char(10)) > 0
        """
    } else {
      sql = """
        SELECT 1 FROM posts WHERE id = ?2 AND instr(char(10) || char(10) || body || char(10)
          || char(10), char(10) || char(10) || ?4 || char(10) || char(10)) > 0
        """
    }
    let statement = try database.cachedStatement(sql: sql)
    defer { statement.reset() }
    // Each statement names the parameters it uses (SQLite refuses to bind one past the last).
    if clipping.isQuestion || target != nil { try statement.bind(clipping.text, at: 1) }
    if clipping.isQuestion || target == nil { try statement.bind(postID, at: 2) }
    if clipping.isQuestion || target != nil { try statement.bind(target, at: 3) }
    if clipping.isQuestion {
      try statement.bind(clipping.addedAt?.rfc3339, at: 4)
    } else if target == nil {
      try statement.bind(clipping.bodyText, at: 4)
    }
    return try statement.step()
  }

  /// A note for a highlight: its note when it has none, else added after the one it has
  /// (never written over a note edited here), unless it is one of that note's paragraphs
  /// already (a note "Es" is not in "Estudar").
  func addNote(_ note: String, to id: Int64) throws {
    let statement = try database.cachedStatement(
      sql: """
        UPDATE highlights SET note = CASE WHEN note IS NULL OR note = '' THEN ?1
            WHEN instr(char(10) || char(10) || note || char(10) || char(10),
              char(10) || char(10) || ?1 || char(10) || char(10)) > 0 THEN note
            ELSE note || char(10) || char(10) || ?1 END,
          updated_at = ?2
        WHERE id = ?3
        """)
    try statement.bind(note, at: 1)
    try statement.bind(now.rfc3339, at: 2)
    try statement.bind(id, at: 3)
    try statement.execute()
    try rememberHeld(id)
  }

  /// Records the note highlight `id` holds now as the one the imports left it
  /// (`highlight_imports.held`), so a note edited here later is told from it.
  func rememberHeld(_ id: Int64) throws {
    let statement = try database.cachedStatement(
      sql: """
        UPDATE highlight_imports SET held = (SELECT note FROM highlights WHERE id = ?1)
        WHERE highlight_id = ?1 AND held IS NOT (SELECT note FROM highlights WHERE id = ?1)
        """)
    try statement.bind(id, at: 1)
    try statement.execute()
  }

  /// Whether highlight `id` holds a note other than the one the imports left it (`held`):
  /// edited here since. A highlight the imports left without a note (`held` NULL) is not
  /// told apart from one imported before `held` followed the reader's separate notes.
  func isNoteEditedHere(_ id: Int64) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: """
        SELECT 1 FROM highlights h JOIN highlight_imports i ON i.highlight_id = h.id
        WHERE h.id = ?1 AND i.held IS NOT NULL AND h.note IS NOT i.held
        """)
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    return try statement.step()
  }

  /// Replaces the note or question `earlier` on highlight `id` with its edited form `edited`,
  /// unless it was edited here since. A plain note become a question goes from the highlight's
  /// note to a question about it (and back: a question already reviewed stays, with its
  /// history). - Returns: whether it did; nil when `earlier`
  /// changed form and was edited here (then `edited` is to be added as a new note).
  func replaceEdited(
    _ earlier: ExternalClipping, with edited: ExternalClipping, on id: Int64, postID: Int64
  ) throws -> Bool? {
    switch (earlier.isQuestion, edited.isQuestion) {
    case (false, false): return try replaceNote(of: id, was: earlier.text, with: edited.text)
    case (true, true):
      try execute(
        "UPDATE questions SET text = ?, updated_at = ? WHERE highlight_id = ? AND text = ?",
        [.text(edited.text), .text(now.rfc3339), .integer(id), .text(earlier.text)])
      return database.changes > 0
    case (false, true):
      try execute(
        "UPDATE highlights SET note = NULL, updated_at = ? WHERE id = ? AND note = ?",
        [.text(now.rfc3339), .integer(id), .text(earlier.text)])
      guard database.changes > 0 else { return nil }
      try insertQuestion(edited.text, postID: postID, highlightID: id, at: edited.addedAt)
      return true
    case (true, false):
      try execute(
        """
        DELETE FROM questions WHERE highlight_id = ? AND text = ?
          AND id NOT IN (SELECT question_id FROM review_events)
        """,
        [.integer(id), .text(earlier.text)])
      guard database.changes > 0 else { return nil }
      try addNote(edited.text, to: id)
      return true
    }
  }

  /// Gives highlight `id` the note `new` when it still holds `old`, the note a file gave it
  /// (not edited here since). - Returns: whether it did.
  func replaceNote(of id: Int64, was old: String, with new: String) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: "UPDATE highlights SET note = ?1, updated_at = ?2 WHERE id = ?3 AND note = ?4")
    try statement.bind(new, at: 1)
    try statement.bind(now.rfc3339, at: 2)
    try statement.bind(id, at: 3)
    try statement.bind(old, at: 4)
    try statement.execute()
    guard database.changes > 0 else { return false }
    try rememberHeld(id)
    return true
  }

  /// The post's highlights with their places, for its notes to find.
  func highlights(ofPost postID: Int64) throws -> [Placed] {
    let statement = try database.cachedStatement(
      sql: "SELECT id, page, location, source_key FROM highlights WHERE post_id = ? ORDER BY id")
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    var result: [Placed] = []
    while try statement.step() {
      var start: Int?
      var end: Int?
      if let location = statement.text(2) {
        let parts = location.split(separator: "-", maxSplits: 1)
        start = parts.first.flatMap { Int($0) }
        end = parts.count > 1 ? Int(parts[1]) : start
      }
      result.append(
        Placed(
          id: statement.int64(0), page: statement.text(1), start: start, end: end,
          key: statement.text(3)))
    }
    return result
  }

  static func place(_ id: Int64, _ clipping: ExternalClipping) -> Placed {
    Placed(
      id: id, page: clipping.page, start: clipping.start, end: clipping.end ?? clipping.start,
      key: clipping.key)
  }

  /// The highlight a note belongs to: the one the file wrote it on (`highlightKey`). Else, as a
  /// Kindle writes a note at its highlight's last location:
  /// the latest highlight ending there; else the latest whose range holds it; else the latest
  /// ending just before it (some firmware puts it one past the end); without locations, the
  /// latest on the same page.
  static func highlight(at note: ExternalClipping, among placed: [Placed]) -> Int64? {
    // The highlight the file wrote the note on, when it is here under its key.
    if let key = note.highlightKey, let found = placed.last(where: { $0.key == key }) {
      return found.id
    }
    if let at = note.start {
      let ending = placed.last { $0.start != nil && ($0.end ?? $0.start) == at }
      let within = placed.last { h in
        guard let start = h.start else { return false }
        return start <= at && at <= (h.end ?? start)
      }
      return
        (ending ?? within ?? placed.last { $0.start != nil && ($0.end ?? $0.start) == at - 1 })?
        .id
    }
    guard let page = note.page else { return nil }
    return placed.last { $0.start == nil && $0.page == page }?.id
  }
}
