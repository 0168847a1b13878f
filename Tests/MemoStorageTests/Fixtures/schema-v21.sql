-- The grams triggers make the grams in time proportional to a text's length. Those of version 9
-- took a substr() from the text's start for each letter, and so time growing with the square
-- of the length: `memo add` of an 80 KB body holding one Japanese name took 3 s, 400 KB over a
-- minute, 5 MB eleven minutes and more. These read each column as bytes (a BLOB's substr() is
-- direct): a letter from U+3040 to U+FF9F is three bytes led by 0xE3 to 0xEF, and the letter
-- after it is as long as its first byte says. Column by column, joined by spaces, a letter
-- ending a column but the last followed by the space that joined them before: the same grams,
-- byte for byte, as version 9's over the joined text (SearchIndexTests holds the two equal),
-- so the rows already indexed stay as they are. Still plain SQL: the sqlite3 shell writes too.
-- And the search indexes' update triggers run only when an indexed text changed: an UPDATE
-- OF a column fires when the column is set, changed or not, and memo's writers set every
-- column (`memo edit 3 --source x` took a minute over a 5 MB Japanese body, all of it taking
-- the body's words, trigrams and grams out of the indexes and putting the same back).
DROP TRIGGER posts_search_update;
CREATE TRIGGER posts_search_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id, 'post', new.id,
    new.title || coalesce(' · ' || new.author, ''), coalesce(new.body, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id, 'post', new.id, new.title || coalesce(' · ' || new.author, ''),
    coalesce(new.body, '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER posts_grams_insert;
CREATE TRIGGER posts_grams_insert AFTER INSERT ON posts WHEN new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.title AS BLOB), key + 1, CASE WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.title AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.title AS BLOB), x'00'), 0), length(CAST(new.title AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.title AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.author AS BLOB), key + 1, CASE WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.author AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.author AS BLOB), x'00'), 0), length(CAST(new.author AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.author AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.body AS BLOB), key + 1, CASE WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.body AS BLOB), x'00'), 0), length(CAST(new.body AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.body AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER posts_grams_update;
CREATE TRIGGER posts_grams_update AFTER UPDATE OF title, author, body ON posts
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.body IS NOT new.body BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.title AS BLOB), key + 1, CASE WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.title AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.title AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.title AS BLOB), x'00'), 0), length(CAST(new.title AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.title AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.title AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.author AS BLOB), key + 1, CASE WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.author AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.author AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.author AS BLOB), x'00'), 0), length(CAST(new.author AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.author AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.author AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.body AS BLOB), key + 1, CASE WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.body AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.body AS BLOB), x'00'), 0), length(CAST(new.body AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.body AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.body AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.title || coalesce(new.author, '') || coalesce(new.body, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_search_update;
CREATE TRIGGER questions_search_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_words WHERE rowid = 2 * old.id + 1;
  DELETE FROM search_trigrams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (2 * new.id + 1, 'question',
    new.id, new.text, coalesce(new.answer, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT 2 * new.id + 1, 'question', new.id, new.text, coalesce(new.answer, '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER questions_grams_insert;
CREATE TRIGGER questions_grams_insert AFTER INSERT ON questions WHEN new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (2 * new.id + 1,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.answer AS BLOB), key + 1, CASE WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.answer AS BLOB), x'00'), 0), length(CAST(new.answer AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.answer AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER questions_grams_update;
CREATE TRIGGER questions_grams_update AFTER UPDATE OF text, answer ON questions
WHEN old.text IS NOT new.text OR old.answer IS NOT new.answer BEGIN
  DELETE FROM search_grams WHERE rowid = 2 * old.id + 1;
  INSERT INTO search_grams (rowid, grams) SELECT 2 * new.id + 1,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.answer AS BLOB), key + 1, CASE WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.answer AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.answer AS BLOB), x'00'), 0), length(CAST(new.answer AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.answer AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.answer AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.text || coalesce(new.answer, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_search_update;
CREATE TRIGGER highlights_search_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_words WHERE rowid = -old.id;
  DELETE FROM search_trigrams WHERE rowid = -old.id;
  INSERT INTO search_words (rowid, kind, ref, title, text) VALUES (-new.id, 'highlight', new.id,
    new.text, coalesce(new.note, ''));
  INSERT INTO search_trigrams (rowid, kind, ref, title, text)
  SELECT -new.id, 'highlight', new.id, new.text, coalesce(new.note, '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
DROP TRIGGER highlights_grams_insert;
CREATE TRIGGER highlights_grams_insert AFTER INSERT ON highlights WHEN new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*' BEGIN
  INSERT INTO search_grams (rowid, grams) VALUES (-new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.note AS BLOB), key + 1, CASE WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.note AS BLOB), x'00'), 0), length(CAST(new.note AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.note AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), ''));
END;
DROP TRIGGER highlights_grams_update;
CREATE TRIGGER highlights_grams_update AFTER UPDATE OF text, note ON highlights
WHEN old.text IS NOT new.text OR old.note IS NOT new.note BEGIN
  DELETE FROM search_grams WHERE rowid = -old.id;
  INSERT INTO search_grams (rowid, grams) SELECT -new.id,
    nullif(ltrim(coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.text AS BLOB), key + 1, CASE WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.text AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT) || CASE WHEN key + 3 >= length(CAST(new.text AS BLOB)) THEN ' ' ELSE '' END, ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.text AS BLOB), x'00'), 0), length(CAST(new.text AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.text AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.text AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), '')
    || coalesce(' ' || (SELECT group_concat(CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) || ' ' ||
        CAST(substr(CAST(new.note AS BLOB), key + 1, CASE WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'C0' THEN 4
          WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'E0' THEN 5 WHEN substr(CAST(new.note AS BLOB), key + 4, 1) < x'F0' THEN 6
          ELSE 7 END) AS TEXT), ' ')
      FROM json_each('[' || replace(printf('%.*c',
        coalesce(nullif(instr(CAST(new.note AS BLOB), x'00'), 0), length(CAST(new.note AS BLOB)) + 1) - 2, 'x'), 'x', '0,') || '0]')
      WHERE substr(CAST(new.note AS BLOB), key + 1, 1) BETWEEN x'E3' AND x'EF'
        AND CAST(substr(CAST(new.note AS BLOB), key + 1, 3) AS TEXT) GLOB '[぀-ﾟ]'), ''), ' '), '')
  WHERE new.text || coalesce(new.note, '') GLOB '*[぀-ﾟ]*';
END;
