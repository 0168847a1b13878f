import MemoCore
import MemoStorage

/// Filters as records: `{"starred", "answered", "categories", "since", "until"}`, and saved
/// ones as `{"name", "arguments", "filter": {…}}`.
enum FilterPresenter {
  /// A filter's fields (the current one, or a saved one's).
  static let layout = Layout([
    Field("starred", .bool), Field("answered", .bool), Field("categories", .texts),
    Field("since", .text), Field("until", .text),
  ])

  static func row(_ filter: QuestionFilter) -> Row {
    layout.row([
      filter.starred.map(RowValue.bool) ?? .null, filter.answered.map(RowValue.bool) ?? .null,
      .texts(filter.categories), .nullable(filter.since), .nullable(filter.until),
    ])
  }

  /// A filter as plain text has it: one column, its flags as arguments (empty: no filter).
  static let argumentsLayout = Layout([Field("arguments", .text)])

  /// A saved filter: its name, its flags as arguments, and its fields (JSON only).
  static let savedLayout = Layout(
    [Field("name", .text), Field("arguments", .text), Field("filter", .object(layout))],
    table: [
      Column(key: "name", title: "NAME", isFlexible: true),
      Column(key: "arguments", title: "FILTER", isFlexible: true, shrinkRank: 1),
    ])

  static func row(_ saved: SavedFilter) -> Row {
    savedLayout.row([.text(saved.name), .text(saved.filter.summary), .row(row(saved.filter))])
  }

  /// The current filter: its flags for people (or "no filter"), its row in the other formats
  /// (plain text: its flags, an empty line for none).
  static func printCurrent(_ filter: QuestionFilter, _ context: Context) {
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      Output.line(filter.isEmpty ? "no filter" : filter.summary)
    case .plain:
      context.print([argumentsLayout.row([.text(filter.summary)])], argumentsLayout, single: true)
    default:
      context.print([row(filter)], layout, single: true)
    }
  }

  /// The saved filters, in the context's format.
  static func print(_ saved: [SavedFilter], _ context: Context) {
    context.print(saved.map(row), savedLayout)
  }

  /// `saved filter "x": --starred` for people; the saved filter for machines.
  static func printSaved(_ saved: [SavedFilter], verb: String, _ context: Context) {
    guard !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for filter in saved {
        Output.line("\(verb) filter \"\(visible(oneLine(filter.name)))\": \(filter.filter.summary)")
      }
    default:
      context.print(saved.map(row), savedLayout, single: saved.count == 1)
    }
  }
}
