import MemoCore
import MemoStorage

/// A highlight as a record: `id, uuid, post_id, text, note, chapter, page, location,
/// highlighted_at, starred, source, created_at, updated_at` (null where unknown).
struct HighlightPresenter {
  static func row(_ highlight: Highlight) -> Row { layout.row(fields(highlight)) }

  static func fields(_ highlight: Highlight) -> [RowValue] {
    [
      .int(highlight.id.rawValue), .text(highlight.uuid), .int(highlight.postID.rawValue),
      .text(highlight.text), .nullable(highlight.note), .nullable(highlight.chapter),
      .nullable(highlight.page), .nullable(highlight.location),
      .nullable(highlight.highlightedAt?.rfc3339), .bool(highlight.isStarred),
      .nullable(highlight.source), .text(highlight.createdAt.rfc3339),
      .text(highlight.updatedAt.rfc3339),
    ]
  }

  /// `highlight show`: the record with the questions asked about it nested (JSON and JSON
  /// Lines, as `memo show` nests a post's).
  static let detailLayout = Layout(
    layout.fields, table: columns, nested: ("questions", QuestionPresenter.layout))

  /// A listed highlight: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("id", .int), Field("uuid", .text), Field("post_id", .int), Field("text", .text),
      Field("note", .text), Field("chapter", .text), Field("page", .text),
      Field("location", .text), Field("highlighted_at", .time), Field("starred", .bool),
      Field("source", .text), Field("created_at", .time), Field("updated_at", .time),
    ], table: columns)

  /// The columns a list of highlights shows in a table or plain text: the place in the order
  /// of the record's fields (SPEC §2) and of csv, tsv and json — chapter, page, location.
  static let columns = [
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "post_id", title: "POST", alignsRight: true),
    Column(key: "starred", title: "★", mark: "★"),
    Column(key: "text", title: "HIGHLIGHT", isFlexible: true, shrinkRank: 1, floor: 16),
    Column(key: "note", title: "NOTE", isFlexible: true, shrinkRank: 1, floor: 12),
    Column(key: "chapter", title: "CHAPTER", isFlexible: true, floor: 8),
    Column(key: "page", title: "PAGE"),
    Column(key: "location", title: "LOCATION"),
  ]

  /// Where a highlight is, as a reader says it: `p. 12, loc. 140-142`.
  static func place(_ highlight: Highlight) -> String? {
    let parts = [highlight.page.map { "p. \($0)" }, highlight.location.map { "loc. \($0)" }]
      .compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// One highlight as a page: the passage, its note, where it is.
  func text(_ highlight: Highlight, style: Style) -> String {
    var out = PostDetailPresenter.lines(visible(highlight.text), style, prefix: "> ")
    var facts = [
      "highlight \(highlight.id)",
      "post \(highlight.postID) \"\(visible(oneLine(highlight.postTitle)))\"",
    ]
    if let chapter = highlight.chapter { facts.append(visible(oneLine(chapter))) }
    if let place = Self.place(highlight) { facts.append(visible(oneLine(place))) }
    if highlight.isStarred { facts.append("★ starred") }
    out += PostDetailPresenter.lines(facts.joined(separator: " · "), style)
    var times: [String] = []
    if let made = highlight.highlightedAt {
      times.append(
        "highlighted " + made.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds))
    }
    if let source = highlight.source { times.append("from \(visible(oneLine(source)))") }
    times.append(
      "created " + highlight.createdAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds))
    times.append(highlight.uuid)
    out += PostDetailPresenter.lines(times.joined(separator: " · "), style, paint: style.dim)
    if let note = highlight.note {
      out += "\n" + style.cyan("Note:") + "\n" + PostDetailPresenter.block(visible(note), style)
    }
    if !highlight.questions.isEmpty {
      out += "\n" + style.bold("Questions") + "\n"
      for question in highlight.questions {
        out += PostDetailPresenter().questionLines(
          id: question.id.rawValue, text: question.text, category: question.category,
          isStarred: question.isStarred, answer: question.answer, style: style)
      }
    }
    return out
  }

  /// A note on stderr when a highlight's page or location has no number to sort it by: it is
  /// kept as written and sorts after its book's numbered highlights (not with `--quiet`).
  static func noteUnsortedPlace(_ highlight: Highlight, _ context: Context) {
    guard highlight.isPlacedWithoutNumber, !context.isQuiet else { return }
    let parts = [
      highlight.location.map { "location \"\(visible(oneLine($0)))\"" },
      highlight.page.map { "page \"\(visible(oneLine($0)))\"" },
    ].compactMap { $0 }
    let place = parts.joined(separator: " and ")
    Diagnostics.line(
      "memo: note: \(place) \(parts.count > 1 ? "have" : "has") no number to sort by; highlight \(highlight.id) is kept with \(parts.count > 1 ? "them" : "it") "
        + "and sorts after its book's numbered highlights")
  }

  /// Prints one highlight in the context's format; `withQuestions` (`highlight show`), with
  /// the questions asked about it (a changed highlight carries none: it has not read them).
  static func print(_ highlight: Highlight, withQuestions: Bool = false, _ context: Context) {
    let presenter = HighlightPresenter()
    switch context.format {
    case .table: Output.write(presenter.text(highlight, style: context.style))
    // Plain text is the record's row, as in a listing (`memo show --format plain` too).
    case _ where !withQuestions: context.print([row(highlight)], layout, single: true)
    default:
      let questions = highlight.questions.map(QuestionPresenter.row)
      context.print(
        [detailLayout.row(fields(highlight), nested: questions)], detailLayout, single: true)
    }
  }

  /// Prints a line per highlight for people (`verb highlight 4 "text"`), or the highlights as
  /// data in the other formats.
  static func report(_ highlights: [Highlight], verb: String, _ context: Context) {
    guard !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      for highlight in highlights {
        Output.line("\(verb) highlight \(highlight.id) \"\(visible(oneLine(highlight.text)))\"")
      }
    default:
      context.print(highlights.map(row), layout)
    }
  }
}
