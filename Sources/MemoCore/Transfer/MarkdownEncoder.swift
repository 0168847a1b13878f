/// One post as a markdown file: YAML front matter (title, author, uuid, created, updated,
/// favorite), the body, and its questions with stars and answers marked (SPEC §5).
public enum MarkdownEncoder {
  public static func render(_ post: PostRecord, isFavorite: Bool, questions: [QuestionRecord])
    -> String
  {
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
