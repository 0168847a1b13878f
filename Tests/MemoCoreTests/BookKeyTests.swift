import MemoCore
import Testing

@Suite("BookKey: one book, however a reader or library spells it")
struct BookKeyTests {
  @Test(
    "equal keys",
    arguments: [
      (("Dune (Dune, #1)", "Frank Herbert"), ("Dune", "Herbert, Frank")),
      (("Dune (Dune #1)", "Frank Herbert"), ("DUNE", "frank  herbert")),
      (("The Way of Kings (The Stormlight Archive, #1)", nil), ("the way of kings", nil)),
      (("吾輩は猫である", "夏目漱石"), ("吾輩は猫である", "夏目 漱石")),
      (("吾輩は猫である", "夏目漱石"), ("吾輩は猫である", "夏目　漱石")),
      (("Ｄｕｎｅ", "Ｆｒａｎｋ Ｈｅｒｂｅｒｔ"), ("Dune", "Frank Herbert")),
      (("Straße", nil), ("STRASSE", nil)),
      (("Ｆｉｎｄｉｎｇ", nil), ("ﬁnding", nil)),
      (("Café", "Zoë"), ("Cafe\u{301}", "Zoe\u{308}")),
      (("ＣＯＳＭＯＳ", "Sagan, Carl"), ("Cosmos", " Carl Sagan ")),
      (("ｶﾞﾝﾀﾞﾑ", nil), ("ガンダム", nil)),
    ] as [((String, String?), (String, String?))])
  func equal(_ pair: ((String, String?), (String, String?))) {
    #expect(
      BookKey(title: pair.0.0, author: pair.0.1) == BookKey(title: pair.1.0, author: pair.1.1))
  }

  @Test(
    "different keys",
    arguments: [
      (("Dune", "Frank Herbert"), ("Dune Messiah", "Frank Herbert")),
      (("Dune", "Frank Herbert"), ("Dune", "Brian Herbert")),
      (("Catch (22)", nil), ("Catch", nil)),
      (("Roman Holiday", "King, Jr."), ("Roman Holiday", "Jr. King")),
      (("New York", nil), ("NewYork", nil)),
    ] as [((String, String?), (String, String?))])
  func different(_ pair: ((String, String?), (String, String?))) {
    #expect(
      BookKey(title: pair.0.0, author: pair.0.1) != BookKey(title: pair.1.0, author: pair.1.1))
  }

  @Test("what a key holds")
  func fields() {
    let key = BookKey(title: "  Dune   Messiah (Dune, #2) ", author: "Herbert, Frank")
    #expect(key.title == "dune messiah")
    #expect(key.author == "frank herbert")
    #expect(BookKey(title: "Dune", author: nil).author == "")
    #expect(BookKey(title: "(Dune, #1)", author: nil).title == "(dune, #1)")
  }
}
