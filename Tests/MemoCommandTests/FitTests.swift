import MemoCore
import Testing

@testable import memo

/// Lines fitted to a narrow terminal (issue 35): broken at word boundaries with the indent
/// kept, or cut with "…"; without a width (a pipe) untouched.
@Suite("Fit: lines for a narrow terminal")
struct FitTests {
  @Test("without a width, or when it fits, a text stays one line with its spacing")
  func untouched() {
    let text = "filter: --starred  (--all ignores it)"
    #expect(Fit.words(text, width: nil) == [text])
    #expect(Fit.words(text, width: 37) == [text])
    #expect(Fit.cut(text, width: nil) == text)
  }

  @Test("broken at spaces, later lines indented, a word wider than a line cut with …")
  func broken() {
    #expect(
      Fit.words("nothing due matches the filter: --all ignores it", width: 20)
        == ["nothing due matches", "  the filter: --all", "  ignores it"])
    #expect(Fit.words("a 夏目漱石夏目漱石夏目漱石", width: 10) == ["a", "  夏目漱…"])
    #expect(
      Fit.wrap(["memo  1 post", "2 questions", "0 highlights"], separator: " · ", width: 26)
        == ["memo  1 post · 2 questions", "  0 highlights"])
  }

  @Test("a text and its tail: the text gives way first, then both are cut as one line")
  func shared() {
    #expect(
      Fit.share("Why does the spice matter?", "  [ecology]", width: 30) == (
        "Why does the spice…", "  [ecology]"
      ))
    #expect(Fit.share("short", "  [a long category]", width: 12) == ("short", "  [a l…"))
    #expect(Fit.share("a long question text", "  [c]", width: 12) == ("a long ques…", ""))
  }

  @Test(
    "a page's text: broken at spaces, a wide word broken where the line ends (nothing cut), every piece after the prefix; a pipe keeps it whole"
  )
  func page() {
    #expect(
      Fit.page("the spice must flow\n\nfear", width: 10, prefix: "> ")
        == "> the\n> spice\n> must\n> flow\n> \n> fear")
    #expect(Fit.page("a 夏目漱石夏目漱石", width: 6, indent: "  ") == "a\n  夏目\n  漱石\n  夏目\n  漱石")
    #expect(Fit.page("abcdefghij", width: 4) == "abcd\nefgh\nij")
    #expect(Fit.page("the spice must flow", width: nil, prefix: "> ") == "> the spice must flow")
  }
}
