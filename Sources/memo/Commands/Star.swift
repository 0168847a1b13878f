import ArgumentParser
import MemoCore

extension Memo {
  /// `memo star Q...`.
  struct Star: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Star questions.",
      discussion: Help.text(
        """
        All or none: an unknown id changes nothing.

        Examples:
          memo star 41 42
          memo list --starred
        """))

    @Argument(help: "The questions' ids.", completion: Completions.questions)
    var questions: [QuestionID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.questions(.star(questions)), access: .writeExisting)
      QuestionPresenter.report(state.questions, verb: "starred", context)
    }
  }

  /// `memo unstar Q...`.
  struct Unstar: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Take the star off questions.",
      discussion: Help.text(
        """
        Examples:
          memo unstar 41
        """))

    @Argument(help: "The questions' ids.", completion: Completions.questions)
    var questions: [QuestionID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.questions(.unstar(questions)), access: .writeExisting)
      QuestionPresenter.report(state.questions, verb: "unstarred", context)
    }
  }

  /// `memo answer Q TEXT`.
  struct Answer: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Answer a question (replacing any earlier answer).",
      discussion: Help.text(
        """
        Examples:
          memo answer 41 "Because it extends life and enables navigation."
          memo answer 41 - < answer.txt
        """))

    @Argument(help: "The question's id.", completion: Completions.questions)
    var question: QuestionID

    @Argument(help: ArgumentHelp("The answer; '-' reads it from stdin.", valueName: "text|-"))
    var text: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(
        .questions(.answer(question, try Input.textOrStdin(text))), access: .writeExisting)
      QuestionPresenter.report(state.questions, verb: "answered", context)
    }
  }

  /// `memo unanswer Q`.
  struct Unanswer: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a question's answer.",
      discussion: Help.text(
        """
        Examples:
          memo unanswer 41
        """))

    @Argument(help: "The question's id.", completion: Completions.questions)
    var question: QuestionID

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.questions(.unanswer(question)), access: .writeExisting)
      QuestionPresenter.report(state.questions, verb: "unanswered", context)
    }
  }
}
