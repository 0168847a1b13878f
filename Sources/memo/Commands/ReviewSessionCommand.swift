import ArgumentParser
import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

extension Memo.Review {
  /// `memo review` (and `memo review session`): a review session on a terminal; off one, what
  /// is due, as `memo review due` lists it.
  struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Review what is due, one item at a time (the default).",
      discussion: Help.text(
        """
        On a terminal: each item due, lowest retrievability first, with its book. For an
        answered question Space shows the answer and 1-4 rate it (again, hard, good, easy);
        for an open one a answers it (a prompt line; Enter saves), s, l and e put it off
        (soon, later, eventually) and x drops it from review. Then the day's highlights:
        the passage, its book and place; k keeps it, s and l bring it back soon or later,
        x discards it from review. A question in its learning steps (again: a minute)
        comes back once due, before what is left; when only such items remain the
        session waits for them, saying when. u takes the session's own last change back
        (again: the one before), only while no change made elsewhere stands above it; q
        or Escape quits; a line at the end says how many were reviewed and when the next
        is due (what the session rated included). Changes made elsewhere show by the
        next key; pasted text is not taken as keys. Every
        rating is in the journal, as 'memo review rate' makes it. Off a terminal (stdin or
        stdout redirected) it lists what is due, as 'memo review due' does. The question
        filters choose what comes back, as for 'memo review due': the current filter
        unless --all or --filter NAME; --starred and the dates apply to highlights too,
        and a filter on answers or categories leaves highlights out.

        Examples:
          memo review
          memo review --db ~/notes/memo.db
          memo review | head
          memo review --all --category physics
        """))

    @OptionGroup var filter: QuestionFilterOptions

    @OptionGroup var global: GlobalOptions

    func run() throws {
      guard Terminal.stdinIsTerminal, Terminal.stdoutIsTerminal else {
        let context = try Context(global)
        let selection = try filter.selection(context)
        let writer = context.listingWriter(filteredBy: selection)
        writer.isNarrowed = !selection.flags.isEmpty
        _ = try context.dispatch(
          .review(
            .due(
              ReviewDueQuery(
                at: context.now, limit: nil, selection: selection,
                dayStart: FSRS.dayStart(
                  of: context.now, utcOffsetSeconds: context.style.utcOffsetSeconds)),
              to: .output)),
          access: .read, output: writer)
        return
      }
      let context = try Context(global.common, format: .table)
      let selection = try filter.selection(context)
      // Nothing to review, and nothing to create: a read on a missing database makes no file.
      guard Terminal.fileExists(context.location.path) else {
        if !context.isQuiet {
          Output.line(ReviewSessionLoop.noDatabaseNote(context.location.path))
        }
        return
      }
      let database = try LazyDatabase(
        path: context.location.path, busyTimeoutMilliseconds: context.busyTimeoutMilliseconds)
      let size = TerminalScreen.size()
      var session = try ReviewSessionLoop.session(
        database: database, at: context.now, utcOffsetSeconds: context.style.utcOffsetSeconds,
        selection: selection, width: size.width, height: size.height)
      session.message = ReviewSessionLoop.currentFilterNote(selection, database: database)
      let screen = TerminalScreen(useColor: context.style.useColor)
      try screen.enter()
      defer { screen.leave() }
      let signal = ReviewSessionLoop(database: database, screen: screen).run(&session)
      screen.leave()
      let summary = ReviewSessionLoop.summary(session, database: database, now: wallClockNow())
      database.close()
      if signal != 0 {
        Output.flush()
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      if !context.isQuiet { Output.line(summary) }
    }
  }
}

/// The clock, as the commands read it.
func wallClockNow() -> Timestamp {
  var spec = timespec()
  clock_gettime(CLOCK_REALTIME, &spec)
  return Timestamp(millis: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
}

/// Reads keys and signals, runs what they ask through the effects, draws.
struct ReviewSessionLoop {
  let database: LazyDatabase
  let screen: TerminalScreen

  /// A session over what is due at `now`, in `review due`'s order: questions, then the day's
  /// highlights (the reader's day: those reviewed since it began count against its quota),
  /// each highlight with its place and note. `selection`: the question filter (nil: the
  /// current one, as `review due` applies it).
  /// - Throws: the `MemoError` reading them gave.
  static func session(
    database: LazyDatabase, at now: Timestamp, utcOffsetSeconds: Int,
    selection: FilterSelection? = nil, width: Int, height: Int
  ) throws -> ReviewSession {
    var items: [ReviewDueRow] = []
    // Read before the items: a change committed elsewhere after it shows at the first key.
    let version = ReviewSessionRunner(database: database).dataVersion()
    let query = ReviewDueQuery(
      at: now, limit: nil,
      selection: selection
        ?? FilterSelection(base: .current, now: now, utcOffsetSeconds: utcOffsetSeconds),
      dayStart: FSRS.dayStart(of: now, utcOffsetSeconds: utcOffsetSeconds))
    switch database.run(.loadDueReviews(query)) {
    case .review(.listed(let rows)): items = rows
    case .failed(let error): throw error
    default: break
    }
    var places: [Int64: HighlightPlace] = [:]
    for item in items where item.kind == .highlight {
      if case .highlights(.loaded(let highlight)) = database.run(
        .loadHighlight(HighlightID(item.id.rawValue)))
      {
        places[item.id.rawValue] = HighlightPlace(highlight)
      }
    }
    var session = ReviewSession(
      items: items, highlights: places, width: width, height: height,
      utcOffsetSeconds: utcOffsetSeconds)
    session.dataVersion = version
    return session
  }

  /// - Returns: the signal that ended it (0: q).
  func run(_ session: inout ReviewSession) -> Int32 {
    var decoder = KeyDecoder()
    let runner = ReviewSessionRunner(database: database)
    draw(session)
    while !session.isFinished {
      let event = screen.wait(milliseconds: decoder.hasPendingEscape ? 25 : 1000)
      var keys: [(key: BrowseKey, isPasted: Bool)] = []
      switch event {
      case .signal:
        return screen.endingSignal
      case .resize:
        let size = TerminalScreen.size()
        session.width = size.width
        session.height = size.height
      case .timeout:
        keys = decoder.flushEscape().map { ($0, false) }
        // Changes made elsewhere show within a second, as in memo browse; an item in its
        // learning steps comes back once due.
        if keys.isEmpty { runner.tick(&session) }
      case .input(let bytes):
        keys = decoder.feedMarked(bytes)
      }
      for (key, isPasted) in keys {
        runner.press(key, isPasted: isPasted, on: &session)
        if session.isFinished { break }
      }
      draw(session)
    }
    return 0
  }

  func draw(_ session: ReviewSession) {
    screen.draw(ReviewSessionView.frame(session), width: session.width, height: session.height)
  }

  /// What a session says on a database that does not exist yet (it creates none).
  static func noDatabaseNote(_ path: String) -> String {
    "nothing to review: there is no database at \(path) yet; memo add TITLE starts one"
  }

  /// What the current filter adds to the command's own flags, said once where a reader sees
  /// it ("the current filter applies: starred; --all reviews everything"), nil when it adds
  /// nothing (none set, --all, --filter NAME, or the flags cover it).
  static func currentFilterNote(_ selection: FilterSelection, database: LazyDatabase) -> String? {
    guard selection.base == .current,
      case .filters(.current(let current)) = database.run(.loadCurrentFilter)
    else { return nil }
    return filterNote(current: current, selection)
  }

  /// The note for the current filter `current` under `selection`'s flags (see above).
  static func filterNote(current: QuestionFilter, _ selection: FilterSelection) -> String? {
    guard selection.base == .current else { return nil }
    let effective = current.overridden(by: selection.flags)
    guard !effective.isEmpty, effective != selection.flags else { return nil }
    return "the current filter applies: \(effective.summary); --all reviews everything"
  }

  /// The line after the session: `reviewed 3, next due 2026-03-02 10:00`. What was rated in
  /// the session and comes back in its learning steps counts: still due now once its time
  /// passed (the database's look-up starts after now), else the next due if it is the earliest.
  static func summary(_ session: ReviewSession, database: LazyDatabase, now: Timestamp)
    -> String
  {
    let left =
      session.items.count - session.index + session.comebacks.filter { $0.due <= now }.count
    var line = "reviewed \(session.reviewed)"
    if left > 0 {
      return line + ", \(left) still due now"
    }
    // The earliest due after now within a year: one indexed look-up, not the listing a year on.
    let later = Timestamp(millis: now.millis + 366 * 86_400_000)
    var next: Timestamp?
    if case .review(.nextDue(let due?)) = database.run(.loadNextDue(after: now, until: later)) {
      next = due
    }
    if let comeback = session.nextComeback, next.map({ comeback < $0 }) ?? true { next = comeback }
    if let next {
      line += ", next due " + session.local(next)
    } else {
      line += ", nothing else due within a year"
    }
    return line
  }
}

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
    if case .browse(.dataVersion(let version)) = database.run(.loadDataVersion) { return version }
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
      switch database.run(.loadHighlight(HighlightID(item.id.rawValue))) {
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
    switch database.run(.loadQuestion(item.id)) {
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
      switch database.run(.loadQuestion(item.id)) {
      case .questions(.loaded(let question)):
        session.answer = question.answer ?? ""
        session.isRevealed = true
      case .failed(let error): refused(error, on: &session)
      default: session.isRevealed = true
      }
    case .rate(let rating):
      guard let item = session.current else { return }
      let time = now()
      switch database.run(.rateReview(item.id, rating, at: time)) {
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
        .rateHighlightReview(HighlightID(item.id.rawValue), choice, at: now()))
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
      switch database.run(.answerOpenQuestion(item.id, text)) {
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
      switch database.run(.undoEntry(last.entry)) {
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

  /// A recall item due again before the reader's day ends (a learning step) comes back in the
  /// session when due.
  func comeBack(
    _ item: ReviewDueRow, due: Timestamp?, ratedAt time: Timestamp,
    on session: inout ReviewSession
  ) {
    guard item.kind == .recall, let due else { return }
    let dayEnd =
      FSRS.dayStart(of: time, utcOffsetSeconds: session.utcOffsetSeconds).millis + FSRS.dayMillis
    guard due.millis < dayEnd else { return }
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
