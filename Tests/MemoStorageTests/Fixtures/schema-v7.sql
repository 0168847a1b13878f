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
