-- The action journal (memo undo, redo, log). Every state-changing command is one entry,
-- written in the command's own transaction; while journal_context names an entry, the triggers
-- below record each row the command changed (cascades included) as JSON images of the row
-- before and after, so undo and redo restore exactly (same ids, UUIDs and times).
CREATE TABLE journal_entries (
  id          INTEGER PRIMARY KEY,
  created_at  TEXT NOT NULL,
  action      TEXT NOT NULL,
  summary     TEXT NOT NULL,
  undone      INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
CREATE TABLE journal_changes (
  id          INTEGER PRIMARY KEY,
  entry_id    INTEGER NOT NULL REFERENCES journal_entries (id) ON DELETE CASCADE,
  table_name  TEXT NOT NULL,
  old_row     TEXT,
  new_row     TEXT
);
CREATE INDEX journal_changes_by_entry ON journal_changes (entry_id, id);
-- The entry being recorded: set by memo inside a command's transaction, NULL otherwise.
CREATE TABLE journal_context (
  singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
  entry_id   INTEGER
);
INSERT INTO journal_context (singleton, entry_id) VALUES (1, NULL);
CREATE TRIGGER posts_journal_insert AFTER INSERT ON posts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'posts', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'title', new.title, 'author', new.author, 'body', new.body, 'source', new.source, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER posts_journal_update AFTER UPDATE ON posts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'posts',
    json_object('id', old.id, 'uuid', old.uuid, 'title', old.title, 'author', old.author, 'body', old.body, 'source', old.source, 'created_at', old.created_at, 'updated_at', old.updated_at),
    json_object('id', new.id, 'uuid', new.uuid, 'title', new.title, 'author', new.author, 'body', new.body, 'source', new.source, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER posts_journal_delete AFTER DELETE ON posts WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'posts',
    json_object('id', old.id, 'uuid', old.uuid, 'title', old.title, 'author', old.author, 'body', old.body, 'source', old.source, 'created_at', old.created_at, 'updated_at', old.updated_at), NULL);
END;
CREATE TRIGGER questions_journal_insert AFTER INSERT ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'category_id', new.category_id, 'starred', new.starred, 'answer', new.answer, 'answered_at', new.answered_at, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER questions_journal_update AFTER UPDATE ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'category_id', old.category_id, 'starred', old.starred, 'answer', old.answer, 'answered_at', old.answered_at, 'created_at', old.created_at, 'updated_at', old.updated_at),
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'category_id', new.category_id, 'starred', new.starred, 'answer', new.answer, 'answered_at', new.answered_at, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER questions_journal_delete AFTER DELETE ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'category_id', old.category_id, 'starred', old.starred, 'answer', old.answer, 'answered_at', old.answered_at, 'created_at', old.created_at, 'updated_at', old.updated_at), NULL);
END;
CREATE TRIGGER categories_journal_insert AFTER INSERT ON categories WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'categories', NULL,
    json_object('id', new.id, 'name', new.name, 'created_at', new.created_at));
END;
CREATE TRIGGER categories_journal_update AFTER UPDATE ON categories WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'categories',
    json_object('id', old.id, 'name', old.name, 'created_at', old.created_at),
    json_object('id', new.id, 'name', new.name, 'created_at', new.created_at));
END;
CREATE TRIGGER categories_journal_delete AFTER DELETE ON categories WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'categories',
    json_object('id', old.id, 'name', old.name, 'created_at', old.created_at), NULL);
END;
CREATE TRIGGER favorites_journal_insert AFTER INSERT ON favorites WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'favorites', NULL,
    json_object('post_id', new.post_id, 'position', new.position, 'added_at', new.added_at));
END;
CREATE TRIGGER favorites_journal_update AFTER UPDATE ON favorites WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'favorites',
    json_object('post_id', old.post_id, 'position', old.position, 'added_at', old.added_at),
    json_object('post_id', new.post_id, 'position', new.position, 'added_at', new.added_at));
END;
CREATE TRIGGER favorites_journal_delete AFTER DELETE ON favorites WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'favorites',
    json_object('post_id', old.post_id, 'position', old.position, 'added_at', old.added_at), NULL);
END;
CREATE TRIGGER saved_filters_journal_insert AFTER INSERT ON saved_filters WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'saved_filters', NULL,
    json_object('name', new.name, 'filter', new.filter, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER saved_filters_journal_update AFTER UPDATE ON saved_filters WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'saved_filters',
    json_object('name', old.name, 'filter', old.filter, 'created_at', old.created_at, 'updated_at', old.updated_at),
    json_object('name', new.name, 'filter', new.filter, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER saved_filters_journal_delete AFTER DELETE ON saved_filters WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'saved_filters',
    json_object('name', old.name, 'filter', old.filter, 'created_at', old.created_at, 'updated_at', old.updated_at), NULL);
END;
CREATE TRIGGER settings_journal_insert AFTER INSERT ON settings WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'settings', NULL,
    json_object('key', new.key, 'value', new.value));
END;
CREATE TRIGGER settings_journal_update AFTER UPDATE ON settings WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'settings',
    json_object('key', old.key, 'value', old.value),
    json_object('key', new.key, 'value', new.value));
END;
CREATE TRIGGER settings_journal_delete AFTER DELETE ON settings WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'settings',
    json_object('key', old.key, 'value', old.value), NULL);
END;
CREATE TRIGGER import_keys_journal_insert AFTER INSERT ON import_keys WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'import_keys', NULL,
    json_object('key', new.key, 'imported_at', new.imported_at));
END;
CREATE TRIGGER import_keys_journal_update AFTER UPDATE ON import_keys WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'import_keys',
    json_object('key', old.key, 'imported_at', old.imported_at),
    json_object('key', new.key, 'imported_at', new.imported_at));
END;
CREATE TRIGGER import_keys_journal_delete AFTER DELETE ON import_keys WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'import_keys',
    json_object('key', old.key, 'imported_at', old.imported_at), NULL);
END;
