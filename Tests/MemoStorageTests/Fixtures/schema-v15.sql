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
