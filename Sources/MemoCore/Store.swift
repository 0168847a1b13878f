/// Runs actions through a reducer and the effects it returns through the effect runner,
/// feeding each answer back in, until nothing is pending. Synchronous. The one store of every
/// front end: a command's (`Store`, over `AppState`), `memo browse`'s (`BrowseStore`), `memo
/// review`'s session (`ReviewSessionStore`); each is this type with its state and actions.
public final class EffectStore<State, Input> {
  public private(set) var state: State
  private let reducer: (inout State, Input) -> [Effect]
  private let runEffect: (Effect) -> Input
  private let isStopped: (State) -> Bool
  private var isDispatching = false

  /// - Parameters:
  ///   - reducer: the front end's reducer.
  ///   - runEffect: performs an effect (in MemoStorage: one transaction) and answers with the
  ///     reducer's input.
  ///   - isStopped: once true of the state, no further effect runs (a command's error).
  public init(
    state: State, reducer: @escaping (inout State, Input) -> [Effect],
    runEffect: @escaping (Effect) -> Input,
    stopsWhen isStopped: @escaping (State) -> Bool
  ) {
    self.state = state
    self.reducer = reducer
    self.runEffect = runEffect
    self.isStopped = isStopped
  }

  /// Reduces `input`, then runs its effects in order, reducing each effect's answer before
  /// the next effect runs.
  public func dispatch(_ input: Input) {
    precondition(!isDispatching, "dispatch from inside a reducer or an effect")
    isDispatching = true
    defer { isDispatching = false }
    process(input)
  }

  private func process(_ input: Input) {
    for effect in reducer(&state, input) {
      if isStopped(state) { return }
      process(runEffect(effect))
    }
  }
}

/// A command's store: once the state holds an error, no further effect runs.
public typealias Store = EffectStore<AppState, Action>

extension EffectStore where State == AppState, Input == Action {
  /// - Parameters:
  ///   - reducer: usually `appReducer`.
  ///   - runEffect: performs an effect (in MemoStorage: one transaction) and answers an action.
  public convenience init(
    state: AppState = AppState(),
    reducer: @escaping (inout AppState, Action) -> [Effect] = appReducer,
    runEffect: @escaping (Effect) -> Action
  ) {
    self.init(state: state, reducer: reducer, runEffect: runEffect, stopsWhen: { $0.error != nil })
  }
}
