import Testing

@testable import MemoCore

@Suite("the store: effects run, results feed back, a failure stops the rest")
struct StoreTests {
  @Test("an effect's answer is reduced into the state")
  func feedsBack() {
    var ran: [Effect] = []
    let post = Post.fixture()
    let store = Store { effect in
      ran.append(effect)
      return .posts(.added(post))
    }
    store.dispatch(.posts(.add(NewPost(title: "Dune"))))
    #expect(ran == [.insertPost(NewPost(title: "Dune"))])
    #expect(store.state == AppState(post: post))
  }

  @Test("after a failed effect no further effect runs")
  func stopsOnFailure() {
    var ran: [Effect] = []
    let reducer: (inout AppState, Action) -> [Effect] = { state, action in
      if case .failed = action { return appReducer(&state, action) }
      if case .posts(.show) = action { return [.loadPost(1), .loadPost(2)] }
      return []
    }
    let store = Store(reducer: reducer) { effect in
      ran.append(effect)
      return .failed(.postNotFound(1))
    }
    store.dispatch(.posts(.show(1)))
    #expect(ran == [.loadPost(1)])
    #expect(store.state.error == .postNotFound(1))
  }

  @Test("a validation failure in the reducer runs no effect at all")
  func validationRunsNothing() {
    var ran = 0
    let store = Store { _ in
      ran += 1
      return .posts(.added(.fixture()))
    }
    store.dispatch(.posts(.add(NewPost(title: " "))))
    #expect(ran == 0)
    #expect(store.state.error == .emptyTitle())
  }
}
