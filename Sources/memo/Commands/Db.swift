import ArgumentParser
import MemoCore
import MemoStorage

extension Memo {
  /// `memo db path|check|backup`.
  struct Db: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "db",
      abstract: "The database file: where it is, whether it is sound, a safe copy.",
      subcommands: [Path.self, Check.self, Backup.self],
      defaultSubcommand: Path.self)
  }
}

extension Memo.Db {
  struct Path: ParsableCommand {
    /// `{path, from, exists}`.
    static let layout = Layout([
      Field("path", .text), Field("from", .text), Field("exists", .bool),
    ])

    static let configuration = CommandConfiguration(
      abstract:
        "Print the database in use and why (--db, $MEMO_DB, $XDG_DATA_HOME or the default).",
      discussion: Help.text(
        """
        Examples:
          memo db path
          sqlite3 "$(memo db path --quiet)"
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let location = context.location
      let exists = Terminal.fileExists(location.path)
      switch context.format {
      case .json, .jsonl, .csv, .tsv:
        let layout = Self.layout
        context.print(
          [layout.row([.text(location.path), .text(location.reason.rawValue), .bool(exists)])],
          layout, single: true)
      case .table, .plain:
        if context.isQuiet || context.format == .plain && !Terminal.stdoutIsTerminal {
          Output.line(location.path)
        } else {
          Output.line(
            "\(location.path)  (from \(location.reason.rawValue)\(exists ? "" : "; not created yet"))"
          )
        }
      }
    }
  }

  struct Check: ParsableCommand {
    /// JSON: `{path, ok, problems}`; CSV, TSV and plain text: a row per problem.
    static let layout = Layout([
      Field("path", .text), Field("ok", .bool), Field("problems", .texts),
    ])
    static let problemLayout = Layout([Field("problem", .text)])

    static let configuration = CommandConfiguration(
      abstract:
        "Check the database: SQLite's integrity check, foreign keys, memo's own bookkeeping (exit 74 on a problem).",
      discussion: Help.text(
        """
        Lists what PRAGMA integrity_check and foreign_key_check find, a problem a line; a file
        that is not a SQLite database, or whose schema cannot be read, says so. On a sound file
        it also holds memo's bookkeeping against the records: a record here listed as deleted
        (exports would tell their readers to delete it), a record the search cannot find.
        --repair makes those two again from the records (your notes are not changed), then
        checks.

        Examples:
          memo db check
          memo db check --repair
        """))

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Mend memo's bookkeeping from the records first (deletion marks, search index).")
    var repair = false

    func run() throws {
      let context = try Context(global)
      // A check of a file that is not there would pass over an empty database: say so.
      guard Terminal.fileExists(context.location.path) else {
        throw MemoError(
          code: .noInput,
          message:
            "there is no database at \(context.location.path) to check; 'memo db path' shows where memo looks"
        )
      }
      if repair { try mend(context) }
      let problems: [String]
      var mendable = 0
      do {
        let state = try context.dispatch(
          .database(.check),
          progress: context.progressMeter("checking the database", counting: false))
        problems = state.databaseProblems ?? []
        mendable = state.databaseMendable
      } catch let error as MemoError where error.code == .io {
        // A file memo cannot open (not a database, a schema SQLite cannot read) is what the
        // check is for: its problems are listed like any other.
        guard let damage = DatabaseFile.damage(at: context.location.path) else { throw error }
        problems = damage
      }
      switch context.format {
      case .json, .jsonl:
        let layout = Self.layout
        context.print(
          [layout.row([.text(context.location.path), .bool(problems.isEmpty), .texts(problems)])],
          layout, single: true)
      case .csv, .tsv, .plain:
        // A row per problem (plain: the lines alone, like every listing's rows).
        let layout = Self.problemLayout
        context.print(problems.map { layout.row([.text($0)]) }, layout)
      case .table:
        for problem in problems { Output.line(visible(oneLine(problem))) }
      }
      guard problems.isEmpty else {
        if mendable == problems.count {
          throw MemoError(
            code: .io,
            message:
              "\(context.location.path) has \(problems.count) problem(s) in memo's bookkeeping, listed above; 'memo db check --repair' makes it again from the records (your notes are not changed)"
          )
        }
        throw MemoError(
          code: .io,
          message:
            "\(context.location.path) has \(problems.count) problem(s), listed above; restore a backup ('memo import' of an export, or a 'memo db backup' copy), or salvage what is left with sqlite3's .recover"
        )
      }
      // Plain text is the problems' rows: none when all is well (the exit status says it).
      if !context.isQuiet, context.format == .table {
        Output.line("ok: \(context.location.path)")
      }
    }

    /// `--repair`: mends the bookkeeping in one transaction and says what it mended on stderr.
    private func mend(_ context: Context) throws {
      let state = try context.dispatch(.database(.repair), access: .writeExisting)
      guard !context.isQuiet else { return }
      for line in state.databaseRepairs ?? [] { Diagnostics.line("repaired: \(line)") }
    }
  }

  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Copy the database to PATH, consistently, even while other memo processes write.",
      discussion: Help.text(
        """
        Uses SQLite's online backup API; the copy is written under a temporary name and renamed
        over PATH when complete (mode 0600, or the mode of the file it replaces). A symlink is
        written through; a FIFO, a device or /dev/fd/N receives the copy directly (a reader
        that goes away before the end leaves it incomplete: exit 74); the database in use and
        its -wal/-shm/-journal files are refused (exit 64). What a backup or an export killed
        with SIGKILL left in PATH's folder (.NAME.memo-tmp-PID, its process gone) is removed:
        PATH's own at once, another's once a minute old.

        A PATH another process has open as a database (a 'memo browse' on it) is refused
        (exit 73): its -wal would pair with the copy. PATH's -wal, -shm and -journal that no
        process holds are removed with the file they belong to. A damaged database (what
        PRAGMA quick_check finds) is not copied (exit 74; 'memo db check' lists the problems).

        Examples:
          memo db backup ~/backup/memo-$(date +%F).db
          memo db backup >(gzip > memo.db.gz)
        """))

    @Argument(help: "Where to write the copy.")
    var path: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state: AppState
      do {
        state = try context.dispatch(.database(.backup(to: path)))
      } catch let error as MemoError where error.code == .io {
        // A database too damaged to open is not copied either: say where to look (a damaged
        // one that opens says it already).
        guard !error.message.contains("'memo db check'"),
          let damage = DatabaseFile.damage(at: context.location.path)
        else { throw error }
        throw MemoError(
          code: .io,
          message:
            "the database \(context.location.path) is damaged: \(damage[0]); nothing was written to \(path). Run 'memo db check' to list the problems",
          cause: error.cause)
      }
      if let written = state.backupPath, !context.isQuiet {
        Diagnostics.line("memo: backed up to \(written)")
      }
    }
  }
}
