extension ReviewSession {
  /// Applies a key to the state: what it can do alone (the prompt line, moving on), and what
  /// it asks the runner for.
  public mutating func handle(_ key: BrowseKey) -> ReviewSessionCommand {
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
  public mutating func handlePasted(_ key: BrowseKey) {
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
  public mutating func advance(_ note: String, entry: Int64? = nil) {
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
  public mutating func dropCurrent(_ note: String) {
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
  public mutating func bringBack(at now: Timestamp, isShown: Bool) -> Bool {
    let due = comebacks.filter { $0.due <= now }
    guard !due.isEmpty else { return false }
    comebacks.removeAll { $0.due <= now }
    let at = isShown && current != nil ? index + 1 : min(index, items.count)
    items.insert(contentsOf: due.map(\.row), at: at)
    return true
  }

  /// The next comeback's due time (nil: none waits).
  public var nextComeback: Timestamp? { comebacks.map(\.due).min() }

  /// Back to the item of the session's last change (after it was undone), taken off
  /// `changes`; the comeback that rating set up goes with it (changes are taken back newest
  /// first, so the item's only entry after its place is that comeback).
  public mutating func back(_ note: String) {
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
