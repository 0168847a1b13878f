-- Every command parses the whole schema when it first runs a statement (SQLite builds each
-- trigger's statements then), and the grams triggers of version 21 were half of the schema's
-- text: the expression that makes the grams of a column written out eighteen times (three
-- tables, insert and update, each column). They were 3.4 million of the 15.8 million
-- instructions of `memo list --limit 1`, and as much of `memo review rate`. The expression is
-- now written once, in the INSTEAD OF trigger of a view that only takes rows: a table's
-- triggers insert (row id, first column, second column, last column) into search_grams_feed,
-- and that trigger makes the grams exactly as version 21's did (a letter ending the first or
-- the second column followed by a space, one ending the last not; a missing second column,
-- NULL, gives no grams, as an empty author did), byte for byte the same rows
-- (SearchIndexTests). Still plain SQL: the sqlite3 shell's writes keep the index in step too.
CREATE VIEW search_grams_feed (id, first, second, last) AS SELECT NULL, NULL, NULL, NULL WHERE 0;
CREATE TRIGGER search_grams_feed_insert INSTEAD OF INSERT ON search_grams_feed BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.first AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.first AS BLOB), key + 1, CASE WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.first AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.first AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.first AS BLOB), x'00'), 0), length(CAST(new.first AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.first AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.first AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.second AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.second AS BLOB), key + 1, CASE WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.second AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.second AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.second AS BLOB), x'00'), 0), length(CAST(new.second AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.second AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.second AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.last AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.last AS BLOB), key + 1, CASE WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.last AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.last AS BLOB), x'00'), 0), length(CAST(new.last AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.last AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.last AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER posts_grams_insert;
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (2 * new.id, new.title, new.author, new.body);
END;
DROP TRIGGER posts_grams_update;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT 2 * new.id, new.title, new.author, new.body
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_grams_insert;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (2 * new.id + 1, new.text, NULL, new.answer);
END;
DROP TRIGGER questions_grams_update;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT 2 * new.id + 1, new.text, NULL, new.answer
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_grams_insert;
CREATE TRIGGER highlights_grams_insert AFTER INSERT ON highlights WHEN new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams_feed (id, first, second, last) VALUES (-new.id, new.text, NULL, new.note);
END;
DROP TRIGGER highlights_grams_update;
CREATE TRIGGER highlights_grams_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_grams WHERE rowid = -old.id;
  INSERT INTO search_grams_feed (id, first, second, last) SELECT -new.id, new.text, NULL, new.note
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
