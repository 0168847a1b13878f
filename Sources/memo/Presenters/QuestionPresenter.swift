import MemoCore
import MemoStorage

/// A question as a record: the JSON shape of SPEC §4 (snake_case keys, in this order).
struct QuestionPresenter {
  static func row(_ question: Question) -> Row {
    layout.row([
      .int(question.id.rawValue), .text(question.uuid), .int(question.postID.rawValue),
      .text(question.postTitle), .text(question.text), .nullable(question.category),
      .bool(question.isStarred), .nullable(question.answer),
      .nullable(question.answeredAt?.rfc3339), .text(question.createdAt.rfc3339),
      .text(question.updatedAt.rfc3339),
      question.highlightID.map { .int($0.rawValue) } ?? .null,
    ])
  }

  /// A listed question: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("id", .int), Field("uuid", .text), Field("post_id", .int), Field("post_title", .text),
      Field("text", .text), Field("category", .text), Field("starred", .bool),
      Field("answer", .text), Field("answered_at", .time), Field("created_at", .time),
      Field("updated_at", .time), Field("highlight_id", .int),
    ], table: columns)

  /// The columns a list of questions shows in a table or plain text.
  static let columns = [
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "post_id", title: "POST", alignsRight: true),
    Column(key: "starred", title: "★", mark: "★"),
    Column(key: "text", title: "QUESTION", isFlexible: true, shrinkRank: 1, floor: 16),
    Column(key: "category", title: "CATEGORY", isFlexible: true),
    Column(key: "answer", title: "ANSWER", isFlexible: true, shrinkRank: 1, floor: 12),
    Column(key: "created_at", title: "CREATED"),
  ]

  /// One question as a page: text, post, category, star, answer.
  func text(_ question: Question, style: Style) -> String {
    var out = PostDetailPresenter.lines(visible(question.text), style, paint: style.bold)
    var facts = [
      "question \(question.id)",
      "post \(question.postID) \"\(visible(oneLine(question.postTitle)))\"",
    ]
    if let category = question.category { facts.append(visible(oneLine(category))) }
    if question.isStarred { facts.append("★ starred") }
    out += PostDetailPresenter.lines(facts.joined(separator: " · "), style)
    let created = question.createdAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    let updated = question.updatedAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    out += PostDetailPresenter.lines(
      "created \(created) · updated \(updated) · \(question.uuid)", style, paint: style.dim)
    if let passage = question.passage, let highlight = question.highlightID {
      out += "\n" + style.cyan("On highlight \(highlight):") + "\n"
      out += PostDetailPresenter.lines(visible(passage), style, prefix: "> ")
    }
    if let answer = question.answer {
      let when =
        question.answeredAt.map {
          " " + $0.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
        } ?? ""
      out +=
        "\n" + style.cyan("Answer\(when):") + "\n"
        + PostDetailPresenter.block(visible(answer), style)
    } else {
      out +=
        "\n"
        + PostDetailPresenter.lines(
          "(not answered yet: memo answer \(question.id) TEXT)", style, paint: style.dim)
    }
    return out
  }

  /// Prints one question in the context's format.
  static func print(_ question: Question, _ context: Context) {
    let presenter = QuestionPresenter()
    switch context.format {
    case .table: Output.write(presenter.text(question, style: context.style))
    // Plain text is the record's row, as in a listing (`memo show --format plain` too).
    default: context.print([row(question)], layout, single: true)
    }
  }

  /// Prints a line per question for people (`verb question 4 "text"`), or the questions as
  /// data in the other formats.
  static func report(_ questions: [Question], verb: String, _ context: Context) {
    guard !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for question in questions {
        Output.line("\(verb) question \(question.id) \"\(visible(oneLine(question.text)))\"")
      }
    default:
      context.print(questions.map(row), layout)
    }
  }
}
