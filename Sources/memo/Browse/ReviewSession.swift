import MemoCore

/// `memo review` on a terminal (issue 25): what is due, one item at a time. The question and
/// its book; Space shows a recall item's answer, 1–4 rate it; an open question is answered
/// (`a`, a prompt line), put off (`s`/`l`/`e`) or dropped (`x`); a highlight's passage, its
/// book and place, is kept (`k`), brought back soon (`s`) or later (`l`), or discarded (`x`);
/// `u` takes the session's own last change back (only while no other change stands above it);
/// `q` quits. Every change is an effect of the same runner as the commands (a
/// journal entry each, `memo undo` elsewhere takes it back). Pure state and view here; the
/// terminal is `ReviewSessionLoop`'s.
struct ReviewSession {
  /// What was due when the session started, in `review due`'s order.
  var items: [ReviewDueRow]
  /// The item shown (`items.count`: the end).
  var index = 0
  /// Whether the recall item's answer shows.
  var isRevealed = false
  /// The answer of the item shown, read when it is revealed (or the question's text changed).
  var answer: String?
  /// The prompt line for an open question's answer (nil: not asking).
  var input: String?
  /// The last thing done or refused, on the line above the footer.
  var message: String?
  /// How many items this session rated or answered (undo takes one back).
  var reviewed = 0
  /// The journal entries this session made, oldest first, each with the index of the item it
  /// rated or answered: what `u` may take back, newest first.
  var changes: [OwnChange] = []
  /// The database's `data_version` when last looked (nil: not yet): another connection's
  /// commit changes it, and the item shown is read again before a key acts on it.
  var dataVersion: Int64?
  var isFinished = false
  var width: Int
  var height: Int
  var utcOffsetSeconds: Int

  /// The place (chapter, page, location) and note of each highlight among `items`, by its id.
  var highlights: [Int64: HighlightPlace] = [:]

  /// Recall items rated in this session that are due again before its day ends (a learning
  /// step: again is a minute, good 10), oldest rating first: each comes back once due, before
  /// the rest (as Anki brings back a card in its learning steps), and the session is over only
  /// when none is left.
  var comebacks: [Comeback] = []

  var current: ReviewDueRow? { index < items.count ? items[index] : nil }

  init(
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
  func local(_ time: Timestamp) -> String {
    let text = Timestamp(millis: time.millis + Int64(utcOffsetSeconds) * 1000).rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }
}

/// Where a highlight is in its book (`ch. 3, p. 12, loc. 140`; empty when unknown) and its note.
struct HighlightPlace: Equatable {
  var place: String
  var note: String?

  init(place: String, note: String? = nil) {
    self.place = place
    self.note = note
  }

  init(_ highlight: Highlight) {
    var parts: [String] = []
    if let chapter = highlight.chapter { parts.append(chapter) }
    if let page = highlight.page { parts.append("p. " + page) }
    if let location = highlight.location { parts.append("loc. " + location) }
    place = parts.joined(separator: ", ")
    note = highlight.note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
  }
}

/// An item rated in the session that comes back in it, at `due`.
struct Comeback: Equatable {
  var row: ReviewDueRow
  var due: Timestamp
}

/// A change the session made: its journal entry and the item it was made on.
struct OwnChange: Equatable {
  var entry: Int64
  var index: Int
}

/// What a key asks of the session's runner.
enum ReviewSessionCommand: Equatable {
  case none
  case reveal
  case rate(ReviewRating)
  case choose(HighlightChoice)
  case answer(String)
  case undo
  case quit
}

extension ReviewSession {
  /// Applies a key to the state: what it can do alone (the prompt line, moving on), and what
  /// it asks the runner for.
  mutating func handle(_ key: BrowseKey) -> ReviewSessionCommand {
    if var text = input {
      switch key {
      case .enter:
        input = nil
        let answer = text.trimmingWhitespace()
        if answer.isEmpty {
          message = "no answer given: the question stays open"
          return .none
        }
        return .answer(answer)
      case .escape, .ctrl("c"):
        input = nil
        message = "not answered"
      case .backspace, .delete:
        if !text.isEmpty { text.removeLast() }
        input = text
      case .ctrl("u"):
        input = ""
      case .char(let c):
        text.append(c)
        input = text
      default:
        break
      }
      return .none
    }
    message = nil
    switch key {
    case .char("q"), .escape: return .quit
    case .char("u"): return .undo
    default: break
    }
    guard let item = current else { return .none }
    switch (item.kind, key) {
    case (.recall, .char(" ")), (.recall, .enter):
      return isRevealed ? .none : .reveal
    case (.recall, .char(let c)) where ("1"..."4").contains(c):
      guard isRevealed else {
        message = "Space shows the answer first"
        return .none
      }
      return .rate(.recall(RecallRating.allCases[Int(String(c))! - 1]))
    case (.open, .char("a")):
      input = ""
      return .none
    case (.open, .char("s")): return .rate(.open(.soon))
    case (.open, .char("l")): return .rate(.open(.later))
    case (.open, .char("e")): return .rate(.open(.eventually))
    case (.open, .char("x")): return .rate(.open(.drop))
    case (.highlight, .char("k")): return .choose(.keep)
    case (.highlight, .char("s")): return .choose(.soon)
    case (.highlight, .char("l")): return .choose(.later)
    case (.highlight, .char("x")): return .choose(.discard)
    default:
      switch item.kind {
      case .recall:
        message = isRevealed ? "1 again, 2 hard, 3 good, 4 easy" : "Space shows the answer"
      case .open: message = "a answers it; s soon, l later, e eventually, x drops it"
      case .highlight: message = "k keeps it; s soon, l later, x discards it"
      }
      return .none
    }
  }

  /// A key that came in a paste: never a command (pasted "1 2 3" must not rate three items).
  /// Its characters go into the answer's prompt line when it is open; anything else is
  /// ignored, saying so.
  mutating func handlePasted(_ key: BrowseKey) {
    if var text = input {
      if case .char(let c) = key {
        text.append(c)
        input = text
      }
      return
    }
    message = "pasted text is not taken as keys: type them"
  }

  /// The next item, after a rating or an answer; `entry`: the journal entry it made.
  mutating func advance(_ note: String, entry: Int64? = nil) {
    if let entry { changes.append(OwnChange(entry: entry, index: index)) }
    reviewed += 1
    index += 1
    isRevealed = false
    answer = nil
    message = note
  }

  /// Takes the item shown out of the session (it was deleted since the session began, by
  /// another command or machine): the next one shows, and undo still goes back to the last
  /// one rated.
  mutating func dropCurrent(_ note: String) {
    guard index < items.count else { return }
    items.remove(at: index)
    isRevealed = false
    answer = nil
    input = nil
    message = note
  }

  /// Brings back each comeback due by `now`: next, before the items not yet shown, or after
  /// the one on the screen (`isShown`: it is being read; a comeback never replaces it).
  /// - Returns: whether one came back.
  @discardableResult
  mutating func bringBack(at now: Timestamp, isShown: Bool) -> Bool {
    let due = comebacks.filter { $0.due <= now }
    guard !due.isEmpty else { return false }
    comebacks.removeAll { $0.due <= now }
    let at = isShown && current != nil ? index + 1 : min(index, items.count)
    items.insert(contentsOf: due.map(\.row), at: at)
    return true
  }

  /// The next comeback's due time (nil: none waits).
  var nextComeback: Timestamp? { comebacks.map(\.due).min() }

  /// Back to the item of the session's last change (after it was undone), taken off
  /// `changes`; the comeback that rating set up goes with it (changes are taken back newest
  /// first, so the item's only entry after its place is that comeback).
  mutating func back(_ note: String) {
    guard let change = changes.popLast() else { return }
    reviewed -= 1
    index = min(change.index, items.count)
    if index < items.count {
      let item = items[index]
      if let waiting = comebacks.firstIndex(where: {
        $0.row.id == item.id && $0.row.kind == item.kind
      }) {
        comebacks.remove(at: waiting)
      } else if let shown = items[(index + 1)...].firstIndex(where: {
        $0.id == item.id && $0.kind == item.kind
      }) {
        items.remove(at: shown)
      }
    }
    isRevealed = false
    answer = nil
    input = nil
    message = note
  }
}

/// The session's screen: a pure function of the state (header, the book and question, the
/// answer once shown, a message, the keys).
enum ReviewSessionView {
  static func frame(_ session: ReviewSession) -> BrowseFrame {
    let width = max(10, session.width)
    let height = max(4, session.height)
    func fit(_ text: String) -> String { DisplayWidth.truncate(text, to: width) }
    var body: [BrowseLine] = []
    let position =
      session.current == nil
      ? (session.comebacks.isEmpty ? "done" : "waiting")
      : "\(session.index + 1)/\(session.items.count)"
    let header = fit(
      "Review · \(position) · reviewed \(session.reviewed)"
        + (session.current.map { " · " + $0.kind.rawValue } ?? ""))
    var footer: String
    var caret: BrowseFrame.Caret?
    if let item = session.current {
      body.append(BrowseLine(""))
      body += wrap("Book: " + visible(oneLine(item.title)), width: width, indent: "  ")
      let place = item.kind == .highlight ? session.highlights[item.id.rawValue] : nil
      if let place, !place.place.isEmpty {
        body += wrap(visible(oneLine(place.place)), width: width, indent: "  ")
      }
      body.append(BrowseLine(""))
      body += wrap(
        visible(oneLine(item.question)), width: width,
        indent: item.kind == .highlight ? "  │ " : "  ")
      body.append(BrowseLine(""))
      if item.kind == .highlight {
        if let note = place?.note {
          body += wrap("Note: " + visible(oneLine(note)), width: width, indent: "  ")
        }
        footer = "k keep  s soon  l later  x discard  u undo  q quit"
      } else if item.kind == .recall {
        if session.isRevealed {
          body.append(BrowseLine(fit("  Answer:")))
          for paragraph in (session.answer ?? "").split(
            separator: "\n", omittingEmptySubsequences: false)
          {
            body += wrap(visible(String(paragraph)), width: width, indent: "    ")
          }
          footer = "1 again  2 hard  3 good  4 easy  u undo  q quit"
        } else {
          footer = "Space show the answer  u undo  q quit"
        }
      } else {
        body.append(BrowseLine(fit("  (no answer yet)")))
        footer = "a answer  s soon  l later  e eventually  x drop  u undo  q quit"
      }
    } else {
      body += end(session, width: width)
      footer = "u undo  q quit"
    }
    if let input = session.input {
      let prompt = "Answer: "
      footer = prompt + input
      let column = DisplayWidth.of(footer)
      footer = DisplayWidth.truncate(footer, to: width)
      caret = BrowseFrame.Caret(row: height - 1, column: min(column, width - 1))
    }
    // The message above the footer: two lines when it needs them and the window has room.
    var message = session.message.map { wrap(oneLine($0), width: width, indent: "  ") } ?? []
    if message.count > 2 {
      message = [message[0], BrowseLine(fit(message[1].text + " " + message[2].text))]
    }
    if message.count > 1 && height < 8 {
      message = [BrowseLine(fit("  " + oneLine(session.message ?? "")))]
    }
    if message.isEmpty { message = [BrowseLine("")] }
    var lines = [BrowseLine(header, .header)]
    let room = height - 2 - message.count
    lines += body.prefix(room)
    while lines.count < height - 1 - message.count { lines.append(BrowseLine("")) }
    lines += message
    lines.append(BrowseLine(fit(footer), .footer))
    return BrowseFrame(lines: lines, caret: caret)
  }

  /// The body once every item was shown: what still comes back in its learning steps (the
  /// session waits for it), or that nothing was or is left due.
  static func end(_ session: ReviewSession, width: Int) -> [BrowseLine] {
    guard let next = session.nextComeback else {
      let text = session.items.isEmpty ? "  Nothing is due." : "  That was everything due."
      return [BrowseLine(""), BrowseLine(DisplayWidth.truncate(text, to: width))]
    }
    let count = session.comebacks.count
    let what =
      counted(count, "item") + (count == 1 ? " comes back in its" : " come back in their")
      + " learning steps"
    return [BrowseLine("")]
      + wrap(
        "Nothing else is due yet: \(what), the next at \(session.local(next)).",
        width: width, indent: "  ")
  }

  /// `text` in lines of at most `width` columns after `indent`, broken at spaces.
  static func wrap(_ text: String, width: Int, indent: String) -> [BrowseLine] {
    let room = max(1, width - DisplayWidth.of(indent))
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let w = DisplayWidth.of(String(word))
      if used > 0 && used + 1 + w > room {
        lines.append(line)
        line = ""
        used = 0
      }
      if used > 0 {
        line += " "
        used += 1
      }
      line += word
      used += w
    }
    lines.append(line)
    return lines.map { BrowseLine(DisplayWidth.truncate(indent + $0, to: width)) }
  }
}
