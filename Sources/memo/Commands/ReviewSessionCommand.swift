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
        path: context.location.path, clock: context.clock,
        busyTimeoutMilliseconds: context.busyTimeoutMilliseconds)
      let size = TerminalScreen.size()
      let store = ReviewSessionLoop.store(
        database: database, at: context.now, utcOffsetSeconds: context.style.utcOffsetSeconds,
        selection: selection, saysFilter: true, width: size.width, height: size.height)
      if let error = store.state.error { throw error }
      let screen = TerminalScreen(useColor: context.style.useColor)
      try screen.enter()
      defer { screen.leave() }
      let loop = ReviewSessionLoop(store: store, screen: screen, clock: context.clock)
      let signal = loop.run()
      screen.leave()
      store.dispatch(.finish(at: context.clock()))
      database.close()
      if signal != 0 {
        Output.flush()
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      if !context.isQuiet, let summary = store.state.summary { Output.line(summary) }
    }
  }
}

/// Reads keys and signals, dispatches them with the time they came at, draws: the session's
/// decisions are `reviewSessionReducer`'s (MemoCore).
struct ReviewSessionLoop {
  let store: ReviewSessionStore
  let screen: TerminalScreen
  /// The clock keys and ticks are timed by (ratings are made at it, comebacks timed by it).
  let clock: () -> Timestamp

  /// A started session over what is due at `now`, in `review due`'s order: questions, then the
  /// day's highlights (the reader's day: those reviewed since it began count against its
  /// quota), each highlight with its place and note. `selection`: the question filter (nil:
  /// the current one, as `review due` applies it); `saysFilter`: the message says what the
  /// current filter adds. The state holds the error when what is due could not be read.
  static func store(
    database: LazyDatabase, at now: Timestamp, utcOffsetSeconds: Int,
    selection: FilterSelection? = nil, saysFilter: Bool = false, width: Int, height: Int
  ) -> ReviewSessionStore {
    let store = ReviewSessionStore(
      state: ReviewSession(
        items: [], width: width, height: height, utcOffsetSeconds: utcOffsetSeconds),
      runEffect: database.runNotingEntry)
    let query = ReviewDueQuery(
      at: now, limit: nil,
      selection: selection
        ?? FilterSelection(base: .current, now: now, utcOffsetSeconds: utcOffsetSeconds),
      dayStart: FSRS.dayStart(of: now, utcOffsetSeconds: utcOffsetSeconds))
    store.dispatch(.start(query, saysFilter: saysFilter))
    return store
  }

  /// - Returns: the signal that ended it (0: q).
  func run() -> Int32 {
    var decoder = KeyDecoder()
    draw()
    while !store.state.isFinished {
      let event = screen.wait(milliseconds: decoder.hasPendingEscape ? 25 : 1000)
      var keys: [(key: BrowseKey, isPasted: Bool)] = []
      switch event {
      case .signal:
        return screen.endingSignal
      case .resize:
        let size = TerminalScreen.size()
        store.dispatch(.resize(width: size.width, height: size.height))
      case .timeout:
        keys = decoder.flushEscape().map { ($0, false) }
        // Changes made elsewhere show within a second, as in memo browse; an item in its
        // learning steps comes back once due.
        if keys.isEmpty { store.dispatch(.tick(at: clock())) }
      case .input(let bytes):
        keys = decoder.feedMarked(bytes)
      }
      for (key, isPasted) in keys {
        store.dispatch(.key(key, isPasted: isPasted, at: clock()))
        if store.state.isFinished { break }
      }
      draw()
    }
    return 0
  }

  func draw() {
    let session = store.state
    screen.draw(ReviewSessionView.frame(session), width: session.width, height: session.height)
  }

  /// What a session says on a database that does not exist yet (it creates none).
  static func noDatabaseNote(_ path: String) -> String {
    "nothing to review: there is no database at \(path) yet; memo add TITLE starts one"
  }
}
