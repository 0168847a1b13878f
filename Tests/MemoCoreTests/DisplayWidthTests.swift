import MemoCore
import Testing

/// Columns as a terminal draws them (xterm, VTE, kitty, iTerm2 agree on these).
@Suite struct DisplayWidthTests {
  @Test(arguments: [
    // Emoji with emoji presentation: the ones issue 21 found measured as one column.
    ("🚀", 2), ("🚲", 2), ("🛒", 2), ("🛸", 2), ("🪐", 2), ("⌚", 2), ("☕", 2), ("⭐", 2), ("✅", 2),
    // A skin tone and a ZWJ family: one glyph.
    ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2),
    // Text presentation made emoji by U+FE0F, and a keycap.
    ("❤️", 2), ("☺️", 2), ("1️⃣", 2),
    // Text presentation without it: one column.
    ("❤", 1), ("☺", 1),
    // Flags: a pair of regional indicators.
    ("🇯🇵", 2), ("🇫🇷🇩🇪", 4),
    // CJK, kana, Hangul (precomposed and as jamo), fullwidth forms.
    ("猫", 2), ("名前", 4), ("ひらがな", 8), ("カタカナ", 8), ("한국어", 6), ("\u{1112}\u{1161}\u{11AB}", 2),
    ("ＡＢ", 4), ("｡", 1),
    // Combining accents: nothing of their own.
    ("e\u{301}", 1), ("Cafe\u{301}", 4), ("a\u{308}\u{323}", 1), ("\u{301}", 0),
    // Plain ASCII and Latin.
    ("", 0), ("a", 1), ("hello, world", 12), ("naïve", 5), ("Ærøskøbing", 10),
    // Zero width space and joiner on their own.
    ("a\u{200B}b", 2),
    // Mixed.
    ("🚀 to 月", 8),
  ])
  func width(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test func characterWidthsAddUp() {
    let text = "Ship 🚀 👍🏽 to 東京 🇯🇵 café"
    #expect(text.reduce(0) { $0 + DisplayWidth.of($1) } == DisplayWidth.of(text))
  }

  @Test func truncateCutsWholeCharactersToTheWidth() {
    #expect(DisplayWidth.truncate("hello world", to: 8) == "hello w…")
    #expect(DisplayWidth.truncate("hello", to: 5) == "hello")
    // A wide character that would cross the edge is left out (the cell is padded).
    #expect(DisplayWidth.truncate("猫猫猫猫", to: 6) == "猫猫…")
    #expect(DisplayWidth.truncate("猫猫猫猫", to: 5) == "猫猫…")
    // Sequences are never split: the family stays whole or goes.
    #expect(DisplayWidth.truncate("ab👨‍👩‍👧cd", to: 5) == "ab👨‍👩‍👧…")
    #expect(DisplayWidth.truncate("ab👨‍👩‍👧cd", to: 4) == "ab…")
    #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
    #expect(DisplayWidth.truncate("abc", to: 0) == "")
  }
}

extension DisplayWidthTests {
  @Test("a string's width is the sum of its characters' widths, whichever path measures it")
  func sumOfCharacters() {
    for text in [
      "Ship 🚀 👍🏽 to 東京 🇯🇵 café", "한국어 \u{1112}\u{1161}\u{11AB} e\u{301}", "❤️ ☺ 1️⃣ ab",
      "👨‍👩‍👧 and 猫", "\u{301}x", "ｶﾀｶﾅ ＡＢ",
    ] {
      #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text)")
    }
  }
}
