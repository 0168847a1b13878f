import MemoCore
import MemoStorage

/// Review as records: a rating's result, an item's schedule with its history, and the
/// columns of `memo review due`.
enum ReviewPresenter {
  static let rateLayout = Layout([
    Field("due", .time), Field("scheduled_days", .int), Field("state", .text),
    Field("stability", .number), Field("difficulty", .number),
  ])

  static func rateRow(_ item: ReviewItem) -> Row {
    rateLayout.row([
      .nullable(item.due?.rfc3339), .count(item.scheduledDays), .text(item.state),
      .nullable(item.stability), .nullable(item.difficulty),
    ])
  }

  static let historyLayout = Layout([Field("rating", .text), Field("reviewed_at", .time)])

  static let showLayout = Layout([
    Field("id", .int), Field("kind", .text), Field("state", .text), Field("stability", .number),
    Field("difficulty", .number), Field("retrievability", .number), Field("due", .time),
    Field("reps", .int), Field("lapses", .int), Field("history", .rows(historyLayout)),
  ])

  static func row(_ detail: ReviewDetail) -> Row {
    let item = detail.item
    return showLayout.row([
      .int(item.questionID.rawValue), .text(item.kind.rawValue), .text(item.state),
      .nullable(item.stability), .nullable(item.difficulty), .nullable(detail.retrievability),
      .nullable(item.due?.rfc3339), .count(item.reps), .count(item.lapses),
      .rows(
        detail.history.map {
          historyLayout.row([.text($0.rating.name), .text($0.reviewedAt.rfc3339)])
        }),
    ])
  }

  /// `in 3 days`, `today`, `in 1 day`.
  static func days(_ count: Int) -> String {
    count == 0 ? "today" : count == 1 ? "in 1 day" : "in \(count) days"
  }

  /// Prints an item's schedule in the context's format.
  static func print(_ detail: ReviewDetail, _ context: Context) {
    switch context.format {
    case .table, .plain:
      let style = context.format == .table ? context.style : .plain
      let item = detail.item
      var out = "question \(item.questionID) \"\(visible(oneLine(detail.questionText)))\"\n"
      var facts = ["\(item.kind.rawValue)", item.state]
      if let stability = item.stability {
        facts.append("stability \(rounded(stability))")
      }
      if let difficulty = item.difficulty { facts.append("difficulty \(rounded(difficulty))") }
      if let r = detail.retrievability { facts.append("retrievability \(rounded(r))") }
      out += facts.joined(separator: " · ") + "\n"
      out +=
        (item.due.map {
          "due " + $0.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
        } ?? "not due: dropped from review") + "\n"
      if !detail.history.isEmpty {
        out += "\n" + style.cyan("History:") + "\n"
        for event in detail.history {
          out +=
            "  " + event.reviewedAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
            + "  \(event.rating.name)\n"
        }
      }
      Output.write(out)
    default:
      context.print([row(detail)], showLayout, single: true)
    }
  }

  static func rounded(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return String(scaled)
  }

  /// A row of `memo review due`.
  static let layout = Layout(
    [
      Field("id", .int), Field("kind", .text), Field("due", .time),
      Field("retrievability", .number), Field("question", .text), Field("post_id", .int),
      Field("title", .text),
    ], table: columns)

  static let columns = [
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "kind", title: "KIND"),
    Column(key: "due", title: "DUE"),
    Column(key: "retrievability", title: "R", alignsRight: true),
    Column(key: "question", title: "QUESTION", isFlexible: true, shrinkRank: 1, floor: 16),
    Column(key: "title", title: "BOOK", isFlexible: true, shrinkRank: 2, floor: 12),
  ]
}
