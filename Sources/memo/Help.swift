/// Help text as argument-parser should print it.
enum Help {
  /// A command's discussion with each prose paragraph on one line, for argument-parser to wrap
  /// to the terminal's width: it keeps every line break it is given, so text wrapped by hand
  /// near 88 columns was wrapped again at 80 ("each with those⏎questions⏎beneath").
  /// Paragraphs with indented lines (examples, lists) are kept as written.
  static func text(_ discussion: String) -> String {
    var paragraphs: [String] = []
    for paragraph in discussion.split(separator: "\n\n", omittingEmptySubsequences: false) {
      let lines = paragraph.split(separator: "\n")
      if lines.dropFirst().contains(where: { $0.first == " " }) || lines.first?.first == " " {
        paragraphs.append(String(paragraph))
      } else {
        paragraphs.append(lines.joined(separator: " "))
      }
    }
    return paragraphs.joined(separator: "\n\n")
  }
}
