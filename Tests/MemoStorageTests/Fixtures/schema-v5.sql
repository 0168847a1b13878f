-- An import indexes its new rows in one pass before it commits instead of row by row (about
-- twice as fast): while search_context.deferred is 1, inserting does not index.
CREATE TABLE search_context (
  singleton  INTEGER PRIMARY KEY CHECK (singleton = 1),
  deferred   INTEGER NOT NULL DEFAULT 0 CHECK (deferred IN (0, 1))
);
INSERT INTO search_context (singleton, deferred) VALUES (1, 0);
DROP TRIGGER posts_search_insert;
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
DROP TRIGGER questions_search_insert;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
