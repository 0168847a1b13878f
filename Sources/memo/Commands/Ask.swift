import ArgumentParser
import MemoCore

extension Memo {
  /// `memo ask POST TEXT`: adds a question to a post and prints its id.
  struct Ask: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a question to a post and print its id.",
      discussion: Help.text(
        """
        A category that does not exist yet is created. Prints only the new id (or the new
        question with --format json).

        Examples:
          memo ask 12 "Why does the spice matter so much?" --category ecology --star
          q=$(memo ask 12 "Who are the Fremen?")
          pbpaste | memo ask 12 -
        """))

    @Argument(help: "The post's id (see 'memo list').", completion: Completions.posts)
    var post: PostID

    @Argument(help: ArgumentHelp("The question; '-' reads it from stdin.", valueName: "text|-"))
    var text: String

    @Option(help: "The question's category (created if new).", completion: Completions.categories)
    var category: String?

    @Flag(help: "Star the question.")
    var star = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let question = NewQuestion(
        postID: post, text: try Input.textOrStdin(text), category: category, isStarred: star)
      let state = try context.dispatch(.questions(.ask(question)), access: .write)
      guard let added = state.question else { return }
      switch context.format {
      case .table, .plain: Output.line(added.id.description)
      default: QuestionPresenter.print(added, context)
      }
    }
  }
}
