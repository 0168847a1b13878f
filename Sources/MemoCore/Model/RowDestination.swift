/// Where a listing's rows go: part of the listing's action and effect, so a reducer test says
/// with `==` where they will go, and the effect runner follows it.
public enum RowDestination: Equatable, Sendable {
  /// One page of them into the state, as values (`memo browse`, a command that reads them
  /// before it acts, tests).
  case state
  /// Streamed, one row at a time straight from the statement, to the process's output writer
  /// (SPEC §1: nothing holds the whole result); the state keeps only the filter in force.
  case output
}
