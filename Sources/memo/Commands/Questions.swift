import ArgumentParser
import MemoCore

extension Memo {
  /// `memo questions`: a flat list of questions, newest first.
  struct Questions: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List questions, newest first (the current filter applies unless --all).",
      discussion: Help.text(
        """
        The current filter ('memo filter set') applies until cleared; flags given here replace
        the same fields of it (e.g. --unstarred over a current --starred) and keep the others.
        --filter NAME starts from a saved filter instead; --all starts from no filter.
        --category may be repeated: a question in any of them matches.

        Examples:
          memo questions --starred
          memo questions --category physics --unanswered --format json | jq length
          memo questions --post 12 --all
          memo questions --filter weekly --since 7d
        """))

    @OptionGroup(title: "Filters") var filters: QuestionFilterOptions

    @Option(help: ArgumentHelp("Only questions created at or after DATE.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only questions created up to DATE.", valueName: "date"))
    var until: String?

    @Option(
      help: ArgumentHelp("Only this post's questions.", valueName: "post"),
      completion: Completions.posts)
    var post: PostID?

    @Option(help: "Show at most N questions.")
    var limit: Int?

    @Option(help: "Skip the first N questions.")
    var offset: Int = 0

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
      if offset < 0 { throw ValidationError("--offset must be 0 or more") }
    }

    func run() throws {
      let context = try Context(global)
      let query = QuestionQuery(
        selection: try filters.selection(context, since: since, until: until), postID: post,
        limit: limit, offset: offset)
      let writer = context.listingWriter(filteredBy: query.selection)
      writer.isNarrowed = post != nil || since != nil || until != nil || limit == 0 || offset > 0
      _ = try context.dispatch(.questions(.list(query, to: .output)), output: writer)
    }
  }
}
