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
        question with --format json). With --highlight H, give only the question: it is asked
        on the highlight's post, and 'memo question show' shows the passage with it.

        Examples:
          memo ask 12 "Why does the spice matter so much?" --category ecology --star
          q=$(memo ask 12 "Who are the Fremen?")
          pbpaste | memo ask 12 -
          memo ask --highlight 7 "Why is fear the mind-killer?"
        """))

    @Argument(
      help: ArgumentHelp(
        "The post's id (see 'memo list'); with --highlight, the question instead.",
        valueName: "post"), completion: Completions.posts)
    var post: String

    @Argument(help: ArgumentHelp("The question; '-' reads it from stdin.", valueName: "text|-"))
    var text: String?

    @Option(
      help: ArgumentHelp(
        "Ask about this highlight (see 'memo highlights'), on its post.", valueName: "highlight"))
    var highlight: HighlightID?

    @Option(help: "The question's category (created if new).", completion: Completions.categories)
    var category: String?

    @Flag(help: "Star the question.")
    var star = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let highlight {
        if text != nil {
          throw MemoError.usage(
            "with --highlight give only the question: memo ask --highlight \(highlight) TEXT")
        }
      } else {
        guard PostID(argument: post) != nil else {
          throw MemoError.usage(
            "'\(post)' is not a post id; give the post's id, then the question: memo ask 12 \"Why?\" ('memo list' shows the ids)"
          )
        }
        guard text != nil else {
          throw MemoError.usage(
            "give the question after the post's id: memo ask \(post) \"Why?\" (or memo ask --highlight H \"Why?\")"
          )
        }
      }
    }

    func run() throws {
      let context = try Context(global)
      let postID: PostID
      let questionText: String
      if let highlight {
        let found = try context.dispatch(.highlights(.show(highlight)))
        guard let passage = found.highlight else { return }
        postID = passage.postID
        questionText = post
      } else {
        postID = PostID(argument: post) ?? PostID(0)
        questionText = text ?? ""
      }
      var question = NewQuestion(
        postID: postID, text: try Input.textOrStdin(questionText), category: category,
        isStarred: star)
      question.highlightID = highlight
      let state = try context.dispatch(.questions(.ask(question)), access: .writeExisting)
      guard let added = state.question else { return }
      switch context.format {
      case .table, .plain: Output.line(added.id.description)
      default: QuestionPresenter.print(added, context)
      }
    }
  }
}
