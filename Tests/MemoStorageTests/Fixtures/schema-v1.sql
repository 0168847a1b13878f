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

