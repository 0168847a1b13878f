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
              to: .output)), output: writer)
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
    switch database.run(.review(.listDue(query))) {
    case .review(.listed(let rows)): items = rows
    case .failed(let error): throw error
    default: break
    }
    var places: [Int64: HighlightPlace] = [:]
    for item in items where item.kind == .highlight {
      if case .highlights(.loaded(let highlight)) = database.run(
        .highlights(.load(HighlightID(item.id.rawValue))))
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
      case .filters(.current(let current)) = database.run(.filters(.loadCurrent))
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
    if case .review(.nextDue(let due?)) = database.run(.review(.nextDue(after: now, until: later)))
    {
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
