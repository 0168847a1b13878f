-- One- and two-letter Chinese, Japanese and Korean searches (猫, 東京): too short for the
-- trigrams, they read every row (0.6 s at a million questions). search_grams holds, for each
-- row with such letters, every CJK letter and the two letters starting at it, as words for
-- unicode61 (space-separated), with detail=none (presence only, the smallest FTS5 index): a
-- one- or two-letter query is then one term looked up. Row ids as in the other indexes. The
-- grams are made in SQL (json_each over the letters' positions), so every writer — memo, an
-- import, undo, the sqlite3 shell — keeps the index in step through these triggers.
CREATE VIRTUAL TABLE search_grams USING fts5(grams, tokenize = 'unicode61', detail = 'none');
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.title || ' ' || coalesce(new.author, '') || ' ' || coalesce(new.body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]'));
END;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.title || ' ' || coalesce(new.author, '') || ' ' || coalesce(new.body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER posts_grams_delete AFTER DELETE ON posts BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
END;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id + 1,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]'));
END;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id + 1,
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT new.text || ' ' || coalesce(new.answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
CREATE TRIGGER questions_grams_delete AFTER DELETE ON questions BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
END;
INSERT INTO search_grams (rowid, grams)
SELECT 2 * id, (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT title || ' ' || coalesce(author, '') || ' ' || coalesce(body, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
FROM posts WHERE title || coalesce(author, '') || coalesce(body, '') GLOB '*[぀-ﾟ]*';
INSERT INTO search_grams (rowid, grams)
SELECT 2 * id + 1, (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
    FROM (SELECT text || ' ' || coalesce(answer, '') AS t),
      json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
    WHERE substr(t, key + 1, 1) GLOB '[぀-ﾟ]')
FROM questions WHERE text || coalesce(answer, '') GLOB '*[぀-ﾟ]*';
