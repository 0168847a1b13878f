import ArgumentParser
import MemoCore

/// An output format (SPEC §4).
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case table, plain, json, jsonl, csv, tsv
}

/// When to colour output.
enum ColorMode: String, CaseIterable, ExpressibleByArgument {
  case auto, always, never
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions

  @Option(
    name: .long,
    help:
      "Output format: table, plain, json, jsonl, csv or tsv (default: table on a terminal, plain when piped)."
  )
  var format: OutputFormat?
}

/// The global options but --format (which export and import define for themselves).
struct CommonOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database file (default: $MEMO_DB, else $XDG_DATA_HOME/memo/memo.db).", valueName: "path")
  )
  var db: String?

  @Option(name: .long, help: "Colour: auto, always or never (auto honours NO_COLOR).")
  var color: ColorMode = .auto

  @Flag(name: [.short, .long], help: "Print only what scripts need (ids, data); no messages.")
  var quiet = false
}

extension PostID: ExpressibleByArgument {
  public init?(argument: String) {
    guard let value = parsePositiveID(argument) else { return nil }
    self.init(value)
  }

  public var defaultValueDescription: String { description }
}

extension PostQuery.Sort: ExpressibleByArgument {}
