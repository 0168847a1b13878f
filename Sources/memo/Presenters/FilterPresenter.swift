import MemoCore

/// Filters as records: `{"starred", "answered", "categories", "since", "until"}`, and saved
/// ones as `{"name", "filter": {…}}`.
struct FilterPresenter {
  func record(_ filter: QuestionFilter) -> Record {
    Record([
      ("starred", filter.starred.map(Value.bool) ?? .null),
      ("answered", filter.answered.map(Value.bool) ?? .null),
      ("categories", .strings(filter.categories)),
      ("since", filter.since.map(Value.string) ?? .null),
      ("until", filter.until.map(Value.string) ?? .null),
    ])
  }

  func record(_ saved: SavedFilter) -> Record {
    Record([
      ("name", .string(saved.name)),
      ("arguments", .string(saved.filter.summary)),
      ("filter", .record(record(saved.filter))),
    ])
  }

  func document(_ saved: [SavedFilter]) -> Document {
    Document(
      columns: [
        Column(key: "name", title: "NAME", isFlexible: true),
        Column(key: "arguments", title: "FILTER", isFlexible: true, shrinkRank: 1),
      ],
      records: saved.map(record))
  }

  /// The current filter: its flags for people (or "no filter"), its fields for machines.
  static func printCurrent(_ filter: QuestionFilter, _ context: Context) {
    switch context.format {
    case .table, .plain:
      guard !context.isQuiet else { return }
      Output.line(filter.isEmpty ? "no filter" : filter.summary)
    default:
      let presenter = FilterPresenter()
      Renderer.print(
        Document(
          columns: ["starred", "answered", "categories", "since", "until"].map {
            Column(key: $0, title: $0.uppercased())
          },
          records: [presenter.record(filter)], isSingle: true), context)
    }
  }

  /// `saved filter "x": --starred` for people; the saved filter for machines.
  static func printSaved(_ saved: [SavedFilter], verb: String, _ context: Context) {
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for filter in saved {
        Output.line("\(verb) filter \"\(visible(oneLine(filter.name)))\": \(filter.filter.summary)")
      }
    default:
      var document = FilterPresenter().document(saved)
      document.isSingle = saved.count == 1
      Renderer.print(document, context)
    }
  }
}
