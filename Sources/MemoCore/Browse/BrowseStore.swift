/// The one long-lived store of `memo browse`: each action goes through `browseReducer`, each
/// effect through the same effect runner as the commands, and each answer back in. Unlike a
/// command's `Store`, an error does not stop it: the reducer shows it and browsing goes on.
public typealias BrowseStore = EffectStore<BrowseState, BrowseAction>

extension EffectStore where State == BrowseState, Input == BrowseAction {
  /// - Parameter runEffect: performs an effect (in MemoStorage: one transaction).
  public convenience init(state: BrowseState, runEffect: @escaping (Effect) -> Action) {
    self.init(
      state: state, reducer: browseReducer, runEffect: { .stored(runEffect($0)) },
      stopsWhen: { _ in false })
  }
}
