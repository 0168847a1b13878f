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
