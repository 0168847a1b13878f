/// The one long-lived store of `memo browse`: each action goes through `browseReducer`, each
/// effect through the same effect runner as the commands, and each answer back in. Unlike a
/// command's `Store`, an error does not stop it: the reducer shows it and browsing goes on.
public final class BrowseStore {
  public private(set) var state: BrowseState
  private let runEffect: (Effect) -> Action
  private var isDispatching = false

  /// - Parameter runEffect: performs an effect (in MemoStorage: one transaction).
  public init(state: BrowseState, runEffect: @escaping (Effect) -> Action) {
    self.state = state
    self.runEffect = runEffect
  }

  /// Reduces `action`, then runs its effects in order, reducing each answer before the next.
  public func dispatch(_ action: BrowseAction) {
    precondition(!isDispatching, "dispatch from inside a reducer or an effect")
    isDispatching = true
    defer { isDispatching = false }
    process(action)
  }

  private func process(_ action: BrowseAction) {
    for effect in browseReducer(&state, action) {
      process(.stored(runEffect(effect)))
    }
  }
}
