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
