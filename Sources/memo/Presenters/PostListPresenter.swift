import MemoCore

/// `memo list`, `memo favorites`: a page of posts, and under a question filter each post with
/// its matching questions beneath it.
struct PostListPresenter {
  func document(_ posts: [Post], format: OutputFormat) -> Document {
    let presenter = PostPresenter()
    // CSV and TSV are for machines: every column. Tables and plain text: the readable ones.
    let columns =
      format == .csv || format == .tsv ? PostPresenter.allColumns : PostPresenter.columns
    return Document(columns: columns, records: posts.map(presenter.record))
  }

  /// Posts with their questions indented beneath (`memo list --starred`), for people.
  func tree(_ posts: [Post], style: Style) -> String {
    var out = ""
    for post in posts {
      var head = style.yellow(post.id.description) + "  " + style.bold(visible(oneLine(post.title)))
      if let author = post.author { head += " · " + visible(oneLine(author)) }
      if post.isFavorite { head += " ★" }
      out += head + "\n"
      for question in post.questions {
        let star = question.isStarred ? "★" : " "
        var line =
          "    \(star) " + style.yellow(question.id.description) + "  "
          + visible(oneLine(question.text))
        if let category = question.category {
          line += "  " + style.cyan("[" + visible(oneLine(category)) + "]")
        }
        if question.hasAnswer { line += "  ✓" }
        out += line + "\n"
      }
    }
    return out
  }

  /// Prints a page of posts in the context's format, naming the active filter on a terminal.
  static func print(_ posts: [Post], filter: QuestionFilter?, _ context: Context) {
    FilterBanner.print(filter, context)
    let presenter = PostListPresenter()
    let hasQuestionFilter = !(filter?.isEmpty ?? true)
    switch context.format {
    case .table where hasQuestionFilter: Output.write(presenter.tree(posts, style: context.style))
    case .plain where hasQuestionFilter: Output.write(presenter.tree(posts, style: .plain))
    default: Renderer.print(presenter.document(posts, format: context.format), context)
    }
  }
}

/// The line that names the active question filter on a terminal, so it never surprises.
enum FilterBanner {
  static func print(_ filter: QuestionFilter?, _ context: Context) {
    guard context.format == .table, !context.isQuiet, let filter, !filter.isEmpty else { return }
    Output.line(
      context.style.dim(
        "filter: \(filter.summary)  (--all ignores it; 'memo filter clear' removes it)"))
  }
}
