/// The store of `memo review`'s session: each action goes through `reviewSessionReducer`, each
/// effect through the same effect runner as the commands, and each answer back in with the
/// journal entry it made. As a command's `Store`, once the state holds an error (the session
/// could not start) no further effect runs.
public typealias ReviewSessionStore = EffectStore<ReviewSession, ReviewSessionAction>

extension EffectStore where State == ReviewSession, Input == ReviewSessionAction {
  /// - Parameter runEffect: performs an effect (in MemoStorage: one transaction) and answers
  ///   with its result and the journal entry it made (nil: none).
  public convenience init(
    state: ReviewSession, runEffect: @escaping (Effect) -> (Action, entry: Int64?)
  ) {
    self.init(
      state: state, reducer: reviewSessionReducer,
      runEffect: { effect in
        let (answer, entry) = runEffect(effect)
        return .stored(answer, entry: entry)
      }, stopsWhen: { $0.error != nil })
  }
}
