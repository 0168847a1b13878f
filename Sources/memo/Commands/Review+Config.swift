import ArgumentParser
import MemoCore

/// `memo review config`, `digest` and `export`: the settings, and what review gives to cron
/// and to the FSRS optimizer.
extension Memo.Review {
  /// `memo review config show|set`.
  struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show or change how review schedules.",
      subcommands: [ShowConfig.self, Set.self])

    struct ShowConfig: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the review settings: retention, steps, fuzz, highlights, weights.",
        discussion: Help.text(
          """
          Examples:
            memo review config show
            memo review config show --format json | jq '.weights[].value'
          """))

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = try Context(global)
        let state = try context.dispatch(.review(.showConfig))
        if let config = state.reviewConfig { ReviewPresenter.print(config, context) }
      }
    }

    struct Set: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract:
          "Set a review setting: any key 'config show' prints (retention, steps, fuzz, …).",
        discussion: Help.text(
          """
          retention R: the recall probability intervals aim at, 0.7 to 0.99 (default
          0.9). learning_steps and relearning_steps: the same-day waits of a new recall
          item and of one forgotten (again), each 1s to 1d, e.g. 1m,10m (the defaults:
          1m,10m and 10m); none: no steps. maximum_interval N: the longest interval in
          days, 1 to 36500 (the default). fuzz on|off (on by default) spreads intervals
          of 2.5 days or more over a few days, the same on every machine; off gives the
          reference schedules exactly. highlights N: how many highlights a day come back
          (default 5). weights W0,…,W20: FSRS-6's 21 weights, as an optimizer fits them
          (commas or spaces; an older optimizer's 17 or 19 are migrated as FSRS does;
          'default' puts FSRS-6's back). A change of anything but highlights replays
          every schedule; 'memo undo' puts the setting and the schedules back.

          Examples:
            memo review config set fuzz off
            memo review config set retention 0.85
            memo review config set learning_steps 1m,10m,1h
            memo review config set maximum_interval 365
            memo review config set weights "$(cat weights.txt)"
            memo review config set highlights 10
          """))

      /// Every key `config show` prints, in its order: each one can be set.
      static let keys = [
        "retention", "learning_steps", "relearning_steps", "maximum_interval", "fuzz",
        "highlights", "weights",
      ]

      @Argument(
        help: ArgumentHelp(
          "retention, learning_steps, relearning_steps, maximum_interval, fuzz, highlights or weights.",
          valueName: "key"))
      var key: String

      @Argument(
        parsing: .remaining,
        help: ArgumentHelp("The value (weights: 21 numbers).", valueName: "value"))
      var values: [String] = []

      @OptionGroup var global: GlobalOptions

      static var keyList: String { keys.dropLast().joined(separator: ", ") + " or " + keys.last! }

      func run() throws {
        // Commas or any white space between numbers; the brackets an optimizer prints around
        // its list (`[0.212, 1.2931, …]`) are taken off.
        let words = values.flatMap {
          $0.split(whereSeparator: { $0 == "," || $0.isWhitespace || "[]()".contains($0) })
        }.map(String.init)
        guard Self.keys.contains(key) else {
          throw MemoError.usage(
            "unknown review setting '\(key)': the settings are \(Self.keyList)")
        }
        guard !words.isEmpty else {
          throw MemoError.usage(
            "review config set \(key) needs a value (the settings: \(Self.keyList))")
        }
        if key == "fuzz" { return try setFuzz(words) }
        let setting = try Self.setting(key, words)
        let context = try Context(global)
        let state = try context.dispatch(.review(.set(setting)), access: .write)
        // Data asked for (--format json, …): the settings, whatever --quiet says.
        guard let config = state.reviewConfig, !context.isSilentReport else { return }
        switch context.format {
        case .table:
          switch setting {
          case .weights: Output.line("weights " + ReviewPresenter.weights(config))
          case .retention: Output.line("retention \(config.parameters.desiredRetention)")
          case .highlightsPerDay: Output.line("highlights \(config.highlightsPerDay) a day")
          default:
            for (key, value) in ReviewPresenter.pairs(config) where key == setting.key {
              Output.line("\(key) \(value)")
            }
          }
        case .plain:
          // The setting's line of 'config show', tab-separated.
          context.print(
            ReviewPresenter.pairs(config).filter { $0.0 == setting.key }.map {
              ReviewPresenter.configLayout.row([.text($0.0), .text($0.1)])
            }, ReviewPresenter.configLayout)
        default: ReviewPresenter.print(config, context)
        }
      }

      /// `fuzz on|off`: its own action (it replays every schedule).
      func setFuzz(_ words: [String]) throws {
        let value = words.joined(separator: " ")
        guard value == "on" || value == "off" else {
          throw MemoError.usage("fuzz is on or off, not '\(value)'")
        }
        let context = try Context(global)
        _ = try context.dispatch(.review(.setFuzz(value == "on")), access: .write)
        switch context.format {
        case .table where !context.isQuiet: Output.line("fuzz \(value)")
        case .plain where !context.isQuiet:
          context.print(
            [ReviewPresenter.configLayout.row([.text("fuzz"), .text(value)])],
            ReviewPresenter.configLayout)
        default: break
        }
      }

      /// The setting `key` names with the value `words` (the reducer checks its range).
      /// - Throws: `.usage` (64) for a value of the wrong form.
      static func setting(_ key: String, _ words: [String]) throws -> ReviewSetting {
        let text = words.joined(separator: " ")
        switch key {
        case "weights":
          if words == ["default"] { return .weights(FSRSParameters.defaultWeights) }
          var numbers: [Double] = []
          for (index, word) in words.enumerated() {
            // Decimal only: Double("0x10") would read hexadecimal as 16.
            guard word.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
              let number = Double(word), number.isFinite
            else {
              throw MemoError.usage(
                "weight \(index) is '\(word)', not a number; give 21 numbers separated by commas or spaces"
              )
            }
            numbers.append(number)
          }
          return .weights(numbers)
        case "retention":
          guard words.count == 1, let value = Double(words[0]) else {
            throw MemoError.usage(
              "retention is one number from 0.7 to 0.99 (e.g. 0.9), not '\(text)'")
          }
          return .retention(value)
        case "highlights":
          guard words.count == 1, let value = Int(words[0]) else {
            throw MemoError.usage("highlights is a number of highlights a day, not '\(text)'")
          }
          return .highlightsPerDay(value)
        case "maximum_interval":
          guard words.count == 1,
            let value = Int(words[0].hasSuffix("d") ? String(words[0].dropLast()) : words[0])
          else {
            throw MemoError.usage("maximum_interval is a number of days (e.g. 365), not '\(text)'")
          }
          return .maximumInterval(value)
        default:
          let steps = try Self.steps(key, words)
          return key == "learning_steps" ? .learningSteps(steps) : .relearningSteps(steps)
        }
      }

      /// Steps as `config show` prints them (`1m,10m`; units s, m, h, d), or none.
      static func steps(_ key: String, _ words: [String]) throws -> [Int64] {
        if words.map({ $0.lowercased() }) == ["none"] { return [] }
        return try words.map { word in
          let digits = word.prefix { $0.isASCII && $0.isNumber }
          let units: [String: Int64] = [
            "s": 1000, "m": 60_000, "min": 60_000, "h": 3_600_000, "d": 86_400_000,
          ]
          guard !digits.isEmpty, digits.count <= 6, let amount = Int64(digits),
            let unit = units[word.dropFirst(digits.count).lowercased()]
          else {
            throw MemoError.usage(
              "\(key) are waits like 1m,10m (s, m, h or d), or none; '\(word)' is not one")
          }
          return amount * unit
        }
      }
    }
  }

  /// `memo review digest`.
  struct Digest: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "What is due today, as a few lines for cron or a login shell.",
      discussion: Help.text(
        """
        Prints a line saying how much is due by the end of the day ("10 of 57 due" when
        --limit cuts the list), then the first items (as 'memo review due' orders them),
        and nothing on stdout when nothing is due (exit 0; under a current filter a note on
        stderr names it). The same day and the same data give the same bytes, whatever the
        hour. The question filters apply as for 'memo review due': the current filter
        unless --all or --filter NAME. --at takes a day ahead too: tomorrow, +2d.

        Examples:
          memo review digest
          memo review digest --limit 5 --at 2026-02-01
          memo review digest --at tomorrow
          # crontab: 0 8 * * * memo review digest --all | mail -E -s "memo review" me
        """))

    @Option(help: ArgumentHelp("The day (default: today).", valueName: "date"))
    var at: String?

    @Option(help: "List at most N items (default: 10).")
    var limit: Int = 10

    @OptionGroup var filter: QuestionFilterOptions

    @OptionGroup var common: CommonOptions

    @Option(
      help: "Only plain: the digest is a few lines of text; 'memo review due' prints the others.")
    var format: OutputFormat?

    func validate() throws {
      if limit < 0 { throw ValidationError("--limit must be 0 or more") }
      if let format, format != .plain {
        throw ValidationError(
          "memo review digest prints plain text only; for \(format.rawValue) use 'memo review due --format \(format.rawValue)'"
        )
      }
    }

    func run() throws {
      let context = try Context(common, format: .plain)
      let day = try context.date(at ?? "today", looksAhead: true)
      // A time within a day stands for its day: the digest is the same all day.
      let start =
        day.isWholeDay
        ? day.start : FSRS.dayStart(of: day.start, utcOffsetSeconds: context.style.utcOffsetSeconds)
      let end = Timestamp(millis: start.millis + FSRS.dayMillis - 1)
      // The question filters as `review due` applies them (the current one unless --all);
      // relative dates count from the day's end, so the digest is the same all day.
      var selection = try filter.selection(context)
      selection.now = end
      // One more than shown, to know whether there are more.
      let query = ReviewDueQuery(
        at: end, limit: limit == Int.max ? limit : limit + 1, selection: selection, dayStart: start)
      let rows = try context.dispatch(.review(.due(query))).reviewDue
      var note: String?
      var current: QuestionFilter?
      if selection.base == .current {
        current = try context.dispatch(.filters(.show)).filter
        note = current.flatMap { ReviewSession.filterNote(current: $0, selection) }
      }
      guard !rows.isEmpty else {
        // Nothing on stdout (cron mails nothing), but a filter that may hide what is due is
        // named on stderr, as 'review due' names it.
        if note != nil, let current, !context.isQuiet {
          Diagnostics.line(
            "memo: note: nothing due under the current filter ("
              + current.overridden(by: selection.flags).summary
              + "); --all reviews everything, 'memo filter clear' removes it")
        }
        return
      }
      // Cut by the limit: counted in the database, to say how many are due ("10 of 57 due").
      var counts: [ReviewKind: Int]?
      if rows.count > limit {
        counts = try context.dispatch(.review(.countDue(query))).reviewDueCounts
      }
      let date = String(
        start.localMinuteString(utcOffsetSeconds: context.style.utcOffsetSeconds)
          .prefix(10))
      // The listing of the same items: the day, and the options that choose them.
      var arguments = ["--at", date]
      switch selection.base {
      case .current: break
      case .none: arguments.append("--all")
      case .saved(let name): arguments += ["--filter", name]
      }
      arguments += selection.flags.arguments
      let listing = (["memo", "review", "due"] + arguments.map(QuestionFilter.shellQuoted))
        .joined(separator: " ")
      Output.write(
        ReviewPresenter.digest(
          rows, limit: limit, counts: counts, date: date, note: note, listing: listing))
    }
  }

  /// `memo review export --format fsrs-csv`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the review log for the FSRS optimizer (fsrs-csv).",
      discussion: Help.text(
        """
        One row per rating of an answered question, with a header: card_id (the
        question's id), review_time (milliseconds since 1970), review_rating (1 again,
        2 hard, 3 good, 4 easy), review_state (before the rating: 0 new, 1 learning,
        2 review, 3 relearning) and review_duration (milliseconds; empty when unknown),
        by question and time: the review log fsrs-optimizer reads. Fit weights from it
        and give them to 'memo review config set weights'.

        Examples:
          memo review export --format fsrs-csv > revlog.csv
        """))

    enum Format: String, CaseIterable, ExpressibleByArgument {
      case fsrsCSV = "fsrs-csv"
    }

    @Option(help: "The format: fsrs-csv (the only one).")
    var format: Format = .fsrsCSV

    @OptionGroup var common: CommonOptions

    func run() throws {
      let context = try Context(common, format: .csv)
      _ = try context.dispatch(.review(.exportLog))
    }
  }
}
