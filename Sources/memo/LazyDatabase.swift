import MemoCore
import MemoStorage

/// The database behind every front end's store (a command's `Context.dispatch`, the shell
/// completions, `memo browse`, `memo review`'s session): opened on the first effect that needs
/// it, for reading when that effect only reads (`Effect.onlyReads`, declared beside the
/// effect), else as `access` says. A missing file is read as empty and is not created by a
/// read (SPEC §2, issue 20); a change that creates it opens it then, and a long-lived front end
/// (`picksUpNewFile`) also picks it up once another process made it.
final class LazyDatabase {
  let path: String
  /// How changes open the file: `.write` creates it when missing, `.writeExisting` does not
  /// (SPEC §2); nil for a front end that only reads, whose effect that would write is refused
  /// as an internal error, writing nothing.
  let access: DatabaseFile.Access?
  /// The command's clock: the runner times its writes by it.
  let clock: () -> Timestamp
  let busyTimeoutMilliseconds: Int32
  /// Where listings whose effect says `.output` stream their rows (nil: none may).
  let output: RowSink?
  /// Counts an import's or an export's records (nil: quiet).
  var progress: ProgressMeter?
  /// A rating timed before its item was made is refused (`review rate --at`).
  var refusesRatingBeforeCreation = false
  /// Whether a missing file read as empty is opened once another process made it.
  let picksUpNewFile: Bool
  let migrationProgress: (() -> ProgressMeter?)?
  private var opened: (database: Database, runner: EffectRunner, access: DatabaseFile.Access)?

  init(
    path: String, access: DatabaseFile.Access?, clock: @escaping () -> Timestamp,
    busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds,
    output: RowSink? = nil, picksUpNewFile: Bool = false,
    migrationProgress: (() -> ProgressMeter?)? = nil
  ) {
    self.path = path
    self.access = access
    self.clock = clock
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.output = output
    self.picksUpNewFile = picksUpNewFile
    self.migrationProgress = migrationProgress
  }

  /// A long-lived front end's database (`memo browse`, `memo review`'s session), opened for
  /// reading now, so that an unreadable file is an error before the screen is taken; changes
  /// create a missing file. - Throws: `MemoError`, as `DatabaseFile.open` does.
  convenience init(
    path: String, clock: @escaping () -> Timestamp, busyTimeoutMilliseconds: Int32
  ) throws {
    self.init(
      path: path, access: .write, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      picksUpNewFile: true)
    opened = try open(for: .read)
  }

  /// Whether the effects run so far recorded a change in the journal.
  var madeChanges: Bool { opened?.runner.madeChanges == true }

  func close() { opened?.database.close() }

  /// Runs `effect`, first opening (creating, for a change) the file when it is time.
  func run(_ effect: Effect) -> Action {
    guard let needed = effect.onlyReads ? .read : access else {
      return .failed(
        MemoError(
          code: .io,
          message:
            "internal error: a reading command asked for a change (\(effect)); please report this as a bug"
        ))
    }
    if let reopening = opening(for: needed) {
      do {
        let next = try open(for: reopening)
        opened?.database.close()
        opened = next
      } catch let error as MemoError {
        return .failed(error)
      } catch {
        return .failed(MemoError(code: .io, message: "cannot open \(path): \(error)"))
      }
    }
    // Set just above, or the function returned.
    return opened!.runner.run(effect)
  }

  /// Runs `effect` (see `run`). - Returns: its answer and the journal entry it made (nil:
  /// none), for a front end that takes back only its own changes (`memo review`'s session).
  func runNotingEntry(_ effect: Effect) -> (Action, entry: Int64?) {
    let answer = run(effect)
    return (answer, opened?.runner.lastJournalEntry)
  }

  /// How to open the file before an effect that needs `needed` (nil: as it is): at the first
  /// effect; and a missing file read as empty, once a change creates it (or, picking up a new
  /// file, once it exists).
  private func opening(for needed: DatabaseFile.Access) -> DatabaseFile.Access? {
    guard let opened else { return needed }
    guard opened.access != .write, opened.database.path == ":memory:" else { return nil }
    if needed == .write { return .write }
    if picksUpNewFile, let access, Terminal.fileExists(path) { return access }
    return nil
  }

  private func open(for access: DatabaseFile.Access) throws -> (
    database: Database, runner: EffectRunner, access: DatabaseFile.Access
  ) {
    let database = try DatabaseFile.open(
      at: path, for: access, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      migrationProgress: migrationProgress)
    let runner = EffectRunner(database: database, clock: clock, writingTo: output)
    runner.progress = progress
    runner.refusesRatingBeforeCreation = refusesRatingBeforeCreation
    return (database, runner, access)
  }
}
