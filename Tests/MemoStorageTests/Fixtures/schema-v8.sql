-- The change sequence (issue 16): every change to a post, question, category, favorite or
-- saved filter moves its record to a new, strictly increasing seq (AUTOINCREMENT never
-- reuses one), written by these triggers in the change's own transaction. One row per record:
-- its latest change. `memo export --cursor` exports the records whose seq passed the cursor's;
-- `memo sync` pushes those made here (origin NULL) since its last round. While sync applies
-- another device's changes, change_context.origin names it, so they are not pushed back.
CREATE TABLE changes (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  kind    TEXT NOT NULL,
  key     TEXT NOT NULL,
  origin  TEXT,
  UNIQUE (kind, key)
);
CREATE INDEX changes_by_origin ON changes (origin, seq);
CREATE TABLE change_context (
  singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
  origin     TEXT
);
INSERT INTO change_context (singleton, origin) VALUES (1, NULL);
CREATE TRIGGER posts_change_insert AFTER INSERT ON posts BEGIN
  DELETE FROM changes WHERE kind = 'post' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('post', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER posts_change_update AFTER UPDATE ON posts BEGIN
  DELETE FROM changes WHERE kind = 'post' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('post', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER posts_change_delete AFTER DELETE ON posts BEGIN
  DELETE FROM changes WHERE kind = 'post' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('post', old.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER questions_change_insert AFTER INSERT ON questions BEGIN
  DELETE FROM changes WHERE kind = 'question' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('question', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER questions_change_update AFTER UPDATE ON questions BEGIN
  DELETE FROM changes WHERE kind = 'question' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('question', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER questions_change_delete AFTER DELETE ON questions BEGIN
  DELETE FROM changes WHERE kind = 'question' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('question', old.uuid, (SELECT origin FROM change_context));
END;
-- Questions name their category: a rename changes each of them too.
CREATE TRIGGER categories_change_insert AFTER INSERT ON categories BEGIN
  DELETE FROM changes WHERE kind = 'category' AND key = new.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('category', new.name, (SELECT origin FROM change_context));
END;
CREATE TRIGGER categories_change_update AFTER UPDATE ON categories BEGIN
  DELETE FROM changes WHERE kind = 'category' AND key = old.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('category', old.name, (SELECT origin FROM change_context));
  DELETE FROM changes WHERE kind = 'category' AND key = new.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('category', new.name, (SELECT origin FROM change_context));
  DELETE FROM changes WHERE kind = 'question'
  AND key IN (SELECT uuid FROM questions WHERE category_id = new.id);
  INSERT INTO changes (kind, key, origin)
  SELECT 'question', uuid, (SELECT origin FROM change_context) FROM questions
  WHERE category_id = new.id;
END;
CREATE TRIGGER categories_change_delete AFTER DELETE ON categories BEGIN
  DELETE FROM changes WHERE kind = 'category' AND key = old.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('category', old.name, (SELECT origin FROM change_context));
END;
-- A favorite is keyed by its post's UUID. One taken off with its post (a cascade, after which
-- the post is gone) is recorded before the post goes: a device where that post comes back
-- (another device's later edit wins) must not keep it on the shelf.
CREATE TRIGGER posts_change_unfavorite BEFORE DELETE ON posts
WHEN EXISTS (SELECT 1 FROM favorites WHERE post_id = old.id) BEGIN
  DELETE FROM changes WHERE kind = 'favorite' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('favorite', old.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER favorites_change_insert AFTER INSERT ON favorites BEGIN
  DELETE FROM changes WHERE kind = 'favorite'
  AND key = (SELECT uuid FROM posts WHERE id = new.post_id);
  INSERT INTO changes (kind, key, origin)
  SELECT 'favorite', uuid, (SELECT origin FROM change_context) FROM posts WHERE id = new.post_id;
END;
CREATE TRIGGER favorites_change_update AFTER UPDATE ON favorites BEGIN
  DELETE FROM changes WHERE kind = 'favorite'
  AND key = (SELECT uuid FROM posts WHERE id = new.post_id);
  INSERT INTO changes (kind, key, origin)
  SELECT 'favorite', uuid, (SELECT origin FROM change_context) FROM posts WHERE id = new.post_id;
END;
CREATE TRIGGER favorites_change_delete AFTER DELETE ON favorites BEGIN
  DELETE FROM changes WHERE kind = 'favorite'
  AND key = (SELECT uuid FROM posts WHERE id = old.post_id);
  INSERT INTO changes (kind, key, origin)
  SELECT 'favorite', uuid, (SELECT origin FROM change_context) FROM posts WHERE id = old.post_id;
END;
CREATE TRIGGER saved_filters_change_insert AFTER INSERT ON saved_filters BEGIN
  DELETE FROM changes WHERE kind = 'saved_filter' AND key = new.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('saved_filter', new.name, (SELECT origin FROM change_context));
END;
CREATE TRIGGER saved_filters_change_update AFTER UPDATE ON saved_filters BEGIN
  DELETE FROM changes WHERE kind = 'saved_filter' AND key = new.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('saved_filter', new.name, (SELECT origin FROM change_context));
END;
CREATE TRIGGER saved_filters_change_delete AFTER DELETE ON saved_filters BEGIN
  DELETE FROM changes WHERE kind = 'saved_filter' AND key = old.name;
  INSERT INTO changes (kind, key, origin)
  VALUES ('saved_filter', old.name, (SELECT origin FROM change_context));
END;
-- What exists already is this device's, as if just made.
INSERT INTO changes (kind, key) SELECT 'category', name FROM categories ORDER BY id;
INSERT INTO changes (kind, key) SELECT 'post', uuid FROM posts ORDER BY id;
INSERT INTO changes (kind, key) SELECT 'question', uuid FROM questions ORDER BY id;
INSERT INTO changes (kind, key)
SELECT 'favorite', p.uuid FROM favorites f JOIN posts p ON p.id = f.post_id ORDER BY f.position;
INSERT INTO changes (kind, key) SELECT 'saved_filter', name FROM saved_filters ORDER BY name;
INSERT OR IGNORE INTO changes (kind, key) SELECT kind, uuid FROM tombstones ORDER BY deleted_at;
-- A cursor is a seq now (NULL: one saved before version 8, still a time).
ALTER TABLE export_cursors ADD COLUMN seq INTEGER;
-- memo sync's own state, per device and never synced: its settings (device id and name,
-- remote, the last seq pushed, the hybrid logical clock), the version each record holds
-- (hybrid logical clock time and device of the change it came from, and the version that
-- change was made over), each other device's name and the latest clock reading applied from
-- it, the files applied, the files made here and not yet pushed (content '' deletes the file:
-- a compaction), and the versions that lost a conflict (kept to be restored).
CREATE TABLE sync_settings (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
CREATE TABLE sync_versions (
  kind         TEXT NOT NULL,
  key          TEXT NOT NULL,
  hlc          INTEGER NOT NULL,
  device       TEXT NOT NULL,
  base_hlc     INTEGER,
  base_device  TEXT,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID;
CREATE TABLE sync_peers (
  device    TEXT PRIMARY KEY,
  name      TEXT,
  seen_hlc  INTEGER NOT NULL
);
CREATE TABLE sync_files (
  path        TEXT PRIMARY KEY,
  applied_at  TEXT NOT NULL
);
CREATE TABLE sync_outbox (
  name     TEXT PRIMARY KEY,
  content  TEXT NOT NULL
);
CREATE TABLE sync_conflicts (
  id           INTEGER PRIMARY KEY,
  kind         TEXT NOT NULL,
  key          TEXT NOT NULL,
  row          TEXT,
  hlc          INTEGER NOT NULL,
  device       TEXT NOT NULL,
  winner       TEXT NOT NULL,
  detected_at  TEXT NOT NULL
);
