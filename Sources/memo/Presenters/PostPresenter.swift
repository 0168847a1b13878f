import MemoCore
import MemoStorage

/// A post as a record: the JSON shape of SPEC §4 (snake_case keys, in this order).
struct PostPresenter {
  /// A post in memory, its questions nested.
  static func row(_ post: Post) -> Row {
    layout.row(fields(post), nested: post.questions.map(QuestionPresenter.row))
  }

  static func fields(_ post: Post) -> [RowValue] {
    [
      .int(post.id.rawValue), .text(post.uuid), .text(post.title), .nullable(post.author),
      .nullable(post.body), .nullable(post.source), .bool(post.isFavorite),
      .count(post.questionCount), .text(post.createdAt.rfc3339), .text(post.updatedAt.rfc3339),
    ]
  }

  /// Posts a command changed (`fav`, `rm`, `merge`, `edit`, `add --format json`): a line per
  /// post for people, the posts in the other formats — one post as an object in JSON when
  /// `single`. A change reads no questions: without `withQuestions` the posts carry no
  /// `questions` array (rather than an empty one beside a `question_count` of 3); `add`'s new
  /// post has none, truly.
  static func print(
    _ posts: [Post], single: Bool = false, withQuestions: Bool = true, _ context: Context
  ) {
    if withQuestions {
      context.print(posts.map(row), layout, single: single)
    } else {
      context.print(posts.map { changedLayout.row(fields($0)) }, changedLayout, single: single)
    }
  }

  /// A changed post: the listed post's fields, without its questions.
  static let changedLayout = Layout(layout.fields, table: columns)

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
}
