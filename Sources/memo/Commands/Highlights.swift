import ArgumentParser
import MemoCore

extension Memo {
  /// `memo highlights`: one post's highlights in reading order, or every post's newest first.
  struct Highlights: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List highlights: a post's in reading order, else all, newest first.",
      discussion: Help.text(
        """
        With --post, the post's highlights in the order of the book (by location or page);
        without it, every post's highlights, newest first: by when they were made on the
        reader (when added here, for those the reader gave no date), not when imported.

        Examples:
          memo highlights --post 12
          memo highlights --starred --format json | jq '.[].text'
          memo highlights --since 7d --limit 20
        """))

    @Option(
      help: ArgumentHelp("Only this post's highlights.", valueName: "post"),
      completion: Completions.posts)
    var post: PostID?

    @Flag(help: "Only starred highlights.")
    var starred = false

    @Option(help: ArgumentHelp("Only highlights added at or after DATE.", valueName: "date"))
    var since: String?

    @Option(help: "Show at most N highlights.")
    var limit: Int?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
      let context = try Context(global)
      let query = HighlightQuery(
        postID: post, starredOnly: starred, since: try since.map { try context.date($0).start },
        limit: limit)
      let writer = context.listingWriter
      writer.isNarrowed = post != nil || starred || since != nil || limit == 0
      _ = try context.dispatch(
        .highlights(.list(query, to: .output)), output: writer)
    }
  }

  /// `memo highlight add|show|edit|rm|star|unstar`.
  struct Highlight: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add, show, edit, star or delete a highlight.",
      subcommands: [Add.self, Show.self, Edit.self, Rm.self, Star.self, Unstar.self])
  }
}

extension HighlightID: ExpressibleByArgument {
  /// `12`, or `h12` as `memo review` names a highlight.
  public init?(argument: String) {
    let digits =
      argument.first == "h" || argument.first == "H" ? argument.dropFirst() : argument[...]
    guard let value = parsePositiveID(String(digits)) else { return nil }
    self.init(value)
  }

  public var defaultValueDescription: String { description }
}

extension Memo.Highlight {
  /// `memo highlight add POST TEXT`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a highlight (a passage of the book) to a post and print its id.",
      discussion: Help.text(
        """
        Examples:
          memo highlight add 12 "Fear is the mind-killer." --page 8 --location 140
          memo highlight add 12 "Walk without rhythm." --chapter "Book One"
          pbpaste | memo highlight add 12 - --note "the litany"
        """))

    @Argument(help: "The post's id (see 'memo list').", completion: Completions.posts)
    var post: PostID

    @Argument(help: ArgumentHelp("The passage; '-' reads it from stdin.", valueName: "text|-"))
    var text: String

    @Option(help: ArgumentHelp("The chapter it is in.", valueName: "chapter"))
    var chapter: String?

    @Option(help: ArgumentHelp("The page it is on, as printed (12, xii).", valueName: "page"))
    var page: String?

    @Option(help: ArgumentHelp("Its location (a Kindle's, e.g. 140-141).", valueName: "location"))
    var location: String?

    @Option(help: ArgumentHelp("Your note on it.", valueName: "text"))
    var note: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let new = NewHighlight(
        postID: post, text: try Input.textOrStdin(text), note: note,
        chapter: chapter, page: page, location: location)
      let state = try context.dispatch(.highlights(.add(new)), access: .writeExisting)
      guard let added = state.highlight else { return }
      HighlightPresenter.noteUnsortedPlace(added, context)
      switch context.format {
      case .table, .plain: Output.line(added.id.description)
      default: HighlightPresenter.print(added, context)
      }
    }
  }

  /// `memo highlight show H`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a highlight with its note, its place and the questions asked about it.",
      discussion: Help.text(
        """
        Examples:
          memo highlight show 7
          memo highlight show 7 --format json | jq .note
        """))

    @Argument(help: "The highlight's id (see 'memo highlights').")
    var highlight: HighlightID

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.highlights(.show(highlight)))
      if let highlight = state.highlight {
        HighlightPresenter.print(highlight, withQuestions: true, context)
      }
    }
  }

  /// `memo highlight edit H`.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a highlight's text, note or place.",
      discussion: Help.text(
        """
        --note "" removes the note; so for --chapter, --page and --location. A new page or
        location sorts the highlight among its book's by its leading number (the location's,
        else the page's); a place with no number (xii, abc) is kept as written and sorts the
        highlight after the numbered ones, with a note on stderr. An import never overwrites
        a note edited here.

        Examples:
          memo highlight edit 7 --note "compare chapter 3"
          memo highlight edit 7 --text "Fear is the mind-killer."
          memo highlight edit 7 --page 8 --location 140-141 --chapter "Book One"
        """))

    @Argument(help: "The highlight's id (see 'memo highlights').")
    var highlight: HighlightID

    @Option(help: ArgumentHelp("The new text; '-' reads it from stdin.", valueName: "text|-"))
    var text: String?

    @Option(help: ArgumentHelp("The new note (\"\" removes it).", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("The chapter it is in (\"\" removes it).", valueName: "chapter"))
    var chapter: String?

    @Option(
      help: ArgumentHelp("The page it is on, as printed (\"\" removes it).", valueName: "page"))
    var page: String?

    @Option(
      help: ArgumentHelp("Its location, e.g. 140-141 (\"\" removes it).", valueName: "location"))
    var location: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if text == nil && note == nil && chapter == nil && page == nil && location == nil {
        throw MemoError.usage(
          "give --text, --note, --chapter, --page or --location, e.g. memo highlight edit 7 --note \"why\""
        )
      }
    }

    func run() throws {
      let context = try Context(global)
      let patch = HighlightPatch(
        text: try text.map(Input.textOrStdin),
        note: note.map { .some($0) }, chapter: chapter.map { .some($0) },
        page: page.map { .some($0) }, location: location.map { .some($0) })
      let state = try context.dispatch(.highlights(.edit(highlight, patch)), access: .writeExisting)
      guard let edited = state.highlights.first else {
        if !context.isQuiet { Diagnostics.line("memo: no change to highlight \(highlight)") }
        return
      }
      if page != nil || location != nil { HighlightPresenter.noteUnsortedPlace(edited, context) }
      switch context.format {
      case .table, .plain: if !context.isQuiet { Output.line(edited.id.description) }
      default: HighlightPresenter.print(edited, context)
      }
    }
  }

  /// `memo highlight rm H...`.
  struct Rm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete highlights.",
      discussion: Help.text(
        """
        Asks first on a terminal; --yes skips the question, and is needed when stdin is not a
        terminal. Either every named highlight is deleted or none is. A question asked about a
        deleted highlight stays. 'memo undo' brings them back.

        Examples:
          memo highlight rm 7
          memo highlight rm 7 8 --yes
        """))

    @Argument(help: "The ids of the highlights to delete.")
    var highlights: [HighlightID]

    @Flag(name: [.short, .long], help: "Delete without asking.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      if !yes {
        let ids = highlights.map(\.description).joined(separator: ", ")
        try Input.confirmDeletion("Delete highlight \(ids)?")
      }
      let state = try context.dispatch(.highlights(.remove(highlights)), access: .writeExisting)
      HighlightPresenter.report(state.removedHighlights, verb: "deleted", context)
    }
  }

  /// `memo highlight star H...`.
  struct Star: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Star highlights.",
      discussion: Help.text(
        """
        Examples:
          memo highlight star 7 8
        """))

    @Argument(help: "The ids of the highlights to star.")
    var highlights: [HighlightID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.highlights(.star(highlights)), access: .writeExisting)
      HighlightPresenter.report(state.highlights, verb: "starred", context)
    }
  }

  /// `memo highlight unstar H...`.
  struct Unstar: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Unstar highlights.",
      discussion: Help.text(
        """
        Examples:
          memo highlight unstar 7
        """))

    @Argument(help: "The ids of the highlights to unstar.")
    var highlights: [HighlightID]

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let state = try context.dispatch(.highlights(.unstar(highlights)), access: .writeExisting)
      HighlightPresenter.report(state.highlights, verb: "unstarred", context)
    }
  }
}
