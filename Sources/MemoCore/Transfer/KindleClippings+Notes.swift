/// Where a clipping's notes go: onto the highlight whose range ends at their place, the
/// one they followed on a page, the last version of a note edited on the device.
extension KindleClippings {
  /// A note a Kindle wrote just before its highlight (the same second, the note first in the
  /// file) was put on a highlight read before it that holds its place, or on none: the
  /// highlight ending at its place, written with it, is its own.
  static func adoptNotes(of highlight: ExternalClipping, in clippings: inout [ExternalClipping]) {
    guard let end = highlight.end ?? highlight.start, let at = highlight.addedAt else { return }
    for i in clippings.indices
    where clippings[i].kind == .note && clippings[i].start == end && clippings[i].addedAt == at {
      let current = clippings[i].highlightKey.flatMap { key in
        clippings.last { $0.key == key }
      }
      if let current, (current.end ?? current.start) == end { continue }
      clippings[i].highlightKey = highlight.key
    }
  }

  enum Added { case added, duplicate, replaced }

  /// Where the book's current note stands that `note` (a text seen before) returns to: a note
  /// at the same place on the same highlight, written no later (Kindle 1–3 write minutes only),
  /// that replaced this text before. A clipping repeated in a file keeps its own time, earlier
  /// than what replaced it: that stays a duplicate.
  static func editedBack(_ note: ExternalClipping, in clippings: [ExternalClipping]) -> Int? {
    guard note.kind == .note, note.start != nil, let at = note.addedAt else { return nil }
    return clippings.firstIndex {
      $0.kind == .note && $0.start == note.start && $0.end == note.end && $0.page == note.page
        && onSameHighlight($0.highlightKey, note.highlightKey, in: clippings) && $0.key != note.key
        && ($0.addedAt.map { $0 <= at } ?? false)
        && $0.replaces.contains { $0.key == note.key }
    }
  }

  /// Whether two notes' highlights (`highlightKey`) are one: the same key, or one the
  /// highlight the other extended on the device (a note at 101 on 100-101, then one at 101
  /// once the highlight became 100-103, are on one highlight).
  static func onSameHighlight(_ a: String?, _ b: String?, in clippings: [ExternalClipping])
    -> Bool
  {
    guard a != b else { return true }
    guard let a, let b else { return false }
    func current(_ key: String) -> String {
      clippings.first { $0.kind == .highlight && $0.replaces.contains { $0.key == key } }?.key
        ?? key
    }
    return current(a) == current(b)
  }

  /// The key of the highlight a note at `location` was written on: of the book's highlights
  /// read so far, the latest ending there, else the latest holding it.
  static func highlightKey(at location: Int, in clippings: [ExternalClipping]) -> String? {
    let ending = latest(in: clippings) { ($0.end ?? $0.start) == location }
    return
      (ending
      ?? latest(in: clippings) { ($0.start ?? .max) <= location && location <= ($0.end ?? .min) })?
      .key
  }

  /// The key of the highlight a note on `page` (without a location) was written on: of the
  /// book's highlights without locations read so far, the latest on that page (two on one page:
  /// the one written just before the note in the file).
  static func highlightKey(onPage page: String, in clippings: [ExternalClipping]) -> String? {
    latest(in: clippings) { $0.start == nil && $0.page == page }?.key
  }

  /// Of the highlights among `clippings` that `matches` takes, the latest in time, or as late
  /// and later in the file.
  static func latest(
    in clippings: [ExternalClipping], _ matches: (ExternalClipping) -> Bool
  ) -> ExternalClipping? {
    var found: ExternalClipping?
    for clipping in clippings where clipping.kind == .highlight && matches(clipping) {
      if (found?.addedAt?.millis ?? .min) <= (clipping.addedAt?.millis ?? .min) {
        found = clipping
      }
    }
    return found
  }
}
