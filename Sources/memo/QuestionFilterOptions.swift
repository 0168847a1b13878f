import ArgumentParser
import MemoCore

/// The flags that make a question filter: `memo filter set` takes these; listings take them
/// with `--filter` and `--all` (`QuestionFilterOptions`).
struct QuestionFilterFlags: ParsableArguments {
  @Flag(help: "Only starred questions.")
  var starred = false

  @Flag(help: "Only questions without a star.")
  var unstarred = false

  @Flag(help: "Only answered questions.")
  var answered = false

  @Flag(help: "Only questions without an answer.")
  var unanswered = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Only questions in this category (repeat for any of several).", valueName: "name"),
    completion: Completions.categories)
  var category: [String] = []

  func validate() throws {
    if starred && unstarred {
      throw ValidationError("--starred and --unstarred contradict each other; give one")
    }
    if answered && unanswered {
      throw ValidationError("--answered and --unanswered contradict each other; give one")
    }
    if category.contains(where: { $0.trimmingWhitespace().isEmpty }) {
      throw ValidationError("--category needs a name")
    }
  }

  /// The flags as a filter (dates come from the command's own options).
  func filter(since: String? = nil, until: String? = nil) -> QuestionFilter {
    QuestionFilter(
      starred: starred ? true : unstarred ? false : nil,
      answered: answered ? true : unanswered ? false : nil,
      categories: category.map { $0.trimmingWhitespace() }, since: since, until: until)
  }
}

/// The question filter options `memo list` and `memo questions` share (SPEC §3 FILTERS).
struct QuestionFilterOptions: ParsableArguments {
  @OptionGroup var flags: QuestionFilterFlags

  @Option(
    name: .customLong("filter"),
    help: ArgumentHelp("Use this saved filter instead of the current one.", valueName: "name"),
    completion: Completions.filters)
  var savedFilter: String?

  @Flag(help: "Ignore the current filter (set with 'memo filter set').")
  var all = false

  func validate() throws {
    if all, savedFilter != nil {
      throw ValidationError(
        "--all and --filter contradict each other: --filter NAME starts from a saved filter, --all from none; give one"
      )
    }
  }

  /// Which filter the listing applies, with these flags on top.
  func selection(_ context: Context, since: String? = nil, until: String? = nil) throws
    -> FilterSelection
  {
    // Check the dates now, so a bad one is a usage error before anything is opened.
    if let since { _ = try context.date(since) }
    if let until { _ = try context.date(until) }
    let base: FilterSelection.Base
    if let savedFilter { base = .saved(savedFilter) } else { base = all ? .none : .current }
    return FilterSelection(
      base: base, flags: flags.filter(since: since, until: until), now: context.now,
      utcOffsetSeconds: context.style.utcOffsetSeconds)
  }
}

extension QuestionID: ExpressibleByArgument {
  public init?(argument: String) {
    guard let value = parsePositiveID(argument) else { return nil }
    self.init(value)
  }

  public var defaultValueDescription: String { description }
}
