import MemoCore
import MemoStorage
import Testing

@testable import memo

@Suite("memo review: the session's keys")
struct ReviewSessionKeyTests {
  @Test("Escape quits, as q does; in the answer's prompt line it cancels the answer")
  func escapeQuits() {
    let item = ReviewDueRow(
      id: QuestionID(1), kind: .open, due: Timestamp(millis: 0), retrievability: nil,
      question: "Spice?", postID: PostID(1), title: "Dune")
    var session = ReviewSession(items: [item], width: 80, height: 24, utcOffsetSeconds: 0)
    #expect(session.handle(.char("a")) == .none && session.input == "")
    #expect(session.handle(.escape) == .none && session.input == nil)
    #expect(session.handle(.escape) == .quit)
  }
}

@Suite("memo review: a bracketed paste is not taken as keys")
struct ReviewSessionPasteTests {
  @Test("the decoder marks the keys between ESC [200~ and ESC [201~ as pasted")
  func decoderMarksPastes() {
    var decoder = KeyDecoder()
    // The end marker split across two reads, as a terminal may send it.
    let first = decoder.feedMarked(Array("x\u{1B}[200~1 2\u{1B}[20".utf8))
    let second = decoder.feedMarked(Array("1~3".utf8))
    #expect(first.map(\.key) == [.char("x"), .char("1"), .char(" "), .char("2")])
    #expect(first.map(\.isPasted) == [false, true, true, true])
    #expect(second.map(\.key) == [.char("3")] && second.map(\.isPasted) == [false])
    // memo browse's feed gives a paste's keys as typed, without the markers.
    var plain = KeyDecoder()
    #expect(plain.feed(Array("\u{1B}[200~ab\u{1B}[201~".utf8)) == [.char("a"), .char("b")])
  }

  @Test("a pasted \"1 2 3\" rates nothing; pasted into the answer's prompt it is text")
  func pasteDoesNotRate() throws {
    let setup = try ReviewSessionRunnerTests.Setup()
    let dune = try setup.post("Dune")
    let q1 = try setup.question(on: dune, "Planet?", answer: "Arrakis")
    let q2 = try setup.question(on: dune, "Spice?", answer: nil)
    let session = try setup.session()
    var decoder = KeyDecoder()
    func feed(_ text: String) {
      for (key, isPasted) in decoder.feedMarked(Array(text.utf8)) {
        session.dispatch(.key(key, isPasted: isPasted, at: SystemClock.now()))
      }
    }
    feed(" ")
    #expect(session.state.isRevealed)
    feed("\u{1B}[200~1 2 3\u{1B}[201~")
    #expect(session.state.index == 0 && session.state.reviewed == 0)
    #expect(session.state.message == "pasted text is not taken as keys: type them")
    #expect(try setup.journal().allSatisfy { !$0.0.hasPrefix("rate") })
    feed("3")
    #expect(session.state.index == 1 && session.state.current?.id == q2)
    feed("a\u{1B}[200~the spice\r\u{1B}[201~ must flow\r")
    #expect(try setup.answer(of: q2) == "the spice must flow")
    _ = q1
  }
}
