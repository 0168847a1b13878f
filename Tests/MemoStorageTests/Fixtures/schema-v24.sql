-- A rating (or highlight choice) that a round brings in for a question or highlight deleted
-- here is set aside with its item, not dropped: kept here, as the change carried it (row: the
-- event's sync row, item: the UUID of its question or highlight), so that restoring the item
-- from its conflict brings it back at once, with this machine's own events, and replays the
-- schedule from them all (SyncRepository+Restored); before, it came back only when the machine
-- that made it sent it again, rounds later, or never. This machine's bookkeeping: not synced,
-- not exported, and journaled as sync_conflicts is, so undoing the round that set a rating aside
-- takes it back, and undoing a restore sets its ratings aside again (redo takes them again).
-- A rating undone on the machine that made it leaves (its deletion reaches this one). No index
-- on item: a few rows, and every index is parsed with the schema by every command.
CREATE TABLE sync_set_aside (
  uuid  TEXT PRIMARY KEY,
  kind  TEXT NOT NULL CHECK (kind IN ('review_event', 'highlight_review_event')),
  item  TEXT NOT NULL,
  row   TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER sync_set_aside_journal_insert AFTER INSERT ON sync_set_aside WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_set_aside', NULL,
    json_object('uuid', new.uuid, 'kind', new.kind, 'item', new.item, 'row', new.row));
END;
CREATE TRIGGER sync_set_aside_journal_delete AFTER DELETE ON sync_set_aside WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'sync_set_aside',
    json_object('uuid', old.uuid, 'kind', old.kind, 'item', old.item, 'row', old.row), NULL);
END;
