-- Full-text search over post titles and authors (the title column) and bodies, and question
-- texts (title) and answers (text).
-- search_words: unicode61 with diacritics folded (cafe finds café), bm25-ranked, FTS5 query
-- syntax. search_trigrams: trigrams, for Chinese, Japanese and Korean, which put no spaces
-- between words. Row ids: a post is 2 * id, a question 2 * id + 1. Triggers keep both in
-- step with every change, undo and import; the INSERTs at the end index what exists.
CREATE VIRTUAL TABLE search_words USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE search_trigrams USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'trigram');
-- Rank by bm25 with titles weighing four times the text; kind and ref carry no weight.
INSERT INTO search_words (search_words, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
END;
CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
END;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
END;
CREATE TRIGGER questions_search_delete AFTER DELETE ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
END;
INSERT INTO search_words (rowid, kind, ref, title, text)
  SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts;
INSERT INTO search_words (rowid, kind, ref, title, text)
  SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions;

