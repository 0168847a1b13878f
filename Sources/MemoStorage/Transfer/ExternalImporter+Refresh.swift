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
    let remember = try database.cachedStatement(
      sql: """
        INSERT INTO highlight_imports (highlight_id, text, note, held)
        SELECT id, text, ?2, note FROM highlights WHERE id = ?1
        ON CONFLICT (highlight_id) DO UPDATE SET text = excluded.text, note = excluded.note,
          held = excluded.held
        WHERE (text, note, held) IS NOT (excluded.text, excluded.note, excluded.held)
        """)
    try remember.bind(id, at: 1)
    try remember.bind(clipping.note, at: 2)
    try remember.execute()
  }

  /// Whether highlight `id`, made from `earlier` (or from a quote with its passage), holds a
  /// passage other than the one a file last gave it, or (made from that very clipping) a page
  /// or location other than the clipping's: edited here since.
  func isEditedHere(_ id: Int64, since earlier: ExternalClipping) throws -> Bool {
    let statement = try database.cachedStatement(
      sql: """
        SELECT h.text, h.page, h.location, h.source_key, i.text
        FROM highlights h LEFT JOIN highlight_imports i ON i.highlight_id = h.id WHERE h.id = ?
        """)
    defer { statement.reset() }
    try statement.bind(id, at: 1)
    guard try statement.step() else { return false }
    if statement.string(0) != (statement.text(4) ?? earlier.text) { return true }
    guard statement.text(3) == earlier.key else { return false }
    return statement.text(1) != earlier.page || statement.text(2) != Self.location(of: earlier)
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

  /// What the file last gave highlight `id` (`highlight_imports`): its passage, its note as
  /// written there (`note`), and the note the highlight held after that import (`held`: none
  /// when the file's note asked and became a question, the user's own when kept). An update in
  /// place, not a replace: the journal records the row before it, for undo.
  func rememberImported(_ id: Int64, text: String, note: String?, held: String?) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO highlight_imports (highlight_id, text, note, held) VALUES (?, ?, ?, ?)
        ON CONFLICT (highlight_id) DO UPDATE SET text = excluded.text, note = excluded.note,
          held = excluded.held
        WHERE (text, note, held) IS NOT (excluded.text, excluded.note, excluded.held)
        """)
    try statement.bind(id, at: 1)
    try statement.bind(text, at: 2)
    try statement.bind(note, at: 3)
    try statement.bind(held, at: 4)
    try statement.execute()
  }

  /// Brings in what changed on the device since the file last gave highlight `id` its passage
  /// and note: the passage when the highlight still holds the one the file gave, the note when
  /// it still holds the note it held after that import (not edited here since); a note that
  /// now asks something becomes a question on the highlight; a note gone from the file stays
  /// here (and a note the device writes later is still taken). A highlight the file never gave
  /// anything to (imported before this was kept, or synced from another machine) starts being
  /// followed when it holds what the file holds. - Returns: whether the highlight changed,
  /// whether its note became a question (a record added, counted as one), and whether it
  /// holds a passage or note edited here since, which the import kept (`keptEdited`).
  func refresh(_ id: Int64, from clipping: ExternalClipping, postID: Int64) throws -> (
    changed: Bool, asked: Bool, keptEdited: Bool
  ) {
    let read = try database.cachedStatement(
      sql: """
        SELECT h.text, h.note, i.highlight_id IS NOT NULL, i.text, i.note, i.held
        FROM highlights h LEFT JOIN highlight_imports i ON i.highlight_id = h.id WHERE h.id = ?
        """)
    try read.bind(id, at: 1)
    guard try read.step() else {
      read.reset()
      return (false, false, false)
    }
    let text = read.string(0)
    let noteBefore = read.text(1)
    var note = noteBefore
    let isFollowed = read.bool(2)
    let lastText = isFollowed ? read.string(3) : text
    let lastNote = read.text(4)
    let lastHeld = read.text(5)
    read.reset()
    /// The note a highlight holds from a file's note: none when it asks (it is a question).
    func asks(_ note: String) -> Bool {
      ExternalClipping(kind: .note, text: note, key: "").isQuestion
    }
    guard isFollowed else {
      let fileNote = clipping.note.flatMap { asks($0) ? nil : $0 }
      if text == clipping.text && note == fileNote {
        try rememberImported(id, text: clipping.text, note: clipping.note, held: note)
      }
      return (false, false, false)
    }
    let noteChanged = clipping.note != nil && clipping.note != lastNote
    guard clipping.text != lastText || noteChanged else { return (false, false, false) }
    // What changed on the device but was edited here since: the edit is kept (counted so,
    // not as a duplicate).
    var isEditedHere =
      (clipping.text != lastText && text != lastText) || (noteChanged && noteBefore != lastHeld)
    var changed = false
    var asked = false
    if clipping.text != lastText && text == lastText {
      try replace(id, with: clipping)  // the passage and its place; note, star and id stay
      changed = true
    }
    // A note gone from the file takes none away here (an export without notes must not
    // empty them all).
    if noteChanged, let given = clipping.note, note == lastHeld {
      if asks(given) {
        switch try refreshQuestion(on: id, to: given, was: lastNote, clipping, postID: postID) {
        case .asked: asked = true
        case .edited: changed = true
        case .keptEdited: isEditedHere = true
        case .unchanged: break
        }
      } else if given != note {
        let update = try database.cachedStatement(
          sql: "UPDATE highlights SET note = ?1, updated_at = ?2 WHERE id = ?3")
        try update.bind(given, at: 1)
        try update.bind(now.rfc3339, at: 2)
        try update.bind(id, at: 3)
        try update.execute()
        note = given
        changed = true
      }
    }
    // A note edited here stays the user's: `held` stays what the import left, so the next
    // device note is not taken over it either.
    try rememberImported(
      id, text: clipping.text, note: clipping.note ?? lastNote,
      held: noteBefore == lastHeld ? note : lastHeld)
    return (changed, asked, isEditedHere)
  }

  enum QuestionRefresh { case asked, edited, keptEdited, unchanged }

  /// A highlight's note on the device that asks `given`: the question it made before (`was`,
  /// the note the file last gave) takes the new text, as a Kindle's note edited on the device
  /// does, unless it was edited or deleted here since (then the edit stays); a note that did
  /// not ask before becomes a new question about the highlight.
  func refreshQuestion(
    on id: Int64, to given: String, was last: String?, _ clipping: ExternalClipping,
    postID: Int64
  ) throws -> QuestionRefresh {
    let exists = try database.cachedStatement(
      sql: "SELECT 1 FROM questions WHERE highlight_id = ? AND text = ?")
    try exists.bind(id, at: 1)
    try exists.bind(given, at: 2)
    let isAsked = try exists.step()
    exists.reset()
    if isAsked { return .unchanged }
    if let last, ExternalClipping.asks(last) {
      try execute(
        "UPDATE questions SET text = ?, updated_at = ? WHERE highlight_id = ? AND text = ?",
        [.text(given), .text(now.rfc3339), .integer(id), .text(last)])
      return database.changes > 0 ? .edited : .keptEdited
    }
    // A question made, the highlight itself unchanged.
    try insertQuestion(given, postID: postID, highlightID: id, at: clipping.addedAt)
    return .asked
  }
}
