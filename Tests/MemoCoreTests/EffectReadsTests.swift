import Testing

@testable import MemoCore

/// Whether an effect only reads is declared once, beside the effect: it decides whether a
/// missing database is created (a reading command's, `memo browse`'s and `memo review`'s
/// session's), so a wrong answer makes a file nobody asked for, or loses a change.
@Suite("an effect says whether it only reads")
struct EffectReadsTests {
  static let now = Timestamp(millis: 1_800_000_000_000)

  @Test("memo review's session: every look reads, every answer, rating and undo writes")
  func reviewSession() {
    let reads: [Effect] = [
      .review(.listDue(ReviewDueQuery(at: Self.now))),
      .review(.nextDue(after: Self.now, until: Self.now)), .questions(.load(1)),
      .highlights(.load(1)), .filters(.loadCurrent), .lookup(.dataVersion),
      .review(.load(1, at: Self.now)), .review(.loadHighlight(1, at: Self.now)),
      .review(.countDue(ReviewDueQuery(at: Self.now))),
    ]
    for effect in reads { #expect(effect.onlyReads, "\(effect)") }
    let writes: [Effect] = [
      .review(.rate(1, .recall(.good), at: Self.now)),
      .review(.rateHighlight(1, .keep, at: Self.now)), .questions(.answerOpen(1, "Spice.")),
      .journal(.undoEntry(1)),
    ]
    for effect in writes { #expect(!effect.onlyReads, "\(effect)") }
  }

  @Test("a dry-run import and showing the sync remote read; the import and the move write")
  func byValue() {
    #expect(
      Effect.transfer(.importFile(ImportRequest(path: "x", format: .jsonl, isDryRun: true)))
        .onlyReads)
    #expect(!Effect.transfer(.importFile(ImportRequest(path: "x", format: .jsonl))).onlyReads)
    #expect(Effect.sync(.remote(SyncRequest(repository: "r"))).onlyReads)
    #expect(
      !Effect.sync(.remote(SyncRequest(repository: "r", remote: "/media/usb/memo.git"))).onlyReads)
    #expect(Effect.transfer(.backup(to: "/tmp/b.db")).onlyReads)
    #expect(Effect.review(.exportLog).onlyReads)
    #expect(!Effect.filters(.saveCurrent(QuestionFilter())).onlyReads)
    #expect(!Effect.posts(.insert(NewPost(title: "Dune"))).onlyReads)
  }
}
