-- The trigram index holds only text with Chinese, Japanese or Korean letters: only queries
-- with such letters use it (SearchQuery.hasCJK), and they can only match text that has them;
-- all text is in the word index. For a library written in English this index was half of the
-- database file and two fifths of an import's time. One range, U+3040 (hiragana) to U+FF9F
-- (halfwidth katakana), holds every letter hasCJK looks for (and a few more): a GLOB with one
-- range costs a tenth of one with six. The index is built anew from the rows that have them.
DROP TRIGGER posts_search_insert;
DROP TRIGGER posts_search_update;
DROP TRIGGER questions_search_insert;
DROP TRIGGER questions_search_update;
DROP TABLE search_trigrams;
-- An import now takes the insert triggers out for its own transaction (memo's BulkLoad)
-- instead of switching them off with a flag: the flag goes.
DROP TABLE search_context;
CREATE VIRTUAL TABLE search_trigrams USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'trigram');
INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts
WHERE title || coalesce(author, '') || coalesce(body, '') GLOB '*[぀-ﾟ]*';
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
WHERE text || coalesce(answer, '') GLOB '*[぀-ﾟ]*';
