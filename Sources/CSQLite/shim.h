// Typed wrappers for SQLite's variadic calls and macros Swift cannot import.
// https://www.sqlite.org/c3ref/db_config.html
#ifndef BINGWALL_CSQLITE_SHIM_H
#define BINGWALL_CSQLITE_SHIM_H

#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a cast macro that Swift does not import.
static inline sqlite3_destructor_type bw_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/// `sqlite3_db_config` for the options that take an int and report the new value.
static inline int bw_sqlite3_db_config_int(sqlite3 *db, int option, int value, int *result) {
  return sqlite3_db_config(db, option, value, result);
}

#endif
