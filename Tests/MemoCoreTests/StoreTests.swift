import Testing

@testable import MemoCore

/// One step the store took: an action it reduced or an effect it ran.
private enum Step: Equatable {
  case reduced(Action)
  case ran(Effect)
}

/// A store whose reducer and effect runner follow a script, and that writes down every step.
/// The reducer is `appReducer` for the state, with the effects the script gives for the action.
private final class Script {
  var steps: [Step] = []
  var effects: [(Action, [Effect])] = []
  var answers: [(Effect, Action)] = []

  func makeStore(state: AppState = AppState()) -> Store {
    Store(
      state: state,
      reducer: { state, action in
        self.steps.append(.reduced(action))
        _ = appReducer(&state, action)
        return self.effects.first { $0.0 == action }?.1 ?? []
      },
      runEffect: { effect in
        self.steps.append(.ran(effect))
        return self.answers.first { $0.0 == effect }?.1
          ?? .failed(.usage("no answer scripted for \(effect)"))
      })
  }

  var ran: [Effect] {
    steps.compactMap { if case .ran(let effect) = $0 { effect } else { nil } }
  }
}

private let one = Post.fixture(1, title: "Dune")
private let two = Post.fixture(2, title: "Dune Messiah")

@Suite("the store: effects run in order, answers feed back, a failure stops the rest")
struct StoreTests {
  @Test("with the app reducer, an effect's answer is reduced into the state")
  func feedsBack() {
    var ran: [Effect] = []
    let store = Store { effect in
      ran.append(effect)
      return .posts(.added(one))
    }
    store.dispatch(.posts(.add(NewPost(title: " Dune "))))
    #expect(ran == [.posts(.insert(NewPost(title: "Dune")))])
    #expect(store.state == AppState(post: one))
  }

  @Test("effects run in order, each answer reduced before the next effect runs")
  func order() {
    let script = Script()
    script.effects.append((.posts(.show(1)), [.posts(.load(1)), .posts(.load(2))]))
    script.answers = [
      (.posts(.load(1)), .posts(.loaded(one))), (.posts(.load(2)), .posts(.loaded(two))),
    ]
    let store = script.makeStore()
    store.dispatch(.posts(.show(1)))
    #expect(
      script.steps == [
        .reduced(.posts(.show(1))),
        .ran(.posts(.load(1))), .reduced(.posts(.loaded(one))),
        .ran(.posts(.load(2))), .reduced(.posts(.loaded(two))),
      ])
    #expect(store.state == AppState(post: two))
  }

  @Test("an answer's own effects run before the effects still waiting behind it")
  func depthFirst() {
    let script = Script()
    script.effects.append(
      (.posts(.remove([1])), [.posts(.delete([1])), .favorites(.list(to: .state))]))
    script.effects.append((.posts(.removed([one])), [.posts(.list(PostQuery()))]))
    script.answers = [
      (.posts(.delete([1])), .posts(.removed([one]))),
      (.posts(.list(PostQuery())), .posts(.listed([two], filter: nil))),
      (.favorites(.list(to: .state)), .favorites(.listed([two]))),
    ]
    let store = script.makeStore()
    store.dispatch(.posts(.remove([1])))
    #expect(
      script.steps == [
        .reduced(.posts(.remove([1]))),
        .ran(.posts(.delete([1]))), .reduced(.posts(.removed([one]))),
        .ran(.posts(.list(PostQuery()))), .reduced(.posts(.listed([two], filter: nil))),
        .ran(.favorites(.list(to: .state))), .reduced(.favorites(.listed([two]))),
      ])
    #expect(store.state == AppState(posts: [two], removedPosts: [one]))
  }

  @Test("after an effect answers a failure, the effects after it do not run")
  func stopsOnFailure() {
    let script = Script()
    script.effects.append((.posts(.show(1)), [.posts(.load(1)), .posts(.load(2))]))
    script.answers = [
      (.posts(.load(1)), .failed(.postNotFound(1))), (.posts(.load(2)), .posts(.loaded(two))),
    ]
    let store = script.makeStore()
    store.dispatch(.posts(.show(1)))
    #expect(script.ran == [.posts(.load(1))])
    #expect(store.state == AppState(error: .postNotFound(1)))
  }

  @Test("a failure deep in a chain also stops the effects waiting further up")
  func stopsAllTheWayUp() {
    let script = Script()
    script.effects.append(
      (.posts(.remove([1])), [.posts(.delete([1])), .favorites(.list(to: .state))]))
    script.effects.append(
      (.posts(.removed([one])), [.posts(.list(PostQuery())), .posts(.load(2))]))
    script.answers = [
      (.posts(.delete([1])), .posts(.removed([one]))),
      (.posts(.list(PostQuery())), .failed(.usage("disk on fire"))),
      (.posts(.load(2)), .posts(.loaded(two))),
      (.favorites(.list(to: .state)), .favorites(.listed([two]))),
    ]
    let store = script.makeStore()
    store.dispatch(.posts(.remove([1])))
    #expect(script.ran == [.posts(.delete([1])), .posts(.list(PostQuery()))])
    #expect(store.state == AppState(removedPosts: [one], error: .usage("disk on fire")))
  }

  @Test("a validation failure in the reducer runs no effect at all")
  func validationRunsNothing() {
    var ran: [Effect] = []
    let store = Store { effect in
      ran.append(effect)
      return .posts(.added(one))
    }
    store.dispatch(.posts(.add(NewPost(title: " "))))
    #expect(ran == [])
    #expect(store.state == AppState(error: .emptyTitle()))
  }

  @Test("a store that already holds an error runs no more effects")
  func errorIsFinal() {
    let script = Script()
    script.effects.append((.posts(.show(1)), [.posts(.load(1))]))
    script.answers = [(.posts(.load(1)), .posts(.loaded(one)))]
    let store = script.makeStore(state: AppState(error: .postNotFound(9)))
    store.dispatch(.posts(.show(1)))
    #expect(script.steps == [.reduced(.posts(.show(1)))])
    #expect(store.state == AppState(error: .postNotFound(9)))
  }

  @Test("a second dispatch after the first has finished runs normally")
  func dispatchAgain() {
    let script = Script()
    script.effects.append((.posts(.show(1)), [.posts(.load(1))]))
    script.effects.append((.posts(.show(2)), [.posts(.load(2))]))
    script.answers = [
      (.posts(.load(1)), .posts(.loaded(one))), (.posts(.load(2)), .posts(.loaded(two))),
    ]
    let store = script.makeStore()
    store.dispatch(.posts(.show(1)))
    store.dispatch(.posts(.show(2)))
    #expect(script.ran == [.posts(.load(1)), .posts(.load(2))])
    #expect(store.state == AppState(post: two))
  }

  @Test("dispatching from inside an effect is refused: the process stops")
  func reentrantDispatch() async {
    await #expect(processExitsWith: .failure) {
      var store: Store?
      var nested = false
      store = Store { _ in
        if !nested {
          nested = true  // once, so that only the refusal can stop the process
          store?.dispatch(.posts(.show(2)))
        }
        return .posts(.loaded(.fixture()))
      }
      store?.dispatch(.posts(.show(1)))
    }
  }
}
