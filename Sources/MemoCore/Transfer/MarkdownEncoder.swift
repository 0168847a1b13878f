/// One post as a markdown file: YAML front matter (title, author, uuid, created, updated,
/// favorite), the body, and its questions with stars and answers marked (SPEC §5).
public enum MarkdownEncoder {
  /// A highlight as the markdown export shows it.
  public struct Highlight: Equatable, Sendable {
    public var uuid: String
    public var text: String
    public var note: String?
    public var page: String?
    public var location: String?
    public var isStarred: Bool

    public init(
      uuid: String, text: String, note: String?, page: String?, location: String?,
      isStarred: Bool
    ) {
      self.uuid = uuid
      self.text = text
      self.note = note
      self.page = page
      self.location = location
      self.isStarred = isStarred
    }

    /// Its Obsidian block id, the same in every export: `h-` and the last 8 hex digits of
    /// its UUID (the first ones are the time it was made, which an import's highlights
    /// share; the last are random).
    public var blockID: String {
      "h-" + String(uuid.filter(\.isHexDigit).suffix(8)).lowercased()
    }
  }

  public static func render(
    _ post: PostRecord, isFavorite: Bool, questions: [QuestionRecord],
    highlights: [Highlight] = []
  ) -> String {
    // A JSON string is a valid YAML double-quoted scalar: any title is safe.
    func yaml(_ text: String?) -> String {
      guard let text else { return "null" }
      var out = ""
      appendJSONString(text, to: &out)
      return out
    }
    var out = "---\n"
    out += "title: \(yaml(post.title))\n"
    out += "author: \(yaml(post.author))\n"
    out += "uuid: \(yaml(post.uuid))\n"
    out += "created: \(yaml(post.createdAt.rfc3339))\n"
    out += "updated: \(yaml(post.updatedAt.rfc3339))\n"
    out += "favorite: \(isFavorite)\n"
    if let source = post.source { out += "source: \(yaml(source))\n" }
    out += "---\n\n# \(oneLine(post.title))\n"
    if let body = post.body, !body.isEmpty {
      out += "\n" + body + (body.hasSuffix("\n") ? "" : "\n")
    }
    if !highlights.isEmpty {
      // In reading order, each a quote with its place, and its note beneath.
      out += "\n## Highlights\n"
      for highlight in highlights {
        out += "\n"
        for line in highlight.text.split(separator: "\n", omittingEmptySubsequences: false) {
          out += "> " + line + "\n"
        }
        let place = [highlight.page.map { "p. \($0)" }, highlight.location.map { "loc. \($0)" }]
          .compactMap { $0 }.joined(separator: ", ")
        var last = "> —"
        if !place.isEmpty { last += " " + oneLine(place) }
        if highlight.isStarred { last += " ★" }
        out += last + " ^" + highlight.blockID + "\n"
        if let note = highlight.note, !note.isEmpty {
          out += "\n" + note + (note.hasSuffix("\n") ? "" : "\n")
        }
      }
    }
    if !questions.isEmpty {
      out += "\n## Questions\n\n"
      for question in questions {
        var line = "- " + (question.isStarred ? "★ " : "") + oneLine(question.text)
        if let category = question.category { line += " _(\(oneLine(category)))_" }
        out += line + "\n"
        if let answer = question.answer {
          let lines = answer.split(separator: "\n", omittingEmptySubsequences: false)
          out += "  - ✓ **Answer:** " + lines.joined(separator: "\n    ") + "\n"
        }
      }
    }
    return out
  }

  /// A file name from a title: letters and digits of any script kept, the rest turned into
  /// single dashes, at most 60 characters; "post" when nothing is left.
  public static func slug(_ title: String) -> String {
    var out = ""
    var dash = false
    for c in title.lowercased() {
      if c.isLetter || c.isNumber {
        if dash && !out.isEmpty { out.append("-") }
        dash = false
        out.append(c)
        if out.count >= 60 { break }
      } else {
        dash = true
      }
    }
    return out.isEmpty ? "post" : out
  }

  static func oneLine(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
  }
}
