/// Runs actions through the reducer and the effects it returns through the effect runner,
/// feeding each result back in, until nothing is pending. Synchronous and one-shot.
public final class Store {
  public private(set) var state: AppState
  private let reducer: (inout AppState, Action) -> [Effect]
  private let runEffect: (Effect) -> Action
  private var isDispatching = false

  /// - Parameters:
  ///   - reducer: usually `appReducer`.
  ///   - runEffect: performs an effect (in MemoStorage: one transaction) and answers an action.
  public init(
    state: AppState = AppState(),
    reducer: @escaping (inout AppState, Action) -> [Effect] = appReducer,
    runEffect: @escaping (Effect) -> Action
  ) {
    self.state = state
    self.reducer = reducer
    self.runEffect = runEffect
  }

  /// Reduces `action`, then runs its effects in order, reducing each effect's answer before
  /// the next effect runs. Once the state holds an error, no further effect runs.
  public func dispatch(_ action: Action) {
    precondition(!isDispatching, "dispatch from inside a reducer or an effect")
    isDispatching = true
    defer { isDispatching = false }
    process(action)
  }

  private func process(_ action: Action) {
    for effect in reducer(&state, action) {
      if state.error != nil { return }
      process(runEffect(effect))
    }
  }
}
