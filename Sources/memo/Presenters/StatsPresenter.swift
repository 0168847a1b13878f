import MemoCore
import MemoStorage

/// `memo stats`: the counts, a contribution-graph style calendar of the last 52 weeks (weeks
/// as columns, days as rows), and the top categories as bars.
struct StatsPresenter {
  let style: Style

  func text(_ stats: Stats) -> String {
    var out = style.bold("memo") + "  "
    out +=
      "\(counted(stats.posts, "post")) · \(counted(stats.questions, "question")) (\(stats.starred) starred, \(stats.answered) answered)"
    out +=
      " · \(counted(stats.highlights, "highlight")) · \(counted(stats.favorites, "favorite")) · \(counted(stats.categories.count, "category"))\n\n"
    out +=
      style.bold("Reading activity") + style.dim("  posts and questions added, last 52 weeks")
      + "\n"
    out += calendar(stats)
    out += "\n" + style.bold("Top categories") + "\n" + bars(stats)
    if let review = stats.review { out += "\n" + reviewText(review) }
    out +=
      "\n"
      + style.dim(
        "journal: \(counted(stats.journalEntries, "change")) to undo or redo (\(counted(stats.journalChanges, "row"))); 'memo log' lists them"
      ) + "\n"
    return out
  }

  /// The review section: due today, reviewed in 30 days, true retention, and the next 30
  /// days as a bar each (day 1 is tomorrow).
  func reviewText(_ review: ReviewStats) -> String {
    var out = style.bold("Review") + "  "
    out += "\(review.dueToday) due today · \(review.newItems) new · "
    out += "\(review.reviewedIn30Days) reviewed in 30 days · true retention "
    out += review.trueRetention.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    out += "\n"
    let top = review.forecast.max() ?? 0
    guard top > 0 else { return out + style.dim("  nothing falls due in the next 30 days") + "\n" }
    out +=
      style.dim("  next 30 days: answered and open questions, highlights under review")
      + "\n"
    let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let bars = review.forecast.map { count in
      count == 0 ? " " : levels[min(7, (count * 8 - 1) / top)]
    }.joined()
    out += "  " + (style.useColor ? "\u{1B}[32m\(bars)\u{1B}[0m" : bars) + "  most in a day: \(top)\n"
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

  func calendar(_ stats: Stats) -> String {
    let weeks = (stats.activity.count + 6) / 7
    let maximum = stats.activity.max() ?? 0
    let names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    var header = [Character](repeating: " ", count: weeks + 3)
    var lastMonth = stats.month(at: 0)
    var free = 0  // the first column a label may start at
    for week in 0..<weeks {
      // A week's column is labelled when the month changes within it (its Sunday's month).
      let month = stats.month(at: min(week * 7 + 6, stats.activity.count - 1))
      if month != lastMonth {
        lastMonth = month
        guard week >= free, week + 3 <= header.count else { continue }
        for (i, c) in names[month - 1].enumerated() { header[week + i] = c }
        free = week + 4
      }
    }
    var out = "     " + String(header) + "\n"
    let days = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
    for day in 0..<7 {
      var line = days[day].padding(to: 5)
      for week in 0..<weeks {
        let index = week * 7 + day
        line += index < stats.activity.count ? cell(stats.activity[index], maximum: maximum) : " "
      }
      out += line + "\n"
    }
    let legend = (0..<4).map { shade($0) }.joined()
    out +=
      "     less " + shade(nil) + legend + " more" + style.dim("   busiest day: \(maximum)") + "\n"
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
    let width = min(20, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
    var out = ""
    for (name, count) in rows {
      let label = DisplayWidth.truncate(visible(oneLine(name)), to: width)
      let bar = String(repeating: "█", count: max(1, count * 30 / top))
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
          stats.activity.enumerated().map { dayLayout.row([.text(stats.date(at: $0)), .count($1)]) }),
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
  static let rowLayout = Layout([Field("section", .text), Field("name", .text), Field("value", .int)])

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
