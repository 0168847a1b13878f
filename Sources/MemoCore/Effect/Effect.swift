/// The storage work a reducer asks for: plain values, so a test compares them with `==` and the
/// effect runner is the one place with I/O. Each effect runs in one transaction.
///
/// One case per domain, as `Action` has (`.posts(.insert(…))`); each domain's effects are one
/// enum beside this file, and the runner handles each domain in one exhaustive switch
/// (MemoStorage/Effects), so an effect added but not handled does not compile.
///
/// A listing names where its rows go (`to: RowDestination`), carried from the command's action:
/// `.state` answers with one page of values (`.posts(.listed)` and the like); `.output` streams
/// the rows, one at a time straight from the statement, to the output writer the runner was
/// made with, and answers `.streamed` (a runner without one fails with an io error, writing
/// nothing).
public enum Effect: Equatable, Sendable {
  case posts(PostEffect)
  case questions(QuestionEffect)
  case highlights(HighlightEffect)
  case review(ReviewEffect)
  case categories(CategoryEffect)
  case favorites(FavoriteEffect)
  case filters(FilterEffect)
  /// Export, import, and the file itself (check, backup).
  case transfer(TransferEffect)
  case sync(SyncEffect)
  /// Undo, redo, the log and its pruning.
  case journal(JournalEffect)
  /// Search, stats, completions and `memo browse`'s pages: reads across the domains.
  case lookup(LookupEffect)

  /// Whether the effect only reads, so a missing database need not be created for it (a front
  /// end that opens the file lazily, as `memo browse` and `memo review`'s session do, creates
  /// it for the first effect that does not). Each domain says it beside its cases.
  public var onlyReads: Bool {
    switch self {
    case .posts(let effect): effect.onlyReads
    case .questions(let effect): effect.onlyReads
    case .highlights(let effect): effect.onlyReads
    case .review(let effect): effect.onlyReads
    case .categories(let effect): effect.onlyReads
    case .favorites(let effect): effect.onlyReads
    case .filters(let effect): effect.onlyReads
    case .transfer(let effect): effect.onlyReads
    case .sync(let effect): effect.onlyReads
    case .journal(let effect): effect.onlyReads
    case .lookup(let effect): effect.onlyReads
    }
  }
}
