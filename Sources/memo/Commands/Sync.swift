import ArgumentParser
import MemoCore

extension Memo {
  /// `memo sync [--compact]`, `memo sync init|status|conflicts|restore`.
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Keep the same notes on several machines, through a git repository.",
      discussion: """
        memo calls the system git: any remote git can reach works (a bare repository
        on a USB disk or NAS, ssh, a hosted repository), with your own git
        configuration and credentials. Posts, questions, answers, stars, categories,
        favorites and saved filters sync; the current filter, export cursors and the
        sync set-up stay on each machine.

        Examples:
          git init --bare /media/usb/memo.git
          memo sync init /media/usb/memo.git --name laptop
          memo sync
          memo sync status
          memo sync conflicts
        """,
      subcommands: [Round.self, Init.self, Status.self, Conflicts.self, Restore.self],
      defaultSubcommand: Round.self)

    /// The local sync repository: next to the database (memo.db → memo-sync).
    static func repository(for context: Context) -> String {
      let path = context.location.path
      return (path.hasSuffix(".db") ? String(path.dropLast(3)) : path) + "-sync"
    }

    /// Test-only: $MEMO_SYNC_CLOCK_SKEW_MS moves this process's sync clock, to play machines
    /// whose clocks disagree.
    static func request(
      _ context: Context, remote: String? = nil, name: String? = nil, compact: Bool = false
    )
      -> SyncRequest
    {
      SyncRequest(
        repository: repository(for: context), remote: remote, name: name, compact: compact,
        clockSkewMillis: Environment.get("MEMO_SYNC_CLOCK_SKEW_MS").flatMap { Int64($0) } ?? 0)
    }

    static func report(_ summary: SyncSummary, _ context: Context) {
      SyncPresenter.print(summary, context)
    }
  }
}

extension Memo.Sync {
  /// `memo sync`: one round.
  struct Round: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "round",
      abstract: "Push this machine's changes, apply the other machines' (the default).",
      discussion: """
        One round: commit this machine's new changes as a file of its own, fetch,
        apply the other machines' new changes, push (again, if another machine pushed
        in between). Prints "pushed N, applied M, conflicts K". A record changed on
        two machines that had not seen each other's change is a conflict: the later
        change wins everywhere and the other version is kept ('memo sync conflicts').
        'memo undo' takes a round back (the next round pushes that). An unreachable
        remote or no git exits 69, changing nothing.

        Examples:
          memo sync
          memo sync --format json
          memo sync --compact
        """)

    @Flag(help: "Fold this machine's change files on the remote into one snapshot.")
    var compact = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(.round(Memo.Sync.request(context, compact: compact))), access: .write)
      if let summary = state.syncSummary { Memo.Sync.report(summary, context) }
    }
  }

  /// `memo sync init REMOTE [--name NAME]`.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set up sync with a remote git repository and run a first round.",
      discussion: """
        Makes a git repository next to the database, with REMOTE as its origin,
        registers this machine (a device id that never changes, and NAME, by default
        the host name) and runs a first round: the notes here are pushed, the notes on
        the remote are pulled. REMOTE may be empty or already hold other machines.

        Examples:
          memo sync init /media/usb/memo.git --name laptop
          memo sync init me@nas.local:memo.git
        """)

    @Argument(help: "The remote git repository: a path or an address git can reach.")
    var remote: String

    @Option(help: "This machine's name (default: the host name).")
    var name: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(.initialize(Memo.Sync.request(context, remote: remote, name: name))), access: .write)
      if let summary = state.syncSummary { Memo.Sync.report(summary, context) }
    }
  }

  /// `memo sync status`.
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the remote, this machine, the others, and what waits to be pushed.",
      discussion: """
        As of the last round (status does not go to the network).

        Examples:
          memo sync status
          memo sync status --format json
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(.showStatus(repository: Memo.Sync.repository(for: context))), access: .read)
      guard let status = state.syncStatus else { return }
      SyncPresenter.print(status, context)
    }
  }

  /// `memo sync conflicts`.
  struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the versions that lost a conflict, kept so that you can restore one.",
      discussion: """
        Examples:
          memo sync conflicts
          memo sync restore 3
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.sync(.listConflicts), access: .read)
      Memo.Sync.list(state.syncConflicts, context)
    }
  }

  /// `memo sync restore ID`.
  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring back a version kept from a conflict (the next round pushes it).",
      discussion: """
        The kept version becomes the record's content again, as a new change on this
        machine: the next 'memo sync' pushes it and it wins everywhere. 'memo undo'
        takes it back.

        Examples:
          memo sync conflicts
          memo sync restore 3
        """)

    @Argument(help: "The kept version's id, as 'memo sync conflicts' lists it.")
    var id: Int64

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.sync(.restore(id)), access: .write)
      switch context.format {
      case .json, .jsonl, .csv, .tsv: SyncPresenter.print(state.syncConflicts, context)
      default:
        guard !context.isQuiet, let restored = state.syncConflicts.first else { return }
        Output.line(SyncPresenter.restored(restored))
      }
    }
  }

  static func list(_ conflicts: [SyncConflict], _ context: Context) {
    SyncPresenter.print(conflicts, context)
  }
}
