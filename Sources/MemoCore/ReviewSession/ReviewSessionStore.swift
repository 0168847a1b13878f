/// The store of `memo review`'s session: each action goes through `reviewSessionReducer`, each
/// effect through the same effect runner as the commands, and each answer back in with the
/// journal entry it made. As a command's `Store`, once the state holds an error (the session
/// could not start) no further effect runs.
public final class ReviewSessionStore {
  public private(set) var state: ReviewSession
  private let runEffect: (Effect) -> (Action, entry: Int64?)
  private var isDispatching = false

  /// - Parameter runEffect: performs an effect (in MemoStorage: one transaction) and answers
  ///   with its result and the journal entry it made (nil: none).
  public init(state: ReviewSession, runEffect: @escaping (Effect) -> (Action, entry: Int64?)) {
    self.state = state
    self.runEffect = runEffect
  }

  /// Reduces `action`, then runs its effects in order, reducing each answer before the next.
  public func dispatch(_ action: ReviewSessionAction) {
    precondition(!isDispatching, "dispatch from inside a reducer or an effect")
    isDispatching = true
    defer { isDispatching = false }
    process(action)
  }

  private func process(_ action: ReviewSessionAction) {
    for effect in reviewSessionReducer(&state, action) {
      if state.error != nil { return }
      let (answer, entry) = runEffect(effect)
      process(.stored(answer, entry: entry))
    }
  }
}
