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

  /// A row of `memo review due`: `item` is what `memo review rate` takes (`12`, `h12`).
  static let layout = Layout(
    [
      Field("id", .int), Field("kind", .text), Field("due", .time),
      Field("retrievability", .number), Field("question", .text), Field("post_id", .int),
      Field("title", .text), Field("item", .text),
    ], table: columns)

  static let columns = [
    Column(key: "item", title: "ID", alignsRight: true),
    Column(key: "kind", title: "KIND"),
    Column(key: "due", title: "DUE"),
    Column(key: "retrievability", title: "R", alignsRight: true),
    Column(key: "question", title: "QUESTION", isFlexible: true, shrinkRank: 1, floor: 16),
    Column(key: "title", title: "BOOK", isFlexible: true, shrinkRank: 2, floor: 12),
  ]

  /// `memo review export --format fsrs-csv`: the FSRS optimizer's review-log columns.
  static let logLayout = Layout(
    [
      Field("card_id", .int), Field("review_time", .int), Field("review_rating", .int),
      Field("review_state", .int), Field("review_duration", .int),
    ],
    table: ["card_id", "review_time", "review_rating", "review_state", "review_duration"].map {
      Column(key: $0, title: $0)
    })

  // MARK: - Highlights

  static func record(_ item: HighlightReviewItem, due: Timestamp?) -> Record {
    Record([
      ("due", due.map(Value.timestamp) ?? .null),
      ("scheduled_days", .int(Int64(item.due == nil ? 0 : item.waitDays))),
      ("state", .string(item.state)),
      ("stability", .null),
      ("difficulty", .null),
    ])
  }

  /// `memo review rate hN CHOICE`.
  static func printRated(_ outcome: HighlightReviewOutcome, _ context: Context) {
    let item = outcome.item
    let name = "h\(item.highlightID.rawValue)"
    switch context.format {
    case .plain: Output.line(item.due?.rfc3339 ?? "discarded")
    case .table:
      guard let due = item.due else {
        return Output.line("highlight \(name) discarded from review")
      }
      Output.line(
        "highlight \(name): \(outcome.choice.rawValue), due "
          + due.localMinuteString(utcOffsetSeconds: context.style.utcOffsetSeconds)
          + " (\(days(item.waitDays)); sooner if starred or on the shelf)")
    default:
      Renderer.print(
        Document(columns: rateColumns, records: [record(item, due: item.due)], isSingle: true),
        context)
    }
  }

  /// `memo review show hN`.
  static func print(_ detail: HighlightReviewDetail, _ context: Context) {
    let item = detail.item
    switch context.format {
    case .table, .plain:
      let style = context.format == .table ? context.style : .plain
      var out = "highlight h\(item.highlightID.rawValue) \"\(visible(oneLine(detail.text)))\"\n"
      var facts = ["highlight", item.state]
      if item.lastReview != nil { facts.append("wait \(days(item.waitDays))") }
      out += facts.joined(separator: " · ") + "\n"
      out +=
        (detail.effectiveDue.map {
          "due " + $0.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
        } ?? "not due: discarded from review") + "\n"
      if !detail.history.isEmpty {
        out += "\n" + style.cyan("History:") + "\n"
        for event in detail.history {
          out +=
            "  " + event.reviewedAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
            + "  \(event.choice.rawValue)\n"
        }
      }
      Output.write(out)
    default:
      let record = Record([
        ("id", .string("h\(item.highlightID.rawValue)")),
        ("kind", .string("highlight")),
        ("state", .string(item.state)),
        ("stability", .null),
        ("difficulty", .null),
        ("retrievability", .null),
        ("due", detail.effectiveDue.map(Value.timestamp) ?? .null),
        ("reps", .int(Int64(item.reps))),
        ("lapses", .int(0)),
        ("wait_days", .int(Int64(item.waitDays))),
        (
          "history",
          .records(
            detail.history.map {
              Record([
                ("rating", .string($0.choice.rawValue)),
                ("reviewed_at", .timestamp($0.reviewedAt)),
              ])
            })
        ),
      ])
      Renderer.print(
        Document(columns: showColumns, records: [record], isSingle: true), context)
    }
  }

  // MARK: - Settings

  /// The weights as `config set weights` takes them back.
  static func weights(_ config: ReviewConfig) -> String {
    config.parameters.weights.map { "\($0)" }.joined(separator: ",")
  }

  /// A duration in milliseconds as `1m`, `10m`, `2h`.
  static func step(_ millis: Int64) -> String {
    millis % 3_600_000 == 0 ? "\(millis / 3_600_000)h" : millis % 60_000 == 0
      ? "\(millis / 60_000)m" : "\(millis / 1000)s"
  }

  static let configColumns = ["key", "value"].map { Column(key: $0, title: $0.uppercased()) }

  /// `memo review config show`: one `key value` line each (table, plain); one object in
  /// JSON with the weights as an array of numbers; `key,value` rows in CSV.
  static func print(_ config: ReviewConfig, _ context: Context) {
    let p = config.parameters
    let pairs: [(String, String)] = [
      ("retention", "\(p.desiredRetention)"),
      ("learning_steps", p.learningSteps.map(step).joined(separator: ",")),
      ("relearning_steps", p.relearningSteps.map(step).joined(separator: ",")),
      ("maximum_interval", "\(p.maximumInterval)"),
      ("fuzz", p.isFuzzEnabled ? "on" : "off"),
      ("highlights", "\(config.highlightsPerDay)"),
      ("weights", weights(config)),
    ]
    switch context.format {
    case .table, .plain:
      Output.write(pairs.map { "\($0.0) \($0.1)\n" }.joined())
    case .json, .jsonl:
      let record = Record([
        ("retention", .number(p.desiredRetention)),
        ("learning_steps", .strings(p.learningSteps.map(step))),
        ("relearning_steps", .strings(p.relearningSteps.map(step))),
        ("maximum_interval", .int(Int64(p.maximumInterval))),
        ("fuzz", .bool(p.isFuzzEnabled)),
        ("highlights", .int(Int64(config.highlightsPerDay))),
        ("weights", .records(p.weights.enumerated().map {
          Record([("index", .int(Int64($0))), ("value", .number($1))])
        })),
      ])
      Renderer.print(Document(columns: [], records: [record], isSingle: true), context)
    case .csv, .tsv:
      Renderer.print(
        Document(
          columns: configColumns,
          records: pairs.map { Record([("key", .string($0.0)), ("value", .string($0.1))]) }),
        context)
    }
  }

  // MARK: - Digest

  /// `memo review digest`: a line saying how much is due, then the first `limit` items, and
  /// a last line when there are more. Nothing in it depends on the hour.
  static func digest(_ rows: [ReviewDueRow], limit: Int, date: String) -> String {
    let shown = rows.prefix(limit)
    var counts: [String] = []
    for kind in ReviewKind.allCases {
      let n = rows.filter { $0.kind == kind }.count
      guard n > 0 else { continue }
      switch kind {
      case .recall: counts.append("\(n) to recall")
      case .open: counts.append("\(n) open")
      case .highlight: counts.append(n == 1 ? "1 highlight" : "\(n) highlights")
      }
    }
    let more = rows.count > limit
    var out =
      "memo review \(date): \(more ? "\(limit)+" : "\(rows.count)") due ("
      + counts.joined(separator: ", ") + (more ? ", and more" : "") + ")\n"
    let ids = shown.map { $0.kind == .highlight ? "h\($0.id.rawValue)" : "\($0.id.rawValue)" }
    let width = ids.map(\.count).max() ?? 0
    for (row, id) in zip(shown, ids) {
      let text = DisplayWidth.truncate(visible(oneLine(row.question)), to: 60)
      let book = DisplayWidth.truncate(visible(oneLine(row.title)), to: 30)
      out += "  " + String(repeating: " ", count: width - id.count) + id + "  " + text
      out += " — " + book + "\n"
    }
    if more { out += "  … 'memo review due' lists the rest\n" }
    return out
  }
}
