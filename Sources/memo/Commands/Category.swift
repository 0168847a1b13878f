import ArgumentParser
import MemoCore

extension Memo {
  /// `memo category list|add|rename|rm`.
  struct Category: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List, add, rename or delete question categories.",
      discussion: Help.text(
        """
        Names are unique ignoring case ("Physics" and "physics" are one category). 'memo ask'
        and 'memo filter set' create a category they name that does not exist yet.
        """),
      subcommands: [List.self, Add.self, Rename.self, Rm.self],
      defaultSubcommand: List.self)
  }
}

extension Memo.Category {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List categories with their question counts.",
      discussion: Help.text(
        """
        Examples:
          memo category list
          memo category list --format json | jq '.[].name'
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      _ = try context.dispatch(.categories(.list(to: .output)))
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a category.",
      discussion: Help.text(
        """
        Examples:
          memo category add physics
        """))

    @Argument(help: "The category's name.")
    var name: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.categories(.add(name)), access: .write)
      CategoryPresenter.report(state.category, verb: "added category", context)
    }
  }

  struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rename a category; its questions follow.",
      discussion: Help.text(
        """
        Examples:
          memo category rename phys physics
        """))

    @Argument(help: "The current name.", completion: Completions.categories)
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .categories(.rename(from: old, to: new)), access: .writeExisting)
      let from = visible(oneLine(old.trimmingWhitespace()))
      CategoryPresenter.report(state.category, verb: "renamed category \"\(from)\" to", context)
    }
  }

  struct Rm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a category (refused while questions use it, unless --force).",
      discussion: Help.text(
        """
        With --force, the category's questions stay and keep no category.

        Examples:
          memo category rm old-stuff
          memo category rm physics --force
        """))

    @Argument(help: "The category's name.", completion: Completions.categories)
    var name: String

    @Flag(help: "Delete even when questions use it; they keep no category.")
    var force = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .categories(.remove(name, force: force)), access: .writeExisting)
      CategoryPresenter.report(state.category, verb: "deleted category", context)
    }
  }
}
