import ArgumentParser
import MemoCore

extension Memo {
  /// `memo edit POST`: changes a post's fields, from flags or in $VISUAL/$EDITOR.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Edit a post: the fields given as flags, or all of it in your editor.",
      discussion: Help.text(
        """
        With no field flag, opens the post in $VISUAL (else $EDITOR, else vi): the fields on top,
        the body under the '---' line. Saving an unchanged file changes nothing. An empty value
        (--author "") clears a field; the title cannot be empty.

        Examples:
          memo edit 12 --title "Dune Messiah"
          memo edit 12 --author ""
          echo "Rewritten." | memo edit 12 --body -
          EDITOR=nano memo edit 12
        """))

    @Argument(help: "The post's id (see 'memo list').", completion: Completions.posts)
    var post: PostID

    @Option(help: "A new title.")
    var title: String?

    @Option(help: "A new author (\"\" clears it).")
    var author: String?

    @Option(
      help: ArgumentHelp(
        "A new body; '-' reads it from stdin (\"\" clears it).", valueName: "text|-"))
    var body: String?

    @Option(help: "A new source (\"\" clears it).")
    var source: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let patch: PostPatch
      if title == nil && author == nil && body == nil && source == nil {
        let current = try context.dispatch(.posts(.show(post)), access: .read)
        guard let original = current.post else { return }
        guard let edited = try Editor.edit(original) else {
          if !context.isQuiet { Diagnostics.line("memo: no change to post \(post)") }
          return
        }
        patch = PostPatch.difference(from: original, to: edited)
        if patch.isEmpty {
          if !context.isQuiet { Diagnostics.line("memo: no change to post \(post)") }
          return
        }
      } else {
        patch = PostPatch(
          title: title, author: author.map { .some($0) },
          body: try body.map { .some(try Input.textOrStdin($0)) },
          source: source.map { .some($0) })
      }
      let state = try context.dispatch(.posts(.edit(post, patch)), access: .write)
      guard let edited = state.post else { return }
      switch context.format {
      case .table, .plain: if !context.isQuiet { Output.line(edited.id.description) }
      default: Renderer.print(PostDetailPresenter().document(edited), context)
      }
    }
  }
}
