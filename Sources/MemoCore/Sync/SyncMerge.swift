/// Who wins when another device's change to a record arrives: pure, so that every device
/// decides the same way from the same facts.
///
/// Each record holds the version of the change its content came from; each change carries the
/// version it was made over (its base). A change made over the version held here follows it:
/// no conflict. Otherwise the two were made without seeing each other: a conflict, and the
/// later version (`SyncVersion` order) wins on every device, so all converge on the latest
/// version of each record whatever order the rounds run in. The loser is kept.
public enum SyncMerge {
  public enum Outcome: Equatable, Sendable {
    /// Seen before (a file read again, a compacted snapshot): nothing to do.
    case skip
    /// The change follows what is held here: apply it.
    case apply
    /// A conflict the incoming change wins: keep what was here, then apply it.
    case applyOverConflict
    /// A conflict what is here wins: keep the incoming change, apply nothing.
    case keepOverConflict
  }

  /// - Parameters:
  ///   - current: the version the record holds here (nil: never seen).
  ///   - incoming: the arriving change's version; `base`: the version it was made over.
  ///   - seen: the latest time already applied from the incoming change's device.
  public static func decide(
    current: SyncVersion?, incoming: SyncVersion, base: SyncVersion?, seen: HybridTime?
  ) -> Outcome {
    if let seen, incoming.time <= seen { return .skip }
    guard let current else { return .apply }
    if current == incoming { return .skip }
    if base == current { return .apply }
    return incoming > current ? .applyOverConflict : .keepOverConflict
  }

  /// One field of a record both devices hold, when the incoming change was not made over the
  /// version here (issue 20): each field carries its own stamp, and the later stamp wins.
  /// - Parameters:
  ///   - local: the field's stamp here; `incoming`: its stamp in the change.
  ///   - set: whether the change set the field; `base`: the stamp it set it over.
  /// - Returns: whether to take the incoming value, and whether the two were set without
  ///   seeing each other (a conflict: the loser is kept, if the values differ).
  public static func field(
    local: SyncVersion, incoming: SyncVersion, set: Bool, base: SyncVersion?
  ) -> (take: Bool, conflict: Bool) {
    if incoming == local { return (false, false) }
    if incoming > local {
      // Set over the version here (or one after it): it follows, no conflict.
      guard set else { return (true, false) }
      guard let base else { return (true, true) }
      return (true, base < local)
    }
    // Older than the field here: it loses; a conflict when it set the field at all (a change
    // made after seeing it would have been applied before it: rounds apply in clock order).
    return (false, set)
  }

  /// Whether a deletion had not seen the field stamped `local` here (its own stamp of the
  /// field `deleted`, nil: it had none): an edit the deletion wins over, kept as a conflict.
  public static func unseenByDeletion(local: SyncVersion, deleted: SyncVersion?) -> Bool {
    guard let deleted else { return true }
    return local > deleted
  }
}
