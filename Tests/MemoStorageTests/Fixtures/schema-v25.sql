-- The export's order read from indexes, never sorted (issue 35): posts by created_at then uuid
-- (the same on every device that syncs), a post's questions by created_at then uuid, its
-- highlights in reading order (position, those without one last, then created_at, uuid).
-- posts_by_created holds (created_at, id), so SQLite sorted each run of posts that share a
-- created_at by uuid together with all their questions and highlights, and without statistics
-- (memo never runs ANALYZE) it scanned every question and sorted them all: through a
-- temporary file past a few thousand (5,077 pwrite64 an export at 100,000 questions), 1.71G
-- instructions where reading them in order takes 1.1G. Posts that share a time are common (a
-- Goodreads library dated by day, posts that came in one import). The exporter walks the posts
-- in this order (CROSS JOIN) and each post's rows from its index (ExportPlanTests).
CREATE UNIQUE INDEX posts_by_created_uuid ON posts (created_at, uuid);
CREATE INDEX questions_by_post_uuid ON questions (post_id, created_at, uuid);
CREATE INDEX highlights_by_post_order ON highlights (post_id, position IS NULL, position, created_at, uuid);
-- `memo highlights` lists every book's highlights newest first by when each was highlighted on
-- the reader (when added here where the reader gave none), then id: read in that order from
-- this index, not sorted (the gate's full listing at 10,000 highlights 219.6M instructions,
-- sorted, against 121.3M; a --limit 20 reads 20 rows, not every highlight).
CREATE INDEX highlights_by_time ON highlights (coalesce(highlighted_at, created_at), id);
