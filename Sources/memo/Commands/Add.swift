import ArgumentParser
import MemoCore

extension Memo {
  /// `memo add TITLE`: adds a post and prints its id.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a post (one memo per book) and print its id.",
      discussion: Help.text(
        """
        Prints only the new id (or the new post with --format json), so scripts can keep it.
        A title of '-' is read from stdin (its final line break dropped), as 'memo ask' reads
        its text.

        Examples:
          memo add "Dune" --author "Frank Herbert" --source 9780441013593
          id=$(memo add "Dune")
          echo "First impressions…" | memo add "Dune" --body -
          echo "Dune" | memo add -
        """))

    @Argument(
      help: ArgumentHelp("The book's title; '-' reads it from stdin.", valueName: "title|-"))
    var title: String

    @Option(help: "The book's author.")
    var author: String?

    @Option(help: ArgumentHelp("The memo's text; '-' reads it from stdin.", valueName: "text|-"))
    var body: String?

    @Option(help: "Where the book comes from: an ISBN, a URL, …")
    var source: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      if title == "-" && body == "-" {
        throw MemoError.usage("only one of the title and --body can be read from stdin ('-')")
      }
      let title = try Input.textOrStdin(self.title)
      let text = try body.map(Input.textOrStdin)
      let state = try context.dispatch(
        .posts(.add(NewPost(title: title, author: author, body: text, source: source))),
        access: .write)
      guard let post = state.post else { return }
      switch context.format {
      case .table, .plain: Output.line(post.id.description)
      default: PostPresenter.print([post], single: true, context)
      }
    }
  }
}
