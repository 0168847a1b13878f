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
        Books first (newest first, with question counts, books on the shelf marked); Enter opens a
        book's questions and a question's detail; Escape goes back; q quits. ? lists the keys:
        j/k and the arrows move, g/G first/last, PgUp/PgDn and ^d/^u page, s stars, a answers,
        f the Filter screen (its choice becomes the current filter), / searches, F the
        Favorites shelf, v puts a book on it or takes it off, Q every question, u undoes.
        Every change is in the journal ('memo log', 'memo undo'); changes made elsewhere show
        up within a second. Needs a terminal on stdin and stdout.

        Examples:
          memo browse
          NO_COLOR=1 memo browse --db ~/notes/memo.db
        """))

    @OptionGroup var global: CommonOptions

    func run() throws {
      guard Terminal.stdinIsTerminal, Terminal.stdoutIsTerminal else {
        throw MemoError.usage(
          "memo browse needs a terminal on stdin and stdout; in scripts use 'memo list' or 'memo questions'"
        )
      }
      let context = try Context(global, format: .table)
      let database = try DatabaseFile.open(
        at: context.location.path, for: .write,
        busyTimeoutMilliseconds: context.busyTimeoutMilliseconds)
      let runner = EffectRunner(database: database)
      let size = TerminalScreen.size()
      let store = BrowseStore(
        state: BrowseState(
          width: size.width, height: size.height,
          utcOffsetSeconds: context.style.utcOffsetSeconds),
        runEffect: runner.run)
      let screen = TerminalScreen(useColor: context.style.useColor)
      try screen.enter()
      defer { screen.leave() }
      let signal = BrowseLoop(store: store, screen: screen).run()
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
  /// `$MEMO_BROWSE_TIMINGS`: a file for scripts/bench-browse (when the first screen was drawn,
  /// and how long each key took from its bytes read to its frame written).
  let timings = Environment.get("MEMO_BROWSE_TIMINGS").map { fopen($0, "w") } ?? nil

  /// - Returns: the signal that ended it (0: q).
  func run() -> Int32 {
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
        for key in keys { store.dispatch(.key(key)) }
      case .input(let bytes):
        // Another process's change shows up by this key at the latest.
        store.dispatch(.tick)
        for key in decoder.feed(bytes) {
          store.dispatch(.key(key))
          if store.state.isFinished { break }
        }
      }
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

  func draw() {
    let state = store.state
    screen.draw(BrowseView.frame(state), width: state.width, height: state.height)
  }
}
