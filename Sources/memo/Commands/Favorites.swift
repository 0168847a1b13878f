import ArgumentParser
import MemoCore

extension Memo {
  /// `memo fav POST...`.
  struct Fav: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Put posts on the favorites shelf (at the end, in the order given).",
      discussion: Help.text(
        """
        A post already on the shelf keeps its place. All or none: an unknown id changes nothing.

        Examples:
          memo fav 12 3
          memo favorites
        """))

    @Argument(help: "The posts' ids.", completion: Completions.posts)
    var posts: [PostID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.favorites(.add(posts)), access: .writeExisting)
      ShelfReport.print(state.posts, verb: "favorited", context)
    }
  }

  /// `memo unfav POST...`.
  struct Unfav: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Take posts off the favorites shelf.",
      discussion: Help.text(
        """
        Examples:
          memo unfav 12
        """))

    @Argument(help: "The posts' ids.", completion: Completions.posts)
    var posts: [PostID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.favorites(.remove(posts)), access: .writeExisting)
      ShelfReport.print(state.posts, verb: "unfavorited", context)
    }
  }

  /// `memo favorites`: the shelf, in the order posts were added.
  struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the favorites shelf, in the order posts were put on it.",
      discussion: Help.text(
        """
        Examples:
          memo favorites
          memo favorites --format json | jq '.[].title'
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      _ = try context.dispatch(.favorites(.list(to: .output)))
    }
  }
}

/// What `fav` and `unfav` print: a line per post for people, the posts for machines.
enum ShelfReport {
  static func print(_ posts: [Post], verb: String, _ context: Context) {
    guard !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for post in posts {
        Output.line("\(verb) post \(post.id) \"\(visible(oneLine(post.title)))\"")
      }
    default:
      PostPresenter.print(posts, withQuestions: false, context)
    }
  }
}
