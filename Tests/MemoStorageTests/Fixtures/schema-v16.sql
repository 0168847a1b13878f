-- Review events travel with memo sync (issue 25): each is a record of the change sequence,
-- kind 'review_event', keyed by its UUID. An event is never changed: it is made, or taken back
-- (undo, or its question deleted). The events made before this version go out with the next
-- round.
CREATE TRIGGER review_events_change_insert AFTER INSERT ON review_events BEGIN
  DELETE FROM changes WHERE kind = 'review_event' AND key = new.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('review_event', new.uuid, (SELECT origin FROM change_context));
END;
CREATE TRIGGER review_events_change_delete AFTER DELETE ON review_events BEGIN
  DELETE FROM changes WHERE kind = 'review_event' AND key = old.uuid;
  INSERT INTO changes (kind, key, origin)
  VALUES ('review_event', old.uuid, (SELECT origin FROM change_context));
END;
INSERT OR IGNORE INTO changes (kind, key) SELECT 'review_event', uuid FROM review_events ORDER BY id;
