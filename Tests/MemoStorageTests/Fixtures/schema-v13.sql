-- Highlights are found by search (issue 23): in the word index, the trigrams and the grams, as
-- questions are, the passage as the title column (ranked higher) and the note as the text,
-- under row id -id (posts have 2 * id, questions 2 * id + 1). And a highlight's deletion is a
-- tombstone, as a post's and a question's are (exports and sync list it): the table is made
-- again to allow the kind (SQLite cannot change a CHECK), its triggers with it.
CREATE TRIGGER highlights_search_insert AFTER INSERT ON highlights BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (-new.id, 'highlight', new.id,
    new.text, coalesce(new.note, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT -new.id, 'highlight', new.id, new.text, coalesce(new.note, '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER highlights_search_update AFTER UPDATE OF text, note ON highlights BEGIN
  DELETE FROM search_words WHERE rowid = -old.id;
  DELETE FROM search_trigrams WHERE rowid = -old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (-new.id, 'highlight', new.id,
    new.text, coalesce(new.note, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT -new.id, 'highlight', new.id, new.text, coalesce(new.note, '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER highlights_search_delete AFTER DELETE ON highlights BEGIN
  DELETE FROM search_words WHERE rowid = -old.id;
  DELETE FROM search_trigrams WHERE rowid = -old.id;
  DELETE FROM search_grams WHERE rowid = -old.id;
END;
CREATE TRIGGER highlights_grams_insert AFTER INSERT ON highlights WHEN new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (-new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.note, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]'));
END;
CREATE TRIGGER highlights_grams_update AFTER UPDATE OF text, note ON highlights BEGIN
  DELETE FROM search_grams WHERE rowid = -old.id;
  INSERT INTO search_grams (rowid, grams) SELECT -new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.note, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
INSERT INTO search_words (rowid, kind, ref, title, text)
SELECT -id, 'highlight', id, text, coalesce(note, '') FROM highlights;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT -id, 'highlight', id, text, coalesce(note, '') FROM highlights
WHERE text || coalesce(note, '') GLOB '*[぀-ﾟ]*';
INSERT INTO search_grams (rowid, grams)
SELECT -id, (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT text || ' ' || coalesce(note, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
FROM highlights WHERE text || coalesce(note, '') GLOB '*[぀-ﾟ]*';
DROP TRIGGER posts_tombstone;
DROP TRIGGER questions_tombstone;
DROP TRIGGER posts_untombstone;
DROP TRIGGER questions_untombstone;
CREATE TABLE tombstones_13 (
  uuid        TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('post', 'question', 'highlight')),
  deleted_at  TEXT NOT NULL
);
INSERT INTO tombstones_13 (uuid, kind, deleted_at) SELECT uuid, kind, deleted_at FROM tombstones;
DROP TABLE tombstones;
ALTER TABLE tombstones_13 RENAME TO tombstones;
CREATE INDEX tombstones_by_time ON tombstones (deleted_at);
CREATE TRIGGER posts_tombstone AFTER DELETE ON posts BEGIN
  INSERT OR REPLACE INTO tombstones (uuid, kind, deleted_at)
  VALUES (old.uuid, 'post', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER questions_tombstone AFTER DELETE ON questions BEGIN
  INSERT OR REPLACE INTO tombstones (uuid, kind, deleted_at)
  VALUES (old.uuid, 'question', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER highlights_tombstone AFTER DELETE ON highlights BEGIN
  INSERT OR REPLACE INTO tombstones (uuid, kind, deleted_at)
  VALUES (old.uuid, 'highlight', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER posts_untombstone AFTER INSERT ON posts BEGIN
  DELETE FROM tombstones WHERE uuid = new.uuid;
END;
CREATE TRIGGER questions_untombstone AFTER INSERT ON questions BEGIN
  DELETE FROM tombstones WHERE uuid = new.uuid;
END;
CREATE TRIGGER highlights_untombstone AFTER INSERT ON highlights BEGIN
  DELETE FROM tombstones WHERE uuid = new.uuid;
END;
