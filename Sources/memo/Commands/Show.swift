import ArgumentParser
import MemoCore

extension Memo {
  /// `memo show POST`: one post.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a post.",
      discussion: Help.text(
        """
        Examples:
          memo show 12
          memo show 12 --format json | jq .body
        """))

    @Argument(help: "The post's id (see 'memo list').", completion: Completions.posts)
    var post: PostID

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      _ = try context.dispatch(.posts(.show(post, to: .output)))
    }
  }
}
