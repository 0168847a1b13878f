import ArgumentParser
import MemoCore

extension Memo {
  /// `memo review rate|show|due|config`: questions coming back on a schedule.
  struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rate questions and see what is due for review.",
      discussion: Help.text(
        """
        An answered question is a recall item, scheduled by FSRS-6: rate it again, hard,
        good or easy. A question without an answer is an open item: it comes back a day
        after it was asked; rate it soon, later or eventually (7, 14, 28 days, doubling
        while the same choice repeats, at most 365) or drop it from review. Each rating
        is kept; 'memo undo' takes the last one back.

        Examples:
          memo review due
          memo review rate 12 good
          memo review show 12 --format json
        """),
      subcommands: [Due.self, Rate.self, Show.self, Config.self])
  }
}

extension Memo.Review {
  /// `memo review due`.
  struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List what is due, lowest retrievability first.",
      discussion: Help.text(
        """
        New recall items (retrievability 0) come first, open questions last.

        Examples:
          memo review due --limit 20
          memo review due --at today --format json | jq '.[].id'
        """))

    @Option(help: ArgumentHelp("Due at DATE (a day: by its end; default: now).", valueName: "date"))
    var at: String?

    @Option(help: "Show at most N items.")
    var limit: Int?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
      let context = try Context(global)
      var time = context.now
      if let at {
        let date = try context.date(at)
        time = date.isWholeDay ? Timestamp(millis: date.end.millis - 1) : date.start
      }
      let writer = context.listingWriter
      writer.isNarrowed = limit == 0
      _ = try context.dispatch(
        .review(.due(ReviewDueQuery(at: time, limit: limit))), access: .read, sink: writer)
    }
  }

  /// `memo review rate ID RATING`.
  struct Rate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rate a question and print when it is due next.",
      discussion: Help.text(
        """
        RATING is again, hard, good or easy for an answered question; soon, later,
        eventually or drop for one without an answer. --format json prints due,
        scheduled_days, state, stability and difficulty.

        Examples:
          memo review rate 12 good
          memo review rate 7 later
          memo review rate 12 easy --at 2026-01-31T09:00:00Z --format json
        """))

    @Argument(help: "The question's id (see 'memo questions').", completion: Completions.questions)
    var question: QuestionID

    @Argument(help: ArgumentHelp("again|hard|good|easy or soon|later|eventually|drop."))
    var rating: String

    @Option(help: ArgumentHelp("When it was reviewed (default: now).", valueName: "date"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let time = try at.map { try context.date($0).start } ?? context.now
      let state = try context.dispatch(
        .review(.rate(question, rating: rating, at: time)), access: .writeExisting)
      guard let outcome = state.reviewOutcome else { return }
      let item = outcome.item
      switch context.format {
      case .plain: Output.line(item.due?.rfc3339 ?? "dropped")
      case .table:
        guard let due = item.due else {
          return Output.line("question \(question) dropped from review")
        }
        Output.line(
          "question \(question): \(outcome.rating.name), due "
            + due.localMinuteString(utcOffsetSeconds: context.style.utcOffsetSeconds)
            + " (\(ReviewPresenter.days(item.scheduledDays)))")
      default:
        context.print(
          [ReviewPresenter.rateRow(item)], ReviewPresenter.rateLayout, single: true)
      }
    }
  }

  /// `memo review show ID`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a question's schedule and its ratings.",
      discussion: Help.text(
        """
        Examples:
          memo review show 12
          memo review show 12 --format json | jq '.history[].rating'
        """))

    @Argument(help: "The question's id (see 'memo questions').", completion: Completions.questions)
    var question: QuestionID

    @Option(help: ArgumentHelp("Retrievability at DATE (default: now).", valueName: "date"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let time = try at.map { try context.date($0).start } ?? context.now
      let state = try context.dispatch(.review(.show(question, at: time)), access: .read)
      if let detail = state.reviewDetail { ReviewPresenter.print(detail, context) }
    }
  }

  /// `memo review config set KEY VALUE`.
  struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change how review schedules.",
      subcommands: [Set.self])

    struct Set: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Set a review setting: fuzz on|off.",
        discussion: Help.text(
          """
          fuzz (on by default) spreads intervals of 2.5 days or more over a few days,
          the same on every machine; off gives the reference schedules exactly. Every
          schedule is replayed with the new setting; 'memo undo' puts it back.

          Examples:
            memo review config set fuzz off
          """))

      @Argument(help: ArgumentHelp("The setting: fuzz.", valueName: "key"))
      var key: String

      @Argument(help: ArgumentHelp("on or off.", valueName: "value"))
      var value: String

      @OptionGroup var global: GlobalOptions

      func run() throws {
        guard key == "fuzz" else {
          throw MemoError.usage("unknown review setting '\(key)': the settings are: fuzz")
        }
        guard value == "on" || value == "off" else {
          throw MemoError.usage("fuzz is on or off, not '\(value)'")
        }
        let context = try Context(global)
        _ = try context.dispatch(.review(.setFuzz(value == "on")), access: .write)
        if !context.isQuiet, context.format == .table || context.format == .plain {
          Output.line("fuzz \(value)")
        }
      }
    }
  }
}
