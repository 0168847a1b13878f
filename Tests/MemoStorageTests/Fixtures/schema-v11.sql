-- Sync merges field by field (issue 20). sync_fields: the stamp (hybrid logical clock time and
-- device) of each synced field of each record, kept after the record is deleted: a deletion
-- records the stamps it had seen, so that an edit arriving later tells whether the deleter
-- had seen it. sync_versions.row: the record as of the last round (NULL: deleted), to tell
-- which fields a change made here touched. A conflict is one field (or 'record': a whole
-- record, as versions before 11 kept them, or a record the other device could not take):
-- `lost` holds the value that lost, as JSON. Its identity — kind, key, field and the lost
-- stamp — is the same on every device, so that dismissing or restoring it on one device
-- (sync_resolved, which syncs) clears it on all.
ALTER TABLE sync_versions ADD COLUMN row TEXT;
-- Records synced before version 11: their row is unknown, so their next change here sets
-- every field ('{}' has none of them).
UPDATE sync_versions SET row = '{}'
WHERE (kind = 'post' AND key IN (SELECT uuid FROM posts))
   OR (kind = 'question' AND key IN (SELECT uuid FROM questions))
   OR (kind = 'category' AND key IN (SELECT name FROM categories))
   OR (kind = 'favorite' AND key IN (SELECT p.uuid FROM favorites f JOIN posts p ON p.id = f.post_id))
   OR (kind = 'saved_filter' AND key IN (SELECT name FROM saved_filters));
CREATE TABLE sync_fields (
  kind    TEXT NOT NULL,
  key     TEXT NOT NULL,
  field   TEXT NOT NULL,
  hlc     INTEGER NOT NULL,
  device  TEXT NOT NULL,
  PRIMARY KEY (kind, key, field)
) WITHOUT ROWID;
ALTER TABLE sync_conflicts ADD COLUMN field TEXT NOT NULL DEFAULT 'record';
ALTER TABLE sync_conflicts ADD COLUMN lost TEXT;
DELETE FROM sync_conflicts WHERE id NOT IN (
  SELECT min(id) FROM sync_conflicts GROUP BY kind, key, field, hlc, device);
CREATE UNIQUE INDEX sync_conflicts_identity ON sync_conflicts (kind, key, field, hlc, device);
CREATE TABLE sync_resolved (
  identity     TEXT PRIMARY KEY,
  resolution   TEXT NOT NULL CHECK (resolution IN ('dismissed', 'restored')),
  resolved_at  TEXT NOT NULL
);
