import Testing

@testable import MemoCore

@Suite("review: the reducer and the scheduler's replay")
struct ReviewReducerTests {
  static let time = Timestamp(rfc3339: "2022-11-29T12:30:00.000Z")!

  @Test("a known rating becomes the effect; an unknown one fails with usage naming them all")
  func rate() {
    var state = AppState()
    #expect(
      reviewReducer(&state, .rate(3, rating: "Good", at: Self.time))
        == [.review(.rate(3, .recall(.good), at: Self.time))])
    #expect(
      reviewReducer(&state, .rate(3, rating: "later", at: Self.time))
        == [.review(.rate(3, .open(.later), at: Self.time))])
    #expect(reviewReducer(&state, .rate(3, rating: "meh", at: Self.time)) == [])
    #expect(state.error?.code == .usage)
    for name in ReviewRating.allNames { #expect(state.error?.message.contains(name) == true) }
  }

  @Test("due: the effect says where the rows go, as the action did; bad limits are refused")
  func due() {
    var state = AppState()
    let query = ReviewDueQuery(at: Self.time, limit: 5, newLimit: 2, kinds: [.open])
    #expect(
      reviewReducer(&state, .due(query, to: .output)) == [.review(.listDue(query, to: .output))])
    #expect(reviewReducer(&state, .due(query)) == [.review(.listDue(query, to: .state))])
    #expect(state == AppState())
    #expect(
      reviewReducer(&state, .due(ReviewDueQuery(at: Self.time, limit: -1), to: .output)) == [])
    #expect(state.error?.code == .usage)
  }

  @Test("replay sorts by time, then id, and skips the other kind's events")
  func replayOrder() {
    let scheduler = ReviewScheduler(FSRSParameters(isFuzzEnabled: false))
    let subject = ReviewSubject(
      questionID: 1, uuid: "u", createdAt: Self.time, answeredAt: Self.time, isAnswered: true)
    func event(_ id: Int64, _ name: String, _ minutes: Int64) -> ReviewEvent {
      ReviewEvent(
        id: id, uuid: "e\(id)", questionID: 1, rating: ReviewRating(name: name)!,
        reviewedAt: Timestamp(millis: Self.time.millis + minutes * 60_000), createdAt: Self.time)
    }
    let inOrder = [event(1, "good", 0), event(2, "good", 10), event(3, "again", 20)]
    let shuffled = [
      event(3, "again", 20), event(4, "soon", 5), event(1, "good", 0), event(2, "good", 10),
    ]
    #expect(
      scheduler.replay(subject, events: shuffled) == scheduler.replay(subject, events: inOrder))
    var item = scheduler.newItem(subject)
    for e in inOrder { item = scheduler.applying(e.rating, at: e.reviewedAt, to: item, uuid: "u") }
    #expect(scheduler.replay(subject, events: inOrder) == item)
    #expect(item.reps == 3)
  }
}
