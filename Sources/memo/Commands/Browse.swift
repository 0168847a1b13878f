import ArgumentParser
import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

extension Memo {
  /// `memo browse`: the reading-memo screens in the terminal (SPEC §9).
  struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Browse books, questions, the filter, search and favorites, full screen.",
      discussion: Help.text(
        """
        Books first (newest first, with question counts, books on the shelf marked); Enter opens
        a book (its body, Kindle highlights included, above its questions) and a question's
        detail; Escape goes back; q quits. ? lists the keys: j/k and the arrows move (on a book:
        read on, then question to question), g/G first/last, PgUp/PgDn and ^d/^u page; n adds a
        book, A asks about the book under the cursor, s stars, a answers, c sets the category,
        e edits in place, E in $EDITOR, d deletes (asks y/N); f the Filter screen (its choice
        becomes the current filter), / searches (Up: the last search), F the Favorites shelf,
        v puts a book on it or takes it off, Q every question, R reviews what is due
        (memo review's session), u undoes, ^r redoes.
        Every change is in the journal ('memo log', 'memo undo'); changes made elsewhere show
        up within a second. Needs a terminal on stdin and stdout.

        Examples:
          memo browse
          NO_COLOR=1 memo browse --db ~/notes/memo.db
        """))

    @OptionGroup var global: CommonOptions

    @Option(
      help: "Only table: browse draws a screen; 'memo list' and 'memo questions' print the others.")
    var format: OutputFormat?

    func validate() throws {
      if let format, format != .table {
        throw ValidationError(
          "memo browse draws a screen (table only); for \(format.rawValue) use 'memo list --format \(format.rawValue)' or 'memo questions --format \(format.rawValue)'"
        )
      }
    }

    func run() throws {
      guard Terminal.stdinIsTerminal, Terminal.stdoutIsTerminal else {
        throw MemoError.usage(
          "memo browse needs a terminal on stdin and stdout; in scripts use 'memo list' or 'memo questions'"
        )
      }
      let context = try Context(global, format: .table)
      let database = try LazyDatabase(
        path: context.location.path, clock: context.clock,
        busyTimeoutMilliseconds: context.busyTimeoutMilliseconds)
      let size = TerminalScreen.size()
      let store = BrowseStore(
        state: BrowseState(
          width: size.width, height: size.height,
          utcOffsetSeconds: context.style.utcOffsetSeconds),
        runEffect: database.run)
      let screen = TerminalScreen(useColor: context.style.useColor)
      try screen.enter()
      defer { screen.leave() }
      let signal = try BrowseLoop(store: store, screen: screen, database: database).run()
      screen.leave()
      database.close()
      if signal != 0 {
        // Ended by a signal: die of it, as a shell expects (status 128 + the signal).
        Output.flush()
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
    }
  }
}

/// Reads keys and signals, dispatches them, draws. One iteration per event; an idle second
/// is a tick, which shows what other processes changed.
struct BrowseLoop {
  let store: BrowseStore
  let screen: TerminalScreen
  /// The store's database, for the review session `R` runs.
  let database: LazyDatabase
  /// `$MEMO_BROWSE_TIMINGS`: a file for scripts/bench-browse (when the first screen was drawn,
  /// and how long each key took from its bytes read to its frame written).
  let timings = Environment.get("MEMO_BROWSE_TIMINGS").map { fopen($0, "w") } ?? nil

  /// - Returns: the signal that ended it (0: q).
  /// - Throws: when the terminal cannot be taken back after `$EDITOR`.
  func run() throws -> Int32 {
    defer { if let timings { fclose(timings) } }
    var decoder = KeyDecoder()
    store.dispatch(.start)
    draw()
    if let timings { fputs("first \(Self.nanoseconds(CLOCK_REALTIME))\n", timings) }
    while !store.state.isFinished {
      let event = screen.wait(milliseconds: decoder.hasPendingEscape ? 25 : 1000)
      let started = Self.nanoseconds(CLOCK_MONOTONIC)
      switch event {
      case .signal:
        return screen.endingSignal
      case .resize:
        let size = TerminalScreen.size()
        store.dispatch(.resize(width: size.width, height: size.height))
      case .timeout:
        let keys = decoder.flushEscape()
        store.dispatch(.tick)
        for key in keys { try dispatch(key) }
      case .input(let bytes):
        // Another process's change shows up by this key at the latest.
        store.dispatch(.tick)
        for key in decoder.feed(bytes) {
          try dispatch(key)
          if store.state.isFinished { break }
        }
      }
      // Ended inside the review session.
      if screen.endingSignal != 0 { return screen.endingSignal }
      draw()
      if let timings, case .input = event {
        fputs("key \(Self.nanoseconds(CLOCK_MONOTONIC) - started)\n", timings)
      }
    }
    return 0
  }

  static func nanoseconds(_ clock: clockid_t) -> Int64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }

  /// A key, with the document on top measured first (so scrolling knows its end), and
  /// `$EDITOR` run when the key asked for it.
  func dispatch(_ key: BrowseKey) throws {
    measure()
    store.dispatch(.key(key))
    try runEditor()
    runReview()
  }

  /// Runs a review session over what is due now on the same screen, then reads everything
  /// again (`R`).
  func runReview() {
    guard store.state.isReviewRequested else { return }
    let size = TerminalScreen.size()
    // A missing database stays missing: reading what is due creates nothing.
    guard Terminal.fileExists(database.path) else {
      store.dispatch(.reviewed(ReviewSessionLoop.noDatabaseNote(database.path)))
      return
    }
    let offset = store.state.utcOffsetSeconds
    var session = ReviewSessionLoop.store(
      database: database, at: database.clock(), utcOffsetSeconds: offset,
      width: size.width, height: size.height)
    if session.state.error != nil {
      // What is due could not be read: a session over nothing.
      session = ReviewSessionStore(
        state: ReviewSession(
          items: [], width: size.width, height: size.height, utcOffsetSeconds: offset),
        runEffect: database.runNotingEntry)
    }
    _ = ReviewSessionLoop(store: session, screen: screen, clock: database.clock).run()
    session.dispatch(.finish(at: database.clock()))
    store.dispatch(.resize(width: size.width, height: size.height))
    store.dispatch(.reviewed(session.state.summary ?? ""))
  }

  func measure() {
    let layout = BrowseView.measure(store.state)
    if layout != store.state.layout, let layout { store.dispatch(.measured(layout)) }
  }

  /// Hands the terminal to `$EDITOR` for the record asked for, then takes it back.
  func runEditor() throws {
    // The record may need reading first (a book's body): the request comes with its answer.
    guard let request = store.state.editorRequest else { return }
    screen.suspend()
    let result: EditorResult
    do {
      switch request {
      case .post(let post): result = .post(post, try Editor.edit(post))
      case .question(let question): result = .question(question, try Editor.edit(question))
      }
    } catch let error as MemoError {
      result = .failed(error)
    } catch {
      result = .failed(MemoError(code: .io, message: "the editor failed: \(error)"))
    }
    try screen.resume()
    let size = TerminalScreen.size()
    store.dispatch(.resize(width: size.width, height: size.height))
    store.dispatch(.edited(result))
  }

  func draw() {
    measure()
    let state = store.state
    screen.draw(BrowseView.frame(state), width: state.width, height: state.height)
  }
}
