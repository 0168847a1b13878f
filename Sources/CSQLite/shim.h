#ifndef MEMO_CSQLITE_SHIM_H
#define MEMO_CSQLITE_SHIM_H

#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: wrap the one use we need.
static inline int memo_sqlite3_db_config_defensive(sqlite3 *db, int on) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}

#endif
