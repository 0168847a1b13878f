import MemoCore

/// Lines for a terminal `width` columns wide (issue 35): what is wider is broken at word
/// boundaries with an indent kept, or cut with "…", as git and gh do. Without a width (stdout
/// is no terminal, and no $COLUMNS) every line stays whole for the pipe.
enum Fit {
  /// `parts` joined by `separator` in lines of at most `width` columns: a break falls between
  /// two parts (the separator dropped there), later lines start with `indent`, and a part
  /// wider than a line is cut with "…". One line when it fits or `width` is nil.
  static func wrap(
    _ parts: [String], separator: String = " ", width: Int?, indent: String = "  "
  ) -> [String] {
    let whole = parts.joined(separator: separator)
    guard let width, DisplayWidth.of(whole) > width else { return [whole] }
    var lines: [String] = []
    var line = ""
    for part in parts where !part.isEmpty {
      let lead = lines.isEmpty ? "" : indent
      if line.isEmpty {
        line = lead + part
      } else if DisplayWidth.of(line + separator + part) <= width {
        line += separator + part
      } else {
        lines.append(line)
        line = indent + part
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines.map { DisplayWidth.truncate($0, to: width) }
  }

  /// `text` broken at its spaces (see `wrap(_:separator:width:indent:)`); a text that fits
  /// keeps its spacing.
  static func words(_ text: String, width: Int?, indent: String = "  ") -> [String] {
    guard let width, DisplayWidth.of(text) > width else { return [text] }
    return wrap(text.split(separator: " ").map(String.init), width: width, indent: indent)
  }

  /// `text` cut to `width` columns, ending in "…" when cut.
  static func cut(_ text: String, width: Int?) -> String {
    guard let width else { return text }
    return DisplayWidth.truncate(text, to: max(1, width))
  }

  /// A line of `head` then `tail` (each coloured by the caller) fitted to `width`: the tail
  /// (a category, an author) kept whole while `head` keeps `minimum` columns, else the two
  /// cut as one line. Returns the plain texts to colour.
  static func share(
    _ head: String, _ tail: String, width: Int?, minimum: Int = 10
  ) -> (title: String, tail: String) {
    guard let width, DisplayWidth.of(head + tail) > width else { return (head, tail) }
    let room = width - DisplayWidth.of(tail)
    if room >= minimum { return (DisplayWidth.truncate(head, to: room), tail) }
    let headWidth = DisplayWidth.of(head)
    if headWidth >= width { return (DisplayWidth.truncate(head, to: width), "") }
    return (head, DisplayWidth.truncate(tail, to: width - headWidth))
  }
}

extension Fit {
  /// A page's text (`memo show`, `question show`, `highlight show`) for a terminal `width`
  /// columns wide: each of its lines broken at spaces, a word wider than the room broken where
  /// the room ends (a page cuts nothing), every piece after `prefix` (a quote's "> ") and the
  /// pieces after a line's first after `indent` too. Joined by line breaks, without a last
  /// one; the text as it is when `width` is nil (a pipe).
  static func page(_ text: String, width: Int?, prefix: String = "", indent: String = "")
    -> String
  {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let width else { return lines.map { prefix + $0 }.joined(separator: "\n") }
    return lines.map { line in
      pieces(
        String(line), first: width - DisplayWidth.of(prefix),
        rest: width - DisplayWidth.of(prefix + indent)
      )
      .enumerated().map { $0.offset == 0 ? prefix + $0.element : prefix + indent + $0.element }
      .joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `line` in pieces of at most `first` columns, then `rest` (each at least 1), broken at
  /// spaces, or inside a word wider than a piece.
  static func pieces(_ line: String, first: Int, rest: Int) -> [String] {
    var room = max(1, first)
    guard DisplayWidth.of(line) > room else { return [line] }
    var pieces: [String] = []
    var piece = ""
    var pieceWidth = 0
    func push() {
      pieces.append(piece)
      piece = ""
      pieceWidth = 0
      room = max(1, rest)
    }
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = DisplayWidth.of(String(word))
      if !piece.isEmpty && pieceWidth + 1 + wordWidth > room { push() }
      if !piece.isEmpty {
        piece += " "
        pieceWidth += 1
      }
      for character in word {
        let characterWidth = DisplayWidth.of(character)
        if pieceWidth + characterWidth > room && !piece.isEmpty { push() }
        piece.append(character)
        pieceWidth += characterWidth
      }
    }
    pieces.append(piece)
    return pieces
  }
}
