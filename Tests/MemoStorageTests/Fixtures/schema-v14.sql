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
