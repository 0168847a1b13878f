import MemoCore

/// A post as a record: the JSON shape of SPEC §4 (snake_case keys, in this order).
struct PostPresenter {
  func record(_ post: Post) -> Record {
    Record([
      ("id", .int(post.id.rawValue)),
      ("uuid", .string(post.uuid)),
      ("title", .string(post.title)),
      ("author", post.author.map(Value.string) ?? .null),
      ("body", post.body.map(Value.string) ?? .null),
      ("source", post.source.map(Value.string) ?? .null),
      ("favorite", .bool(post.isFavorite)),
      ("question_count", .int(Int64(post.questionCount))),
      ("created_at", .timestamp(post.createdAt)),
      ("updated_at", .timestamp(post.updatedAt)),
      ("questions", .records(post.questions.map(QuestionPresenter().record))),
    ])
  }

  /// A listed post: the fields of `record`, in its order, read from the row, with its questions
  /// nested (JSON and JSON Lines only).
  static let layout = Layout(
    [
      Field("id", .int), Field("uuid", .text), Field("title", .text), Field("author", .text),
      Field("body", .text), Field("source", .text), Field("favorite", .bool),
      Field("question_count", .int), Field("created_at", .time), Field("updated_at", .time),
    ], table: columns, nested: ("questions", QuestionPresenter.layout))

  /// The columns a list of posts shows in a table, plain, CSV or TSV.
  static let columns = [
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "title", title: "TITLE", isFlexible: true, shrinkRank: 1, floor: 20),
    Column(key: "author", title: "AUTHOR", isFlexible: true, floor: 10),
    Column(key: "question_count", title: "QUESTIONS", alignsRight: true, dropRank: 1),
    Column(key: "favorite", title: "FAV", mark: "♥", dropRank: 0),
    Column(key: "created_at", title: "CREATED"),
  ]

  /// Every scalar field, for CSV and TSV of a single post.
  static let allColumns = [
    "id", "uuid", "title", "author", "body", "source", "favorite", "question_count", "created_at",
    "updated_at",
  ].map { Column(key: $0, title: $0.uppercased()) }
}
