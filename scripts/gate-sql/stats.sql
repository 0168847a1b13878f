PRAGMA foreign_keys = ON;
SELECT count(*) FROM sqlite_schema;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA user_version;
BEGIN DEFERRED;
SELECT (SELECT count(*) FROM posts), (SELECT count(*) FROM questions),
       (SELECT count(*) FROM questions WHERE starred = 1),
       (SELECT count(*) FROM questions WHERE answer IS NOT NULL),
       (SELECT count(*) FROM favorites),
       (SELECT count(*) FROM questions WHERE category_id IS NULL),
       (SELECT count(*) FROM highlights);
SELECT count(*) FROM journal_entries;
SELECT (SELECT count(*) FROM journal_changes)
  + (SELECT coalesce(sum(row_count), 0) FROM journal_loads WHERE images_from IS NULL);
SELECT c.name AS name, c.created_at AS created_at,
       (SELECT count(*) FROM questions q WHERE q.category_id = c.id) AS question_count
FROM categories c ORDER BY c.name COLLATE NOCASE;
SELECT (CAST(strftime('%s', created_at) AS INTEGER) + 0) / 86400 AS day, count(*)
FROM posts WHERE created_at >= '2025-11-24T00:00:00.000Z' GROUP BY day;
SELECT (CAST(strftime('%s', created_at) AS INTEGER) + 0) / 86400 AS day, count(*)
FROM questions WHERE created_at >= '2025-11-24T00:00:00.000Z' GROUP BY day;
SELECT (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
    WHERE i.due < '2026-11-29T00:00:00.000Z'
      AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END)
  + (SELECT count(*) FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', hi.last_review, '+' || max(1,
    hi.wait_days / (1 + h.starred)
    / (1 + EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id))) || ' days') AS due
FROM highlight_review_items hi JOIN highlights h ON h.id = hi.highlight_id
WHERE hi.state = 'active' AND hi.last_review IS NOT NULL) WHERE due < '2026-11-29T00:00:00.000Z'),
  (SELECT count(*) FROM questions WHERE answer IS NOT NULL)
  - (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
      WHERE i.kind = 'recall' AND q.answer IS NOT NULL)
  + (SELECT count(*) FROM questions WHERE answer IS NULL)
  - (SELECT count(*) FROM review_items i JOIN questions q ON q.id = i.question_id
      WHERE i.kind = 'open' AND q.answer IS NULL);
SELECT (SELECT count(*) FROM review_events WHERE reviewed_at >= '2026-10-29T15:51:22.871Z' AND reviewed_at <= '2026-11-28T15:51:22.871Z')
  + (SELECT count(*) FROM highlight_review_events
     WHERE reviewed_at >= '2026-10-29T15:51:22.871Z' AND reviewed_at <= '2026-11-28T15:51:22.871Z');
SELECT value FROM settings WHERE key = 'review_fuzz';
SELECT value FROM settings WHERE key = 'review_weights';
SELECT value FROM settings WHERE key = 'review_retention';
SELECT value FROM settings WHERE key = 'review_learning_steps';
SELECT value FROM settings WHERE key = 'review_relearning_steps';
SELECT value FROM settings WHERE key = 'review_maximum_interval';
SELECT value FROM settings WHERE key = 'review_highlights_per_day';
SELECT e.question_id, e.rating, e.reviewed_at, e.duration_ms, q.uuid
FROM review_events e JOIN questions q ON q.id = e.question_id
WHERE e.kind = 'recall'
  AND ('2026-10-29T15:51:22.871Z' IS NULL OR e.question_id IN
    (SELECT question_id FROM review_events WHERE reviewed_at >= '2026-10-29T15:51:22.871Z'))
ORDER BY e.question_id, e.reviewed_at, e.created_at, e.uuid;
SELECT i.due FROM review_items i JOIN questions q ON q.id = i.question_id
WHERE i.due >= '2026-11-29T00:00:00.000Z' AND i.due < '2026-12-29T00:00:00.000Z'
  AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
UNION ALL
SELECT strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day') FROM questions q
WHERE q.answer IS NULL AND q.created_at >= '2026-11-28T00:00:00.000Z' AND q.created_at < '2026-12-28T00:00:00.000Z'
  AND NOT EXISTS (
    SELECT 1 FROM review_items i WHERE i.question_id = q.id AND i.kind = 'open')
UNION ALL
SELECT due FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', hi.last_review, '+' || max(1,
    hi.wait_days / (1 + h.starred)
    / (1 + EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id))) || ' days') AS due
FROM highlight_review_items hi JOIN highlights h ON h.id = hi.highlight_id
WHERE hi.state = 'active' AND hi.last_review IS NOT NULL) WHERE due >= '2026-11-29T00:00:00.000Z' AND due < '2026-12-29T00:00:00.000Z';
ROLLBACK;
