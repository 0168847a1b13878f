import MemoCore

/// The sync rounds in the journal: which can be undone, and what undoing one does elsewhere.
extension Journal {
  /// A sync round's entry holds what came from the other devices: undoing it (or redoing
  /// it) here travels back with the next round and deletes or changes those records there.
  /// Refuses (64) before anything changes when one of `entries` is a round's and the undo or
  /// redo would delete or change records, saying what and how to go ahead deliberately.
  func refuseRounds(_ entries: [JournalEntry], verb: String, count: Int) throws {
    for entry in entries where entry.action == "sync" {
      let effect = try roundEffect(of: entry, undo: verb == "undo")
      guard effect.isLoss else { continue }
      let command = "memo \(verb)\(count == 1 ? "" : " \(count)") --everywhere"
      throw MemoError(
        code: .usage,
        message:
          "refusing to \(verb) #\(entry.id) (\(entry.summary)): it is a sync round's, and the next 'memo sync' would \(effect.words) on the other devices too; nothing was changed. To do it here and there, run '\(command)'"
      )
    }
  }

  /// What undoing (or redoing) `entry` would do to the other devices' records at the next
  /// round, by kind (`RoundEffect`): what it deletes, changes and brings back of what syncs.
  func roundEffect(of entry: JournalEntry, undo: Bool) throws -> RoundEffect {
    // Undo deletes what the entry inserted (its rows without an old image, and its loads
    // while still ranges) and brings back what it deleted; redo the other way round (an undone
    // load's rows are changes without an old row then, its images). Each row once, as the
    // entry left it against as it found it (a shelf place a round inserted and renumbered is
    // one place, not three); a row whose key changed (a shelf place moved to another post) is
    // one deleted and one inserted; a shelf place's position is this device's own.
    let (deleted, back) = undo ? ("o IS NULL", "n IS NULL") : ("n IS NULL", "o IS NULL")
    let keys = JournalTables.columns.keys.sorted().compactMap { table in
      JournalTables.columns[table]?.first.map { "('\(table)', '$.\($0)')" }
    }
    let statement = try database.cachedStatement(
      sql: """
        WITH k (t, path) AS (VALUES \(keys.joined(separator: ", "))),
        j AS (SELECT c.id, c.table_name AS t, c.old_row, c.new_row,
            json_extract(c.old_row, k.path) AS ok, json_extract(c.new_row, k.path) AS nk
          FROM journal_changes c JOIN k ON k.t = c.table_name WHERE c.entry_id = ?1),
        ev AS (
          SELECT id, 0 AS part, t, ok AS key, old_row AS o,
            CASE WHEN nk IS ok THEN new_row END AS n
          FROM j WHERE old_row IS NOT NULL
          UNION ALL
          SELECT id, 1, t, nk, NULL, new_row FROM j
          WHERE new_row IS NOT NULL AND (old_row IS NULL OR nk IS NOT ok)),
        net AS (
          SELECT t, first_value(o) OVER w AS o, last_value(n) OVER w AS n,
            row_number() OVER (PARTITION BY t, key ORDER BY id DESC, part DESC) AS r
          FROM ev
          WINDOW w AS (PARTITION BY t, key ORDER BY id, part
            ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
        SELECT t, sum(CASE WHEN \(deleted) AND NOT (o IS NULL AND n IS NULL) THEN 1 ELSE 0 END),
               sum(CASE WHEN o IS NOT NULL AND n IS NOT NULL AND
                 (CASE WHEN t = 'favorites' THEN json_remove(o, '$.position') ELSE o END) IS NOT
                 (CASE WHEN t = 'favorites' THEN json_remove(n, '$.position') ELSE n END)
                 THEN 1 ELSE 0 END),
               sum(CASE WHEN \(back) AND NOT (o IS NULL AND n IS NULL) THEN 1 ELSE 0 END)
        FROM net WHERE r = 1 GROUP BY t
        UNION ALL
        SELECT table_name, sum(row_count), 0, 0 FROM journal_loads
        WHERE entry_id = ?1 AND images_from IS NULL AND ?2 GROUP BY table_name
        """)
    defer { statement.reset() }
    try statement.bind(entry.id, at: 1)
    try statement.bind(Int64(undo ? 1 : 0), at: 2)
    var effect = RoundEffect()
    if undo {
      // The restores it brought in: undone, they are conflicts again on every device.
      let restored = try database.cachedStatement(
        sql: """
          SELECT count(*) FROM journal_changes
          WHERE entry_id = ?1 AND table_name = 'sync_resolved' AND old_row IS NULL
            AND json_extract(new_row, '$.resolution') = 'restored'
          """)
      defer { restored.reset() }
      try restored.bind(entry.id, at: 1)
      if try restored.step(), restored.int(0) > 0 {
        effect.broughtBack["conflict"] = restored.int(0)
      }
    }
    while try statement.step() {
      guard let noun = RoundEffect.noun(ofTable: statement.string(0)) else { continue }
      let (deletedCount, changed, broughtBack) =
        (statement.int(1), statement.int(2), statement.int(3))
      if deletedCount > 0 { effect.deleted[noun, default: 0] += deletedCount }
      if changed > 0 { effect.changed[noun, default: 0] += changed }
      if broughtBack > 0 { effect.broughtBack[noun, default: 0] += broughtBack }
    }
    return effect
  }

  /// The newest entries, newest first.
  public func log(limit: Int) throws -> [JournalEntry] {
    try entries(sql: "ORDER BY e.id DESC LIMIT ?", Int64(limit))
  }

  /// Refuses (64) before anything changes to undo a round that joined this device's copies
  /// of a reader's file with another device's (SyncRepository+Duplicates), here or
  /// everywhere. Every device joins the two copies into the one with the smaller UUID:
  /// undoing the join here would send the deletion of the copy the round brought, and where
  /// that copy was the one kept, the other device's join has deleted this device's copy, so
  /// the book would go from every device.
  func refuseJoins(_ entries: [JournalEntry]) throws {
    for entry in entries where entry.action == "sync" {
      // A copy the round deleted (a highlight, or a question a note asked) whose other copy
      // is still here (the same reader's key, or the same highlight and time asked), or a
      // copy deleted as another device deleted its own (`dropDeletedCopies`,
      // `dropDeletedHighlights`).
      let statement = try database.cachedStatement(
        sql: """
          SELECT DISTINCT coalesce(h.post_id, q.post_id, json_extract(c.old_row, '$.post_id'))
          FROM journal_changes c
          LEFT JOIN highlights h ON c.table_name = 'highlights'
            AND h.source_key = json_extract(c.old_row, '$.source_key')
          LEFT JOIN questions q ON c.table_name = 'questions'
            AND q.highlight_id = json_extract(c.old_row, '$.highlight_id')
            AND q.created_at = json_extract(c.old_row, '$.created_at')
            AND EXISTS (SELECT 1 FROM highlights i WHERE i.id = q.highlight_id
              AND i.source_key IS NOT NULL)
          WHERE c.entry_id = ? AND c.new_row IS NULL
            AND c.table_name IN ('highlights', 'questions')
            AND (coalesce(h.post_id, q.post_id) IS NOT NULL OR (c.table_name = 'questions'
              AND EXISTS (SELECT 1 FROM sync_settings s
                WHERE s.key >= 'unsynced-gone:question:' || json_extract(c.old_row, '$.created_at')
                  || ':' AND s.key < 'unsynced-gone:question:'
                  || json_extract(c.old_row, '$.created_at') || ';'
                  AND s.value NOT LIKE json_extract(c.old_row, '$.uuid') || ' %'))
              OR (c.table_name = 'highlights' AND EXISTS (SELECT 1 FROM sync_settings s
                WHERE s.key = 'unsynced-gone:' || json_extract(c.old_row, '$.source_key')
                  AND s.value NOT LIKE json_extract(c.old_row, '$.uuid') || ' %')))
          ORDER BY 1
          """)
      defer { statement.reset() }
      try statement.bind(entry.id, at: 1)
      var posts: [String] = []
      while try statement.step() { posts.append(String(statement.int64(0))) }
      guard let post = posts.first else { continue }
      throw MemoError(
        code: .usage,
        message:
          "refusing to undo #\(entry.id) (\(entry.summary)): that round joined this device's copy of a book imported from a reader's file with the copy another device imported (post \(posts.joined(separator: ", "))), and every device joins them alike: undone, here or everywhere, the book could go from every device; nothing was changed. It stays one book everywhere: to drop it everywhere, run 'memo rm \(post)'; to bring back a value the join replaced, see 'memo sync conflicts'"
      )
    }
  }
}
