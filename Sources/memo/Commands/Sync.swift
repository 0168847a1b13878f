import ArgumentParser
import MemoCore

extension Memo {
  /// `memo sync [--compact]`, `memo sync init|status|conflicts|restore`.
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Keep the same notes on several machines, through a git repository.",
      discussion: Help.text(
        """
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
        """),
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
      switch context.format {
      case .json, .jsonl:
        var o = JSONObjectWriter()
        o.add("pushed", Int64(summary.pushed))
        o.add("applied", Int64(summary.applied))
        o.add("conflicts", Int64(summary.conflicts))
        o.add("retries", Int64(summary.retries))
        o.add("compacted", Int64(summary.compacted))
        Output.line(o.object)
      default:
        guard !context.isQuiet else { return }
        Output.line(summary.description)
        if summary.conflicts > 0 {
          Diagnostics.line(
            "memo: the later version won each conflict; 'memo sync conflicts' lists the other versions, 'memo sync restore ID' brings one back"
          )
        }
      }
    }
  }
}

extension Memo.Sync {
  /// `memo sync`: one round.
  struct Round: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "round",
      abstract: "Push this machine's changes, apply the other machines' (the default).",
      discussion: Help.text(
        """
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
        """))

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
      discussion: Help.text(
        """
        Makes a git repository next to the database, with REMOTE as its origin,
        registers this machine (a device id that never changes, and NAME, by default
        the host name) and runs a first round: the notes here are pushed, the notes on
        the remote are pulled. REMOTE may be empty or already hold other machines.

        Examples:
          memo sync init /media/usb/memo.git --name laptop
          memo sync init me@nas.local:memo.git
        """))

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
      discussion: Help.text(
        """
        As of the last round (status does not go to the network).

        Examples:
          memo sync status
          memo sync status --format json
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(.showStatus(repository: Memo.Sync.repository(for: context))), access: .read)
      guard let status = state.syncStatus else { return }
      switch context.format {
      case .json, .jsonl:
        var o = JSONObjectWriter()
        o.add("remote", status.remote)
        o.add("device", raw: device(status.device))
        o.add("devices", raw: "[" + status.others.map(device).joined(separator: ",") + "]")
        o.add("pending", Int64(status.pending))
        o.add("conflicts", Int64(status.conflicts))
        Output.line(o.object)
      default:
        Output.line("remote: \(status.remote)")
        Output.line("this device: \(status.device.name) (\(status.device.id))")
        Output.line("waiting to be pushed: \(status.pending)")
        Output.line("kept versions from conflicts: \(status.conflicts)")
        Output.line(status.others.isEmpty ? "other devices: none yet" : "other devices:")
        for other in status.others {
          let last = other.lastRound.map { "last change \($0.rfc3339)" } ?? "no changes yet"
          Output.line("  \(other.name) (\(other.id)): \(last)")
        }
      }
    }

    func device(_ device: SyncDevice) -> String {
      var o = JSONObjectWriter()
      o.add("id", device.id)
      o.add("name", device.name)
      o.add("last_round", device.lastRound)
      return o.object
    }
  }

  /// `memo sync conflicts`.
  struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the versions that lost a conflict, kept so that you can restore one.",
      discussion: Help.text(
        """
        Examples:
          memo sync conflicts
          memo sync restore 3
        """))

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
      discussion: Help.text(
        """
        The kept version becomes the record's content again, as a new change on this
        machine: the next 'memo sync' pushes it and it wins everywhere. 'memo undo'
        takes it back.

        Examples:
          memo sync conflicts
          memo sync restore 3
        """))

    @Argument(help: "The kept version's id, as 'memo sync conflicts' lists it.")
    var id: Int64

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.sync(.restore(id)), access: .write)
      switch context.format {
      case .json, .jsonl: Memo.Sync.list(state.syncConflicts, context)
      default:
        guard !context.isQuiet, let restored = state.syncConflicts.first else { return }
        Output.line(
          "restored \(restored.kind.rawValue) \(restored.summary.map { "'\($0)'" } ?? restored.key) as \(restored.device) had it; 'memo sync' pushes it"
        )
      }
    }
  }

  static func list(_ conflicts: [SyncConflict], _ context: Context) {
    switch context.format {
    case .json, .jsonl:
      let objects = conflicts.map { c -> String in
        var o = JSONObjectWriter()
        o.add("id", c.id)
        o.add("kind", c.kind.rawValue)
        o.add("key", c.key)
        o.add("summary", c.summary)
        o.add("deleted", c.summary == nil)
        o.add("device", c.device)
        o.add("changed_at", Timestamp(millis: c.time.millis))
        o.add("winner", c.winner)
        o.add("detected_at", c.detectedAt)
        return o.object
      }
      if context.format == .jsonl {
        for object in objects { Output.line(object) }
      } else {
        Output.line("[" + objects.joined(separator: ",") + "]")
      }
    default:
      for c in conflicts {
        let what = c.summary.map { "'\($0)'" } ?? "(deleted)"
        Output.line(
          "\(c.id)  \(c.kind.rawValue) \(what) as \(c.device) had it at \(Timestamp(millis: c.time.millis).rfc3339); \(c.winner)'s version won"
        )
      }
    }
  }
}
