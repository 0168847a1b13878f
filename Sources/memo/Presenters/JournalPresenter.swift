import MemoCore
import MemoStorage

/// Journal entries: `{"id", "created_at", "action", "summary", "undone", "changes"}`.
struct JournalPresenter {
  static func row(_ entry: JournalEntry) -> Row {
    layout.row([
      .int(entry.id), .text(entry.createdAt.rfc3339), .text(entry.action), .text(entry.summary),
      .bool(entry.isUndone), .count(entry.changeCount),
    ])
  }

  static let columns = [
    Column(key: "id", title: "#", alignsRight: true),
    Column(key: "created_at", title: "TIME"),
    Column(key: "undone", title: "UNDONE", mark: "undone"),
    Column(key: "summary", title: "CHANGE", isFlexible: true),
  ]

  /// A listed entry (`memo log`): the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("id", .int), Field("created_at", .time), Field("action", .text),
      Field("summary", .text), Field("undone", .bool), Field("changes", .int),
    ], table: columns)

  /// `undid #12 rm post 3 'Dune' (2 questions)` for people; the entries for machines.
  static func report(_ entries: [JournalEntry], verb: String, _ context: Context) {
    guard !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for entry in entries {
        Output.line("\(verb) #\(entry.id) \(visible(oneLine(entry.summary)))")
      }
    default:
      context.print(entries.map(row), layout)
    }
  }
}
