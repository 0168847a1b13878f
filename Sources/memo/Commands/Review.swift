import ArgumentParser
import MemoCore

extension Memo {
  /// `memo review rate|show|due|config`: questions coming back on a schedule.
  struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rate questions and highlights and see what is due for review.",
      discussion: Help.text(
        """
        An answered question is a recall item, scheduled by FSRS-6: rate it again, hard,
        good or easy. A question without an answer is an open item: it comes back a day
        after it was asked; rate it soon, later or eventually (7, 14, 28 days, doubling
        while the same choice repeats, at most 365) or drop it from review. A highlight
        (named h and its id: h12) comes back as a daily review brings passages back, a
        few a day: keep (14 days, doubling), soon (7), later (60, doubling) or discard;
        starred ones and books on the shelf come back sooner. Each rating is kept;
        'memo undo' takes the last one back.

        On a terminal, 'memo review' alone runs a session over what is due (see
        'memo review session --help'); off one it lists what is due.

        Examples:
          memo review
          memo review due
          memo review rate 12 good
          memo review rate h3 keep
          memo review show 12 --format json
          memo review digest
        """),
      subcommands: [
        Session.self, Due.self, Rate.self, Show.self, Config.self, Digest.self, Export.self,
      ],
      defaultSubcommand: Session.self)
  }
}

extension Memo.Review {
  /// `memo review due`.
  struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List what is due, lowest retrievability first.",
      discussion: Help.text(
        """
        New recall items (retrievability 0) come first, then the rest by retrievability,
        then open questions, then highlights (a few a day: see 'memo review config'; one
        per book before any book's second, starred and on the shelf first). The item
        column is what 'memo review rate' takes: 12 for a question, h12 for a highlight.
        The question filters (the current one unless --all or --filter) choose the
        questions; --starred and the dates apply to highlights too, and a filter on
        answers or categories leaves highlights out. --at looks ahead too: tomorrow, +2d,
        +12h (2d is two days ago).

        Examples:
          memo review due --limit 20
          memo review due --at tomorrow
          memo review due --new 5 --recall
          memo review due --highlights
          memo review due --post 12 --since 30d
          memo review due --at today --format json | jq -r '.[].item'
        """))

    @Option(help: ArgumentHelp("Due at DATE (a day: by its end; default: now).", valueName: "date"))
    var at: String?

    @Option(help: "Show at most N items.")
    var limit: Int?

    @Option(name: .customLong("new"), help: "At most N items never rated before.")
    var newLimit: Int?

    @Flag(help: "Only open questions (no answer yet).")
    var open = false

    @Flag(help: "Only answered questions (recall).")
    var recall = false

    @Flag(help: "Only highlights.")
    var highlights = false

    @OptionGroup var filter: QuestionFilterOptions

    @Option(help: ArgumentHelp("Only items created at or after DATE.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only items created up to DATE.", valueName: "date"))
    var until: String?

    @Option(
      help: ArgumentHelp("Only this post's questions and highlights.", valueName: "post"),
      completion: Completions.posts)
    var post: PostID?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
      if let newLimit, newLimit < 0 { throw ValidationError("--new must be 0 or more") }
    }

    func run() throws {
      let context = try Context(global)
      var time = context.now
      var dayStart: Timestamp?
      if let at {
        let date = try context.date(at, looksAhead: true)
        time = date.isWholeDay ? Timestamp(millis: date.end.millis - 1) : date.start
        if date.isWholeDay { dayStart = date.start }
      }
      // The reader's day the time falls in: its highlights reviewed count against the quota.
      if dayStart == nil {
        dayStart = FSRS.dayStart(of: time, utcOffsetSeconds: context.style.utcOffsetSeconds)
      }
      var kinds: Set<ReviewKind> = []
      if open { kinds.insert(.open) }
      if recall { kinds.insert(.recall) }
      if highlights { kinds.insert(.highlight) }
      let selection = try filter.selection(context, since: since, until: until)
      let writer = context.listingWriter(filteredBy: selection)
      writer.isNarrowed =
        limit == 0 || !kinds.isEmpty || !selection.flags.isEmpty || post != nil
      _ = try context.dispatch(
        .review(
          .due(
            ReviewDueQuery(
              at: time, limit: limit, newLimit: newLimit, kinds: kinds, selection: selection,
              dayStart: dayStart, postID: post),
            to: .output)), output: writer)
    }
  }

  /// `memo review rate ID RATING`.
  struct Rate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rate a question and print when it is due next.",
      discussion: Help.text(
        """
        RATING is again, hard, good or easy for an answered question (or 1, 2, 3, 4, as
        the session's keys and the FSRS review log number them: 'rate 12 3' rates
        question 12 good); soon, later, eventually or drop for one without an answer;
        keep, soon, later or discard for a highlight (h12). --at takes a past time (not
        before the item was made), never a future one. --format json prints due,
        scheduled_days, state, stability and difficulty.

        Examples:
          memo review rate 12 good
          memo review rate 12 4
          memo review rate 7 later
          memo review rate h3 discard
          memo review rate 12 easy --at 2026-01-31T09:00:00Z --format json
        """))

    /// How far ahead of this machine's clock `--at` may be (another machine's clock may run ahead).
    static let clockSkewMillis: Int64 = 5 * 60_000

    /// The item as typed: checked in `validate()`, so a rating typed first is named as one.
    @Argument(
      help: ArgumentHelp(
        "The question's id (see 'memo questions'), or h and a highlight's id (h12).",
        valueName: "item"),
      completion: Completions.questions)
    var itemText: String

    var item: ReviewItemID { ReviewItemID(itemText)! }

    @Argument(
      help: ArgumentHelp(
        "again|hard|good|easy (1-4), soon|later|eventually|drop, or keep|soon|later|discard."))
    var rating: String

    @Option(help: ArgumentHelp("When it was reviewed (default: now).", valueName: "date"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      guard ReviewItemID(itemText) == nil else { return }
      let digits =
        itemText.hasPrefix("h") || itemText.hasPrefix("H") ? itemText.dropFirst() : itemText[...]
      if Int(digits) != nil { throw ValidationError(Arguments.idMessage(itemText)) }
      // `rate good 12`: the two the other way round.
      if ReviewItemID(rating) != nil,
        ReviewRating(typed: itemText) != nil
          || HighlightChoice(rawValue: itemText.lowercased()) != nil
      {
        throw ValidationError(
          "the item comes first, then the rating: memo review rate \(rating) \(itemText)")
      }
      throw ValidationError(
        "'\(itemText)' is not an item: give a question's id (12) or h and a highlight's id (h12), then the rating"
      )
    }

    func run() throws {
      let context = try Context(global)
      let time = try at.map { try context.date($0, looksAhead: true).start } ?? context.now
      // A rating in the future would replay after every real one and hide the item until then.
      // A few minutes ahead are another clock's skew; `tomorrow` and `+2d` name the future
      // whatever the time (at 23:58, `tomorrow` is two minutes ahead).
      let namesAhead = at.map { (try? context.date($0)) == nil } ?? false
      if let at, time.millis > context.now.millis + (namesAhead ? 0 : Self.clockSkewMillis) {
        throw MemoError.usage(
          "--at \(at) is in the future: a rating is recorded now (leave --at out) or at a past time"
        )
      }
      // Before 1970: no e-reader or note of ours, and a negative time in the FSRS review log.
      if let at, time.millis < 0 {
        throw MemoError.usage("--at \(at) is before 1970: give the time the review happened")
      }
      do {
        try rate(at: time, context)
      } catch let error as MemoError {
        // Refused in the rating's transaction (nothing written), worded with --at as typed.
        guard let at, let refused = error.beforeCreation else { throw error }
        let local = refused.created.localMinuteString(
          utcOffsetSeconds: context.style.utcOffsetSeconds)
        throw MemoError.usage(
          "--at \(at) is before \(refused.what) (\(local)): give the time the review happened")
      }
    }

    func rate(at time: Timestamp, _ context: Context) throws {
      let question: QuestionID
      switch item {
      case .highlight(let id):
        let state = try context.dispatch(
          .review(.rateHighlight(id, rating: rating, at: time)), access: .writeExisting,
          refusingRatingBeforeCreation: at != nil)
        if let outcome = state.highlightReviewOutcome, !context.isSilentReport {
          ReviewPresenter.printRated(outcome, context)
        }
        return
      case .question(let id): question = id
      }
      let state = try context.dispatch(
        .review(.rate(question, rating: rating, at: time)), access: .writeExisting,
        refusingRatingBeforeCreation: at != nil)
      // A rating is a change: with --quiet nothing, unless data was asked for (--format json).
      guard let outcome = state.reviewOutcome, !context.isSilentReport else { return }
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
          memo review show h3
          memo review show 12 --format json | jq '.history[].rating'
        """))

    @Argument(
      help: "The question's id (see 'memo questions'), or h and a highlight's id (h12).",
      completion: Completions.questions)
    var item: ReviewItemID

    @Option(
      help: ArgumentHelp(
        "Retrievability at DATE (default: now; tomorrow and +30d look ahead).", valueName: "date"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let time = try at.map { try context.date($0, looksAhead: true).start } ?? context.now
      switch item {
      case .highlight(let id):
        let state = try context.dispatch(.review(.showHighlight(id, at: time)))
        if let detail = state.highlightReviewDetail { ReviewPresenter.print(detail, context) }
      case .question(let question):
        let state = try context.dispatch(.review(.show(question, at: time)))
        if let detail = state.reviewDetail { ReviewPresenter.print(detail, context) }
      }
    }
  }
}

extension ReviewItemID: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }

  public var defaultValueDescription: String { description }
}
