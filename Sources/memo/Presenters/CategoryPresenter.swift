import MemoCore

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

  func record(_ category: Category) -> Record {
    Record([
      ("name", .string(category.name)),
      ("question_count", .int(Int64(category.questionCount))),
      ("created_at", .timestamp(category.createdAt)),
    ])
  }

  func document(_ categories: [Category]) -> Document {
    Document(columns: Self.columns, records: categories.map(record))
  }

  /// `added category "physics"` for people; the category for machines.
  static func report(_ category: Category?, verb: String, _ context: Context) {
    guard let category else { return }
    switch context.format {
    case .table:
      if !context.isQuiet { Output.line("\(verb) \"\(visible(oneLine(category.name)))\"") }
    default:
      var document = CategoryPresenter().document([category])
      document.isSingle = true
      Renderer.print(document, context)
    }
  }
}
