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

  /// Help as printed: argument-parser leaves the USAGE line whole, however long; it is wrapped
  /// here at the brackets to `columns`, later lines lined up under the first option, the way
  /// git prints a long usage.
  static func wrappingUsage(_ help: String, columns: Int) -> String {
    // --experimental-dump-help's JSON comes this way too: left as it is.
    if help.first == "{" { return help }
    var lines: [String] = []
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("USAGE: "), line.count > columns else {
        lines.append(String(line))
        continue
      }
      lines += wrap(String(line), columns: columns)
    }
    return lines.joined(separator: "\n")
  }

  /// One usage line as lines of at most `columns` (a single part longer than that stays whole).
  static func wrap(_ line: String, columns: Int) -> [String] {
    // The parts: words outside brackets, or a bracketed group with its spaces.
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in line {
      if character == " " && depth == 0 {
        if !current.isEmpty { parts.append(current) }
        current = ""
        continue
      }
      if character == "[" || character == "<" || character == "(" { depth += 1 }
      if character == "]" || character == ">" || character == ")" { depth = max(0, depth - 1) }
      current.append(character)
    }
    if !current.isEmpty { parts.append(current) }
    // "USAGE: memo sync conflicts": the command's words, before the first option or argument.
    let leading = line.prefix { $0 == " " }.count
    var head = String(repeating: " ", count: leading)
    var index = 0
    while index < parts.count, !["[", "<", "-"].contains(parts[index].first ?? " ") {
      head += (index == 0 ? "" : " ") + parts[index]
      index += 1
    }
    let indent = String(repeating: " ", count: min(head.count + 1, columns / 2))
    var result: [String] = []
    var text = head
    for part in parts[index...] {
      if text.count + 1 + part.count > columns, text.count > indent.count {
        result.append(text)
        text = indent + part
      } else {
        text += (text.isEmpty || text == indent ? "" : " ") + part
      }
    }
    result.append(text)
    return result
  }
}
