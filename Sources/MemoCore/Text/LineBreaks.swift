extension String {
  /// The text on one line: each line break (`\n`, `\r`, `\r\n`, a vertical tab, a form feed,
  /// U+0085, U+2028, U+2029), with the spaces and tabs around it, becomes one space. A title,
  /// an author and a source are one line: a line break pasted into `add` or read from a
  /// Readwise or Goodreads cell is folded so, and the `$EDITOR` file shows a stored one so.
  public func foldingLineBreaks() -> String {
    guard unicodeScalars.contains(where: Self.isLineBreak) else { return self }
    var folded = String.UnicodeScalarView()
    var pendingBreak = false
    for scalar in unicodeScalars {
      if Self.isLineBreak(scalar) {
        pendingBreak = true
        while let last = folded.last, last == " " || last == "\t" { folded.removeLast() }
        continue
      }
      if pendingBreak {
        if scalar == " " || scalar == "\t" { continue }
        if !folded.isEmpty { folded.append(" ") }
        pendingBreak = false
      }
      folded.append(scalar)
    }
    return String(folded)
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
