-- The trigram index holds only text with Chinese, Japanese or Korean letters (the ranges
-- SearchQuery.hasCJK checks): only such queries use it, and a query with those letters can only
-- match text that has them; all text is in the word index. For a library written in English
-- this index was half of the database file and two fifths of an import's time. The index is
-- built anew from the rows that have such letters.
DROP TRIGGER posts_search_insert;
DROP TRIGGER posts_search_update;
DROP TRIGGER questions_search_insert;
DROP TRIGGER questions_search_update;
DROP TABLE search_trigrams;
CREATE VIRTUAL TABLE search_trigrams USING fts5(
  kind UNINDEXED, ref UNINDEXED, title, text, tokenize = 'trigram');
INSERT INTO search_trigrams (search_trigrams, rank) VALUES ('rank', 'bm25(0.0, 0.0, 4.0, 1.0)');
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
END;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
END;
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions
WHEN (SELECT deferred FROM search_context) = 0 BEGIN
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
END;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
END;
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id, 'post', id, title || coalesce(' · ' || author, ''), coalesce(body, '') FROM posts
WHERE title || coalesce(author, '') || coalesce(body, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
INSERT INTO search_trigrams (rowid, kind, ref, title, text)
SELECT 2 * id + 1, 'question', id, text, coalesce(answer, '') FROM questions
WHERE text || coalesce(answer, '') GLOB '*[぀-ヿ㐀-䶿一-鿿가-힣豈-﫿ｦ-ﾟ]*';
