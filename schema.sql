-- memo: the database schema. Its version (PRAGMA user_version) is the N of the last
-- "-- @version N" line below.
-- The one source of truth: the binary applies exactly this text to a new database, and a test
-- fails if Sources/MemoStorage/Schema.swift drifts from it. Timestamps are RFC 3339 UTC text
-- with milliseconds (2026-01-31T09:05:00.000Z), so text order is time order.
-- Each "-- @version N" line starts the part added in version N: an older database is migrated
-- by running the parts after its version, each in one transaction with its user_version.

CREATE TABLE posts (
  id          INTEGER PRIMARY KEY,
  uuid        TEXT NOT NULL UNIQUE,
  title       TEXT NOT NULL CHECK (length(trim(title)) > 0),
  author      TEXT,
  body        TEXT,
  source      TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX posts_by_created ON posts (created_at, id);
CREATE INDEX posts_by_updated ON posts (updated_at, id);
CREATE INDEX posts_by_title ON posts (title COLLATE NOCASE, id);

CREATE TABLE categories (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
  created_at  TEXT NOT NULL
);

CREATE TABLE questions (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  post_id      INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  text         TEXT NOT NULL CHECK (length(trim(text)) > 0),
  category_id  INTEGER REFERENCES categories (id) ON DELETE SET NULL,
  starred      INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  answer       TEXT,
  answered_at  TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX questions_by_post ON questions (post_id, created_at);
CREATE INDEX questions_by_created ON questions (created_at, id);
CREATE INDEX questions_by_category ON questions (category_id, created_at, id);
CREATE INDEX questions_starred ON questions (created_at, id) WHERE starred = 1;

-- The shelf: a post is on it at most once, in the order added.
CREATE TABLE favorites (
  post_id   INTEGER PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  position  INTEGER NOT NULL UNIQUE,
  added_at  TEXT NOT NULL
);

-- Named question filters; `filter` holds the filter as JSON.
CREATE TABLE saved_filters (
  name        TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(trim(name)) > 0),
  filter      TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

-- Small named values, such as the persisted current filter ('current_filter').
CREATE TABLE settings (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);

-- @version 2
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

-- @version 3
-- Full-text search over post titles and authors (the title column) and bodies, and question
-- texts (title) and answers (text).
-- search_words: unicode61 with diacritics folded (cafe finds café), bm25-ranked, FTS5 query
-- syntax. search_trigrams: trigrams, for Chinese, Japanese and Korean, which put no spaces
-- between words. Row ids: a post is 2 * id, a question 2 * id + 1. Triggers keep both in
-- step with every change, undo and import; the INSERTs at the end index what exists.
CREATE VIRTUAL TABLE search_words USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE search_trigrams USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'trigram');
-- Rank by bm25 with titles weighing four times the text; kind and ref carry no weight.
INSERT INTO search_words (search_words, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
END;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
CREATE TRIGGER questions_search_delete AFTER DELETE ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
END;
INSERT INTO search_words (rowid, kind, ref, title, text)
  SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts;
INSERT INTO search_words (rowid, kind, ref, title, text)
  SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions;

-- @version 4
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
-- @version 5
-- An import indexes its new rows in one pass before it commits instead of row by row (about
-- twice as fast): while search_context.deferred is 1, inserting does not index.
CREATE TABLE search_context (
  singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
  deferred   INTEGER NOT NULL DEFAULT 0 CHECK (deferred IN (0, 1))
);
INSERT INTO search_context (singleton, deferred) VALUES (1, 0);
DROP TRIGGER posts_search_insert;
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
DROP TRIGGER questions_search_insert;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
-- @version 6
-- The trigram index holds only text with Chinese, Japanese or Korean letters: only queries
-- with such letters use it (SearchQuery.hasCJK), and they can only match text that has them;
-- all text is in the word index. For a library written in English this index was half of the
-- database file and two fifths of an import's time. One range, U+3040 (hiragana) to U+FF9F
-- (halfwidth katakana), holds every letter hasCJK looks for (and a few more): a GLOB with one
-- range costs a tenth of one with six. The index is built anew from the rows that have them.
DROP TRIGGER posts_search_insert;
DROP TRIGGER posts_search_update;
DROP TRIGGER questions_search_insert;
DROP TRIGGER questions_search_update;
DROP TABLE search_trigrams;
-- An import now takes the insert triggers out for its own transaction (memo's BulkLoad)
-- instead of switching them off with a flag: the flag goes.
DROP TABLE search_context;
CREATE VIRTUAL TABLE search_trigrams USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'trigram');
INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts
WHERE title || coalesce(author, '') || coalesce(body, '') GLOB '*[぀-ﾟ]*';
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
WHERE text || coalesce(answer, '') GLOB '*[぀-ﾟ]*';
-- @version 7
-- The question rows an import added, recorded as one range of ids instead of an image of
-- each row in journal_changes (a third of the file after a million-row import). Undo checks
-- the range still holds row_count rows, writes their images into journal_changes from id
-- images_from (for redo) and deletes the range in one statement; redo inserts the images in
-- one statement and drops them again.
CREATE TABLE journal_loads (
  entry_id     INTEGER NOT NULL REFERENCES journal_entries (id) ON DELETE CASCADE,
  table_name   TEXT NOT NULL,
  first_id     INTEGER NOT NULL,
  last_id      INTEGER NOT NULL,
  row_count    INTEGER NOT NULL,
  images_from  INTEGER,
  PRIMARY KEY (entry_id, table_name)
);
-- @version 8
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
-- @version 9
-- One- and two-letter Chinese, Japanese and Korean searches (猫, 東京): too short for the
-- trigrams, they read every row (0.6 s at a million questions). search_grams holds, for each
-- row with such letters, every CJK letter and the two letters starting at it, as words for
-- unicode61 (space-separated), with detail=none (presence only, the smallest FTS5 index): a
-- one- or two-letter query is then one term looked up. Row ids as in the other indexes. The
-- grams are made in SQL (json_each over the letters' positions), so every writer — memo, an
-- import, undo, the sqlite3 shell — keeps the index in step through these triggers.
CREATE VIRTUAL TABLE search_grams USING fts5(grams, tokenize = 'unicode61', detail = 'none');
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.title || ' ' || coalesce(new.author, '') || ' ' || coalesce(new.body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]'));
END;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.title || ' ' || coalesce(new.author, '') || ' ' || coalesce(new.body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER posts_grams_delete AFTER DELETE ON posts BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
END;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id + 1,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]'));
END;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id + 1,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_grams_delete AFTER DELETE ON questions BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
END;
INSERT INTO search_grams (rowid, grams)
SELECT 2 * id, (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT title || ' ' || coalesce(author, '') || ' ' || coalesce(body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
FROM posts WHERE title || coalesce(author, '') || coalesce(body, '') GLOB '*[぀-ﾟ]*';
INSERT INTO search_grams (rowid, grams)
SELECT 2 * id + 1, (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT text || ' ' || coalesce(answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
FROM questions WHERE text || coalesce(answer, '') GLOB '*[぀-ﾟ]*';
-- @version 10
-- When each change was made (Unix milliseconds): sync orders changes by when they were made,
-- not by when a round pushed them (issue 16). A column added to a table cannot default to the
-- time, so this trigger fills it in for a change that does not give it (a bulk load does).
ALTER TABLE changes ADD COLUMN at INTEGER;
CREATE TRIGGER changes_at AFTER INSERT ON changes WHEN new.at IS NULL BEGIN
  UPDATE changes SET at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE seq = new.seq;
END;
-- @version 11
-- Sync merges field by field (issue 20). sync_fields: the stamp (hybrid logical clock time and
-- device) of each synced field of each record, kept after the record is deleted: a deletion
-- records the stamps it had seen, so that an edit arriving later tells whether the deleter
-- had seen it. sync_versions.row: the record as of the last round (NULL: deleted), to tell
-- which fields a change made here touched. A conflict is one field (or 'record': a whole
-- record, as versions before 11 kept them, or a record the other device could not take):
-- `lost` holds the value that lost, as JSON. Its identity — kind, key, field and the lost
-- stamp — is the same on every device, so that dismissing or restoring it on one device
-- (sync_resolved, which syncs) clears it on all.
ALTER TABLE sync_versions ADD COLUMN row TEXT;
-- Records synced before version 11: their row is unknown, so their next change here sets
-- every field ('{}' has none of them).
UPDATE sync_versions SET row = '{}'
WHERE (kind = 'post' AND key IN (SELECT uuid FROM posts))
   OR (kind = 'question' AND key IN (SELECT uuid FROM questions))
   OR (kind = 'category' AND key IN (SELECT name FROM categories))
   OR (kind = 'favorite' AND key IN (SELECT p.uuid FROM favorites f JOIN posts p ON p.id = f.post_id))
   OR (kind = 'saved_filter' AND key IN (SELECT name FROM saved_filters));
CREATE TABLE sync_fields (
  kind    TEXT NOT NULL,
  key     TEXT NOT NULL,
  field   TEXT NOT NULL,
  hlc     INTEGER NOT NULL,
  device  TEXT NOT NULL,
  PRIMARY KEY (kind, key, field)
) WITHOUT ROWID;
ALTER TABLE sync_conflicts ADD COLUMN field TEXT NOT NULL DEFAULT 'record';
ALTER TABLE sync_conflicts ADD COLUMN lost TEXT;
DELETE FROM sync_conflicts WHERE id NOT IN (
  SELECT min(id) FROM sync_conflicts GROUP BY kind, key, field, hlc, device);
CREATE UNIQUE INDEX sync_conflicts_identity ON sync_conflicts (kind, key, field, hlc, device);
CREATE TABLE sync_resolved (
  identity     TEXT PRIMARY KEY,
  resolution   TEXT NOT NULL CHECK (resolution IN ('dismissed', 'restored')),
  resolved_at  TEXT NOT NULL
);
-- @version 12
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
-- @version 13
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
-- @version 14
-- Review (issue 25): each rating is an immutable event with a UUID (`review_events`: the
-- question, the rating's name, when and on which device, how long it took); kind 'recall' for
-- an answered question (again/hard/good/easy), 'open' for one without an answer
-- (soon/later/eventually/drop). `review_items` is each reviewed question's schedule, derived by
-- replaying its events of its kind in order (reviewed_at, then id) and kept for speed, found by
-- due time. Stability and difficulty are the shortest text that reads back as the same double
-- (the journal's JSON images keep only 15 digits of a REAL). A question never rated has no
-- row: an open one is due a day after it was asked, an answered one is a new recall item. The
-- journal records both tables, so undo takes a rating out and puts the schedule back as it was.
CREATE TABLE review_events (
  id           INTEGER PRIMARY KEY,
  uuid         TEXT NOT NULL UNIQUE,
  kind         TEXT NOT NULL CHECK (kind IN ('recall', 'open')),
  question_id  INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  rating       TEXT NOT NULL,
  reviewed_at  TEXT NOT NULL,
  device       TEXT,
  duration_ms  INTEGER,
  created_at   TEXT NOT NULL
);
CREATE INDEX review_events_by_question ON review_events (question_id, reviewed_at, id);
CREATE TABLE review_items (
  question_id  INTEGER PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
  kind         TEXT NOT NULL CHECK (kind IN ('recall', 'open')),
  state        TEXT NOT NULL,
  step         INTEGER,
  stability    TEXT,
  difficulty   TEXT,
  due          TEXT,
  last_review  TEXT,
  reps         INTEGER NOT NULL DEFAULT 0,
  lapses       INTEGER NOT NULL DEFAULT 0,
  open_choice  TEXT,
  open_streak  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX review_items_by_due ON review_items (due) WHERE due IS NOT NULL;
CREATE TRIGGER review_events_journal_insert AFTER INSERT ON review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_events', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'kind', new.kind, 'question_id', new.question_id, 'rating', new.rating, 'reviewed_at', new.reviewed_at, 'device', new.device, 'duration_ms', new.duration_ms, 'created_at', new.created_at));
END;
CREATE TRIGGER review_events_journal_update AFTER UPDATE ON review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_events',
    json_object('id', old.id, 'uuid', old.uuid, 'kind', old.kind, 'question_id', old.question_id, 'rating', old.rating, 'reviewed_at', old.reviewed_at, 'device', old.device, 'duration_ms', old.duration_ms, 'created_at', old.created_at),
    json_object('id', new.id, 'uuid', new.uuid, 'kind', new.kind, 'question_id', new.question_id, 'rating', new.rating, 'reviewed_at', new.reviewed_at, 'device', new.device, 'duration_ms', new.duration_ms, 'created_at', new.created_at));
END;
CREATE TRIGGER review_events_journal_delete AFTER DELETE ON review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_events',
    json_object('id', old.id, 'uuid', old.uuid, 'kind', old.kind, 'question_id', old.question_id, 'rating', old.rating, 'reviewed_at', old.reviewed_at, 'device', old.device, 'duration_ms', old.duration_ms, 'created_at', old.created_at), NULL);
END;
CREATE TRIGGER review_items_journal_insert AFTER INSERT ON review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_items', NULL,
    json_object('question_id', new.question_id, 'kind', new.kind, 'state', new.state, 'step', new.step, 'stability', new.stability, 'difficulty', new.difficulty, 'due', new.due, 'last_review', new.last_review, 'reps', new.reps, 'lapses', new.lapses, 'open_choice', new.open_choice, 'open_streak', new.open_streak));
END;
CREATE TRIGGER review_items_journal_update AFTER UPDATE ON review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_items',
    json_object('question_id', old.question_id, 'kind', old.kind, 'state', old.state, 'step', old.step, 'stability', old.stability, 'difficulty', old.difficulty, 'due', old.due, 'last_review', old.last_review, 'reps', old.reps, 'lapses', old.lapses, 'open_choice', old.open_choice, 'open_streak', old.open_streak),
    json_object('question_id', new.question_id, 'kind', new.kind, 'state', new.state, 'step', new.step, 'stability', new.stability, 'difficulty', new.difficulty, 'due', new.due, 'last_review', new.last_review, 'reps', new.reps, 'lapses', new.lapses, 'open_choice', new.open_choice, 'open_streak', new.open_streak));
END;
CREATE TRIGGER review_items_journal_delete AFTER DELETE ON review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'review_items',
    json_object('question_id', old.question_id, 'kind', old.kind, 'state', old.state, 'step', old.step, 'stability', old.stability, 'difficulty', old.difficulty, 'due', old.due, 'last_review', old.last_review, 'reps', old.reps, 'lapses', old.lapses, 'open_choice', old.open_choice, 'open_streak', old.open_streak), NULL);
END;
-- @version 15
-- Review, continued (issue 25). Highlights come back too (Readwise's daily review): each choice
-- on one (keep / soon / later / discard) is an immutable event, and `highlight_review_items`
-- its schedule, replayed from them in order (reviewed_at, then id): the wait the last choice
-- set in days, and the due time it gives; a starred highlight, or one whose book is on the
-- shelf, comes back sooner (read when what is due is chosen). A highlight never reviewed has
-- no row: it is due a day after it was made. Both tables are journaled (undo).
-- Questions never rated are found through two partial indexes in due order (answered: when
-- answered; open: when asked) instead of a scan of every question.
CREATE TABLE highlight_review_events (
  id            INTEGER PRIMARY KEY,
  uuid          TEXT NOT NULL UNIQUE,
  highlight_id  INTEGER NOT NULL REFERENCES highlights (id) ON DELETE CASCADE,
  rating        TEXT NOT NULL CHECK (rating IN ('keep', 'soon', 'later', 'discard')),
  reviewed_at   TEXT NOT NULL,
  device        TEXT,
  duration_ms   INTEGER,
  created_at    TEXT NOT NULL
);
CREATE INDEX highlight_review_events_by_highlight
  ON highlight_review_events (highlight_id, reviewed_at, id);
CREATE INDEX highlight_review_events_by_time ON highlight_review_events (reviewed_at);
CREATE TABLE highlight_review_items (
  highlight_id  INTEGER PRIMARY KEY REFERENCES highlights (id) ON DELETE CASCADE,
  state         TEXT NOT NULL CHECK (state IN ('active', 'discarded')),
  wait_days     INTEGER NOT NULL,
  due           TEXT,
  last_review   TEXT,
  reps          INTEGER NOT NULL DEFAULT 0,
  last_choice   TEXT,
  streak        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX review_events_by_time ON review_events (reviewed_at);
-- Replaying every schedule reads the events in question order from the index alone.
DROP INDEX review_events_by_question;
CREATE INDEX review_events_by_question
  ON review_events (question_id, reviewed_at, created_at, uuid, kind, rating);
CREATE INDEX questions_new_recall ON questions (coalesce(answered_at, created_at), id)
  WHERE answer IS NOT NULL;
CREATE INDEX questions_new_open ON questions (created_at, id) WHERE answer IS NULL;
CREATE TRIGGER highlight_review_events_journal_insert AFTER INSERT ON highlight_review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_events', NULL,
    json_object('id', new.id, 'uuid', new.uuid, 'highlight_id', new.highlight_id, 'rating', new.rating, 'reviewed_at', new.reviewed_at, 'device', new.device, 'duration_ms', new.duration_ms, 'created_at', new.created_at));
END;
CREATE TRIGGER highlight_review_events_journal_update AFTER UPDATE ON highlight_review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_events',
    json_object('id', old.id, 'uuid', old.uuid, 'highlight_id', old.highlight_id, 'rating', old.rating, 'reviewed_at', old.reviewed_at, 'device', old.device, 'duration_ms', old.duration_ms, 'created_at', old.created_at),
    json_object('id', new.id, 'uuid', new.uuid, 'highlight_id', new.highlight_id, 'rating', new.rating, 'reviewed_at', new.reviewed_at, 'device', new.device, 'duration_ms', new.duration_ms, 'created_at', new.created_at));
END;
CREATE TRIGGER highlight_review_events_journal_delete AFTER DELETE ON highlight_review_events WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_events',
    json_object('id', old.id, 'uuid', old.uuid, 'highlight_id', old.highlight_id, 'rating', old.rating, 'reviewed_at', old.reviewed_at, 'device', old.device, 'duration_ms', old.duration_ms, 'created_at', old.created_at), NULL);
END;
CREATE TRIGGER highlight_review_items_journal_insert AFTER INSERT ON highlight_review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_items', NULL,
    json_object('highlight_id', new.highlight_id, 'state', new.state, 'wait_days', new.wait_days, 'due', new.due, 'last_review', new.last_review, 'reps', new.reps, 'last_choice', new.last_choice, 'streak', new.streak));
END;
CREATE TRIGGER highlight_review_items_journal_update AFTER UPDATE ON highlight_review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_items',
    json_object('highlight_id', old.highlight_id, 'state', old.state, 'wait_days', old.wait_days, 'due', old.due, 'last_review', old.last_review, 'reps', old.reps, 'last_choice', old.last_choice, 'streak', old.streak),
    json_object('highlight_id', new.highlight_id, 'state', new.state, 'wait_days', new.wait_days, 'due', new.due, 'last_review', new.last_review, 'reps', new.reps, 'last_choice', new.last_choice, 'streak', new.streak));
END;
CREATE TRIGGER highlight_review_items_journal_delete AFTER DELETE ON highlight_review_items WHEN (SELECT entry_id FROM journal_context) IS NOT NULL BEGIN
  INSERT INTO journal_changes (entry_id, table_name, old_row, new_row) VALUES (
    (SELECT entry_id FROM journal_context), 'highlight_review_items',
    json_object('highlight_id', old.highlight_id, 'state', old.state, 'wait_days', old.wait_days, 'due', old.due, 'last_review', old.last_review, 'reps', old.reps, 'last_choice', old.last_choice, 'streak', old.streak), NULL);
END;
-- @version 16
-- Review events travel with memo sync (issue 25): each is a record of the change sequence,
-- kind 'review_event', keyed by its UUID. An event is never changed: it is made, or taken back
-- (undo, or its question deleted). The events made before this version go out with the next
-- round.
CREATE TRIGGER review_events_change_insert AFTER INSERT ON review_events BEGIN
  DELETE FROM changes WHERE kind = 'review_event' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('review_event', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER review_events_change_delete AFTER DELETE ON review_events BEGIN
  DELETE FROM changes WHERE kind = 'review_event' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('review_event', old.uuid, (SELECT origin FROM change_context));
END;
INSERT OR IGNORE INTO changes (kind, key) SELECT 'review_event', uuid FROM review_events ORDER BY id;
-- @version 17
-- Highlight review events travel with memo sync too (issue 25): kind 'highlight_review_event'
-- in the change sequence, keyed by UUID, made or taken back, never changed. They replay in the
-- order question events do (reviewed_at, then created_at, then uuid), the same on every
-- device, and the index lists them so. The events made before this version go out with the
-- next round.
CREATE TRIGGER highlight_review_events_change_insert AFTER INSERT ON highlight_review_events BEGIN
  DELETE FROM changes WHERE kind = 'highlight_review_event' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('highlight_review_event', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER highlight_review_events_change_delete AFTER DELETE ON highlight_review_events BEGIN
  DELETE FROM changes WHERE kind = 'highlight_review_event' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('highlight_review_event', old.uuid, (SELECT origin FROM change_context));
END;
DROP INDEX highlight_review_events_by_highlight;
CREATE INDEX highlight_review_events_by_highlight
  ON highlight_review_events (highlight_id, reviewed_at, created_at, uuid);
INSERT OR IGNORE INTO changes (kind, key)
SELECT 'highlight_review_event', uuid FROM highlight_review_events ORDER BY id;
-- @version 18
-- What a reader's file last gave each highlight (its passage and note there), and the note
-- the highlight held after that import (held: none when the file's note asked and became a
-- question), so that a re-import takes what changed on the device since and keeps what was
-- edited here. This machine's own: not journaled and not synced (a highlight with no row here
-- is left as it is until a file gives it what it holds).
CREATE TABLE highlight_imports (
  highlight_id  INTEGER PRIMARY KEY REFERENCES highlights(id) ON DELETE CASCADE,
  text          TEXT NOT NULL,
  note          TEXT,
  held          TEXT
);
-- @version 19
-- Review's due listing at a million questions (issue 25). The questions never rated are found
-- in due order through questions_new_recall and questions_new_open; those rated come first in
-- that order (a reader rates the oldest first), and each was skipped by looking up its
-- schedule. review_new_from keeps, for each kind, the place in that order before which every
-- question of the kind has a schedule of the kind: the due listing starts there. These
-- triggers keep it so in every writer (a rating, undo, sync, an import, the sqlite3 shell):
-- a question that becomes never rated before it (a schedule taken away, a question added or
-- answered) moves it back; rating the question it names moves it on to the next one never
-- rated ('~' and 0: none). The place is only where the walk starts: where it is changes
-- nothing that is listed. And the due schedules' index holds what ranks them, so ranking
-- 10,000 due ones reads the index alone.
CREATE TABLE review_new_from (
  kind         TEXT PRIMARY KEY CHECK (kind IN ('recall', 'open')),
  at           TEXT NOT NULL,
  question_id  INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO review_new_from (kind, at, question_id) VALUES ('recall', '', 0), ('open', '', 0);
CREATE TRIGGER review_new_from_advance_recall AFTER UPDATE OF at, question_id ON review_new_from
WHEN new.kind = 'recall' AND new.at <> '~' AND NOT EXISTS (SELECT 1 FROM questions q
  WHERE q.id = new.question_id AND q.answer IS NOT NULL
    AND coalesce(q.answered_at, q.created_at) = new.at
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'recall'))
BEGIN
  UPDATE review_new_from SET (at, question_id) = (
    SELECT coalesce(max(k), '~'), coalesce(max(id), 0) FROM (
      SELECT coalesce(q.answered_at, q.created_at) AS k, q.id AS id FROM questions q
      WHERE q.answer IS NOT NULL AND coalesce(q.answered_at, q.created_at) >= new.at
        AND (coalesce(q.answered_at, q.created_at) > new.at OR q.id >= new.question_id)
        AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
          AND i.kind = 'recall')
      ORDER BY coalesce(q.answered_at, q.created_at), q.id LIMIT 1))
  WHERE kind = 'recall';
END;
CREATE TRIGGER review_new_from_advance_open AFTER UPDATE OF at, question_id ON review_new_from
WHEN new.kind = 'open' AND new.at <> '~' AND NOT EXISTS (SELECT 1 FROM questions q
  WHERE q.id = new.question_id AND q.answer IS NULL AND q.created_at = new.at
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'open'))
BEGIN
  UPDATE review_new_from SET (at, question_id) = (
    SELECT coalesce(max(k), '~'), coalesce(max(id), 0) FROM (
      SELECT q.created_at AS k, q.id AS id FROM questions q
      WHERE q.answer IS NULL AND q.created_at >= new.at
        AND (q.created_at > new.at OR q.id >= new.question_id)
        AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
          AND i.kind = 'open')
      ORDER BY q.created_at, q.id LIMIT 1))
  WHERE kind = 'open';
END;
CREATE TRIGGER review_items_new_from_insert AFTER INSERT ON review_items BEGIN
  UPDATE review_new_from SET at = at WHERE kind = new.kind AND question_id = new.question_id;
END;
CREATE TRIGGER review_items_new_from_kind AFTER UPDATE OF kind ON review_items
WHEN old.kind IS NOT new.kind BEGIN
  UPDATE review_new_from SET at = at WHERE kind = new.kind AND question_id = new.question_id;
  UPDATE review_new_from
  SET at = (SELECT CASE WHEN old.kind = 'recall' THEN coalesce(q.answered_at, q.created_at)
    ELSE q.created_at END FROM questions q WHERE q.id = old.question_id),
    question_id = old.question_id
  WHERE kind = old.kind AND EXISTS (SELECT 1 FROM questions q WHERE q.id = old.question_id
    AND (q.answer IS NOT NULL) = (old.kind = 'recall')
    AND (CASE WHEN old.kind = 'recall' THEN coalesce(q.answered_at, q.created_at)
      ELSE q.created_at END, q.id) < (review_new_from.at, review_new_from.question_id));
END;
CREATE TRIGGER review_items_new_from_delete AFTER DELETE ON review_items BEGIN
  UPDATE review_new_from
  SET at = (SELECT CASE WHEN old.kind = 'recall' THEN coalesce(q.answered_at, q.created_at)
    ELSE q.created_at END FROM questions q WHERE q.id = old.question_id),
    question_id = old.question_id
  WHERE kind = old.kind AND EXISTS (SELECT 1 FROM questions q WHERE q.id = old.question_id
    AND (q.answer IS NOT NULL) = (old.kind = 'recall')
    AND (CASE WHEN old.kind = 'recall' THEN coalesce(q.answered_at, q.created_at)
      ELSE q.created_at END, q.id) < (review_new_from.at, review_new_from.question_id))
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = old.question_id
      AND i.kind = old.kind);
END;
CREATE TRIGGER questions_new_from_insert AFTER INSERT ON questions BEGIN
  UPDATE review_new_from
  SET at = CASE WHEN new.answer IS NULL THEN new.created_at
    ELSE coalesce(new.answered_at, new.created_at) END, question_id = new.id
  WHERE kind = CASE WHEN new.answer IS NULL THEN 'open' ELSE 'recall' END
    AND (CASE WHEN new.answer IS NULL THEN new.created_at
      ELSE coalesce(new.answered_at, new.created_at) END, new.id) < (at, question_id)
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = new.id
      AND i.kind = review_new_from.kind);
END;
CREATE TRIGGER questions_new_from_update AFTER UPDATE OF answer, answered_at, created_at
ON questions BEGIN
  UPDATE review_new_from SET at = at WHERE question_id = old.id;
  UPDATE review_new_from
  SET at = CASE WHEN new.answer IS NULL THEN new.created_at
    ELSE coalesce(new.answered_at, new.created_at) END, question_id = new.id
  WHERE kind = CASE WHEN new.answer IS NULL THEN 'open' ELSE 'recall' END
    AND (CASE WHEN new.answer IS NULL THEN new.created_at
      ELSE coalesce(new.answered_at, new.created_at) END, new.id) < (at, question_id)
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = new.id
      AND i.kind = review_new_from.kind);
END;
CREATE TRIGGER questions_new_from_delete AFTER DELETE ON questions BEGIN
  UPDATE review_new_from SET at = at WHERE question_id = old.id;
END;
UPDATE review_new_from SET at = at;
DROP INDEX review_items_by_due;
CREATE INDEX review_items_by_due ON review_items (due, kind, last_review, stability)
  WHERE due IS NOT NULL;
-- @version 20
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
-- @version 21
-- The grams triggers make the grams in time proportional to a text's length. Those of version 9
-- took a substr() from the text's start for each letter, and so time growing with the square
-- of the length: `memo add` of an 80 KB body holding one Japanese name took 3 s, 400 KB over a
-- minute, 5 MB eleven minutes and more. These read each column as bytes (a BLOB's substr() is
-- direct): a letter from U+3040 to U+FF9F is three bytes led by 0xE3 to 0xEF, and the letter
-- after it is as long as its first byte says. Column by column, joined by spaces, a letter
-- ending a column but the last followed by the space that joined them before: the same grams,
-- byte for byte, as version 9's over the joined text (SearchIndexTests holds the two equal),
-- so the rows already indexed stay as they are. Still plain SQL: the sqlite3 shell writes too.
-- And the search indexes' update triggers run only when an indexed text changed: an UPDATE
-- OF a column fires when the column is set, changed or not, and memo's writers set every
-- column (`memo edit 3 --source x` took a minute over a 5 MB Japanese body, all of it taking
-- the body's words, trigrams and grams out of the indexes and putting the same back).
DROP TRIGGER posts_search_update;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER posts_grams_insert;
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.title AS BLOB), key + 1, CASE WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.title AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.title AS BLOB), x'00'), 0), length(CAST(new.title AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.title AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.author AS BLOB), key + 1, CASE WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.author AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.author AS BLOB), x'00'), 0), length(CAST(new.author AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.author AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.body AS BLOB), key + 1, CASE WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.body AS BLOB), x'00'), 0), length(CAST(new.body AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.body AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER posts_grams_update;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.title AS BLOB), key + 1, CASE WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.title AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.title AS BLOB), x'00'), 0), length(CAST(new.title AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.title AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.author AS BLOB), key + 1, CASE WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.author AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.author AS BLOB), x'00'), 0), length(CAST(new.author AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.author AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.body AS BLOB), key + 1, CASE WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.body AS BLOB), x'00'), 0), length(CAST(new.body AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.body AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_search_update;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_grams_insert;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id + 1,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.answer AS BLOB), key + 1, CASE WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.answer AS BLOB), x'00'), 0), length(CAST(new.answer AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.answer AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER questions_grams_update;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id + 1,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.answer AS BLOB), key + 1, CASE WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.answer AS BLOB), x'00'), 0), length(CAST(new.answer AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.answer AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_search_update;
CREATE TRIGGER highlights_search_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_words WHERE rowid = -old.id;
  DELETE FROM search_trigrams WHERE rowid = -old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (-new.id, 'highlight', new.id,
    new.text, coalesce(new.note, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT -new.id, 'highlight', new.id, new.text, coalesce(new.note, '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_grams_insert;
CREATE TRIGGER highlights_grams_insert AFTER INSERT ON highlights WHEN new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (-new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.note AS BLOB), key + 1, CASE WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.note AS BLOB), x'00'), 0), length(CAST(new.note AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.note AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER highlights_grams_update;
CREATE TRIGGER highlights_grams_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_grams WHERE rowid = -old.id;
  INSERT INTO search_grams (rowid, grams) SELECT -new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.note AS BLOB), key + 1, CASE WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.note AS BLOB), x'00'), 0), length(CAST(new.note AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.note AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
-- @version 22
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
-- @version 23
-- Every command parses the whole schema when it first runs a statement (SQLite builds each
-- trigger's statements then), and the grams triggers of version 21 were half of the schema's
-- text: the expression that makes the grams of a column written out eighteen times (three
-- tables, insert and update, each column). They were 3.4 million of the 15.8 million
-- instructions of `memo list --limit 1`, and as much of `memo review rate`. The expression is
-- now written once, in the INSTEAD OF trigger of a view that only takes rows: a table's
-- triggers insert (row id, first column, second column, last column) into search_grams_feed,
-- and that trigger makes the grams exactly as version 21's did (a letter ending the first or
-- the second column followed by a space, one ending the last not; a missing second column,
-- NULL, gives no grams, as an empty author did), byte for byte the same rows
-- (SearchIndexTests). Still plain SQL: the sqlite3 shell's writes keep the index in step too.
CREATE VIEW search_grams_feed (id, first, second, last) AS SELECT NULL, NULL, NULL, NULL WHERE 0;
CREATE TRIGGER search_grams_feed_insert INSTEAD OF INSERT ON search_grams_feed BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.first AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.first AS BLOB), key + 1, CASE WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.first AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.first AS BLOB), x'00'), 0), length(CAST(new.first AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.first AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.first AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.second AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.second AS BLOB), key + 1, CASE WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.second AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.second AS BLOB), x'00'), 0), length(CAST(new.second AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.second AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.second AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.last AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.last AS BLOB), key + 1, CASE WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.last AS BLOB), x'00'), 0), length(CAST(new.last AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.last AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.last AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER posts_grams_insert;
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (2 * new.id, new.title, new.author, new.body);
END;
DROP TRIGGER posts_grams_update;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT 2 * new.id, new.title, new.author, new.body
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_grams_insert;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (2 * new.id + 1, new.text, NULL, new.answer);
END;
DROP TRIGGER questions_grams_update;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT 2 * new.id + 1, new.text, NULL, new.answer
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_grams_insert;
CREATE TRIGGER highlights_grams_insert AFTER INSERT ON highlights WHEN new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (-new.id, new.text, NULL, new.note);
END;
DROP TRIGGER highlights_grams_update;
CREATE TRIGGER highlights_grams_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_grams WHERE rowid = -old.id;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT -new.id, new.text, NULL, new.note
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
-- @version 24
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
-- @version 25
-- The export's order read from indexes, never sorted (issue 35): posts by created_at then uuid
-- (the same on every device that syncs), a post's questions by created_at then uuid, its
-- highlights in reading order (position, those without one last, then created_at, uuid).
-- posts_by_created holds (created_at, id), so SQLite sorted each run of posts that share a
-- created_at by uuid together with all their questions and highlights, and without statistics
-- (memo never runs ANALYZE) it scanned every question and sorted them all: through a
-- temporary file past a few thousand (5,077 pwrite64 an export at 100,000 questions), 1.71G
-- instructions where reading them in order takes 1.1G. Posts that share a time are common (a
-- Goodreads library dated by day, posts that came in one import). The exporter walks the posts
-- in this order (CROSS JOIN) and each post's rows from its index (ExportPlanTests).
CREATE UNIQUE INDEX posts_by_created_uuid ON posts (created_at, uuid);
CREATE INDEX questions_by_post_uuid ON questions (post_id, created_at, uuid);
CREATE INDEX highlights_by_post_order ON highlights (post_id, position IS NULL, position, created_at, uuid);
-- `memo highlights` lists every book's highlights newest first by when each was highlighted on
-- the reader (when added here where the reader gave none), then id: read in that order from
-- this index, not sorted (the gate's full listing at 10,000 highlights 219.6M instructions,
-- sorted, against 121.3M; a --limit 20 reads 20 rows, not every highlight).
CREATE INDEX highlights_by_time ON highlights (coalesce(highlighted_at, created_at), id);
