PRAGMA foreign_keys = ON;
SELECT count(*) FROM sqlite_schema;
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA user_version;
BEGIN DEFERRED;
SELECT value FROM settings WHERE key = 'current_filter';
SELECT value FROM settings WHERE key = 'review_fuzz';
SELECT value FROM settings WHERE key = 'review_weights';
SELECT value FROM settings WHERE key = 'review_retention';
SELECT value FROM settings WHERE key = 'review_highlights_per_day';
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 6 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 123 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 129 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 177 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 189 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 213 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 252 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 33 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 39 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 78 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 93 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 111 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 117 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 141 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 153 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 174 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 192 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 198 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 204 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT i.question_id, i.kind, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability FROM review_items i
WHERE i.due <= '2020-04-21T06:49:30.000Z' 
ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT 36;
SELECT 1 FROM questions q
WHERE q.id = 270 AND 'recall' = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END;
SELECT kind, at, question_id FROM review_new_from;
SELECT value FROM settings WHERE key = 'current_filter';
SELECT id, kind, due, retrievability,
  coalesce(question, (SELECT text FROM questions WHERE id = r.id)) AS question,
  coalesce(post_id, (SELECT post_id FROM questions WHERE id = r.id)) AS post_id,
  coalesce(title, (SELECT p.title FROM questions q JOIN posts p ON p.id = q.post_id
    WHERE q.id = r.id)) AS title,
  CASE WHEN kind = 'highlight' THEN 'h' || id ELSE CAST(id AS TEXT) END AS item
FROM (
  SELECT * FROM (SELECT i.question_id AS id, i.kind AS kind, i.due AS due, CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
  pow(1 + 0.98034649441348 * max(0, CAST(round((julianday('2020-04-21T06:49:30.000Z') - julianday(i.last_review))
    * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), -0.1542)
WHEN i.kind = 'recall' THEN 0.0 END AS retrievability,
  NULL AS question, NULL AS post_id, NULL AS title, 0 AS is_new, NULL AS rank
FROM review_items i WHERE i.question_id IN (SELECT value FROM json_each('[6,123,129,177,189,213,252,33,39,78,93,111,117,141,153,174,192,198,204,270]'))
UNION ALL
SELECT * FROM (
  SELECT q.id AS id, 'recall' AS kind, coalesce(q.answered_at, q.created_at) AS due,
    0.0 AS retrievability, q.text AS question, q.post_id AS post_id, p.title AS title,
    1 AS is_new, NULL AS rank
  FROM questions q INDEXED BY questions_new_recall JOIN posts p ON p.id = q.post_id
  WHERE q.answer IS NOT NULL AND coalesce(q.answered_at, q.created_at) <= '2020-04-21T06:49:30.000Z'
    AND coalesce(q.answered_at, q.created_at) >= '2020-01-08T06:04:30.000Z'
    AND (coalesce(q.answered_at, q.created_at) > '2020-01-08T06:04:30.000Z' OR q.id >= 6003)
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
      AND i.kind = 'recall') 
  ORDER BY coalesce(q.answered_at, q.created_at), q.id LIMIT 20)
UNION ALL
SELECT * FROM (
  SELECT q.id AS id, 'open' AS kind,
    strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day') AS due,
    NULL AS retrievability, q.text AS question, q.post_id AS post_id, p.title AS title,
    1 AS is_new, NULL AS rank
  FROM questions q INDEXED BY questions_new_open JOIN posts p ON p.id = q.post_id
  WHERE q.answer IS NULL AND q.created_at <= '2020-04-20T06:49:30.000Z'
    AND q.created_at >= '2020-01-01T00:01:30.000Z' AND (q.created_at > '2020-01-01T00:01:30.000Z' OR q.id >= 1)
    AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
      AND i.kind = 'open') 
  ORDER BY q.created_at, q.id LIMIT 20)
UNION ALL
SELECT * FROM (
  SELECT id, 'highlight' AS kind, due, NULL AS retrievability, text AS question, post_id,
    title, is_new, row_number() OVER (ORDER BY book_rank, starred DESC, shelf DESC, due, id) AS rank
  FROM (
    SELECT *, row_number() OVER (PARTITION BY post_id
      ORDER BY starred DESC, shelf DESC, due, id) AS book_rank
    FROM (
      SELECT h.id AS id, h.text AS text, h.post_id AS post_id, p.title AS title,
        h.starred AS starred,
        EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id) AS shelf,
        CASE WHEN hi.highlight_id IS NULL THEN 1 ELSE 0 END AS is_new,
        CASE WHEN hi.highlight_id IS NULL
          THEN strftime('%Y-%m-%dT%H:%M:%fZ', h.created_at, '+1 day')
          ELSE strftime('%Y-%m-%dT%H:%M:%fZ', hi.last_review, '+' || max(1,
            hi.wait_days / (1 + h.starred)
            / (1 + EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id)))
            || ' days') END AS due
      FROM highlights h JOIN posts p ON p.id = h.post_id
      LEFT JOIN highlight_review_items hi ON hi.highlight_id = h.id
      WHERE (hi.highlight_id IS NULL OR hi.state = 'active') 
    ) WHERE due <= '2020-04-21T06:49:30.000Z'
  )
  ORDER BY rank
  LIMIT max(0, 5 - (SELECT count(*) FROM highlight_review_events
    WHERE reviewed_at >= '2020-04-21T00:00:00.000Z' AND reviewed_at <= '2020-04-21T06:49:30.000Z'))))
  WHERE 1 IS 1 -- every number to ?15 exists whichever parts there are
  ORDER BY kind = 'highlight', retrievability IS NULL, retrievability, rank, due, id LIMIT 20
) r
ORDER BY kind = 'highlight', retrievability IS NULL, retrievability, rank, due, id;
ROLLBACK;
