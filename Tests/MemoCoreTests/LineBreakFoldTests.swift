import MemoCore
import Testing

@Suite("String.foldingLineBreaks: one-line fields")
struct LineBreakFoldTests {
  @Test(
    "each line break, with the spaces and tabs around it, becomes one space; none at either end",
    arguments: [
      ("Dune", "Dune"),
      ("Dune\nMessiah", "Dune Messiah"),
      ("Dune \r\n\tMessiah", "Dune Messiah"),
      ("Dune\r\rMessiah", "Dune Messiah"),
      ("a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{0C}f", "a b c d e f"),
      ("\nDune\n", "Dune"),
      ("  two  spaces  ", "  two  spaces  "),
      ("\n\n", ""),
    ])
  func folds(_ input: String, _ expected: String) {
    #expect(input.foldingLineBreaks() == expected)
  }
}
