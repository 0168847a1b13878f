import ArgumentParser
import MemoCore

extension Memo {
  /// `memo rm POST...`: deletes posts and their questions.
  struct Rm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete posts, with their questions and their place on the shelf.",
      discussion: Help.text(
        """
        Asks first on a terminal; --yes skips the question. Without a terminal (a script, a
        pipe) it refuses unless --yes is given. Either every named post is deleted or none is.
        Answering no is not an error: memo says "nothing removed" and exits 1.

        Examples:
          memo rm 12
          memo rm 12 13 --yes
        """))

    @Argument(
      help: "The ids of the posts to delete (see 'memo list').", completion: Completions.posts)
    var posts: [PostID]

    @Flag(name: [.short, .long], help: "Delete without asking.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      if !yes {
        try Input.requireTerminal()
        var titles: [String] = []
        for id in posts {
          let state = try context.dispatch(.posts(.show(id)))
          if let post = state.post { titles.append("\(post.id) \"\(oneLine(post.title))\"") }
        }
        try Input.confirmDeletion(
          "Delete post \(titles.joined(separator: ", ")) and its questions?")
      }
      let state = try context.dispatch(.posts(.remove(posts)), access: .writeExisting)
      guard !context.isSilentReport else { return }
      switch context.format {
      case .table:
        guard !context.isQuiet else { return }
        for post in state.removedPosts {
          let questions = counted(post.questionCount, "question")
          Output.line("deleted post \(post.id) \"\(visible(oneLine(post.title)))\" (\(questions))")
        }
      default:
        PostPresenter.print(state.removedPosts, withQuestions: false, context)
      }
    }
  }
}
