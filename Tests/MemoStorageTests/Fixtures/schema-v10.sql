-- When each change was made (Unix milliseconds): sync orders changes by when they were made,
-- not by when a round pushed them (issue 16). A column added to a table cannot default to the
-- time, so this trigger fills it in for a change that does not give it (a bulk load does).
ALTER TABLE changes ADD COLUMN at INTEGER;
CREATE TRIGGER changes_at AFTER INSERT ON changes WHEN new.at IS NULL BEGIN
  UPDATE changes SET at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE seq = new.seq;
END;
