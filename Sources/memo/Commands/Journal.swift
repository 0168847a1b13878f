import ArgumentParser
import MemoCore

extension Memo {
  /// `memo undo [N]`.
  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Undo the latest changes (1, or N), newest first.",
      discussion: Help.text(
        """
        Every change (add, edit, rm, ask, star, answer, fav, category and filter changes,
        import, …) is one entry in the journal; undo restores exactly what it changed, deleted
        posts and their questions included, with the same ids and UUIDs. It refuses (exit 1)
        when there is nothing to undo, or when a row is no longer as that change left it.

        A 'memo sync' round is an entry too, holding what came from the other devices. Undoing
        it deletes or changes those records here, and the next round carries that to the other
        devices: their notes go too. So undo refuses (exit 64, nothing changed) an entry of a
        round, saying what it would delete or change on the other devices, unless --everywhere
        is given. To drop a note everywhere, 'memo rm' it instead.

        Examples:
          memo undo
          memo undo 3
          memo undo --everywhere
          memo log
        """))

    @Argument(help: "How many changes to undo.")
    var count: Int = 1

    @Flag(
      help:
        "Undo a sync round's entry too, though the next 'memo sync' deletes or changes its records on the other devices."
    )
    var everywhere = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .journal(.undo(count, everywhere: everywhere)), access: .writeExisting)
      JournalPresenter.report(state.journalEntries, verb: "undid", context)
      Memo.Sync.warnAfterUndo(state.journalEntries)
    }
  }

  /// `memo redo [N]`.
  struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Redo changes undone with 'memo undo' (1, or N), oldest first.",
      discussion: Help.text(
        """
        A new change after an undo discards what could have been redone. Like undo, redo
        refuses (exit 64, nothing changed) to redo a sync round's entry that would delete or
        change records on the other devices at the next 'memo sync', unless --everywhere is
        given.

        Examples:
          memo redo
          memo redo 2
        """))

    @Argument(help: "How many changes to redo.")
    var count: Int = 1

    @Flag(
      help:
        "Redo a sync round's entry too, though the next 'memo sync' deletes or changes its records on the other devices."
    )
    var everywhere = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .journal(.redo(count, everywhere: everywhere)), access: .writeExisting)
      JournalPresenter.report(state.journalEntries, verb: "redid", context)
    }
  }

  /// `memo log`.
  struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the journal of changes, newest first, and whether each was undone.",
      discussion: Help.text(
        """
        The journal keeps the latest 1,000 changes; older ones are pruned as new ones come.
        --prune drops all but the newest --keep entries now.

        Examples:
          memo log
          memo log --limit 5 --format json | jq '.[].summary'
          memo log --prune --keep 100
        """))

    @Option(help: "Show at most N entries.")
    var limit: Int = 20

    @Flag(help: "Drop old entries (they can no longer be undone).")
    var prune = false

    @Option(help: "With --prune: how many of the newest entries to keep (default: 100).")
    var keep: Int?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if limit < 0 { throw ValidationError("--limit must be 0 or more") }
      if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more") }
      if keep != nil, !prune {
        throw ValidationError(
          "--keep goes with --prune: 'memo log --prune --keep N' drops all but the newest N entries"
        )
      }
    }

    func run() throws {
      let context = try Context(global)
      if prune {
        let state = try context.dispatch(
          .journal(.prune(keep: keep ?? 100)), access: .writeExisting)
        if !context.isQuiet {
          Diagnostics.line("memo: pruned \(counted(state.journalEntries.count, "journal entry"))")
        }
        return
      }
      _ = try context.dispatch(.journal(.log(limit: limit, to: .output)))
    }
  }
}
