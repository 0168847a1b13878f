import MemoCore

/// A book's highlights as `ExternalImporter.merge` takes them, one by one.
extension ExternalImporter {
  /// The book whose clippings are being merged, and what is read of its post once.
  struct BookPlace {
    var book: ExternalBook
    var postID: Int64
    /// Whether this import made the post.
    var isNew: Bool
    /// The post's highlights, for notes to find by place (read by the first note).
    var placed: [Placed]?
    /// The post's KOReader highlights from other files, read once for the book.
    var others: KOReaderHighlights?
  }

  /// A highlight: imported before (what changed on the device brought in), a longer version
  /// of one imported before, the same one from KOReader's other file, or a new highlight.
  func mergeHighlight(
    _ clipping: ExternalClipping, in place: inout BookPlace, into tally: inout Tally
  ) throws {
    let postID = place.postID
    try countEarlierVersions(of: clipping, postID: postID, into: &tally.counts)
    // The key, or (a backup restored, or the records synced from a machine that imported
    // the file: their import keys stay where they were made) what the clipping made.
    if try hasKey(clipping.key) || isHere(clipping, postID: postID) {
      try remember(clipping.key)
      try mergeKnown(clipping, postID: postID, into: &tally.summary, &tally.counts)
      return
    }
    try remember(clipping.key)
    guard clipping.kind == .highlight else { return }
    if try mergeLongerVersion(clipping, postID: postID, isNew: place.isNew, into: &tally) {
      return
    }
    // KOReader rewrites a highlight extended on the device in place: the same start, a
    // longer passage, so a new key. It takes the shorter one's place (whose note and
    // star stay), unless that one's text was edited here since or this file still holds
    // it (two highlights at one place).
    if reader == "koreader" && place.others == nil {
      place.others = try KOReaderHighlights(
        database: database, postID: postID, keys: bookKeys(place.book))
    }
    // The same highlight from KOReader's other file (sidecar or JSON), another key.
    if place.others?.same(as: clipping) != nil {
      tally.summary.unchanged += 1
      tally.counts.duplicates += 1
      return
    }
    if let shorter = place.others?.shorterVersion(of: clipping) {
      try replace(shorter, with: clipping)
      place.others?.remove(shorter)
      tally.summary.updated += 1
      tally.counts.replaced += 1
      return
    }
    try addHighlight(clipping, postID: postID, placed: &place.placed, into: &tally)
  }

  /// A highlight whose earlier, shorter versions (`replaces`) were imported before: the longer
  /// version takes the earlier one's place. Returns whether it did (or was left out).
  private func mergeLongerVersion(
    _ clipping: ExternalClipping, postID: Int64, isNew: Bool, into tally: inout Tally
  ) throws -> Bool {
    var replacing: ExternalClipping?
    for earlier in clipping.replaces {
      if try hasKey(earlier.key) || isHere(earlier, postID: postID) {
        replacing = earlier
      } else {
        try remember(earlier.key)
      }
    }
    guard let replacing else { return false }
    // The longer version takes the earlier one's place (its note and star stay), unless
    // its passage or place was edited here since (the edit is kept, as a change from
    // the device is on a re-import); an earlier one deleted here since stays deleted.
    if let id = try highlightID(postID: postID, key: replacing.key, text: replacing.text) {
      if try isEditedHere(id, since: replacing) {
        tally.summary.unchanged += 1
        tally.counts.keptEdited += 1
      } else {
        try replace(id, with: clipping)
        tally.summary.updated += 1
        tally.counts.replaced += 1
      }
      return true
    }
    // The book itself was deleted here, and is back for this new clipping: the longer
    // passage comes in as a new highlight (the earlier ones stay deleted).
    if !isNew {
      tally.summary.unchanged += 1
      tally.counts.duplicates += 1
      return true
    }
    return false
  }

  /// A new highlight. A reader that keeps the note with its highlight (KOReader, Readwise,
  /// Kobo, Apple Books): a note that asks something is a question about the highlight, any
  /// other its note.
  private func addHighlight(
    _ clipping: ExternalClipping, postID: Int64, placed: inout [Placed]?, into tally: inout Tally
  ) throws {
    tally.summary.added += 1
    tally.counts.highlights += 1
    var highlight = clipping
    let asked = clipping.note.map { ExternalClipping(kind: .note, text: $0, key: "") }
    if let asked, asked.isQuestion { highlight.note = nil }
    let id = try insertHighlight(highlight, postID: postID)
    if let asked, asked.isQuestion {  // the file's note, which the highlight does not hold
      try rememberImported(id, text: clipping.text, note: asked.text, held: nil)
    }
    placed?.append(Self.place(id, clipping))
    // The note is a field of the highlight (not a record added); a question is a record.
    if let asked {
      if asked.isQuestion {
        tally.summary.added += 1
        tally.counts.questions += 1
        try insertQuestion(asked.text, postID: postID, highlightID: id, at: clipping.addedAt)
      } else {
        tally.counts.notes += 1
      }
    }
  }
}
