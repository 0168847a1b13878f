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
