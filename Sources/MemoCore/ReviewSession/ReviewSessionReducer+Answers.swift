/// What storage answered to a command's work: the session moves on (each change with its
/// journal entry, so that `u` takes back only the session's own), or says why not.
func acted(
  _ state: inout ReviewSession, _ command: ReviewSessionCommand, _ answer: Action,
  entry: Int64?, then: ReviewSessionNext
) -> [Effect] {
  guard case .settle(let reviewed, let now) = then else {
    return proceed(&state, then, changed: false)
  }
  let item = state.current
  switch (command, answer) {
  case (.reveal, .questions(.loaded(let question))):
    state.answer = question.answer ?? ""
    state.isRevealed = true
  case (.reveal, .failed(let error)): refused(&state, error)
  case (.reveal, _): state.isRevealed = true
  case (.rate(let rating), .review(.rated(let outcome))):
    let due = outcome.item.due.map { "due " + state.local($0) } ?? "dropped from review"
    state.advance("\(rating.name): \(due)", entry: entry)
    if let item { comeBack(&state, item, due: outcome.item.due, ratedAt: now) }
  case (.rate, .failed(let error)), (.choose, .failed(let error)): refused(&state, error)
  case (.rate(let rating), _): state.advance(rating.name, entry: entry)
  case (.choose(let choice), .review(.highlightRated(let outcome))):
    let due = outcome.effectiveDue.map { "due " + state.local($0) } ?? "out of review"
    state.advance("\(choice.rawValue): \(due)", entry: entry)
  case (.choose(let choice), _): state.advance(choice.rawValue, entry: entry)
  case (.answer(let text), .failed(let error)) where error.code == .notFound:
    // Answered elsewhere meanwhile (it shows as it is now, and says so) or deleted.
    state.input = text
    state.message = nil
    return reread(&state, then: .answerRefused(error.message, reviewed: reviewed, at: now))
  case (.answer, .failed(let error)): refused(&state, error)
  case (.answer, _): state.advance("answered: it comes back as a recall item", entry: entry)
  case (.undo, .journal(.entries(let entries))):
    state.back("undone: " + (entries.first?.summary ?? "the last change"))
    return reread(&state, then: then)
  case (.undo, .failed(let error)) where error.code == .notFound:
    // Taken back already outside the session: its item is due again.
    state.back(error.message + "; it shows again")
    return reread(&state, then: then)
  case (.undo, .failed(let error)): state.message = error.message
  case (.undo, _): state.message = "not undone"
  case (.none, _), (.quit, _): break
  }
  return proceed(&state, then, changed: false)
}

/// Applies the item shown, read again (a change made elsewhere: another shell, a cron import,
/// `memo sync`): its text, its book, whether it is answered (an open question answered
/// elsewhere is a recall item now, and says so), or gone (skipped, saying so).
/// - Returns: whether it changed its kind or went away.
func reread(_ state: inout ReviewSession, _ answer: Action) -> Bool {
  guard let item = state.current else { return false }
  let index = state.index
  switch answer {
  case .highlights(.loaded(let highlight)) where item.kind == .highlight:
    state.items[index].question = highlight.text
    state.items[index].title = highlight.postTitle
    state.highlights[item.id.rawValue] = HighlightPlace(highlight)
    return false
  case .questions(.loaded(let question)) where item.kind != .highlight:
    state.items[index].question = question.text
    state.items[index].title = question.postTitle
    let kind: ReviewKind = question.answer == nil ? .open : .recall
    if state.isRevealed { state.answer = question.answer ?? "" }
    guard kind != item.kind else { return false }
    state.items[index].kind = kind
    state.isRevealed = false
    state.answer = nil
    if kind == .recall {
      var note =
        "question \(item.id) was answered outside this session (\(quotedShort(question.answer ?? ""))): it is a recall item now"
      if let typed = state.input, !typed.trimmingWhitespace().isEmpty {
        note += "; yours was not saved: \(quotedShort(typed))"
      }
      state.input = nil
      state.message = note
    } else {
      state.message =
        "question \(item.id)'s answer was removed outside this session: it is an open question now"
    }
    return true
  case .failed(let error) where error.code == .notFound:
    refused(&state, error)
    return true
  default:
    return false
  }
}

/// A refusal on the line above the footer; an item deleted since the session began (by
/// another command or machine) is taken out of the session instead, saying so, so the
/// session goes on to the next one.
func refused(_ state: inout ReviewSession, _ error: MemoError) {
  guard error.code == .notFound, let item = state.current else {
    state.message = error.message
    return
  }
  let what =
    item.kind == .highlight ? "highlight h\(item.id.rawValue)" : "question \(item.id.rawValue)"
  state.dropCurrent("\(what) was deleted since the session began: skipped")
}

/// A recall item due again within a day of its rating (a learning or relearning step: a
/// review's interval is a whole day or more) comes back in the session when due, whatever
/// the hour: at 23:55, a step of 10 minutes comes back at 00:05.
func comeBack(
  _ state: inout ReviewSession, _ item: ReviewDueRow, due: Timestamp?, ratedAt time: Timestamp
) {
  guard item.kind == .recall, let due else { return }
  guard due.millis - time.millis < FSRS.dayMillis else { return }
  var row = item
  row.due = due
  state.comebacks.append(Comeback(row: row, due: due))
}

/// The line after the session, at `now`: still due now, or else the earliest due after now
/// in the database within a year (one indexed look-up, not the listing a year on).
func finish(_ state: inout ReviewSession, at now: Timestamp) -> [Effect] {
  if state.left(at: now) > 0 {
    state.summary = state.summary(now: now, nextInDatabase: nil)
    return []
  }
  state.step = .summing(at: now)
  let later = Timestamp(millis: now.millis + 366 * 86_400_000)
  return [.review(.nextDue(after: now, until: later))]
}

extension ReviewSession {
  /// The line after the session: `reviewed 3, next due 2026-03-02 10:00`. What was rated in
  /// the session and comes back in its learning steps counts: still due now once its time
  /// passed (the database's look-up starts after now), else the next due if it is the
  /// earliest (`nextInDatabase`: the database's).
  public func summary(now: Timestamp, nextInDatabase: Timestamp?) -> String {
    let left = left(at: now)
    let line = "reviewed \(reviewed)"
    if left > 0 { return line + ", \(left) still due now" }
    var next = nextInDatabase
    if let comeback = nextComeback, next.map({ comeback < $0 }) ?? true { next = comeback }
    guard let next else { return line + ", nothing else due within a year" }
    return line + ", next due " + local(next)
  }

  /// How many items are still due at `now`: those not shown yet, and the comebacks due.
  public func left(at now: Timestamp) -> Int {
    items.count - index + comebacks.filter { $0.due <= now }.count
  }

  /// What the current filter `current` adds to `selection`'s flags, said once where a reader
  /// sees it ("the current filter applies: starred; --all reviews everything"), nil when it
  /// adds nothing (none set, --all, --filter NAME, or the flags cover it).
  public static func filterNote(current: QuestionFilter, _ selection: FilterSelection) -> String? {
    guard selection.base == .current else { return nil }
    let effective = current.overridden(by: selection.flags)
    guard !effective.isEmpty, effective != selection.flags else { return nil }
    return "the current filter applies: \(effective.summary); --all reviews everything"
  }
}
