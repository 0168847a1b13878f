import MemoCore
import MemoStorage

/// `memo stats`: the counts, a contribution-graph style calendar of the last 52 weeks (weeks
/// as columns, days as rows), and the top categories as bars.
struct StatsPresenter {
  let style: Style

  func text(_ stats: Stats) -> String {
    var out =
      headed(
        "memo",
        [
          counted(stats.posts, "post"),
          "\(counted(stats.questions, "question")) (\(stats.starred) starred, \(stats.answered) answered)",
          counted(stats.highlights, "highlight"), counted(stats.favorites, "favorite"),
          counted(stats.categories.count, "category"),
        ]) + "\n"
    let shown = shownWeeks(stats)
    let weeks = shown < (stats.activity.count + 6) / 7 ? shown : 52
    let about = "posts and questions added, last \(weeks) weeks"
    out += style.bold("Reading activity")
    // Narrow: what the calendar shows on lines of its own.
    if let width = style.width, 18 + about.count > width {
      let words = "posts and questions added,".split(separator: " ").map(String.init)
      out += "\n" + dimmed(about, indent: "  ", parts: words + ["last \(weeks) weeks"])
    } else {
      out += style.dim("  " + about) + "\n"
    }
    out += calendar(stats)
    out += "\n" + style.bold("Top categories") + "\n" + bars(stats)
    if let review = stats.review { out += "\n" + reviewText(review) }
    out +=
      "\n"
      + dimmed(
        "journal: \(counted(stats.journalEntries, "change")) to undo or redo (\(counted(stats.journalChanges, "row"))); 'memo log' lists them"
      )
    return out
  }

  /// `title` in bold, then `parts` joined by " · ", broken between parts on a narrow
  /// terminal (issue 35); ends in a line break.
  func headed(_ title: String, _ parts: [String]) -> String {
    var lines = Fit.wrap(
      [title + "  " + parts[0]] + parts.dropFirst(), separator: " · ", width: style.width)
    if lines[0].hasPrefix(title) { lines[0] = style.bold(title) + lines[0].dropFirst(title.count) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` dimmed, broken at its spaces on a narrow terminal (every line after `indent`, or
  /// without one the later lines indented); ends in a line break.
  /// `parts`: where it may break, when not at every space.
  func dimmed(_ text: String, indent: String = "", parts: [String]? = nil) -> String {
    let hanging = indent.isEmpty ? "  " : ""
    let width = style.width.map { $0 - indent.count }
    let lines =
      parts.map { Fit.wrap($0, width: width, indent: hanging) }
      ?? Fit.words(text, width: width, indent: hanging)
    return lines.map {
      style.dim(indent + $0) + "\n"
    }.joined()
  }

  /// The review section: due today, reviewed in 30 days, true retention, and the next 30
  /// days as a bar each (day 1 is tomorrow).
  func reviewText(_ review: ReviewStats) -> String {
    var out = headed(
      "Review",
      [
        "\(review.dueToday) due today", "\(review.newItems) new",
        "\(review.reviewedIn30Days) reviewed in 30 days",
        "true retention " + (review.trueRetention.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"),
      ])
    let top = review.forecast.max() ?? 0
    guard top > 0 else {
      return out + dimmed("nothing falls due in the next 30 days", indent: "  ")
    }
    out += dimmed(
      "next 30 days: answered and open questions, highlights under review", indent: "  ")
    let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    var bars = review.forecast.map { count in
      count == 0 ? " " : levels[min(7, (count * 8 - 1) / top)]
    }.joined()
    let most = "most in a day: \(top)"
    // Narrow: the days that fit, then "…"; the maximum on a line of its own.
    if let width = style.width, 2 + bars.count > width { bars = Fit.cut(bars, width: width - 2) }
    let apart = style.width.map { 2 + bars.count + 2 + most.count > $0 } ?? false
    out += "  " + (style.useColor ? "\u{1B}[32m\(bars)\u{1B}[0m" : bars)
    out += (apart ? "\n  " : "  ") + most + "\n"
    return out
  }

  /// Shade for a day: nothing, then four levels by the busiest day's share.
  func cell(_ count: Int, maximum: Int) -> String {
    guard count > 0, maximum > 0 else { return shade(nil) }
    return shade(min(3, (count * 4 - 1) / maximum))
  }

  /// A level 0…3 as a coloured square or a block; nil as a dot.
  func shade(_ level: Int?) -> String {
    guard let level else { return style.useColor ? style.dim("·") : "·" }
    if style.useColor {
      let greens = [22, 28, 34, 40]
      return "\u{1B}[38;5;\(greens[level])m■\u{1B}[0m"
    }
    return ["░", "▒", "▓", "█"][level]
  }

  /// The weeks the calendar shows: all 52 (53), or on a narrow terminal the latest that fit
  /// beside the day names.
  func shownWeeks(_ stats: Stats) -> Int {
    let weeks = (stats.activity.count + 6) / 7
    return style.width.map { min(weeks, max(1, $0 - 5)) } ?? weeks
  }

  func calendar(_ stats: Stats) -> String {
    let weeks = (stats.activity.count + 6) / 7
    let first = weeks - shownWeeks(stats)
    let maximum = stats.activity.max() ?? 0
    let names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    var header = [Character](repeating: " ", count: weeks - first + 3)
    var lastMonth = stats.month(at: first * 7)
    var free = 0  // the first column a label may start at
    for week in first..<weeks {
      // A week's column is labelled when the month changes within it (its Sunday's month).
      let month = stats.month(at: min(week * 7 + 6, stats.activity.count - 1))
      let column = week - first
      if month != lastMonth {
        lastMonth = month
        guard column >= free, column + 3 <= header.count else { continue }
        for (i, c) in names[month - 1].enumerated() { header[column + i] = c }
        free = column + 4
      }
    }
    var labels = "     " + String(header)
    if style.width != nil {
      while labels.last == " " { labels.removeLast() }
    }
    var out = Fit.cut(labels, width: style.width) + "\n"
    let days = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
    for day in 0..<7 {
      var line = days[day].padding(to: 5)
      for week in first..<weeks {
        let index = week * 7 + day
        line += index < stats.activity.count ? cell(stats.activity[index], maximum: maximum) : " "
      }
      out += line + "\n"
    }
    let legend = (0..<4).map { shade($0) }.joined()
    let busiest = "   busiest day: \(maximum)"
    let fits = style.width.map { 19 + busiest.count <= $0 } ?? true
    out += "     less " + shade(nil) + legend + " more" + (fits ? style.dim(busiest) : "") + "\n"
    return out
  }

  func bars(_ stats: Stats) -> String {
    var rows = stats.categories.filter { $0.questionCount > 0 }.prefix(8).map {
      ($0.name, $0.questionCount)
    }
    if stats.uncategorized > 0 { rows.append(("(none)", stats.uncategorized)) }
    guard let top = rows.map(\.1).max(), top > 0 else {
      return style.dim("  no questions yet") + "\n"
    }
    var width = min(20, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
    // On a narrow terminal the bars get shorter, then the names, down to 8 and 4 columns.
    var longest = 30
    if let columns = style.width {
      let room = columns - 2 - 2 - 1 - String(top).count
      width = max(1, min(width, max(4, room - 8)))
      longest = max(1, min(30, room - width))
    }
    var out = ""
    for (name, count) in rows {
      let label = DisplayWidth.truncate(visible(oneLine(name)), to: width)
      let bar = String(repeating: "█", count: max(1, count * longest / top))
      out += "  " + label + String(repeating: " ", count: width - DisplayWidth.of(label)) + "  "
      out += (style.useColor ? "\u{1B}[32m\(bar)\u{1B}[0m" : bar) + " \(count)\n"
    }
    return out
  }

  /// The same numbers for scripts, one record: the counts, then `categories` and `activity`
  /// as arrays of records (JSON and JSON Lines).
  static let categoryLayout = Layout([Field("name", .text), Field("questions", .int)])
  static let dayLayout = Layout([Field("date", .text), Field("count", .int)])
  static let forecastLayout = Layout([Field("day", .int), Field("count", .int)])
  /// `review` in JSON: the counts, true retention (null without reviews to measure) and
  /// `forecast`, the items due on each of the next 30 days.
  static let reviewLayout = Layout([
    Field("due_today", .int), Field("new", .int), Field("reviewed_30_days", .int),
    Field("true_retention", .number), Field("forecast", .rows(forecastLayout)),
  ])
  static let layout = Layout(
    totalKeys.map { Field($0, .int) } + [
      Field("categories", .rows(categoryLayout)), Field("activity", .rows(dayLayout)),
    ])
  static let reviewedLayout = Layout(layout.fields + [Field("review", .object(reviewLayout))])

  static func row(_ stats: Stats) -> Row {
    let values: [RowValue] =
      totals(stats).map { .count($0.count) } + [
        .rows(
          stats.categories.map { categoryLayout.row([.text($0.name), .count($0.questionCount)]) }),
        .rows(
          stats.activity.enumerated().map {
            dayLayout.row([.text(stats.date(at: $0)), .count($1)])
          }),
      ]
    guard let review = stats.review else { return layout.row(values) }
    return reviewedLayout.row(values + [.row(reviewRow(review))])
  }

  static func reviewRow(_ review: ReviewStats) -> Row {
    reviewLayout.row([
      .count(review.dueToday), .count(review.newItems), .count(review.reviewedIn30Days),
      .nullable(review.trueRetention),
      .rows(review.forecast.enumerated().map { forecastLayout.row([.count($0 + 1), .count($1)]) }),
    ])
  }

  static let totalKeys = totals(Stats()).map(\.key)

  static func totals(_ stats: Stats) -> [(key: String, count: Int)] {
    [
      ("posts", stats.posts), ("questions", stats.questions), ("highlights", stats.highlights),
      ("starred", stats.starred),
      ("answered", stats.answered), ("favorites", stats.favorites),
      ("uncategorized", stats.uncategorized), ("journal_entries", stats.journalEntries),
      ("journal_changes", stats.journalChanges),
    ]
  }

  /// The same numbers as rows for CSV, TSV and plain text: `section,name,value` — the totals,
  /// then a row per category, then a row per day of the calendar.
  static let rowLayout = Layout([
    Field("section", .text), Field("name", .text), Field("value", .int),
  ])

  static func rows(_ stats: Stats) -> [Row] {
    func row(_ section: String, _ name: String, _ value: Int) -> Row {
      rowLayout.row([.text(section), .text(name), .count(value)])
    }
    return totals(stats).map { row("total", $0.key, $0.count) }
      + stats.categories.map { row("category", $0.name, $0.questionCount) }
      + stats.activity.enumerated().map { row("activity", stats.date(at: $0), $1) }
      + (stats.review.map { review in
        [
          row("review", "due_today", review.dueToday), row("review", "new", review.newItems),
          row("review", "reviewed_30_days", review.reviewedIn30Days),
        ]
          + (review.trueRetention.map {
            [
              // A whole percentage, as the table shows it (JSON has the exact share).
              row("review", "true_retention_percent", Int(($0 * 100).rounded()))
            ]
          } ?? [])
          + review.forecast.enumerated().map { row("forecast", "day \($0 + 1)", $1) }
      } ?? [])
  }

  /// What `memo stats` prints in `context`'s format.
  static func print(_ stats: Stats, _ context: Context) {
    switch context.format {
    case .table: Output.write(StatsPresenter(style: context.style).text(stats))
    case .json, .jsonl:
      context.print([row(stats)], stats.review == nil ? layout : reviewedLayout, single: true)
    case .csv, .tsv, .plain: context.print(rows(stats), rowLayout)
    }
  }
}

extension String {
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
