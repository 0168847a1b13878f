import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

/// Runs what the session's keys ask through the effects, as the commands run them: each change
/// a journal entry the session keeps (by its id), so that `u` takes back only its own; before a
/// key acts, the item shown is read again if another connection changed the database.
struct ReviewSessionRunner {
  let database: LazyDatabase
  /// The clock ratings are made at and comebacks are timed by (tests pass their own).
  var now: () -> Timestamp = wallClockNow

  /// A key: the item shown is brought up to date first, then the key acts on it; unless the
  /// item changed its kind or went away meanwhile: then a key for the item is not taken (it
  /// was meant for what the screen showed), and the message says what happened.
  /// A key that came in a paste (`isPasted`) is never a command (see `handlePasted`).
  func press(_ key: BrowseKey, isPasted: Bool = false, on session: inout ReviewSession) {
    if isPasted {
      session.handlePasted(key)
      return
    }
    // q, Escape and u do not act on the item: they are taken all the same.
    if refresh(&session), ![.char("q"), .escape, .char("u")].contains(key) { return }
    let reviewed = session.reviewed
    perform(session.handle(key), on: &session)
    // After a rating the next item is not on the screen yet: a comeback due goes first.
    session.bringBack(at: now(), isShown: session.reviewed <= reviewed)
  }

  /// An idle second: changes made elsewhere are read, and a comeback due comes back (after
  /// the item on the screen, or at once when every other item was shown).
  func tick(_ session: inout ReviewSession) {
    refresh(&session)
    session.bringBack(at: now(), isShown: true)
  }

  /// `PRAGMA data_version` (nil: unreadable).
  func dataVersion() -> Int64? {
    if case .browse(.dataVersion(let version)) = database.run(.lookup(.dataVersion)) {
      return version
    }
    return nil
  }

  /// Reads the item shown again when the database changed since last looked (another shell,
  /// a cron import, `memo sync`): its text, its book, whether it is answered (an open question
  /// answered elsewhere is a recall item now, and says so), or gone (skipped, saying so).
  /// - Returns: whether the item shown changed its kind or went away.
  @discardableResult
  func refresh(_ session: inout ReviewSession) -> Bool {
    guard let version = dataVersion(), version != session.dataVersion else { return false }
    let isFirstLook = session.dataVersion == nil
    session.dataVersion = version
    return isFirstLook ? false : reread(&session)
  }

  /// Reads the item shown again (see `refresh`). - Returns: whether it changed its kind or
  /// went away.
  @discardableResult
  func reread(_ session: inout ReviewSession) -> Bool {
    guard let item = session.current else { return false }
    let index = session.index
    if item.kind == .highlight {
      switch database.run(.highlights(.load(HighlightID(item.id.rawValue)))) {
      case .highlights(.loaded(let highlight)):
        session.items[index].question = highlight.text
        session.items[index].title = highlight.postTitle
        session.highlights[item.id.rawValue] = HighlightPlace(highlight)
      case .failed(let error) where error.code == .notFound:
        refused(error, on: &session)
        return true
      default: break
      }
      return false
    }
    switch database.run(.questions(.load(item.id))) {
    case .questions(.loaded(let question)):
      session.items[index].question = question.text
      session.items[index].title = question.postTitle
      let kind: ReviewKind = question.answer == nil ? .open : .recall
      if session.isRevealed { session.answer = question.answer ?? "" }
      guard kind != item.kind else { return false }
      session.items[index].kind = kind
      session.isRevealed = false
      session.answer = nil
      if kind == .recall {
        var note =
          "question \(item.id) was answered outside this session (\(quotedShort(question.answer ?? ""))): it is a recall item now"
        if let typed = session.input, !typed.trimmingWhitespace().isEmpty {
          note += "; yours was not saved: \(quotedShort(typed))"
        }
        session.input = nil
        session.message = note
      } else {
        session.message =
          "question \(item.id)'s answer was removed outside this session: it is an open question now"
      }
      return true
    case .failed(let error) where error.code == .notFound:
      refused(error, on: &session)
      return true
    default: return false
    }
  }

  func perform(_ command: ReviewSessionCommand, on session: inout ReviewSession) {
    switch command {
    case .none: return
    case .quit: session.isFinished = true
    case .reveal:
      guard let item = session.current else { return }
      switch database.run(.questions(.load(item.id))) {
      case .questions(.loaded(let question)):
        session.answer = question.answer ?? ""
        session.isRevealed = true
      case .failed(let error): refused(error, on: &session)
      default: session.isRevealed = true
      }
    case .rate(let rating):
      guard let item = session.current else { return }
      let time = now()
      switch database.run(.review(.rate(item.id, rating, at: time))) {
      case .review(.rated(let outcome)):
        let due = outcome.item.due.map { "due " + session.local($0) } ?? "dropped from review"
        session.advance("\(rating.name): \(due)", entry: database.lastJournalEntry)
        comeBack(item, due: outcome.item.due, ratedAt: time, on: &session)
      case .failed(let error): refused(error, on: &session)
      default: session.advance(rating.name, entry: database.lastJournalEntry)
      }
    case .choose(let choice):
      guard let item = session.current else { return }
      switch database.run(
        .review(.rateHighlight(HighlightID(item.id.rawValue), choice, at: now())))
      {
      case .review(.highlightRated(let outcome)):
        let due =
          outcome.effectiveDue.map { "due " + session.local($0) } ?? "out of review"
        session.advance("\(choice.rawValue): \(due)", entry: database.lastJournalEntry)
      case .failed(let error): refused(error, on: &session)
      default: session.advance(choice.rawValue, entry: database.lastJournalEntry)
      }
    case .answer(let text):
      guard let item = session.current else { return }
      // Only while it is open: an answer given elsewhere meanwhile is never replaced.
      switch database.run(.questions(.answerOpen(item.id, text))) {
      case .failed(let error) where error.code == .notFound:
        // Answered elsewhere meanwhile (it shows as it is now, and says so) or deleted.
        session.input = text
        session.message = nil
        reread(&session)
        session.input = nil
        if session.message == nil { session.message = error.message }
      case .failed(let error): refused(error, on: &session)
      default:
        session.advance(
          "answered: it comes back as a recall item", entry: database.lastJournalEntry)
      }
    case .undo:
      guard let last = session.changes.last else {
        session.message = "nothing to undo in this session"
        return
      }
      switch database.run(.journal(.undoEntry(last.entry))) {
      case .journal(.entries(let entries)):
        session.back("undone: " + (entries.first?.summary ?? "the last change"))
        reread(&session)
      case .failed(let error) where error.code == .notFound:
        // Taken back already outside the session: its item is due again.
        session.back(error.message + "; it shows again")
        reread(&session)
      case .failed(let error): session.message = error.message
      default: session.message = "not undone"
      }
    }
  }

  /// A recall item due again within a day of its rating (a learning or relearning step: a
  /// review's interval is a whole day or more) comes back in the session when due, whatever
  /// the hour: at 23:55, a step of 10 minutes comes back at 00:05.
  func comeBack(
    _ item: ReviewDueRow, due: Timestamp?, ratedAt time: Timestamp,
    on session: inout ReviewSession
  ) {
    guard item.kind == .recall, let due else { return }
    guard due.millis - time.millis < FSRS.dayMillis else { return }
    var row = item
    row.due = due
    session.comebacks.append(Comeback(row: row, due: due))
  }

  /// A refusal on the line above the footer; an item deleted since the session began (by
  /// another command or machine) is taken out of the session instead, saying so, so the
  /// session goes on to the next one.
  func refused(_ error: MemoError, on session: inout ReviewSession) {
    guard error.code == .notFound, let item = session.current else {
      session.message = error.message
      return
    }
    let what =
      item.kind == .highlight ? "highlight h\(item.id.rawValue)" : "question \(item.id.rawValue)"
    session.dropCurrent("\(what) was deleted since the session began: skipped")
  }
}
