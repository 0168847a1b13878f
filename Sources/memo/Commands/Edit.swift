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

        A file that cannot be saved (the '---' line deleted, a blank title) is never lost: on a
        terminal memo says what is wrong and asks "Edit again? [Y/n]"; otherwise, or if you
        say no, it keeps the file and names it with the command that saves it once fixed:
        memo edit POST --from FILE (no editor; memo leaves FILE where it is).

        Examples:
          memo edit 12 --title "Dune Messiah"
          memo edit 12 --author ""
          echo "Rewritten." | memo edit 12 --body -
          EDITOR=nano memo edit 12
          memo edit 12 --from /tmp/memo-post-12-a1B2c3.txt
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

    @Option(
      help: ArgumentHelp(
        "Save the post from FILE, a file an editor session kept, without opening the editor.",
        valueName: "file"))
    var from: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if from != nil && (title != nil || author != nil || body != nil || source != nil) {
        throw MemoError.usage("--from saves a whole edited file; give it without field flags")
      }
    }

    func run() throws {
      let context = try Context(global)
      let saved: AppState?
      if title == nil && author == nil && body == nil && source == nil {
        saved = try editInEditor(context)
      } else {
        let patch = PostPatch(
          title: title, author: author.map { .some($0) },
          body: try body.map { .some(try Input.textOrStdin($0)) },
          source: source.map { .some($0) })
        saved = try context.dispatch(.posts(.edit(post, patch)), access: .writeExisting)
      }
      guard let edited = saved?.post else {
        if !context.isQuiet { Diagnostics.line("memo: no change to post \(post)") }
        return
      }
      switch context.format {
      case .table, .plain: if !context.isQuiet { Output.line(edited.id.description) }
      default: PostPresenter.print([edited], single: true, withQuestions: false, context)
      }
    }

    /// Edits the post in the editor (or saves a kept file). - Returns: the state after the
    /// save, nil when nothing changed.
    func editInEditor(_ context: Context) throws -> AppState? {
      let current = try context.dispatch(.posts(.show(post)))
      guard let original = current.post else { return nil }
      return try Editor.session(
        Editor.text(of: original), name: "post-\(post)", from: from,
        retry: { "memo edit \(post) --from \(shellQuoted($0))" + global.common.retryOptions }
      ) { edited in
        let patch = PostPatch.difference(
          from: original, to: try Editor.post(from: edited, original: original))
        if patch.isEmpty { return nil }
        return try context.dispatch(.posts(.edit(post, patch)), access: .writeExisting)
      }
    }
  }
}

/// `text` as one shell word: as it is when it is plain, else in single quotes.
func shellQuoted(_ text: String) -> String {
  let plain =
    !text.isEmpty
    && text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ("a"..."z" ~= $0 || "A"..."Z" ~= $0 || "0"..."9" ~= $0
          || "/._-+=:,@".unicodeScalars.contains($0))
    }
  guard !plain else { return text }
  var quoted = "'"
  for character in text { quoted += character == "'" ? "'\\''" : String(character) }
  return quoted + "'"
}

extension CommonOptions {
  /// The options a retried command must repeat: the database given with --db.
  var retryOptions: String { db.map { " --db " + shellQuoted($0) } ?? "" }
}
