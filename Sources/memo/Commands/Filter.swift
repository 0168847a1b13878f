import ArgumentParser
import MemoCore

extension Memo {
  /// `memo filter show|set|clear|save|use|list|rm`.
  struct Filter: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The current question filter, and saved filters.",
      discussion: Help.text(
        """
        The current filter persists across runs and applies to 'memo questions' and 'memo list'
        until cleared, like the filter screen of a reading app; on a terminal their output names
        it. --all on those commands ignores it; flags given there replace its fields one by one.

        Examples:
          memo filter set --starred --category physics
          memo filter save physics-stars
          memo filter clear
          memo filter use physics-stars
        """),
      subcommands: [Show.self, Set.self, Clear.self, Save.self, Use.self, List.self, Rm.self],
      defaultSubcommand: Show.self)
  }
}

extension Memo.Filter {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the current filter.",
      discussion: Help.text(
        """
        Examples:
          memo filter show
          memo filter show --format json
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.show))
      FilterPresenter.printCurrent(state.filter ?? QuestionFilter(), context)
    }
  }

  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set the current filter (replacing the one before).",
      discussion: Help.text(
        """
        Dates are kept as typed, so --since 7d always means the last seven days. Categories
        named here that do not exist yet are created, with a note on stderr naming them.

        Examples:
          memo filter set --starred
          memo filter set --category physics --category math --unanswered
        """))

    @OptionGroup var flags: QuestionFilterFlags

    @Option(help: ArgumentHelp("Only questions created at or after DATE.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only questions created up to DATE.", valueName: "date"))
    var until: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      if let since { _ = try context.date(since) }
      if let until { _ = try context.date(until) }
      let filter = flags.filter(since: since, until: until)
      // SPEC §3: a category named here that does not exist yet is created; say so, since a
      // mistyped one would otherwise filter everything out without a word.
      var known: [String] = []
      if !filter.categories.isEmpty {
        known = try context.dispatch(.categories(.list(to: .state)))
          .categories.map { $0.name.lowercased() }
      }
      let state = try context.dispatch(.filters(.set(filter)), access: .write)
      if !context.isSilentReport {
        FilterPresenter.printCurrent(state.filter ?? QuestionFilter(), context)
      }
      let created = filter.categories.filter { !known.contains($0.lowercased()) }
      if !created.isEmpty, !context.isQuiet {
        let names = created.map { "'\(visible(oneLine($0)))'" }.joined(separator: ", ")
        Diagnostics.line(
          "memo: note: no category \(names) existed, so it was created and the filter matches no question yet; 'memo category list' lists the categories"
        )
      }
    }
  }

  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove the current filter (saved filters stay).",
      discussion: Help.text(
        """
        Examples:
          memo filter clear
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.clear), access: .writeExisting)
      guard !context.isSilentReport else { return }
      FilterPresenter.printCurrent(state.filter ?? QuestionFilter(), context)
    }
  }

  struct Save: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Save the current filter under a name.",
      discussion: Help.text(
        """
        Examples:
          memo filter save physics-stars
          memo filter save physics-stars --force    # replace the saved one
        """))

    @Argument(help: "The name to save it under.")
    var name: String

    @Flag(help: "Replace a saved filter of the same name.")
    var force = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.save(name, replacing: force)), access: .write)
      FilterPresenter.printSaved(state.savedFilters, verb: "saved", context)
    }
  }

  struct Use: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a saved filter the current one.",
      discussion: Help.text(
        """
        Examples:
          memo filter use physics-stars
        """))

    @Argument(help: "The saved filter's name.", completion: Completions.filters)
    var name: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.use(name)), access: .writeExisting)
      guard !context.isSilentReport else { return }
      FilterPresenter.printCurrent(state.filter ?? QuestionFilter(), context)
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List saved filters.",
      discussion: Help.text(
        """
        Examples:
          memo filter list
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.list))
      FilterPresenter.print(state.savedFilters, context)
    }
  }

  struct Rm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a saved filter.",
      discussion: Help.text(
        """
        Examples:
          memo filter rm physics-stars
        """))

    @Argument(help: "The saved filter's name.", completion: Completions.filters)
    var name: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.filters(.remove(name)), access: .writeExisting)
      FilterPresenter.printSaved(state.savedFilters, verb: "deleted", context)
    }
  }
}
