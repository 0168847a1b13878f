-- The sync conflicts are journaled (issue: undoing 'sync conflicts restore' brought the
-- record's value back but not the conflict, so once the redo branch was dropped the other
-- machine's value was lost for good). sync_conflicts and sync_resolved are bookkeeping, as
-- highlight_imports is (JournalTables.bookkeeping): undoing a restore puts the conflict back
-- exactly as it was and takes its resolution back, redoing it restores again; undoing a round
-- takes back the conflicts it met and the resolutions it received, with the records it
-- changed, so no conflict is left naming a value the records no longer hold. A conflict's id
-- is never given again (AUTOINCREMENT): one brought back keeps its id, which no conflict met
-- since can hold. A resolution made here, or put back by redo, is pushed at the next round
-- (sync_resolved_push; one received from another device has its origin set and is not).
CREATE TABLE sync_conflicts_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kind         TEXT NOT NULL,
  key          TEXT NOT NULL,
  row          TEXT,
  hlc          INTEGER NOT NULL,
  device       TEXT NOT NULL,
  winner       TEXT NOT NULL,
  detected_at  TEXT NOT NULL,
  field        TEXT NOT NULL DEFAULT 'record',
  lost         TEXT
);
INSERT INTO sync_conflicts_new (id, kind, key, row, hlc, device, winner, detected_at, field, lost)
  SELECT id, kind, key, row, hlc, device, winner, detected_at, field, lost FROM sync_conflicts;
DROP TABLE sync_conflicts;
ALTER TABLE sync_conflicts_new RENAME TO sync_conflicts;
CREATE UNIQUE INDEX sync_conflicts_identity ON sync_conflicts (kind, key, field, hlc, device);
CREATE TRIGGER sync_conflicts_journal_insert AFTER INSERT ON sync_conflicts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_conflicts', NULL,
    json_object('id', new.id, 'kind', new.kind, 'key', new.key, 'row', new.row, 'hlc', new.hlc, 'device', new.device, 'winner', new.winner, 'detected_at', new.detected_at, 'field', new.field, 'lost', new.lost));
END;
CREATE TRIGGER sync_conflicts_journal_update AFTER UPDATE ON sync_conflicts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_conflicts',
    json_object('id', old.id, 'kind', old.kind, 'key', old.key, 'row', old.row, 'hlc', old.hlc, 'device', old.device, 'winner', old.winner, 'detected_at', old.detected_at, 'field', old.field, 'lost', old.lost),
    json_object('id', new.id, 'kind', new.kind, 'key', new.key, 'row', new.row, 'hlc', new.hlc, 'device', new.device, 'winner', new.winner, 'detected_at', new.detected_at, 'field', new.field, 'lost', new.lost));
END;
CREATE TRIGGER sync_conflicts_journal_delete AFTER DELETE ON sync_conflicts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_conflicts',
    json_object('id', old.id, 'kind', old.kind, 'key', old.key, 'row', old.row, 'hlc', old.hlc, 'device', old.device, 'winner', old.winner, 'detected_at', old.detected_at, 'field', old.field, 'lost', old.lost), NULL);
END;
CREATE TRIGGER sync_resolved_journal_insert AFTER INSERT ON sync_resolved WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_resolved', NULL,
    json_object('identity', new.identity, 'resolution', new.resolution, 'resolved_at', new.resolved_at));
END;
CREATE TRIGGER sync_resolved_journal_update AFTER UPDATE ON sync_resolved WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_resolved',
    json_object('identity', old.identity, 'resolution', old.resolution, 'resolved_at', old.resolved_at),
    json_object('identity', new.identity, 'resolution', new.resolution, 'resolved_at', new.resolved_at));
END;
CREATE TRIGGER sync_resolved_journal_delete AFTER DELETE ON sync_resolved WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_resolved',
    json_object('identity', old.identity, 'resolution', old.resolution, 'resolved_at', old.resolved_at), NULL);
END;
CREATE TRIGGER sync_resolved_push AFTER INSERT ON sync_resolved WHEN (SELECT origin FROM change_context) IS NULL BEGIN
  DELETE FROM changes WHERE kind = 'resolution' AND key = new.identity AND origin IS NULL;
  INSERT INTO changes (kind, key, origin) VALUES ('resolution', new.identity, NULL);
END;
