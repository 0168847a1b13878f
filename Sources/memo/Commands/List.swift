import ArgumentParser
import MemoCore

extension Memo {
  /// `memo list`: posts, newest first.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "List posts, newest first; with question filters, the posts and their matching questions.",
      discussion: Help.text(
        """
        With a question filter (--starred, --category, … or the current filter set with
        'memo filter set'), only posts with matching questions are listed; a table shows each
        with those questions beneath it, JSON its "questions" array, and plain, CSV and TSV a
        row per post as always. --all ignores the current filter.

        --since, --until, --limit and --offset apply to the posts: --since and --until look at
        when a post was created; a date without a time means the whole day in local time.

        Examples:
          memo list
          memo list --starred          # only books with starred questions
          memo list --favorites --sort title
          memo list --author herbert --since 30d --format json | jq '.[].title'
        """))

    @OptionGroup(title: "Question filters") var filters: QuestionFilterOptions

    @Flag(help: "Only posts on the favorites shelf.")
    var favorites = false

    @Option(help: "Only posts whose author contains this text (ignoring case).")
    var author: String?

    @Option(help: ArgumentHelp("Order: created, updated or title.", valueName: "order"))
    var sort: PostQuery.Sort = .created

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Option(help: ArgumentHelp("Only posts created at or after DATE.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only posts created up to DATE.", valueName: "date"))
    var until: String?

    @Option(help: "Show at most N posts.")
    var limit: Int?

    @Option(help: "Skip the first N posts.")
    var offset: Int = 0

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
      if offset < 0 { throw ValidationError("--offset must be 0 or more") }
      if let author, author.trimmingWhitespace().isEmpty {
        throw ValidationError("--author needs some text of the author's name")
      }
    }

    func run() throws {
      let context = try Context(global)
      let query = PostQuery(
        sort: sort, isReversed: reverse, author: author,
        since: try since.map { try context.date($0).start },
        until: try until.map { try context.date($0).end },
        limit: limit, offset: offset, favoritesOnly: favorites,
        selection: try filters.selection(context))
      let writer =
        query.selection.map { context.listingWriter(filteredBy: $0) } ?? context.listingWriter
      writer.isNarrowed =
        favorites || author != nil || since != nil || until != nil || limit == 0 || offset > 0
      _ = try context.dispatch(.posts(.list(query, to: .output)), output: writer)
    }
  }
}
