import ArgumentParser
import MemoCore

extension Memo {
  /// `memo search QUERY`: full text, ranked.
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Search post titles, authors, bodies, questions, answers and highlights, best match first.",
      discussion: Help.text(
        """
        QUERY is FTS5 query syntax: words (all must match), "a phrase", prefix*, OR, NOT,
        parentheses. A highlight is found by its passage and its note. Accents are ignored
        (cafe finds café). Chinese, Japanese and Korean text is
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

    @Flag(help: "Only highlights.")
    var highlights = false

    @Option(help: "Show at most N results (default: 20).")
    var limit: Int?

    @Flag(help: "Show every result (no --limit).")
    var all = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      let scopes = [("--posts", posts), ("--questions", questions), ("--highlights", highlights)]
        .filter(\.1).map(\.0)
      if scopes.count > 1 {
        throw ValidationError(
          "\(scopes.joined(separator: " and ")) contradict each other; give one or none")
      }
      if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
      if all, limit != nil {
        throw ValidationError(
          "--all and --limit contradict each other: --all shows every result; give one")
      }
    }

    func run() throws {
      let context = try Context(global)
      let scope: SearchQuery.Scope =
        posts ? .posts : questions ? .questions : highlights ? .highlights : .all
      _ = try context.dispatch(
        .search(
          .search(
            SearchQuery(text: query, scope: scope, limit: all ? nil : limit ?? 20), to: .output)))
    }
  }
}
