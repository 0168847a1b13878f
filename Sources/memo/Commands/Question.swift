import ArgumentParser
import MemoCore

extension Memo {
  /// `memo question show|edit|rm`.
  struct Question: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show, edit or delete a question.",
      subcommands: [Show.self, Edit.self, Rm.self])
  }
}

extension Memo.Question {
  /// `memo question show Q`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a question with its answer.",
      discussion: Help.text(
        """
        Examples:
          memo question show 41
          memo question show 41 --format json | jq .answer
        """))

    @Argument(help: "The question's id (see 'memo questions').", completion: Completions.questions)
    var question: QuestionID

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.questions(.show(question)))
      if let question = state.question { QuestionPresenter.print(question, context) }
    }
  }

  /// `memo question edit Q`.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Edit a question's text or category, from flags or in your editor.",
      discussion: Help.text(
        """
        With no flag, opens $VISUAL (else $EDITOR, else vi) on the category and the text.
        --category "" removes the category. A file that cannot be saved is never lost: on a
        terminal memo offers to edit it again; otherwise it keeps the file and names the
        command that saves it once fixed (--from FILE).

        Examples:
          memo question edit 41 --text "Why is spice addictive?"
          memo question edit 41 --category biology
          memo question edit 41
        """))

    @Argument(help: "The question's id (see 'memo questions').", completion: Completions.questions)
    var question: QuestionID

    @Option(help: ArgumentHelp("The new text; '-' reads it from stdin.", valueName: "text|-"))
    var text: String?

    @Option(
      help: "The new category (created if new; \"\" removes it).",
      completion: Completions.categories)
    var category: String?

    @Option(
      help: ArgumentHelp(
        "Save the question from FILE, a file an editor session kept, without opening the editor.",
        valueName: "file"))
    var from: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if from != nil && (text != nil || category != nil) {
        throw MemoError.usage(
          "--from saves a whole edited file; give it without --text or --category")
      }
    }

    func run() throws {
      let context = try Context(global)
      let patch = QuestionPatch(
        text: try text.map(Input.textOrStdin), category: category.map { .some($0) })
      let saved: AppState?
      if text == nil && category == nil {
        let current = try context.dispatch(.questions(.show(question)))
        guard let original = current.question else { return }
        saved = try Editor.session(
          Editor.text(of: original), name: "question-\(question)", from: from,
          retry: {
            "memo question edit \(question) --from \(shellQuoted($0))" + global.common.retryOptions
          }
        ) { edited in
          let patch = try Editor.patch(from: edited, original: original)
          return try context.dispatch(.questions(.edit(question, patch)), access: .writeExisting)
        }
      } else {
        saved = try context.dispatch(.questions(.edit(question, patch)), access: .writeExisting)
      }
      guard let edited = saved?.questions.first else {
        if !context.isQuiet { Diagnostics.line("memo: no change to question \(question)") }
        return
      }
      switch context.format {
      case .table, .plain: if !context.isQuiet { Output.line(edited.id.description) }
      default: QuestionPresenter.print(edited, context)
      }
    }
  }

  /// `memo question rm Q...`.
  struct Rm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete questions.",
      discussion: Help.text(
        """
        Asks first on a terminal; --yes skips the question, and is needed when stdin is not a
        terminal. Either every named question is deleted or none is. Answering no is not an
        error: memo says "nothing removed" and exits 1.

        Examples:
          memo question rm 41
          memo question rm 41 42 --yes
        """))

    @Argument(help: "The ids of the questions to delete.", completion: Completions.questions)
    var questions: [QuestionID]

    @Flag(name: [.short, .long], help: "Delete without asking.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      if !yes {
        let ids = questions.map(\.description).joined(separator: ", ")
        try Input.confirmDeletion("Delete question \(ids)?")
      }
      let state = try context.dispatch(.questions(.remove(questions)), access: .writeExisting)
      QuestionPresenter.report(state.removedQuestions, verb: "deleted", context)
    }
  }
}
