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
    Field("uuid", .text),
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
      .text(detail.uuid),
    ])
  }

  /// `in 3 days`, `today`, `in 1 day`.
  static func days(_ count: Int) -> String {
    count == 0 ? "today" : count == 1 ? "in 1 day" : "in \(count) days"
  }

  /// A time on a page: local minutes in a table (as listings show them), RFC 3339 UTC in plain
  /// (as plain listings and `rate` print them), never UTC without saying so.
  static func when(_ time: Timestamp, _ context: Context) -> String {
    context.format == .plain
      ? time.rfc3339 : time.localMinuteString(utcOffsetSeconds: context.style.utcOffsetSeconds)
  }

  /// Prints an item's schedule in the context's format.
  static func print(_ detail: ReviewDetail, _ context: Context) {
    switch context.format {
    case .table, .plain:
      let style = context.format == .table ? context.style : .plain
      let item = detail.item
      var out = "question \(item.questionID) \"\(visible(oneLine(detail.questionText)))\"\n"
      var facts = ["\(item.kind.rawValue)"]
      if item.state != item.kind.rawValue { facts.append(item.state) }  // not "open · open"
      if let stability = item.stability {
        facts.append("stability \(rounded(stability))")
      }
      if let difficulty = item.difficulty { facts.append("difficulty \(rounded(difficulty))") }
      if let r = detail.retrievability { facts.append("retrievability \(rounded(r))") }
      out += facts.joined(separator: " · ") + "\n"
      out +=
        (item.due.map {
          "due " + when($0, context)
        } ?? "not due: dropped from review") + "\n"
      if !detail.history.isEmpty {
        out += "\n" + style.cyan("History:") + "\n"
        for event in detail.history {
          out +=
            "  " + when(event.reviewedAt, context)
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
    // The question is the main text: the book gives way first, and a narrow terminal keeps
    // the question (what is due) when it leaves columns out.
    Column(key: "question", title: "QUESTION", isFlexible: true, shrinkRank: 2, floor: 16),
    Column(key: "title", title: "BOOK", isFlexible: true, shrinkRank: 1, floor: 12),
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

  static func rateRow(_ item: HighlightReviewItem, due: Timestamp?, days: Int) -> Row {
    rateLayout.row([
      .nullable(due?.rfc3339), .count(item.due == nil ? 0 : days), .text(item.state),
      .null, .null,
    ])
  }

  /// `memo review show hN` in JSON: a question's fields (id as `h12`), and its wait.
  static let highlightShowLayout = Layout([
    Field("id", .text), Field("kind", .text), Field("state", .text), Field("stability", .number),
    Field("difficulty", .number), Field("retrievability", .number), Field("due", .time),
    Field("reps", .int), Field("lapses", .int), Field("wait_days", .int),
    Field("history", .rows(historyLayout)), Field("uuid", .text),
  ])

  /// `memo review rate hN CHOICE`.
  static func printRated(_ outcome: HighlightReviewOutcome, _ context: Context) {
    let item = outcome.item
    let name = "h\(item.highlightID.rawValue)"
    // The due time as `review show` gives it: after a star and the shelf shortened the wait.
    let due = item.due == nil ? nil : outcome.effectiveDue
    switch context.format {
    case .plain: Output.line(due?.rfc3339 ?? "discarded")
    case .table:
      guard let due else {
        return Output.line("highlight \(name) discarded from review")
      }
      Output.line(
        "highlight \(name): \(outcome.choice.rawValue), due "
          + due.localMinuteString(utcOffsetSeconds: context.style.utcOffsetSeconds)
          + " (\(days(outcome.effectiveDays)))")
    default:
      context.print(
        [rateRow(item, due: due, days: outcome.effectiveDays)], rateLayout, single: true)
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
      if let last = item.lastReview, let due = detail.effectiveDue {
        facts.append("wait \(days(Int((due.millis - last.millis) / 86_400_000)))")
      }
      out += facts.joined(separator: " · ") + "\n"
      out +=
        (detail.effectiveDue.map {
          "due " + when($0, context)
        } ?? "not due: discarded from review") + "\n"
      if !detail.history.isEmpty {
        out += "\n" + style.cyan("History:") + "\n"
        for event in detail.history {
          out +=
            "  " + when(event.reviewedAt, context)
            + "  \(event.choice.rawValue)\n"
        }
      }
      Output.write(out)
    default:
      let row = highlightShowLayout.row([
        .text("h\(item.highlightID.rawValue)"), .text("highlight"), .text(item.state), .null,
        .null, .null, .nullable(detail.effectiveDue?.rfc3339), .count(item.reps), .count(0),
        .count(item.waitDays),
        .rows(
          detail.history.map {
            historyLayout.row([.text($0.choice.rawValue), .text($0.reviewedAt.rfc3339)])
          }),
        .text(detail.uuid),
      ])
      context.print([row], highlightShowLayout, single: true)
    }
  }

  // MARK: - Settings

  /// The weights as `config set weights` takes them back.
  static func weights(_ config: ReviewConfig) -> String {
    config.parameters.weights.map { "\($0)" }.joined(separator: ",")
  }

  /// A duration in milliseconds as `1m`, `10m`, `2h`.
  static func step(_ millis: Int64) -> String {
    millis % 3_600_000 == 0
      ? "\(millis / 3_600_000)h"
      : millis % 60_000 == 0
        ? "\(millis / 60_000)m" : "\(millis / 1000)s"
  }

  /// Steps as `config set` takes them back: `1m,10m`, or `none`.
  static func steps(_ steps: [Int64]) -> String {
    steps.isEmpty ? "none" : steps.map(step).joined(separator: ",")
  }

  static let configLayout = Layout(
    [Field("key", .text), Field("value", .text)],
    table: ["key", "value"].map { Column(key: $0, title: $0.uppercased()) })
  static let weightLayout = Layout([Field("index", .int), Field("value", .number)])
  static let settingsLayout = Layout([
    Field("retention", .number), Field("learning_steps", .texts),
    Field("relearning_steps", .texts), Field("maximum_interval", .int), Field("fuzz", .bool),
    Field("highlights", .int), Field("weights", .rows(weightLayout)),
  ])

  /// The settings as `memo review config show` names them, in its order, each as text.
  static func pairs(_ config: ReviewConfig) -> [(String, String)] {
    let p = config.parameters
    return [
      ("retention", "\(p.desiredRetention)"),
      ("learning_steps", steps(p.learningSteps)),
      ("relearning_steps", steps(p.relearningSteps)),
      ("maximum_interval", "\(p.maximumInterval)"),
      ("fuzz", p.isFuzzEnabled ? "on" : "off"),
      ("highlights", "\(config.highlightsPerDay)"),
      ("weights", weights(config)),
    ]
  }

  /// `memo review config show`: one `key value` line each in a table; in plain text the same
  /// pairs tab-separated, as every plain listing; one object in JSON with the weights as an
  /// array of numbers; `key,value` rows in CSV.
  static func print(_ config: ReviewConfig, _ context: Context) {
    let p = config.parameters
    let pairs = pairs(config)
    switch context.format {
    case .table:
      Output.write(pairs.map { "\($0.0) \($0.1)\n" }.joined())
    case .plain:
      context.print(pairs.map { configLayout.row([.text($0.0), .text($0.1)]) }, configLayout)
    case .json, .jsonl:
      let row = settingsLayout.row([
        .double(p.desiredRetention), .texts(p.learningSteps.map(step)),
        .texts(p.relearningSteps.map(step)), .count(p.maximumInterval), .bool(p.isFuzzEnabled),
        .count(config.highlightsPerDay),
        .rows(p.weights.enumerated().map { weightLayout.row([.count($0), .double($1)]) }),
      ])
      context.print([row], settingsLayout, single: true)
    case .csv, .tsv:
      context.print(pairs.map { configLayout.row([.text($0.0), .text($0.1)]) }, configLayout)
    }
  }

  // MARK: - Digest

  /// `memo review digest`: a line saying how much is due (`10 of 57 due` when `limit` cuts
  /// the list), then the first `limit` items, and a last line when there are more. Nothing in
  /// it depends on the hour.
  /// - Parameters:
  ///   - rows: the first items due (all of them, or more than `limit` when it cuts).
  ///   - counts: how many of each kind are due, when `rows` are not all (nil: counted in them).
  ///   - note: a line under the heading (the current filter narrowing what is listed).
  ///   - listing: the command that lists every item the digest counts (its day and filters).
  static func digest(
    _ rows: [ReviewDueRow], limit: Int, counts given: [ReviewKind: Int]? = nil, date: String,
    note: String? = nil, listing: String = "memo review due"
  ) -> String {
    let shown = rows.prefix(limit)
    let byKind =
      given ?? Dictionary(grouping: rows, by: \.kind).mapValues(\.count)
    let total = byKind.values.reduce(0, +)
    var counts: [String] = []
    for kind in ReviewKind.allCases {
      let n = byKind[kind] ?? 0
      guard n > 0 else { continue }
      switch kind {
      case .recall: counts.append("\(n) to recall")
      case .open: counts.append("\(n) open")
      case .highlight: counts.append(n == 1 ? "1 highlight" : "\(n) highlights")
      }
    }
    let more = total > limit
    let how = more ? "\(shown.count) of \(total)" : "\(total)"
    var out =
      shown.isEmpty
      ? "memo review \(date): \(total) due (" + counts.joined(separator: ", ")
        + "); '\(listing)' lists them\n"
      : "memo review \(date): \(how) due (" + counts.joined(separator: ", ") + ")\n"
    if let note { out += "  (" + note + ")\n" }
    let ids = shown.map { $0.kind == .highlight ? "h\($0.id.rawValue)" : "\($0.id.rawValue)" }
    let width = ids.map(\.count).max() ?? 0
    for (row, id) in zip(shown, ids) {
      let text = DisplayWidth.truncate(visible(oneLine(row.question)), to: 60)
      let book = DisplayWidth.truncate(visible(oneLine(row.title)), to: 30)
      out += "  " + String(repeating: " ", count: width - id.count) + id + "  " + text
      out += " — " + book + "\n"
    }
    if more, !shown.isEmpty {
      out += "  … and \(total - shown.count) more: '\(listing)' lists them\n"
    }
    return out
  }
}
