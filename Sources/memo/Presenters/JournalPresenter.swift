import MemoCore

/// Journal entries: `{"id", "created_at", "action", "summary", "undone", "changes"}`.
struct JournalPresenter {
  func record(_ entry: JournalEntry) -> Record {
    Record([
      ("id", .int(entry.id)),
      ("created_at", .timestamp(entry.createdAt)),
      ("action", .string(entry.action)),
      ("summary", .string(entry.summary)),
      ("undone", .bool(entry.isUndone)),
      ("changes", .int(Int64(entry.changeCount))),
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

  func document(_ entries: [JournalEntry]) -> Document {
    Document(columns: Self.columns, records: entries.map(record))
  }

  /// `undid #12 rm post 3 'Dune' (2 questions)` for people; the entries for machines.
  static func report(_ entries: [JournalEntry], verb: String, _ context: Context) {
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for entry in entries {
        Output.line("\(verb) #\(entry.id) \(visible(oneLine(entry.summary)))")
      }
    default:
      Renderer.print(JournalPresenter().document(entries), context)
    }
  }
}
