-- What was deleted, so that incremental exports (--since, --cursor) can tell consumers.
CREATE TABLE tombstones (
  uuid        TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('post', 'question')),
  deleted_at  TEXT NOT NULL
);
CREATE INDEX tombstones_by_time ON tombstones (deleted_at);
CREATE TRIGGER posts_tombstone AFTER DELETE ON posts BEGIN
  INSERT OR REPLACE INTO tombstones (uuid, kind, deleted_at)
  VALUES (old.uuid, 'post', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER questions_tombstone AFTER DELETE ON questions BEGIN
  INSERT OR REPLACE INTO tombstones (uuid, kind, deleted_at)
  VALUES (old.uuid, 'question', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
-- A record that comes back (undo, import) is no longer deleted.
CREATE TRIGGER posts_untombstone AFTER INSERT ON posts BEGIN
  DELETE FROM tombstones WHERE uuid = new.uuid;
END;
CREATE TRIGGER questions_untombstone AFTER INSERT ON questions BEGIN
  DELETE FROM tombstones WHERE uuid = new.uuid;
END;
CREATE INDEX questions_by_updated ON questions (updated_at);

-- The last successful export under each name (memo export --cursor NAME).
CREATE TABLE export_cursors (
  name         TEXT PRIMARY KEY,
  exported_at  TEXT NOT NULL
);

-- Keys of records imported from other tools (Kindle clippings, Goodreads rows), so that
-- importing the same file again adds nothing.
CREATE TABLE import_keys (
  key          TEXT PRIMARY KEY,
  imported_at  TEXT NOT NULL
);

