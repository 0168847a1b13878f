import MemoCore

/// What only KOReader's files need: a highlight extended on the device, and the same highlight
/// from the sidecar and from the exporter's JSON.
extension ExternalImporter {
  /// The keys of a book's highlights in this file.
  func bookKeys(_ book: ExternalBook) -> Set<String> {
    Set(book.clippings.lazy.filter { $0.kind == .highlight }.map(\.key))
  }

  /// The post's KOReader highlight on the same page whose passage the clipping's begins with
  /// and extends (the longest, if several), unless the file holds it too.
  func shorterVersion(of clipping: ExternalClipping, postID: Int64, keys: Set<String>) throws
    -> Int64?
  {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, source_key FROM highlights
        WHERE post_id = ?1 AND source = 'koreader' AND page IS ?2
          AND length(text) < length(?3) AND substr(?3, 1, length(text)) = text
        ORDER BY length(text) DESC, id
        """)
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    try statement.bind(clipping.page, at: 2)
    try statement.bind(clipping.text, at: 3)
    while try statement.step() {
      if let key = statement.text(1), keys.contains(key) { continue }
      return statement.int64(0)
    }
    return nil
  }

  /// The post's KOReader highlight that is this one read from KOReader's other file: the
  /// sidecar and the exporter's JSON carry the same passage, page and time, but their keys
  /// differ when the JSON has no `pn_xp` (older exporters, PDFs). The same passage (both
  /// trimmed) and, when both give one, the same time — or one a whole number of quarter
  /// hours away, up to 14 hours (the sidecar's local time read in another time zone than the
  /// device's) — and, when a time is missing, the same page. Not a highlight of this file
  /// (two highlights of one passage in one file both stay).
  func sameHighlight(as clipping: ExternalClipping, postID: Int64, keys: Set<String>) throws
    -> Int64?
  {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, source_key, page, highlighted_at FROM highlights
        WHERE post_id = ?1 AND source = 'koreader' AND text = ?2 ORDER BY id
        """)
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    try statement.bind(clipping.text, at: 2)
    while try statement.step() {
      if let key = statement.text(1), keys.contains(key) { continue }
      let time = statement.text(3).flatMap { Timestamp(rfc3339: $0) }
      if let time, let added = clipping.addedAt {
        let seconds = abs(time.millis - added.millis) / 1000
        guard seconds <= 14 * 3600, seconds % 900 == 0 else { continue }
      } else if let page = statement.text(2), let other = clipping.page, page != other {
        continue
      }
      return statement.int64(0)
    }
    return nil
  }
}
