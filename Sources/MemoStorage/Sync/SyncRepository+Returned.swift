import MemoCore

/// A value set on a post merged away, noted to follow the merge (`followsMerge`), when the
/// post is here again by the end of the round (the merge taken back, `undo --everywhere`,
/// elsewhere): it follows nothing then, and the post's own value stands over it, as on the
/// devices that met the two as an edit against the post made again. It is kept as a conflict
/// of the post's, under its own stamp, so that every device lists it (issue 35).
extension SyncRepository {
  /// - Returns: whether a conflict was kept (new here).
  func keepFollowedOfReturned(
    post: String, field: String, value: String, version stamp: SyncVersion, winner: String,
    at now: Timestamp
  ) throws -> Bool {
    guard let here = try image(.post, post) else { return false }
    let statement = try database.cachedStatement(
      sql: """
        SELECT json_set(?1, '$.' || ?2, ?3)
        WHERE coalesce(json_extract(?1, '$.' || ?2), '') IS NOT ?3
        """)
    defer { statement.reset() }
    try statement.bind(here, at: 1)
    try statement.bind(field, at: 2)
    try statement.bind(value, at: 3)
    guard try statement.step() else { return false }
    let row = statement.string(0)
    statement.reset()
    // The device whose value the post holds: the one its value won with.
    let live =
      try version(.post, post).flatMap { try fieldStamps(.post, post, held: $0.version)[field] }
    let kept = try keep(
      .post, key: post, field: field, row: row, version: stamp,
      winner: live?.device ?? winner, at: now)
    if let live { try setWinner(.post, key: post, field: field, winner: live.device) }
    return kept
  }
}
