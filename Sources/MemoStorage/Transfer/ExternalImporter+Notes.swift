import MemoCore

/// A reader's notes: each to the highlight at its place, added to or replacing the note the
/// file gave before (never one edited here).
extension ExternalImporter {
  /// A note for a highlight: its note when it has none, else added after the one it has
  /// (never written over a note edited here).
  func addNote(_ note: String, to id: Int64) throws {
    let statement = try database.cachedStatement(
      sql: """
        UPDATE highlights SET note = CASE WHEN note IS NULL OR note = '' THEN ?1
            WHEN instr(note, ?1) > 0 THEN note ELSE note || char(10) || char(10) || ?1 END,
          updated_at = ?2
        WHERE id = ?3
        """)
    try statement.bind(note, at: 1)
    try statement.bind(now.rfc3339, at: 2)
    try statement.bind(id, at: 3)
    try statement.execute()
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
    return database.changes > 0
  }

  /// The post's highlights with their places, for its notes to find.
  func highlights(ofPost postID: Int64) throws -> [Placed] {
    let statement = try database.cachedStatement(
      sql: "SELECT id, page, location FROM highlights WHERE post_id = ? ORDER BY id")
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
      result.append(Placed(id: statement.int64(0), page: statement.text(1), start: start, end: end))
    }
    return result
  }

  static func place(_ id: Int64, _ clipping: ExternalClipping) -> Placed {
    Placed(id: id, page: clipping.page, start: clipping.start, end: clipping.end ?? clipping.start)
  }

  /// The highlight a note belongs to: the latest one whose location range holds the note's
  /// location, else the latest ending just before it (a Kindle puts a note at its highlight's
  /// last location or the one after), else, without locations, the latest on the same page.
  static func highlight(at note: ExternalClipping, among placed: [Placed]) -> Int64? {
    if let at = note.start {
      let within = placed.last { h in
        guard let start = h.start else { return false }
        return start <= at && at <= (h.end ?? start)
      }
      return (within ?? placed.last { $0.start != nil && ($0.end ?? $0.start) == at - 1 })?.id
    }
    guard let page = note.page else { return nil }
    return placed.last { $0.start == nil && $0.page == page }?.id
  }
}
