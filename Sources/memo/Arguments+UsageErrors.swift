import ArgumentParser
import MemoCore

// MARK: - Usage errors

extension Arguments {
  /// argument-parser's error for `arguments` as memo's one line: what is wrong, a suggestion
  /// where a name was mistyped, and the help of the command that was meant.
  static func usageError(for error: Error, in arguments: [String]) -> String {
    let (type, depth) = commandPath(arguments)
    let path = (["memo"] + arguments.prefix(depth)).joined(separator: " ")
    let help = "see '\(path) --help'"
    let parsed = oneLine(Memo.message(for: error))
    let rest = Array(arguments.dropFirst(depth))
    let text: String
    if let number = misreadNumber(in: rest, parsed: parsed, command: type) {
      text = number
    } else if let first = rest.first, !first.hasPrefix("-"),
      !type.configuration.subcommands.isEmpty
    {
      // A word after a group that names none of its commands: no group's default command
      // takes a positional argument, so the word can only be a mistyped command.
      let level = depth == 0 ? "" : " for '\(path)'"
      text =
        "unknown command '\(first)'\(level)"
        + suggestion(for: first, among: subcommandNames(of: type))
    } else if depth == 0, let last = arguments.last,
      let name = globalValued.first(where: { last == $0 || last == $0 + "=" })
    {
      // `memo --db` with nothing after it: the value is what is missing, not the option.
      let value = ["--db": "path", "--format": "format", "--color": "when"][name] ?? "value"
      text = "missing value for '\(name) <\(value)>' (e.g. memo \(name) \(value.uppercased()) list)"
    } else if let option = quoted(after: "Unknown option ", in: parsed) {
      // Before the command name only the global options can be meant.
      // (The root's help lists them too: each name once.)
      let globals = depth == 0 ? globalValued.union(globalFlags).sorted() : []
      let names = optionNames(of: type) + globals.filter { !optionNames(of: type).contains($0) }
      text = "unknown option '\(option)'" + suggestion(for: option, among: names)
    } else {
      text = lowercasedFirst(tidy(parsed)) + dashedValueHint(parsed: parsed, rest: rest)
    }
    return text + "; " + help
  }

  /// The message for a negative number (which argument-parser reads as an option) or a zero
  /// where an id or a count goes, if that is what went wrong.
  static func misreadNumber(in rest: [String], parsed: String, command: ParsableCommand.Type)
    -> String?
  {
    let usage = command.helpMessage(columns: 1000)
    let takesIDs = [
      "<post>", "<id>", "<ids>", "<posts>", "<question>", "<questions>", "<item>",
    ].contains { usage.contains($0) }
    // A review item is an id, or h and a highlight's id: `h0` is a bad id as `0` is.
    let takesItems = usage.contains("<item>")
    // `--post=-1` as `--post -1`: the same message either way (issue 35).
    var rest = rest
    if let at = rest.firstIndex(where: { $0.hasPrefix("--") && $0.contains("=") }),
      !rest[..<at].contains("--")
    {
      rest = rest.prefix { $0 != "--" }.flatMap { word -> [String] in
        guard word.hasPrefix("--"), let eq = word.firstIndex(of: "=") else { return [word] }
        return [String(word[..<eq]), String(word[word.index(after: eq)...])]
      }
    }
    for (i, word) in rest.enumerated() {
      if word == "--" { break }
      let number =
        takesItems && (word.hasPrefix("h") || word.hasPrefix("H")) ? word.dropFirst() : word[...]
      guard let value = Int(number), value <= 0 else { continue }
      let previous = i > 0 ? rest[i - 1] : ""
      if previous.hasPrefix("--"), !previous.contains("=") {
        if previous == "--post" { return idMessage(word) }
        guard value < 0 else { continue }
        return "\(previous) must be 0 or more, not \(word)"
      }
      // A zero converts badly only where it is an id or a count; a negative number fails
      // everywhere.
      let isNegative = word.hasPrefix("-")
      guard isNegative || parsed.contains("'\(word)'") else { continue }
      if usage.contains("<count>") {
        return "the count must be a positive whole number, not \(word)"
      }
      if takesIDs { return idMessage(word) }
      // Text that starts with a dash (`memo search -1`): argument-parser took it for an option.
      if isNegative, usage.contains(" <") {
        return "'\(word)' reads as an option; to pass it as text, put -- before it"
      }
    }
    return nil
  }

  /// For "Missing value for '--since <date>'" when a word starting with a dash follows the
  /// option (`--since -3d`): argument-parser read it as an option; say so and how to give it.
  static func dashedValueHint(parsed: String, rest: [String]) -> String {
    guard let missing = quoted(after: "Missing value for ", in: parsed),
      let option = missing.split(separator: " ").first.map(String.init),
      let at = rest.firstIndex(of: option), at + 1 < rest.count
    else { return "" }
    let next = rest[at + 1]
    guard next.count > 1, next.hasPrefix("-"), !next.hasPrefix("--") else { return "" }
    return " ('\(next)' reads as an option; to give it as the value, write \(option)=\(next))"
  }

  static func idMessage(_ word: String) -> String {
    "'\(word)' is not an id: ids are positive whole numbers"
  }

  /// " (did you mean 'list'?)" when some of `names` are close to `typed`, else "".
  static func suggestion(for typed: String, among names: [String]) -> String {
    let close = closeNames(to: typed, among: names)
    guard !close.isEmpty else { return "" }
    let quoted = close.map { "'\($0)'" }
    let list =
      quoted.count == 1
      ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    return " (did you mean \(list)?)"
  }

  /// The names nearest to `typed` by edit distance (a swap of neighbours counts one, as in
  /// git's help.c), close enough to be a slip: at most 1 edit for short names, 2 otherwise.
  static func closeNames(to typed: String, among names: [String]) -> [String] {
    let bare = Array(typed.drop { $0 == "-" })
    var best = Int.max
    var found: [String] = []
    for name in names where name != typed {
      let other = Array(name.drop { $0 == "-" })
      // Case does not count (`memo LIST`), as the names are all lower case.
      let distance = editDistance(bare.map { Character($0.lowercased()) }, other)
      let limit = min(bare.count, other.count) <= 4 ? 1 : 2
      let isPrefix = bare.count >= 3 && other.starts(with: bare)
      guard distance <= limit || isPrefix else { continue }
      let score = isPrefix ? min(distance, 1) : distance
      if score < best {
        best = score
        found = [name]
      } else if score == best {
        found.append(name)
      }
    }
    return Array(found.prefix(3))
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbours each cost 1.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }

  static func subcommandNames(of type: ParsableCommand.Type) -> [String] {
    type.configuration.subcommands.map { $0._commandName } + (type == Memo.self ? ["help"] : [])
  }

  /// The long options `type`'s help lists.
  static func optionNames(of type: ParsableCommand.Type) -> [String] {
    var names: [String] = []
    for line in type.helpMessage(columns: 1000).split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-") else { continue }
      for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" })
      where word.hasPrefix("--") && word.count > 2 {
        let name = String(word.prefix { $0 != "=" && $0 != "<" })
        if !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  /// The text between single quotes after `marker`.
  static func quoted(after marker: String, in text: String) -> String? {
    guard let start = text.firstRange(of: marker + "'")?.upperBound,
      let end = text[start...].firstIndex(of: "'")
    else { return nil }
    return String(text[start..<end])
  }

  /// argument-parser's sentence made to fit before "; see …": its own suggestion and the
  /// full stop at the end dropped ("… or 'title'." → "… or 'title'").
  static func tidy(_ text: String) -> String {
    var text = text
    if let range = text.firstRange(of: " Did you mean ") {
      text = String(text[..<range.lowerBound])
    }
    for choices in [". Please provide one of the following: ", ". Please provide one of "] {
      if let range = text.firstRange(of: choices) {
        text.replaceSubrange(range, with: ": use one of ")
      }
    }
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The parser's message on one line: its first line, with a following list of choices
  /// ("- table", "- plain", …) folded in; usage lines dropped.
  static func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n").map(String.init)
    guard let first = lines.first else { return message }
    let items = lines.dropFirst().map { $0.trimmingWhitespace() }
    let choices = items.filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    return choices.isEmpty ? first : first + " " + choices.joined(separator: ", ")
  }

  static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true
    else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
