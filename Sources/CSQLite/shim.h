#ifndef MEMO_CSQLITE_SHIM_H
#define MEMO_CSQLITE_SHIM_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// sqlite3_db_config is variadic, which Swift cannot call: wrap the one use we need.
static inline int memo_sqlite3_db_config_defensive(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}

// sqlite3_config is variadic too. Memory statistics off: memo never reads them, and keeping
// them takes a mutex and bookkeeping on every allocation. Only before SQLite initializes (the
// first open); after, SQLITE_MISUSE and nothing changed.
static inline int memo_sqlite3_config_memstatus_off(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// The character led by byte `c` (0xC0 or more), its continuation bytes read from *z on, as
// sqlite3Utf8Read decodes it: a malformed sequence is U+FFFD.
static inline unsigned int memo_utf8_rest(unsigned int c, const unsigned char **z) {
  if (c < 0xe0) c &= 0x1f;
  else if (c < 0xf0) c &= 0x0f;
  else if (c < 0xf8) c &= 0x07;
  else if (c < 0xfc) c &= 0x03;
  else if (c < 0xfe) c &= 0x01;
  else c = 0;
  while ((**z & 0xc0) == 0x80) c = (c << 6) + (0x3f & *(*z)++);
  if (c < 0x80 || (c & 0xFFFFF800) == 0xD800 || (c & 0xFFFFFFFE) == 0xFFFE) c = 0xFFFD;
  return c;
}

// memo_cjk(X): 1 when the text X holds a letter from U+3040 to U+FF9F, else 0 (NULL for NULL):
// exactly what `X GLOB '*[\u3040-\uFF9F]*'` answers (schema.sql's test for the trigram and
// grams indexes), at a fraction of its cost. It reads X as GLOB does: up to the first NUL,
// each character decoded as sqlite3Utf8Read decodes it (a malformed sequence is U+FFFD, a
// stray continuation byte itself), so that the two agree on every text, valid UTF-8 or not.
static inline void memo_cjk_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(context);
    return;
  }
  const unsigned char *z = sqlite3_value_text(argv[0]);
  if (z == 0) {
    sqlite3_result_null(context);
    return;
  }
  while (*z) {
    unsigned int c = *z++;
    // Every code point of the range takes three bytes, led by 0xE3 to 0xEF; an ASCII or
    // two-byte character is never in it.
    if (c < 0xc0) continue;
    c = memo_utf8_rest(c, &z);
    if (c >= 0x3040 && c <= 0xFF9F) {
      sqlite3_result_int(context, 1);
      return;
    }
  }
  sqlite3_result_int(context, 0);
}

// memo_grams(X): the words schema.sql's grams triggers make of X for search_grams (SQL: for
// each character of X in U+3040 to U+FF9F, that character, a space, and the two characters
// starting at it, joined by spaces; NULL when there is none), in one pass instead of a
// substr() from the start for each character. Characters as length() and substr() count
// them (a byte of 0xC0 or more with the continuation bytes after it, any other byte alone,
// up to the first NUL), each decoded as GLOB decodes it (see memo_cjk).
static inline void memo_grams_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  const unsigned char *z = sqlite3_value_text(argv[0]);
  if (z == 0) {
    sqlite3_result_null(context);
    return;
  }
  sqlite3_str *out = sqlite3_str_new(sqlite3_context_db_handle(context));
  int any = 0;
  while (*z) {
    const unsigned char *start = z;
    unsigned int c = *z++;
    if (c >= 0xc0) c = memo_utf8_rest(c, &z);
    if (c >= 0x3040 && c <= 0xFF9F) {
      const unsigned char *next = z;
      if (*next && *next++ >= 0xc0) {
        while ((*next & 0xc0) == 0x80) next++;
      }
      if (any) sqlite3_str_appendchar(out, 1, ' ');
      sqlite3_str_append(out, (const char *)start, (int)(z - start));
      sqlite3_str_appendchar(out, 1, ' ');
      sqlite3_str_append(out, (const char *)start, (int)(next - start));
      any = 1;
    }
  }
  if (sqlite3_str_errcode(out) != SQLITE_OK) {
    int code = sqlite3_str_errcode(out);
    sqlite3_free(sqlite3_str_finish(out));
    sqlite3_result_error_code(context, code);
    return;
  }
  int length = sqlite3_str_length(out);
  char *text = sqlite3_str_finish(out);
  if (!any) {
    sqlite3_free(text);
    sqlite3_result_null(context);
    return;
  }
  sqlite3_result_text(context, text, length, sqlite3_free);
}

// memo_real(X): a REAL as the shortest text that reads back as the same double (what Swift
// prints, and JSON carries), where SQLite's own text and json_object keep 15 digits
// (5.277777777777778 became 5.27777777777778): sync carries a highlight's place exactly.
// A whole number keeps its ".0"; any other value comes back as it is.
static inline void memo_real_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  if (sqlite3_value_type(argv[0]) != SQLITE_FLOAT) {
    sqlite3_result_value(context, argv[0]);
    return;
  }
  double value = sqlite3_value_double(argv[0]);
  char text[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(text, sizeof text, "%.*g", digits, value);
    if (strtod(text, 0) == value) break;
  }
  if (!strpbrk(text, ".eEn")) strcat(text, ".0");
  sqlite3_result_text(context, text, -1, SQLITE_TRANSIENT);
}

// Registers memo_cjk, memo_grams and memo_real on a connection (deterministic and innocuous:
// usable in any statement).
static inline int memo_sqlite3_register_functions(sqlite3 *db) {
  int code = sqlite3_create_function_v2(
    db, "memo_real", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
    memo_real_function, 0, 0, 0);
  if (code != SQLITE_OK) return code;
  code = sqlite3_create_function_v2(
    db, "memo_cjk", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
    memo_cjk_function, 0, 0, 0);
  if (code != SQLITE_OK) return code;
  return sqlite3_create_function_v2(
    db, "memo_grams", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
    memo_grams_function, 0, 0, 0);
}

#endif
