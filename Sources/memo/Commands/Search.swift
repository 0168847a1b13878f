import ArgumentParser
import MemoCore

extension Memo {
  /// `memo search QUERY`: full text, ranked.
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Search post titles, authors, bodies, questions and answers, best match first.",
      discussion: Help.text(
        """
        QUERY is FTS5 query syntax: words (all must match), "a phrase", prefix*, OR, NOT,
        parentheses. Accents are ignored (cafe finds café). Chinese, Japanese and Korean text is
        matched as a substring (三体, 吾輩は猫). A query FTS5 cannot read exits 64.

        Examples:
          memo search spice
          memo search '"litany against fear"'
          memo search 'desert* NOT sand' --questions
          memo search 猫 --format json | jq '.[].post_title'
        """))

    @Argument(help: "What to look for.")
    var query: String

    @Flag(help: "Only posts.")
    var posts = false

    @Flag(help: "Only questions.")
    var questions = false

    @Option(help: "Show at most N results.")
    var limit: Int = 20

    @Flag(help: "Show every result (no --limit).")
    var all = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if posts && questions {
        throw ValidationError("--posts and --questions contradict each other; give one or neither")
      }
      if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
      let context = try Context(global)
      let scope: SearchQuery.Scope = posts ? .posts : questions ? .questions : .all
      _ = try context.dispatch(
        .search(.search(SearchQuery(text: query, scope: scope, limit: all ? nil : limit))),
        access: .read, sink: context.listingWriter)
    }
  }
}
