/// `memo review` on a terminal (issue 25): what is due, one item at a time. The question and
/// its book; Space shows a recall item's answer, 1–4 rate it; an open question is answered
/// (`a`, a prompt line), put off (`s`/`l`/`e`) or dropped (`x`); a highlight's passage, its
/// book and place, is kept (`k`), brought back soon (`s`) or later (`l`), or discarded (`x`);
/// `u` takes the session's own last change back (only while no other change stands above it);
/// `q` quits. Every change is an effect of the same runner as the commands (a
/// journal entry each, `memo undo` elsewhere takes it back). Pure state and view here; the
/// terminal is `ReviewSessionLoop`'s (memo), the
/// storage work `reviewSessionReducer`'s.
public struct ReviewSession: Equatable, Sendable {
  /// What was due when the session started, in `review due`'s order.
  public var items: [ReviewDueRow]
  /// The item shown (`items.count`: the end).
  public var index = 0
  /// Whether the recall item's answer shows.
  public var isRevealed = false
  /// The answer of the item shown, read when it is revealed (or the question's text changed).
  public var answer: String?
  /// The prompt line for an open question's answer (nil: not asking).
  public var input: String?
  /// The last thing done or refused, on the line above the footer.
  public var message: String?
  /// How many items this session rated or answered (undo takes one back).
  public var reviewed = 0
  /// The journal entries this session made, oldest first, each with the index of the item it
  /// rated or answered: what `u` may take back, newest first.
  public var changes: [OwnChange] = []
  /// The database's `data_version` when last looked (nil: not yet): another connection's
  /// commit changes it, and the item shown is read again before a key acts on it.
  public var dataVersion: Int64?
  public var isFinished = false
  public var width: Int
  public var height: Int
  public var utcOffsetSeconds: Int

  /// The place (chapter, page, location) and note of each highlight among `items`, by its id.
  public var highlights: [Int64: HighlightPlace] = [:]

  /// Recall items rated in this session that are due again before its day ends (a learning
  /// step: again is a minute, good 10), oldest rating first: each comes back once due, before
  /// the rest (as Anki brings back a card in its learning steps), and the session is over only
  /// when none is left.
  public var comebacks: [Comeback] = []

  /// What the session waits for from storage (`reviewSessionReducer`'s bookkeeping).
  public var step: ReviewSessionStep = .idle
  /// Why the session could not start (what is due could not be read).
  public var error: MemoError?
  /// The line after the session (`.finish`): `reviewed 3, next due 2026-03-02 10:00`.
  public var summary: String?

  public var current: ReviewDueRow? { index < items.count ? items[index] : nil }

  public init(
    items: [ReviewDueRow], highlights: [Int64: HighlightPlace] = [:], width: Int, height: Int,
    utcOffsetSeconds: Int
  ) {
    self.items = items
    self.highlights = highlights
    self.width = width
    self.height = height
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// A time as the reader's clock shows it: `2026-03-02 10:00`.
  public func local(_ time: Timestamp) -> String {
    let text = Timestamp(millis: time.millis + Int64(utcOffsetSeconds) * 1000).rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }
}

/// Where a highlight is in its book (`ch. 3, p. 12, loc. 140`; empty when unknown) and its note.
public struct HighlightPlace: Equatable, Sendable {
  public var place: String
  public var note: String?

  public init(place: String, note: String? = nil) {
    self.place = place
    self.note = note
  }

  public init(_ highlight: Highlight) {
    var parts: [String] = []
    if let chapter = highlight.chapter { parts.append(chapter) }
    if let page = highlight.page { parts.append("p. " + page) }
    if let location = highlight.location { parts.append("loc. " + location) }
    place = parts.joined(separator: ", ")
    note = highlight.note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
  }
}

/// An item rated in the session that comes back in it, at `due`.
public struct Comeback: Equatable, Sendable {
  public var row: ReviewDueRow
  public var due: Timestamp

  public init(row: ReviewDueRow, due: Timestamp) {
    self.row = row
    self.due = due
  }
}

/// A change the session made: its journal entry and the item it was made on.
public struct OwnChange: Equatable, Sendable {
  public var entry: Int64
  public var index: Int

  public init(entry: Int64, index: Int) {
    self.entry = entry
    self.index = index
  }
}

/// What a key asks of the session's runner.
public enum ReviewSessionCommand: Equatable, Sendable {
  case none
  case reveal
  case rate(ReviewRating)
  case choose(HighlightChoice)
  case answer(String)
  case undo
  case quit
}
