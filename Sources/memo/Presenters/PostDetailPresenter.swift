import MemoCore

/// `memo show`, `memo edit`: one post, as a readable page (table and plain formats) or as one
/// record (the other formats).
struct PostDetailPresenter {
  /// The page a person reads: title, byline, dates, body.
  func text(_ post: Post, style: Style) -> String {
    var out = style.bold(visible(oneLine(post.title))) + "\n"
    var facts: [String] = ["post \(post.id)"]
    if let author = post.author { facts.append("by " + visible(oneLine(author))) }
    if post.isFavorite { facts.append("♥ favorite") }
    facts.append(counted(post.questionCount, "question"))
    out += facts.joined(separator: " · ") + "\n"
    if let source = post.source { out += "source: " + visible(oneLine(source)) + "\n" }
    let created = post.createdAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    let updated = post.updatedAt.localMinuteString(utcOffsetSeconds: style.utcOffsetSeconds)
    out += style.dim("created \(created) · updated \(updated) · \(post.uuid)") + "\n"
    if let body = post.body {
      out += "\n" + visible(body)
      if !body.hasSuffix("\n") { out += "\n" }
    }
    if !post.questions.isEmpty {
      out += "\n" + style.bold("Questions") + "\n"
      for question in post.questions {
        out += questionLines(
          id: question.id.rawValue, text: question.text, category: question.category,
          isStarred: question.isStarred, answer: question.answer, style: style)
      }
    }
    return out
  }

  /// A question under its post: star, id, text, category; its answer on the next line.
  func questionLines(
    id: Int64, text: String, category: String?, isStarred: Bool, answer: String?, style: Style
  ) -> String {
    let star = isStarred ? "★" : " "
    var line = "  \(star) " + style.yellow(String(id)) + "  " + visible(oneLine(text))
    if let category { line += "  " + style.cyan("[" + visible(oneLine(category)) + "]") }
    var out = line + "\n"
    if let answer { out += "       ✓ " + visible(oneLine(answer)) + "\n" }
    return out
  }
}
