import MemoCore
import MemoStorage

/// Categories as records: `{"name", "question_count", "created_at"}`.
struct CategoryPresenter {
  static let columns = [
    Column(key: "name", title: "NAME", isFlexible: true),
    Column(key: "question_count", title: "QUESTIONS", alignsRight: true),
    Column(key: "created_at", title: "CREATED"),
  ]

  /// A listed category: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [Field("name", .text), Field("question_count", .int), Field("created_at", .time)],
    table: columns)

  static func row(_ category: Category) -> Row {
    layout.row([
      .text(category.name), .count(category.questionCount), .text(category.createdAt.rfc3339),
    ])
  }

  /// `added category "physics"` for people; the category for machines.
  static func report(_ category: Category?, verb: String, _ context: Context) {
    guard let category, !context.isSilentReport else { return }
    switch context.format {
    case .table:
      if !context.isQuiet { Output.line("\(verb) \"\(visible(oneLine(category.name)))\"") }
    default:
      context.print([row(category)], layout, single: true)
    }
  }
}
