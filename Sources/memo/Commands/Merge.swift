import ArgumentParser
import MemoCore

extension Memo {
  /// `memo merge KEEP OTHER`: one book as two posts becomes one.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join two posts that are one book into the first.",
      discussion: Help.text(
        """
        The second post's questions and highlights move to the first, its body is added
        after the first's, its author and source fill those the first lacks, the first takes
        the earlier shelf place of the two, and the second is deleted. A title, author or
        source the two have different keeps the first's; a note on stderr names the second's.
        One change: 'memo undo' separates them again.

        Examples:
          memo merge 3 7
        """))

    @Argument(help: "The post to keep (see 'memo list').", completion: Completions.posts)
    var keep: PostID

    @Argument(help: "The post to join into it; it is deleted.", completion: Completions.posts)
    var other: PostID

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .posts(.merge(into: keep, from: other)), access: .writeExisting)
      // A field of one line cannot hold both values: say what of the other's went.
      if !context.isQuiet {
        for left in state.mergeLeftovers {
          Diagnostics.line(
            "memo: note: post \(other)'s \(left.field) \"\(visible(oneLine(left.value)))\" was not kept; post \(keep) keeps \"\(visible(oneLine(left.kept)))\" ('memo undo' separates them again)"
          )
        }
      }
      guard let merged = state.post, !context.isSilentReport else { return }
      switch context.format {
      case .table:
        if !context.isQuiet {
          Output.line(
            "merged post \(other) into post \(merged.id) \"\(visible(oneLine(merged.title)))\"")
        }
      default: PostPresenter.print([merged], single: true, withQuestions: false, context)
      }
    }
  }
}
