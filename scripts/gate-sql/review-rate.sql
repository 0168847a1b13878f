PRAGMA foreign_keys = ON;
SELECT count(*) FROM sqlite_schema;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA user_version;
BEGIN IMMEDIATE;
INSERT INTO journal_entries (created_at, action, summary) VALUES ('2026-11-28T13:09:01.874Z', 'review rate', '');
UPDATE journal_context SET entry_id = 101;
SELECT uuid, created_at, answered_at, answer IS NOT NULL, text FROM questions WHERE id = 6;
SELECT value FROM settings WHERE key = 'review_fuzz';
SELECT value FROM settings WHERE key = 'review_weights';
SELECT value FROM settings WHERE key = 'review_retention';
SELECT value FROM settings WHERE key = 'review_highlights_per_day';
SELECT kind, state, step, stability, difficulty, due, last_review, reps, lapses,
       open_choice, open_streak
FROM review_items WHERE question_id = 6;
INSERT INTO review_events (uuid, kind, question_id, rating, reviewed_at, created_at,
  device)
VALUES ('01a22245-fd32-7161-84fc-01bc743c1a50', 'recall', 6, 'good', '2020-04-21T06:49:30.000Z',
  max('2026-11-28T13:09:01.874Z', coalesce(strftime('%Y-%m-%dT%H:%M:%fZ',
    (SELECT max(created_at) FROM review_events WHERE question_id = 6), '+0.001 seconds'),
    '')),
  (SELECT value FROM sync_settings WHERE key = 'device_id'));
INSERT INTO review_items (question_id, kind, state, step, stability, difficulty, due,
  last_review, reps, lapses, open_choice, open_streak)
VALUES (6, 'recall', 'review', NULL, '208.1882075705503', '4.724694431106745', '2020-11-09T06:49:30.000Z', '2020-04-21T06:49:30.000Z', 6, 0, NULL, 0)
ON CONFLICT (question_id) DO UPDATE SET kind = 'recall', state = 'review', step = NULL,
  stability = '208.1882075705503', difficulty = '4.724694431106745', due = '2020-11-09T06:49:30.000Z', last_review = '2020-04-21T06:49:30.000Z', reps = 6, lapses = 0,
  open_choice = NULL, open_streak = 0
WHERE (kind, state, step, stability, difficulty, due, last_review, reps, lapses,
  open_choice, open_streak) IS NOT ('recall', 'review', NULL, '208.1882075705503', '4.724694431106745', '2020-11-09T06:49:30.000Z', '2020-04-21T06:49:30.000Z', 6, 0, NULL, 0);
UPDATE journal_context SET entry_id = NULL;
SELECT (SELECT count(*) FROM journal_changes WHERE entry_id = 101
          AND (table_name NOT IN ('highlight_imports', 'sync_conflicts', 'sync_resolved', 'sync_set_aside')
            OR (SELECT action FROM journal_entries WHERE id = 101) = 'sync dismiss'))
  + (SELECT count(*) FROM journal_loads WHERE entry_id = 101);
UPDATE journal_entries SET summary = 'rate question 6 good at 2020-04-21T06:49:30.000Z' WHERE id = 101;
DELETE FROM journal_entries WHERE undone = 1;
DELETE FROM journal_entries WHERE id <= (SELECT id FROM journal_entries ORDER BY id DESC LIMIT 1 OFFSET 1000);
COMMIT;
