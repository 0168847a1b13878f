import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

/// What a command needs from its surroundings: where the database is, how to print, and the
/// time. Nothing is opened until a command's first effect needs the database.
struct Context {
  let location: DatabaseLocation
  let format: OutputFormat
  let style: Style
  let isQuiet: Bool
  /// Whether stdout is a terminal (a person reads it) rather than a pipe or a file.
  let stdoutIsTerminal: Bool
  /// The one clock of the command (`Environment.clock`): `now` is read from it once, at the
  /// start; the effect runner times its writes by it, a review session its keys.
  let clock: () -> Timestamp
  let now: Timestamp
  /// How long to wait for another process's write lock: $MEMO_BUSY_TIMEOUT milliseconds.
  let busyTimeoutMilliseconds: Int32

  init(_ global: GlobalOptions) throws {
    try self.init(global.common, format: global.format)
  }

  init(_ global: CommonOptions, format requested: OutputFormat?) throws {
    location = try DatabaseLocation.resolve(
      flag: global.db, environment: Environment.memoVariables())
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    self.stdoutIsTerminal = stdoutIsTerminal
    // `--color always` asks for what a person sees, piped to `less -R` say: the table, as ls,
    // git and ripgrep keep their human output (issue 22).
    format = requested ?? (stdoutIsTerminal || global.color == .always ? .table : .plain)
    let useColor: Bool
    switch global.color {
    case .always: useColor = true
    case .never: useColor = false
    case .auto:
      // https://no-color.org: any non-empty NO_COLOR turns colour off.
      let noColor = !(Environment.get("NO_COLOR") ?? "").isEmpty
      useColor = stdoutIsTerminal && !noColor && Environment.get("TERM") != "dumb"
    }
    clock = Environment.clock()
    now = clock()
    if let zone = Environment.unknownZone() {
      // As glibc does, such a zone is read as UTC: say so, rather than show wrong local times.
      Diagnostics.line(
        "memo: warning: TZ=\(zone) names no time zone this machine knows; times are read and shown in UTC (a name from /usr/share/zoneinfo, like Europe/Berlin, or a POSIX rule like CET-1CEST)"
      )
    }
    style = Style(
      useColor: useColor, utcOffsetSeconds: Environment.utcOffsetSeconds(at: now),
      // Off a terminal a table is as wide as its cells, unless $COLUMNS says otherwise (the
      // manual's ENVIRONMENT): `COLUMNS=80 memo list --color always | less -R`.
      width: stdoutIsTerminal
        ? Terminal.width()
        : Environment.get("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
    isQuiet = global.quiet
    busyTimeoutMilliseconds =
      Environment.get("MEMO_BUSY_TIMEOUT").flatMap { Int32($0) }.map { max(0, $0) }
      ?? Database.defaultBusyTimeoutMilliseconds
  }

  /// Whether a command that changed something keeps quiet about it: with --quiet, unless data
  /// was asked for (`--format json`, `jsonl`, `csv`, `tsv`): `memo answer 4 "…" -q` prints
  /// nothing, as `memo edit 4 … -q` does. (`add`, `ask` and `highlight add` still print the
  /// new id: that is what scripts need of them.)
  var isSilentReport: Bool { isQuiet && (format == .table || format == .plain) }

  /// Parses a DATE option value; `looksAhead`: the option takes `tomorrow` and `+2d` too.
  /// - Throws: `MemoError` `.usage` (64).
  func date(_ text: String, looksAhead: Bool = false) throws -> DateExpression {
    try DateExpression.parse(
      text, now: now, utcOffsetSeconds: style.utcOffsetSeconds, looksAhead: looksAhead)
  }

  /// A writer for a listing in this context's format, on stdout.
  var listingWriter: ListingWriter {
    ListingWriter.make(format: format, style: style, isQuiet: isQuiet)
  }

  /// A writer for a listing that `selection` filters: off a terminal, and unless quiet, it says
  /// on stderr when the current filter narrows the listing, so a script is never surprised
  /// (SPEC §4).
  func listingWriter(filteredBy selection: FilterSelection) -> ListingWriter {
    let writer = listingWriter
    // A table says it in its own banner (`--color always` into a pipe keeps the table).
    if selection.base == .current, !stdoutIsTerminal, !isQuiet, writer.format != .table {
      writer.flagsOverCurrentFilter = selection.flags
    }
    return writer
  }

  /// Dispatches `action` into a new store over the database, opened on the first effect: for
  /// reading when that effect only reads (`Effect.onlyReads`, declared beside the effect),
  /// else as `access` says. A listing's rows go where its action says (`RowDestination`):
  /// `.output` streams them to `output`, `.state` leaves a page in the returned state.
  /// - Parameters:
  ///   - access: how the command's changes open the file: `.write` creates it when missing,
  ///     `.writeExisting` does not (SPEC §2); nil for a command that only reads, whose effect
  ///     that would write is refused as an internal error, writing nothing.
  ///   - output: the writer `.output` listings stream to (nil: this context's
  ///     `listingWriter`; a command passes its own when it set it up, as for a filtered listing).
  /// - Returns: the state after every effect ran. - Throws: the `MemoError` the state holds.
  func dispatch(
    _ action: Action, access: DatabaseFile.Access? = nil, output: ListingWriter? = nil,
    progress: ProgressMeter? = nil, refusingRatingBeforeCreation: Bool = false
  ) throws -> AppState {
    let database = LazyDatabase(
      path: location.path, access: access, clock: clock,
      busyTimeoutMilliseconds: busyTimeoutMilliseconds, output: output ?? listingWriter,
      migrationProgress: { [isQuiet] in
        Context.progressMeter("upgrading the database", counting: false, isQuiet: isQuiet)
      })
    database.progress = progress
    database.refusesRatingBeforeCreation = refusingRatingBeforeCreation
    let store = Store(runEffect: database.run)
    store.dispatch(action)
    if let error = store.state.error { throw error }
    // A change made and committed: if stdout then fails, the error says the change was kept.
    if access != nil, database.madeChanges { Output.changeKept = true }
    return store.state
  }
}

/// The process environment, read through getenv (no Foundation needed).
enum Environment {
  static func get(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// The clock every command reads: the system's. A test hook, for the end-to-end tests only
  /// (kept out of the help and the manual on purpose): `MEMO_NOW`, an RFC 3339 time such as
  /// `2026-03-01T23:55:00Z`, stops the clock at that time, in every command alike (so that
  /// what one command makes is never later than what the next one reads). A value that is not
  /// such a time is ignored.
  static func clock() -> () -> Timestamp {
    guard let text = get("MEMO_NOW"), let time = Timestamp(rfc3339: text) else {
      return SystemClock.now
    }
    return { time }
  }

  /// The variables `DatabaseLocation.resolve` reads.
  static func memoVariables() -> [String: String] {
    var result: [String: String] = [:]
    for name in ["MEMO_DB", "XDG_DATA_HOME", "HOME"] { result[name] = get(name) }
    return result
  }

  /// `TZ` when it names no zone: neither a zone file (under `TZDIR` or /usr/share/zoneinfo,
  /// or a path after `:`) nor a POSIX rule (a name, then an offset: `UTC-9`, `CET-1CEST`), nor
  /// UTC's own names. Nil when unset or empty (UTC, as glibc reads it).
  static func unknownZone() -> String? {
    guard let zone = get("TZ"), !zone.isEmpty else { return nil }
    var name = Substring(zone)
    if name.first == ":" { name = name.dropFirst() }
    if ["UTC", "UCT", "GMT", "Zulu", "Universal", "Etc/UTC", "Etc/GMT"].contains(name) {
      return nil
    }
    let path =
      name.first == "/" ? String(name) : (get("TZDIR") ?? "/usr/share/zoneinfo") + "/" + name
    var info = stat()
    if !name.isEmpty, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return nil }
    if zone.first != ":", isPOSIXRule(zone) { return nil }
    return zone
  }

  /// A POSIX `TZ` rule's start: a name of three or more letters (or `<…>`), then an offset.
  static func isPOSIXRule(_ rule: String) -> Bool {
    var rest = Substring(rule)
    if rest.first == "<" {
      guard let end = rest.firstIndex(of: ">") else { return false }
      rest = rest[rest.index(after: end)...]
    } else {
      let letters = rest.prefix { $0.isASCII && $0.isLetter }
      guard letters.count >= 3 else { return false }
      rest = rest.dropFirst(letters.count)
    }
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    return rest.first?.isASCII == true && rest.first?.isNumber == true
  }

  /// The local time zone's offset from UTC at `time`, in seconds.
  static func utcOffsetSeconds(at time: Timestamp) -> Int {
    var seconds = time_t(time.millis / 1000)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }
}
