-- Highlights are records (issue 23): a passage of a book with the reader's note on it, where
-- it is (page and location as the reader wrote them, the chapter, and `position`, a number
-- that sorts a book's highlights in reading order), when it was made on the device
-- (highlighted_at, NULL when unknown), and which reader it came from with that reader's own
-- key for it (source, source_key: importing it again finds it). A question can name the
-- highlight it asks about (highlight_id). The journal and the change sequence record them as
-- they record questions.
CREATE TABLE highlights (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,
  post_id         INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  text            TEXT NOT NULL CHECK (length(trim(text)) > 0),
  note            TEXT,
  chapter         TEXT,
  page            TEXT,
  location        TEXT,
  position        REAL,
  highlighted_at  TEXT,
  starred         INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  source          TEXT,
  source_key      TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX highlights_by_post ON highlights (post_id, position, id);
CREATE INDEX highlights_by_created ON highlights (created_at, id);
CREATE INDEX highlights_by_updated ON highlights (updated_at);
CREATE INDEX highlights_starred ON highlights (created_at, id) WHERE starred = 1;
CREATE INDEX highlights_by_source_key ON highlights (source_key) WHERE source_key IS NOT NULL;
ALTER TABLE questions ADD COLUMN highlight_id INTEGER REFERENCES highlights (id) ON DELETE SET NULL;
CREATE INDEX questions_by_highlight ON questions (highlight_id) WHERE highlight_id IS NOT NULL;
CREATE TRIGGER highlights_journal_insert AFTER INSERT ON highlights WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlights', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'note', new.note, 'chapter', new.chapter, 'page', new.page, 'location', new.location, 'position', new.position, 'highlighted_at', new.highlighted_at, 'starred', new.starred, 'source', new.source, 'source_key', new.source_key, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER highlights_journal_update AFTER UPDATE ON highlights WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlights',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'note', old.note, 'chapter', old.chapter, 'page', old.page, 'location', old.location, 'position', old.position, 'highlighted_at', old.highlighted_at, 'starred', old.starred, 'source', old.source, 'source_key', old.source_key, 'created_at', old.created_at, 'updated_at', old.updated_at),
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'note', new.note, 'chapter', new.chapter, 'page', new.page, 'location', new.location, 'position', new.position, 'highlighted_at', new.highlighted_at, 'starred', new.starred, 'source', new.source, 'source_key', new.source_key, 'created_at', new.created_at, 'updated_at', new.updated_at));
END;
CREATE TRIGGER highlights_journal_delete AFTER DELETE ON highlights WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlights',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'note', old.note, 'chapter', old.chapter, 'page', old.page, 'location', old.location, 'position', old.position, 'highlighted_at', old.highlighted_at, 'starred', old.starred, 'source', old.source, 'source_key', old.source_key, 'created_at', old.created_at, 'updated_at', old.updated_at), NULL);
END;
DROP TRIGGER questions_journal_insert;
DROP TRIGGER questions_journal_update;
DROP TRIGGER questions_journal_delete;
CREATE TRIGGER questions_journal_insert AFTER INSERT ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'category_id', new.category_id, 'starred', new.starred, 'answer', new.answer, 'answered_at', new.answered_at, 'created_at', new.created_at, 'updated_at', new.updated_at, 'highlight_id', new.highlight_id));
END;
CREATE TRIGGER questions_journal_update AFTER UPDATE ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'category_id', old.category_id, 'starred', old.starred, 'answer', old.answer, 'answered_at', old.answered_at, 'created_at', old.created_at, 'updated_at', old.updated_at, 'highlight_id', old.highlight_id),
    json_object('id', new.id, 'uuid', new.uuid, 'post_id', new.post_id, 'text', new.text, 'category_id', new.category_id, 'starred', new.starred, 'answer', new.answer, 'answered_at', new.answered_at, 'created_at', new.created_at, 'updated_at', new.updated_at, 'highlight_id', new.highlight_id));
END;
CREATE TRIGGER questions_journal_delete AFTER DELETE ON questions WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'questions',
    json_object('id', old.id, 'uuid', old.uuid, 'post_id', old.post_id, 'text', old.text, 'category_id', old.category_id, 'starred', old.starred, 'answer', old.answer, 'answered_at', old.answered_at, 'created_at', old.created_at, 'updated_at', old.updated_at, 'highlight_id', old.highlight_id), NULL);
END;
CREATE TRIGGER highlights_change_insert AFTER INSERT ON highlights BEGIN
  DELETE FROM changes WHERE kind = 'highlight' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('highlight', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER highlights_change_update AFTER UPDATE ON highlights BEGIN
  DELETE FROM changes WHERE kind = 'highlight' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('highlight', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER highlights_change_delete AFTER DELETE ON highlights BEGIN
  DELETE FROM changes WHERE kind = 'highlight' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('highlight', old.uuid, (SELECT origin FROM change_context));
END;
