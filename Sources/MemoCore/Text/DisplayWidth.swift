/// Columns text takes in a terminal, measured by grapheme cluster (Swift's `Character`) as
/// terminals draw them: East Asian Wide and Fullwidth characters and emoji with emoji
/// presentation take 2, combining marks 0, a character followed by U+FE0F (emoji presentation)
/// 2, and an emoji modifier (skin tone), ZWJ or flag sequence one glyph of 2. The scalar widths
/// come from the table scripts/gen-width-table generates from the Unicode data files.
public enum DisplayWidth {
  /// The columns `text` takes. ASCII (the common case) is one column a byte.
  public static func of(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    // Scalar by scalar (faster than finding grapheme clusters) gives the same sum unless the
    // text has an emoji sequence: a presentation selector, a joiner, a skin tone or a flag.
    var width = 0
    for scalar in text.unicodeScalars {
      if scalar.value == 0xFE0F || joinsEmoji(scalar) { return byCharacter(text) }
      width += of(scalar)
    }
    return width
  }

  static func byCharacter(_ text: String) -> Int {
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The columns one grapheme cluster takes.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard let second = iterator.next() else { return of(first) }
    // A sequence: emoji presentation selector, skin tone, ZWJ or flag makes one wide glyph.
    var sum = of(first) + of(second)
    var widest = max(of(first), of(second))
    var joins = joinsEmoji(second)
    if second.value == 0xFE0F { return 2 }
    while let next = iterator.next() {
      if next.value == 0xFE0F { return 2 }
      let w = of(next)
      sum += w
      widest = max(widest, w)
      joins = joins || joinsEmoji(next)
    }
    if joins && widest == 2 { return 2 }
    return sum
  }

  /// The columns one scalar takes on its own: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    // The search highlight marks (private use) are not drawn.
    if v == 0xE000 || v == 0xE001 { return 0 }
    var low = 0
    var high = widthRangeStarts.count - 1
    while low <= high {
      let mid = (low + high) / 2
      if v < widthRangeStarts[mid] {
        high = mid - 1
      } else if v > widthRangeEnds[mid] {
        low = mid + 1
      } else {
        return Int(widthRangeWidths[mid])
      }
    }
    return 1
  }

  /// Zero width joiner, a skin tone modifier or a regional indicator (a flag's half).
  static func joinsEmoji(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v == 0x200D || (0x1F3FB...0x1F3FF).contains(v) || (0x1F1E6...0x1F1FF).contains(v)
  }

  /// `text` shortened to `width` columns, ending in "…" when cut; never splits a character.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 0 else { return "" }
    var out = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > width - 1 { break }
      out.append(character)
      used += w
    }
    return out + "…"
  }
}
