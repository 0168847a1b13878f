import MemoCore

/// Review as records: a rating's result, an item's schedule with its history, and the
/// columns of `memo review due`.
enum ReviewPresenter {
  static let rateColumns = ["due", "scheduled_days", "state", "stability", "difficulty"].map {
    Column(key: $0, title: $0.uppercased())
  }

  static func rateRecord(_ item: ReviewItem) -> Record {
    Record([
      ("due", item.due.map(Value.timestamp) ?? .null),
      ("scheduled_days", .int(Int64(item.scheduledDays))),
      ("state", .string(item.state)),
      ("stability", item.stability.map(Value.number) ?? .null),
      ("difficulty", item.difficulty.map(Value.number) ?? .null),
    ])
  }

  static let showColumns = [
    "id", "kind", "state", "stability", "difficulty", "retrievability", "due", "reps", "lapses",
  ].map { Column(key: $0, title: $0.uppercased()) }

  static func record(_ detail: ReviewDetail) -> Record {
    let item = detail.item
    return Record([
      ("id", .int(item.questionID.rawValue)),
      ("kind", .string(item.kind.rawValue)),
      ("state", .string(item.state)),
      ("stability", item.stability.map(Value.number) ?? .null),
      ("difficulty", item.difficulty.map(Value.number) ?? .null),
      ("retrievability", detail.retrievability.map(Value.number) ?? .null),
      ("due", item.due.map(Value.timestamp) ?? .null),
      ("reps", .int(Int64(item.reps))),
      ("lapses", .int(Int64(item.lapses))),
      (
        "history",
        .records(
          detail.history.map {
            Record([
              ("rating", .string($0.rating.name)), ("reviewed_at", .timestamp($0.reviewedAt)),
            ])
          })
      ),
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
      Renderer.print(
        Document(columns: showColumns, records: [record(detail)], isSingle: true), context)
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
