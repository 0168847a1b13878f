-- highlight_imports is journaled: undoing an import puts back what the file had last given
-- (so the same file imported again brings its changes in again), and redoing it takes it
-- forward with the highlights. Still this machine's own: not synced.
CREATE TRIGGER highlight_imports_journal_insert AFTER INSERT ON highlight_imports WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_imports', NULL,
    json_object('highlight_id', new.highlight_id, 'text', new.text, 'note', new.note, 'held', new.held));
END;
CREATE TRIGGER highlight_imports_journal_update AFTER UPDATE ON highlight_imports WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_imports',
    json_object('highlight_id', old.highlight_id, 'text', old.text, 'note', old.note, 'held', old.held),
    json_object('highlight_id', new.highlight_id, 'text', new.text, 'note', new.note, 'held', new.held));
END;
CREATE TRIGGER highlight_imports_journal_delete AFTER DELETE ON highlight_imports WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_imports',
    json_object('highlight_id', old.highlight_id, 'text', old.text, 'note', old.note, 'held', old.held), NULL);
END;
