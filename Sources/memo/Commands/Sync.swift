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

        To start: make an empty repository (git init --bare PATH, or an empty
        hosted one) and run 'memo sync init PATH' on each machine; then 'memo sync'.
        To move (a USB disk mounted elsewhere, a renamed share): 'memo sync remote
        NEWPATH'. Each field of a record merges on its own: edits of different fields
        on two machines both stay; the same field changed on both is a conflict (the
        later wins, 'memo sync conflicts' keeps the other).

        Examples:
          git init --bare /media/usb/memo.git
          memo sync init /media/usb/memo.git --name laptop
          memo sync
          memo sync status
          memo sync conflicts
          memo sync remote /media/usb2/memo.git
        """),
      subcommands: [
        Round.self, Init.self, Status.self, Conflicts.self, Remote.self, Restore.self,
      ],
      defaultSubcommand: Round.self)

    /// The local sync repository: next to the database (memo.db → memo-sync).
    static func repository(for context: Context) -> String {
      let path = context.location.path
      return (path.hasSuffix(".db") ? String(path.dropLast(3)) : path) + "-sync"
    }

    /// Test-only: $MEMO_SYNC_CLOCK_SKEW_MS moves this process's sync clock, to play machines
    /// whose clocks disagree.
    static func request(
      _ context: Context, remote: String? = nil, name: String? = nil, compact: Bool = false,
      newDevice: Bool = false
    )
      -> SyncRequest
    {
      SyncRequest(
        repository: repository(for: context), remote: remote, name: name, compact: compact,
        clockSkewMillis: Environment.get("MEMO_SYNC_CLOCK_SKEW_MS").flatMap { Int64($0) } ?? 0,
        newDevice: newDevice)
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
      discussion: Help.text(
        """
        One round: commit this machine's new changes as a file of its own, fetch,
        apply the other machines' new changes, push (again, if another machine pushed
        in between). Prints "pushed N, applied M, conflicts K" in a table, the
        counts as a record in every other format. A record changed on two machines
        that had not seen each other's change is a conflict: the later change wins
        everywhere and the other version is kept ('memo sync conflicts').
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
        .sync(.round(Memo.Sync.request(context, compact: compact))), access: .write,
        progress: context.progressMeter("syncing"))
      if let summary = state.syncSummary { Memo.Sync.report(summary, context) }
    }
  }

  /// `memo sync init REMOTE [--name NAME]`, `memo sync init --new-device [REMOTE]`.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set up sync with a remote git repository and run a first round.",
      discussion: Help.text(
        """
        Makes a git repository next to the database, with REMOTE as its origin,
        registers this machine (a device id that never changes, and NAME, by default
        the host name) and runs a first round: the notes here are pushed, the notes on
        the remote are pulled. REMOTE must be empty or hold only what memo wrote
        (other machines' notes); any other repository is refused (65) and an
        unreachable one exits 69, changing nothing. 'memo sync remote URL' moves an
        existing set-up to another remote.

        A database restored from a backup, or memo.db copied to another machine,
        syncs as the device it was copied from: its round is refused (73) rather
        than overwrite that copy's files on the remote. --new-device gives it a
        device id of its own (REMOTE: the one it syncs with, unless given): the
        other copy's notes arrive, and this database's go out again; nothing is
        lost. Its name: NAME, else the host name, numbered (laptop-2) when a
        device has it already.

        Examples:
          memo sync init /media/usb/memo.git --name laptop
          memo sync init me@nas.local:memo.git
          memo sync init --new-device
        """))

    @Argument(help: "The remote git repository: a path or an address git can reach.")
    var remote: String?

    @Option(help: "This machine's name (default: the host name).")
    var name: String?

    @Flag(
      name: .customLong("new-device"),
      help: "Sync this database as a new device (a restored backup, a copied memo.db).")
    var newDevice = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(
          .initialize(
            Memo.Sync.request(context, remote: remote, name: name, newDevice: newDevice))),
        access: .write,
        progress: context.progressMeter("syncing"))
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
        .sync(.showStatus(repository: Memo.Sync.repository(for: context))))
      guard let status = state.syncStatus else { return }
      SyncPresenter.print(status, context)
    }
  }

  /// `memo sync conflicts [list|restore ID|dismiss ID]`.
  struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List, restore or dismiss the values that lost a conflict.",
      discussion: Help.text(
        """
        A conflict is one field (a title, an answer, a star…) changed on two machines
        that had not seen each other's change: the later value won everywhere, the
        other is kept here. Edits of different fields never conflict. An edit of a
        record another machine deleted is kept too: the deletion wins. Restoring or
        dismissing a conflict clears it on every machine at the next rounds.

        Examples:
          memo sync conflicts
          memo sync conflicts --format json
          memo sync conflicts restore 3
          memo sync conflicts dismiss 3
        """),
      subcommands: [ListConflicts.self, Restore.self, Dismiss.self],
      defaultSubcommand: ListConflicts.self)
  }

  /// `memo sync conflicts [list]`.
  struct ListConflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List the conflicts: the record, the field, the value kept and the value lost.",
      discussion: Help.text(
        """
        Oldest first. KEPT is what the record holds now (empty when it was deleted),
        LOST the value that lost, LOST ON the machine that set it, KEPT FROM the
        machine whose value the record holds. A highlight's place shows its
        chapter, page and location on both sides.

        Examples:
          memo sync conflicts
          memo sync conflicts --format json
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      _ = try context.dispatch(.sync(.listConflicts(to: .output)))
    }
  }

  /// `memo sync conflicts restore ID` (also `memo sync restore ID`).
  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a lost value the record's again (the next round pushes it).",
      discussion: Help.text(
        """
        The lost value becomes the field's value again, as a new change on this
        machine: the next 'memo sync' pushes it, it wins everywhere and the conflict
        is gone on every machine. The value it replaced is kept as a conflict in its
        place, on every machine (dismiss it to forget it), and another value kept
        from the same field still restores. A record deleted meanwhile comes back as the
        machine that lost had it. Prints the conflict as it is then: the value kept
        now and the machine that set it, the value it replaced and its machine, and
        the id of the conflict that keeps that value (none when nothing was kept).
        'memo undo' takes it back: the record's value and the conflict as it was.

        Examples:
          memo sync conflicts
          memo sync conflicts restore 3
        """))

    @Argument(help: "The conflict's id, as 'memo sync conflicts' lists it.")
    var id: Int64

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.sync(.restore(id)), access: .writeExisting)
      SyncConflictPresenter.report(state.syncConflicts.first, verb: "restored", context)
    }
  }

  /// `memo sync conflicts dismiss ID`.
  struct Dismiss: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Forget a conflict, keeping the record as it is, on every machine.",
      discussion: Help.text(
        """
        Examples:
          memo sync conflicts
          memo sync conflicts dismiss 3
        """))

    @Argument(help: "The conflict's id, as 'memo sync conflicts' lists it.")
    var id: Int64

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.sync(.dismiss(id)), access: .writeExisting)
      SyncConflictPresenter.report(state.syncConflicts.first, verb: "dismissed", context)
    }
  }

  /// `memo sync remote [URL]`.
  struct Remote: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the remote, or move to another (a moved disk, a renamed share).",
      discussion: Help.text(
        """
        Without URL, prints the remote. With URL, checks it as 'memo sync init' does
        (it must answer, and be empty or hold only what memo wrote) and syncs through
        it from now on; the next 'memo sync' pushes this machine's notes there if it
        lacks them. A remote that cannot be reached exits 69, a foreign one 65, and
        nothing changes.

        Examples:
          memo sync remote
          memo sync remote /media/usb2/memo.git
          memo sync remote me@nas.local:memo.git
        """))

    @Argument(help: "The new remote git repository: a path or an address git can reach.")
    var url: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .sync(.remote(Memo.Sync.request(context, remote: url))),
        access: .write)
      guard let remote = state.syncRemote else { return }
      // Setting the remote is a change: quiet with --quiet, unless data was asked for.
      if url != nil, context.isSilentReport { return }
      switch context.format {
      case .json, .jsonl, .csv, .tsv, .plain:
        context.print(
          [SyncPresenter.remoteLayout.row([.text(remote)])], SyncPresenter.remoteLayout,
          single: true)
      case .table:
        if url == nil {
          Output.line(remote)
        } else {
          Output.line("syncs with \(remote) now; 'memo sync' runs a round")
        }
      }
    }
  }
}

extension Memo.Sync {
  /// After `memo undo` took back a sync round: what the next round will do on the other
  /// devices (issue 20), on stderr — an undo of a round travels like any change. Counted by
  /// kind as the refusal without --everywhere counts it (`RoundEffect`), so the two agree.
  static func warnAfterUndo(_ entries: [JournalEntry]) {
    let effects = entries.compactMap(\.roundEffect)
    guard let first = effects.first else { return }
    let what = effects.dropFirst().reduce(first, +).words
    guard !what.isEmpty else { return }
    Diagnostics.line(
      "memo: the next 'memo sync' pushes this undo: it will \(what) on the other devices ('memo redo' brings the round back first)"
    )
  }
}
