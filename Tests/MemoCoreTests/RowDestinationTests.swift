import Testing

@testable import MemoCore

/// A listing's action names where its rows go (issue 21), and the reducer carries it into the
/// effect unchanged, so a test says with `==` whether storage answers a page or streams.
@Suite("listings: the destination goes from the action into the effect")
struct RowDestinationTests {
  static let now = Timestamp(millis: 1_767_225_600_000)
  static let questions = QuestionQuery(
    selection: FilterSelection(flags: QuestionFilter(starred: true), now: now), limit: 5)
  static let highlights = HighlightQuery(postID: 3, starredOnly: true, limit: 2)
  static let posts = PostQuery(sort: .title, author: "herbert", limit: 5)
  static let due = ReviewDueQuery(at: now, limit: 10, newLimit: 3, kinds: [.recall])
  static let search = SearchQuery(text: "spice", scope: .questions, limit: nil)

  /// Each listing's action and the effect it must become, for a destination.
  static func cases(_ to: RowDestination) -> [(Action, Effect)] {
    [
      (.questions(.list(questions, to: to)), .questions(.list(questions, to: to))),
      (.highlights(.list(highlights, to: to)), .highlights(.list(highlights, to: to))),
      (.posts(.list(posts, to: to)), .posts(.list(posts, to: to))),
      (.posts(.show(42, to: to)), .posts(.load(42, to: to))),
      (.review(.due(due, to: to)), .review(.listDue(due, to: to))),
      (.search(.search(search, to: to)), .lookup(.search(search, to: to))),
      (.categories(.list(to: to)), .categories(.list(to: to))),
      (.favorites(.list(to: to)), .favorites(.list(to: to))),
      (.journal(.log(limit: 20, to: to)), .journal(.list(limit: 20, to: to))),
      (.sync(.listConflicts(to: to)), .sync(.listConflicts(to: to))),
    ]
  }

  @Test(
    "each listing's effect says where its rows go, as its action did, and the state waits",
    arguments: [RowDestination.output, .state])
  func carried(_ destination: RowDestination) {
    for (action, effect) in Self.cases(destination) {
      var state = AppState()
      #expect(appReducer(&state, action) == [effect])
      #expect(state == AppState())
    }
  }

  @Test("an action that names no destination asks for a page into the state")
  func pageByDefault() {
    var state = AppState()
    #expect(
      appReducer(&state, .questions(.list(Self.questions))) == [
        .questions(.list(Self.questions, to: .state))
      ])
    #expect(
      appReducer(&state, .search(.search(Self.search))) == [
        .lookup(.search(Self.search, to: .state))
      ])
    #expect(appReducer(&state, .posts(.show(42))) == [.posts(.load(42, to: .state))])
    #expect(
      appReducer(&state, .questions(.list(Self.questions, to: .output)))
        != [.questions(.list(Self.questions, to: .state))])
  }

  @Test("a refused listing asks for nothing, wherever its rows were to go")
  func refused() {
    var state = AppState()
    #expect(
      appReducer(&state, .highlights(.list(HighlightQuery(limit: -1), to: .output))) == [])
    #expect(state.error?.code == .usage)
    var other = AppState()
    #expect(
      appReducer(&other, .review(.due(ReviewDueQuery(at: Self.now, newLimit: -1), to: .output)))
        == [])
    #expect(other.error?.code == .usage)
    var blank = AppState()
    #expect(appReducer(&blank, .search(.search(SearchQuery(text: "  "), to: .output))) == [])
    #expect(blank.error?.code == .usage)
  }

  @Test("a streamed listing leaves only the filter that was in force in the state")
  func streamed() {
    var state = AppState()
    #expect(
      appReducer(&state, .streamed(.questions, filter: QuestionFilter(starred: true))) == [])
    var expected = AppState()
    expected.filter = QuestionFilter(starred: true)
    #expect(state == expected)
  }
}
